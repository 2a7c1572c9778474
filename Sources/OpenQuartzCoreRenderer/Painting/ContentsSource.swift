import CCairo
import Foundation
import OpenQuartzCore

/// What a layer shows as its contents.
enum ContentsSource {
    /// A `contents` image, measured in its pixels.
    case image(CGImage)
    /// What `draw(in:)` recorded, measured in the points it was drawn in; `origin` is the
    /// point of the recording that the top-left corner of its canvas shows (the layer's
    /// bounds origin: the recording is in the layer's bounds coordinates).
    case drawing(CGContext, origin: CGPoint)

    /// The size of the whole source in its own units.
    var size: CGSize {
        switch self {
        case .image(let image): CGSize(width: image.width, height: image.height)
        case .drawing(let drawing, _): drawing.size
        }
    }

    /// Points per source unit at the layer's natural size: an image pixel is `1 / contentsScale`
    /// points; a recording drawn for a backing store of `scale` pixels per point covers
    /// `scale / contentsScale` points per point, 1 unless `contentsScale` changed since.
    func pointsPerUnit(contentsScale: CGFloat) -> CGFloat {
        switch self {
        case .image: 1 / contentsScale
        case .drawing(let drawing, _):
            drawing.scale.isFinite && drawing.scale > 0 ? drawing.scale / contentsScale : 1 / contentsScale
        }
    }
}
