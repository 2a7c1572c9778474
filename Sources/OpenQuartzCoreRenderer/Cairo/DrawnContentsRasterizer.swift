import Foundation
import OpenQuartzCore

/// Turns what layers draw in code (`draw(in:)`, a delegate's `draw(_:in:)`, `display()`)
/// into `contents` images, so that a tree can be saved in a format that holds images but not
/// code, such as CAML (`carender convert`). Not part of Apple's API.
package enum DrawnContentsRasterizer {
    /// Replaces the recorded drawing of every layer under `root` (sublayers and masks) that has
    /// one with an image of it, drawn by the renderer at the drawing's own scale (at least
    /// `minimumScale` pixels per point), set as the layer's `contents` with that
    /// `contentsScale`: the picture is the same, since a recording is placed by the layer's
    /// gravity, rectangle and centre as an image is. Answers how many layers it changed.
    @discardableResult
    package static func rasterizeDrawings(under root: CALayer, minimumScale: CGFloat = 1) -> Int {
        var drawn: [(layer: CALayer, drawing: CGContext)] = []
        // An explicit stack: trees may be of any depth.
        var pending = [root]
        while let layer = pending.popLast() {
            pending += layer.sublayers ?? []
            if let mask = layer.mask { pending.append(mask) }
            if let drawing = layer.lastDrawing, !drawing.operations.isEmpty { drawn.append((layer, drawing)) }
        }
        var changed = 0
        for (layer, drawing) in drawn {
            guard let image = image(of: drawing, origin: layer.bounds.origin, minimumScale: minimumScale) else {
                continue
            }
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            layer.contents = image.picture
            layer.contentsScale = image.scale
            layer.lastDrawing = nil
            CATransaction.commit()
            changed += 1
        }
        return changed
    }

    /// The recording drawn alone into a bitmap of its size, as the renderer draws it for a
    /// layer whose bounds are exactly that size.
    private static func image(
        of drawing: CGContext, origin: CGPoint, minimumScale: CGFloat
    ) -> (picture: CGImage, scale: CGFloat)? {
        let size = drawing.size
        guard size.width > 0, size.height > 0, size.width.isFinite, size.height.isFinite else { return nil }
        let scale = max(drawing.scale.isFinite && drawing.scale > 0 ? drawing.scale : 1, minimumScale)
        let width = Int((size.width * scale).rounded(.up))
        let height = Int((size.height * scale).rounded(.up))
        // Refuses what no image could hold rather than trapping in the renderer.
        guard width > 0, height > 0, width <= 16_384, height <= 16_384 else { return nil }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        let standIn = CALayer()
        standIn.bounds = CGRect(origin: origin, size: size)
        standIn.anchorPoint = .zero
        standIn.position = .zero
        standIn.contentsScale = scale
        standIn.lastDrawing = drawing
        CATransaction.commit()
        let renderer = CARenderer(width: width, height: height, scale: scale)
        renderer.layer = standIn
        renderer.beginFrame(atTime: CACurrentMediaTime())
        renderer.render()
        renderer.endFrame()
        return (renderer.image, scale)
    }
}
