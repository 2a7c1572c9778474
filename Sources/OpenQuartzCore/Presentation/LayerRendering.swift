import Foundation
import OpenCoreGraphics

/// What `CALayer.render(in:)` records into a context: the tree under a layer, with its model
/// values or as presented at a media time. The renderer draws it where the context is played.
package final class LayerRendering: @unchecked Sendable {
    /// The model layer at the top of the tree.
    package let root: CALayer
    /// Whether the presented values are drawn, rather than the model's.
    package let presented: Bool
    /// The media time the presented values are those of.
    package let time: CFTimeInterval

    package init(root: CALayer, presented: Bool, time: CFTimeInterval) {
        self.root = root
        self.presented = presented
        self.time = time
    }
}
