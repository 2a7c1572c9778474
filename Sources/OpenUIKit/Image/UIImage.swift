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

    /// How a view draws the image: as it is, or as a template — its alpha filled with the
    /// view's tint colour.
    public enum RenderingMode: Int, Sendable {
        /// As the context decides: as it is, for the images made here (symbol images,
        /// ``UIImage/init(systemName:)``, are made as templates instead).
        case automatic
        /// As it is.
        case alwaysOriginal
        /// Its alpha filled with the tint colour (``UIImageView`` draws it so).
        case alwaysTemplate
    }

    /// The pixels; nil for ``init()``'s empty image.
    public let cgImage: CGImage?
    /// Pixels per point (1 unless given).
    public let scale: CGFloat
    /// The orientation it was made with.
    public let imageOrientation: Orientation
    /// How views draw it (``withRenderingMode(_:)``).
    public let renderingMode: RenderingMode
    /// What a symbol image was drawn from, so that it can be drawn again with another
    /// configuration; nil for every other image (UIImage+Symbols.swift).
    let symbol: SymbolDrawing?

    /// Wraps a `CGImage` at scale 1.
    /// `#imageLiteral(resourceName:)`: the image `UIImage(named:)` finds; a literal naming no
    /// image traps, naming it (on iOS, Xcode checks the name when it builds).
    public required convenience init(imageLiteralResourceName path: String) {
        guard let image = UIImage(named: path), let cgImage = image.cgImage else {
            fatalError("#imageLiteral(resourceName: \"\(path)\"): no image of that name (see UIImage(named:))")
        }
        self.init(cgImage: cgImage, scale: image.scale, orientation: image.imageOrientation)
    }

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
        self.renderingMode = .automatic
        self.symbol = nil
        super.init()
    }

    /// An empty image: no pixels, size zero, as UIKit's `UIImage()`.
    public override convenience init() {
        self.init(pixels: nil, scale: 1, orientation: .up, renderingMode: .automatic)
    }

    init(
        pixels: CGImage?, scale: CGFloat, orientation: Orientation, renderingMode: RenderingMode,
        symbol: SymbolDrawing? = nil
    ) {
        self.cgImage = pixels
        self.scale = scale
        self.imageOrientation = orientation
        self.renderingMode = renderingMode
        self.symbol = symbol
        super.init()
    }

    /// The same image drawn by `renderingMode`; the image itself is unchanged (a symbol image
    /// stays one).
    open func withRenderingMode(_ renderingMode: RenderingMode) -> UIImage {
        UIImage(
            pixels: cgImage, scale: scale, orientation: imageOrientation, renderingMode: renderingMode, symbol: symbol)
    }

    /// The size in points: the pixel size divided by the scale.
    open var size: CGSize {
        guard let cgImage else { return .zero }
        return CGSize(width: CGFloat(cgImage.width) / scale, height: CGFloat(cgImage.height) / scale)
    }
}

extension UIImage: _ExpressibleByImageLiteral {}

/// The type an `#imageLiteral(resourceName:)` is when nothing else says: UIKit's.
public typealias _ImageLiteralType = UIImage
