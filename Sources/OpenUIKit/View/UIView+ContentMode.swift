import Foundation

extension UIView {
    /// How the layer's `contents` (an image view's image, what `draw(_:)` drew) fits the
    /// bounds: UIKit's `UIView.ContentMode`.
    public enum ContentMode: Int, Sendable {
        case scaleToFill, scaleAspectFit, scaleAspectFill, redraw, center, top, bottom, left, right
        case topLeft, topRight, bottomLeft, bottomRight
    }

    /// The layer gravity of a content mode: `.scaleToFill` and `.redraw` resize,
    /// `.scaleAspectFit` is `resizeAspect`, `.scaleAspectFill` `resizeAspectFill`, the others
    /// the gravity of their name (`top` is the top of the screen, as here every layer's is).
    static func gravity(of mode: ContentMode) -> CALayerContentsGravity {
        switch mode {
        case .scaleToFill, .redraw: .resize
        case .scaleAspectFit: .resizeAspect
        case .scaleAspectFill: .resizeAspectFill
        case .center: .center
        case .top: .top
        case .bottom: .bottom
        case .left: .left
        case .right: .right
        case .topLeft: .topLeft
        case .topRight: .topRight
        case .bottomLeft: .bottomLeft
        case .bottomRight: .bottomRight
        }
    }
}
