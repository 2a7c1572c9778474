import Foundation

/// An image for views: Apple's `UIImage` around a `CGImage`, with a scale.
///
///     let frame = UIImage(cgImage: pixels, scale: 2, orientation: .up)
///     imageView.image = frame
open class UIImage: NSObject, @unchecked Sendable {
    // `@unchecked Sendable` as UIKit's: the stored properties never change.

    /// How the image is turned; only `.up` is drawn here, the others are kept.
    public enum Orientation: Int, Sendable {
        case up, down, left, right, upMirrored, downMirrored, leftMirrored, rightMirrored
    }

    /// The pixels.
    public let cgImage: CGImage?
    /// Pixels per point (1 unless given).
    public let scale: CGFloat
    /// The orientation it was made with.
    public let imageOrientation: Orientation

    /// Wraps a `CGImage` at scale 1.
    public convenience init(cgImage: CGImage) {
        self.init(cgImage: cgImage, scale: 1, orientation: .up)
    }

    /// Wraps a `CGImage` with a scale (pixels per point) and orientation. A scale that is not
    /// a finite number above 0 traps, naming it.
    public init(cgImage: CGImage, scale: CGFloat, orientation: Orientation) {
        require(scale.isFinite && scale > 0, "UIImage scale must be a finite number above 0, got \(scale)")
        self.cgImage = cgImage
        self.scale = scale
        self.imageOrientation = orientation
        super.init()
    }

    /// The size in points: the pixel size divided by the scale.
    open var size: CGSize {
        guard let cgImage else { return .zero }
        return CGSize(width: CGFloat(cgImage.width) / scale, height: CGFloat(cgImage.height) / scale)
    }
}
