import Foundation

/// Drawing an image into the current context (``UIGraphicsGetCurrentContext()``): in a view's
/// ``UIView/draw(_:)`` or an image renderer's block, upright in UIKit's y-down coordinates.
/// Outside any context they draw nothing, as UIKit's do.
extension UIImage {
    /// Draws the image at its size in points with its top-left corner at `point`.
    public func draw(at point: CGPoint) {
        draw(in: CGRect(origin: point, size: size), blendMode: .normal, alpha: 1)
    }

    /// Draws the image at its size with its top-left corner at `point`, blended by `blendMode`
    /// at `alpha`.
    public func draw(at point: CGPoint, blendMode: CGBlendMode, alpha: CGFloat) {
        draw(in: CGRect(origin: point, size: size), blendMode: blendMode, alpha: alpha)
    }

    /// Draws the image stretched to fill `rect`.
    public func draw(in rect: CGRect) {
        draw(in: rect, blendMode: .normal, alpha: 1)
    }

    /// Draws the image stretched to fill `rect`, blended by `blendMode` at `alpha`.
    public func draw(in rect: CGRect, blendMode: CGBlendMode, alpha: CGFloat) {
        guard let context = UIGraphicsGetCurrentContext(), let cgImage else { return }
        context.saveGState()
        context.setBlendMode(blendMode)
        context.setAlpha(alpha)
        context.drawImageFromTop(cgImage, in: rect)
        context.restoreGState()
    }
}
