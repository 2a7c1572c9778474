import Foundation
import OpenQuartzCoreRenderer

extension Snapshotting where Value == CALayer, Format == UIImage {
    /// A snapshot strategy for layers that requires every byte to match: the layer and its
    /// sublayers drawn with their model values, as `render(in:)` draws them on iOS.
    public static var image: Snapshotting { .image() }

    /// A snapshot strategy for layers, laid out and drawn with `render(in:)` at `scale` pixels
    /// a point (1 by default: there is no screen); `precision` and `perceptualPrecision` as
    /// swift-snapshot-testing's image strategies mean them.
    ///
    ///     assertSnapshot(of: layer, as: .image(precision: 0.99))
    public static func image(precision: Float = 1, perceptualPrecision: Float = 1, scale: CGFloat = 1) -> Snapshotting {
        SimplySnapshotting.image(precision: precision, perceptualPrecision: perceptualPrecision, scale: scale)
            .pullback { layer in LayerPicture.draw(layer, presented: false, scale: scale) }
    }

    /// A snapshot strategy for an animation: the layer as presented at each of `times`, media
    /// times of `clock` (each no earlier than the one before, nor than the clock's time now),
    /// which it advances to them. The pictures stand one under the other, in order, in one
    /// sheet, which is the reference; a failure names the times whose frames do not match.
    ///
    ///     let clock = CAManualClock()
    ///     CAClock.$current.withValue(clock) {
    ///         spinner.add(spin, forKey: "spin")
    ///         assertSnapshot(of: spinner, as: .images(at: [0, 0.25, 0.5, 1], clock: clock))
    ///     }
    public static func images(
        at times: [CFTimeInterval], clock: CAManualClock, precision: Float = 1, perceptualPrecision: Float = 1,
        scale: CGFloat = 1
    ) -> Snapshotting {
        Snapshotting(
            pathExtension: "png",
            diffing: FrameSheet.diffing(
                times: times, precision: precision, perceptualPrecision: perceptualPrecision, scale: scale),
            snapshot: { layer in FrameSheet.draw(layer, at: times, clock: clock, scale: scale) })
    }
}

extension Snapshotting where Value == UIView, Format == UIImage {
    /// A snapshot strategy for views that requires every byte to match.
    public static var image: Snapshotting { .image() }

    /// A snapshot strategy for views, with the parameters swift-snapshot-testing's has on iOS:
    /// the view laid out at `size` (else its own) and drawn with its subviews at the traits'
    /// `displayScale` (1 when unspecified: there is no screen). `drawHierarchyInKeyWindow`
    /// draws the same picture (there is no window server); the traits' other members are not
    /// drawn differently (see `UITraitCollection`).
    ///
    ///     assertSnapshot(of: view, as: .image(traits: UITraitCollection(displayScale: 2)))
    public static func image(
        drawHierarchyInKeyWindow: Bool = false, precision: Float = 1, perceptualPrecision: Float = 1,
        size: CGSize? = nil, traits: UITraitCollection
    ) -> Snapshotting {
        let scale = traits.displayScale > 0 ? traits.displayScale : 1
        return image(precision: precision, perceptualPrecision: perceptualPrecision, size: size, scale: scale)
    }

    /// A snapshot strategy for views: the view laid out — at `size` when given, else at its
    /// own — and drawn with its subviews at `scale` pixels a point (1 by default: there is no
    /// screen); `precision` and `perceptualPrecision` as swift-snapshot-testing's image
    /// strategies mean them.
    ///
    ///     assertSnapshot(of: view, as: .image(precision: 0.98, size: CGSize(width: 320, height: 80)))
    public static func image(
        drawHierarchyInKeyWindow: Bool = false, precision: Float = 1, perceptualPrecision: Float = 1,
        size: CGSize? = nil, scale: CGFloat = 1
    ) -> Snapshotting {
        SimplySnapshotting.image(precision: precision, perceptualPrecision: perceptualPrecision, scale: scale)
            .pullback { view in
                MainActor.assumeIsolated {
                    if let size { view.frame.size = size }
                    view.setNeedsLayout()
                    view.layoutIfNeeded()
                    return LayerPicture.draw(view.layer, presented: false, scale: scale)
                }
            }
    }

    /// A snapshot strategy for a view's animation: see
    /// the layer strategy `images(at:clock:precision:perceptualPrecision:scale:)`.
    public static func images(
        at times: [CFTimeInterval], clock: CAManualClock, precision: Float = 1, perceptualPrecision: Float = 1,
        scale: CGFloat = 1
    ) -> Snapshotting {
        Snapshotting<CALayer, UIImage>.images(
            at: times, clock: clock, precision: precision, perceptualPrecision: perceptualPrecision, scale: scale
        ).pullback { view in MainActor.assumeIsolated { UncheckedLayer(layer: view.layer) }.layer }
    }
}

/// A view's layer handed out of the main actor, where the strategy draws it on the same thread.
private struct UncheckedLayer: @unchecked Sendable {
    let layer: CALayer
}

/// Pictures of layers, drawn through `UIGraphicsImageRenderer` and `render(in:)`.
enum LayerPicture {
    /// `layer` laid out and drawn over its bounds at `scale`: its model values, or those it is
    /// presented with now.
    static func draw(_ layer: CALayer, presented: Bool, scale: CGFloat) -> UIImage {
        layer.setNeedsLayout()
        layer.layoutIfNeeded()
        CATransaction.flush()
        let format = UIGraphicsImageRendererFormat()
        format.scale = scale
        let shown = presented ? layer.presentation() ?? layer : layer
        return UIGraphicsImageRenderer(bounds: layer.bounds, format: format).image { context in
            shown.render(in: context.cgContext)
        }
    }
}

/// The pictures of an animation at several times, one under the other in one sheet.
enum FrameSheet {
    static func draw(_ layer: CALayer, at times: [CFTimeInterval], clock: CAManualClock, scale: CGFloat) -> UIImage {
        let frames = CAClock.$current.withValue(clock) {
            times.map { time -> UIImage in
                if time > clock.now { clock.advance(to: time) }
                return LayerPicture.draw(layer, presented: true, scale: scale)
            }
        }
        guard let first = frames.first, first.size.width > 0 else { return UIImage() }
        let format = UIGraphicsImageRendererFormat()
        format.scale = scale
        let size = CGSize(width: first.size.width, height: first.size.height * CGFloat(frames.count))
        return UIGraphicsImageRenderer(size: size, format: format).image { context in
            for (index, frame) in frames.enumerated() {
                guard let pixels = frame.cgImage else { continue }
                // A CGImage is upright in Core Graphics' y-up space: flipped into UIKit's here.
                let place = CGRect(
                    x: 0, y: first.size.height * CGFloat(index), width: first.size.width, height: first.size.height)
                context.cgContext.saveGState()
                context.cgContext.translateBy(x: 0, y: place.maxY + place.minY)
                context.cgContext.scaleBy(x: 1, y: -1)
                context.cgContext.draw(pixels, in: place)
                context.cgContext.restoreGState()
            }
        }
    }

    /// The image diffing of a sheet of `times.count` frames, comparing them frame by frame.
    static func diffing(times: [CFTimeInterval], precision: Float, perceptualPrecision: Float, scale: CGFloat)
        -> Diffing<UIImage>
    {
        Diffing.imageDiffing(
            precision: precision, perceptualPrecision: perceptualPrecision, scale: scale, frameTimes: times)
    }
}
