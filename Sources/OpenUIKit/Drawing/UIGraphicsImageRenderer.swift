import Foundation
import OpenImageIO

/// The settings every graphics renderer has: UIKit's `UIGraphicsRendererFormat`.
open class UIGraphicsRendererFormat: NSObject {
    /// The rectangle drawn, in points.
    open var bounds: CGRect = .zero

    public override init() {
        super.init()
    }
}

/// How an image renderer makes its pictures: UIKit's `UIGraphicsImageRendererFormat`.
///
/// Differences from UIKit: there is no screen, so the default ``scale`` is 1 (UIKit's is the
/// main screen's), and `preferredRange` is kept but every picture is standard range.
open class UIGraphicsImageRendererFormat: UIGraphicsRendererFormat {
    /// The range of colours pictures may hold (UIKit's `UIGraphicsImageRendererFormat.Range`).
    public enum Range: Int, Sendable {
        case unspecified = -1
        case automatic = 0
        case extended = 1
        case standard = 2
    }

    /// Pixels per point: 1 unless set.
    open var scale: CGFloat = 1
    /// Whether pictures have no alpha: what is not drawn is black.
    open var opaque = false
    /// The colour range wanted; kept.
    open var preferredRange = Range.automatic

    /// A format with the defaults.
    public override init() {
        super.init()
    }

    /// The format UIKit picks for the device: the defaults here.
    open class func `default`() -> UIGraphicsImageRendererFormat { UIGraphicsImageRendererFormat() }

    /// The format with the widest range the device shows: the defaults here.
    open class func preferred() -> UIGraphicsImageRendererFormat { UIGraphicsImageRendererFormat() }
}

/// What an image renderer's drawing block is handed: UIKit's `UIGraphicsRendererContext`.
open class UIGraphicsRendererContext: NSObject {
    /// The Core Graphics context the block draws into, in UIKit's space: the origin at the
    /// top left of the renderer's bounds, y down, in points.
    public let cgContext: CGContext
    /// The renderer's format.
    public let format: UIGraphicsRendererFormat

    init(cgContext: CGContext, format: UIGraphicsRendererFormat) {
        self.cgContext = cgContext
        self.format = format
        super.init()
    }

    /// Fills `rect` with the current fill colour.
    open func fill(_ rect: CGRect) {
        cgContext.fill(rect)
    }

    /// Fills `rect` with the current fill colour in `blendMode`.
    open func fill(_ rect: CGRect, blendMode: CGBlendMode) {
        blending(blendMode) { cgContext.fill(rect) }
    }

    /// Strokes `rect` with the current stroke colour and line width.
    open func stroke(_ rect: CGRect) {
        cgContext.stroke(rect)
    }

    /// Strokes `rect` with the current stroke colour in `blendMode`.
    open func stroke(_ rect: CGRect, blendMode: CGBlendMode) {
        blending(blendMode) { cgContext.stroke(rect) }
    }

    /// Runs `draw` in `blendMode`, the graphics state saved around it.
    private func blending(_ blendMode: CGBlendMode, _ draw: () -> Void) {
        cgContext.saveGState()
        defer { cgContext.restoreGState() }
        cgContext.setBlendMode(blendMode)
        draw()
    }

    /// Intersects the clip with `rect`.
    open func clip(to rect: CGRect) {
        cgContext.clip(to: rect)
    }
}

/// An image renderer's drawing context, with the picture drawn so far: UIKit's
/// `UIGraphicsImageRendererContext`.
open class UIGraphicsImageRendererContext: UIGraphicsRendererContext {
    private let scale: CGFloat

    init(cgContext: CGContext, format: UIGraphicsImageRendererFormat) {
        scale = format.scale
        super.init(cgContext: cgContext, format: format)
    }

    /// The picture as it is now.
    open var currentImage: UIImage {
        cgContext.makeImage().map { UIImage(cgImage: $0, scale: scale, orientation: .up) } ?? UIImage()
    }
}

/// Makes pictures by drawing with UIKit and Core Graphics: UIKit's `UIGraphicsImageRenderer`,
/// drawn by the same renderer as everything else, so a layer drawn with `render(in:)` here has
/// the pixels `carender frame` gives it at the same size and scale.
///
///     let renderer = UIGraphicsImageRenderer(size: CGSize(width: 100, height: 100))
///     let image = renderer.image { context in
///         UIColor.red.setFill()
///         context.fill(CGRect(x: 0, y: 0, width: 50, height: 50))   // the top-left quarter
///         view.layer.render(in: context.cgContext)
///     }
///     let png = image.pngData()
///
/// The block draws in UIKit's space (origin at the top left, y down, in points) and its
/// context is the current one (`UIGraphicsGetCurrentContext()`), as on iOS; a `CGImage` drawn
/// straight into `cgContext` comes out upside down there too (draw a `UIImage`'s picture
/// through a layer, or flip the context, as iOS code does).
open class UIGraphicsImageRenderer: NSObject {
    /// The rectangle drawn, in points.
    public let bounds: CGRect
    /// How pictures are made.
    public let format: UIGraphicsImageRendererFormat

    /// A renderer of `size` points, in the default format.
    public convenience init(size: CGSize) {
        self.init(bounds: CGRect(origin: .zero, size: size), format: .default())
    }

    /// A renderer of `size` points in `format`.
    public convenience init(size: CGSize, format: UIGraphicsImageRendererFormat) {
        self.init(bounds: CGRect(origin: .zero, size: size), format: format)
    }

    /// A renderer of the rectangle `bounds` (its origin at the picture's top left) in `format`.
    public init(bounds: CGRect, format: UIGraphicsImageRendererFormat) {
        self.bounds = bounds
        self.format = format
        format.bounds = bounds
        super.init()
    }

    /// Whether the renderer makes images: always.
    open var allowsImageOutput: Bool { true }

    /// Runs `actions` with a context of the renderer's size and returns what it drew; an empty
    /// image when the size has no pixels.
    open func image(actions: (UIGraphicsImageRendererContext) -> Void) -> UIImage {
        guard let context = draw(actions) else { return UIImage() }
        return context.currentImage
    }

    /// Runs `actions` and returns what it drew as a PNG file's bytes (empty when the size has
    /// no pixels).
    open func pngData(actions: (UIGraphicsImageRendererContext) -> Void) -> Data {
        image(actions: actions).pngData() ?? Data()
    }

    /// The drawn context, or nil when the bounds hold no pixel.
    private func draw(_ actions: (UIGraphicsImageRendererContext) -> Void) -> UIGraphicsImageRendererContext? {
        guard let cgContext = UIKitBitmapContext.make(bounds: bounds, scale: format.scale, opaque: format.opaque)
        else { return nil }
        let context = UIGraphicsImageRendererContext(cgContext: cgContext, format: format)
        UIGraphicsPushContext(cgContext)
        defer { UIGraphicsPopContext() }
        actions(context)
        return context
    }
}

/// The bitmap contexts UIKit draws pictures in.
enum UIKitBitmapContext {
    /// A bitmap context covering `bounds` at `scale`, in UIKit's space: the origin at the top
    /// left of `bounds`, y down, in points; nil when the bounds hold no pixel or are too large.
    static func make(bounds: CGRect, scale: CGFloat, opaque: Bool) -> CGContext? {
        guard scale.isFinite, scale > 0, bounds.width.isFinite, bounds.height.isFinite, bounds.minX.isFinite,
            bounds.minY.isFinite
        else { return nil }
        let width = (bounds.width * scale).rounded(.up)
        let height = (bounds.height * scale).rounded(.up)
        guard width >= 1, height >= 1, width <= 32768, height <= 32768 else { return nil }
        let alpha: CGImageAlphaInfo = opaque ? .noneSkipLast : .premultipliedLast
        guard
            let context = CGContext(
                data: nil, width: Int(width), height: Int(height), bitsPerComponent: 8, bytesPerRow: 0,
                space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: alpha.rawValue)
        else { return nil }
        // UIKit's flip of Core Graphics' y-up bitmap space, then points.
        context.translateBy(x: 0, y: height)
        context.scaleBy(x: 1, y: -1)
        context.scaleBy(x: scale, y: scale)
        context.translateBy(x: -bounds.minX, y: -bounds.minY)
        return context
    }
}

extension UIImage {
    /// The picture as a PNG file's bytes; nil for an image with no pixels.
    public func pngData() -> Data? {
        cgImage.flatMap(PNGEncoder.data(of:))
    }
}

// MARK: The image contexts before UIGraphicsImageRenderer

/// Begins an image context of `size` points, opaque or not, at `scale` (0: the screen's, which
/// is 1 here), and makes it the current context. UIKit's function of the same name.
public func UIGraphicsBeginImageContextWithOptions(_ size: CGSize, _ opaque: Bool, _ scale: CGFloat) {
    let scale = scale == 0 ? 1 : scale
    // UIKit draws into nothing for an empty size: a context with no pixels stands in.
    let context =
        UIKitBitmapContext.make(bounds: CGRect(origin: .zero, size: size), scale: scale, opaque: opaque)
        ?? CGContext(size: .zero)
    GraphicsContextStack.current.imageContexts.append((context, scale))
    UIGraphicsPushContext(context)
}

/// Begins a transparent image context of `size` points at scale 1.
public func UIGraphicsBeginImageContext(_ size: CGSize) {
    UIGraphicsBeginImageContextWithOptions(size, false, 1)
}

/// What the image context begun last on this thread holds; nil outside one.
public func UIGraphicsGetImageFromCurrentImageContext() -> UIImage? {
    guard let (context, scale) = GraphicsContextStack.current.imageContexts.last, let image = context.makeImage()
    else { return nil }
    return UIImage(cgImage: image, scale: scale, orientation: .up)
}

/// Ends the image context begun last, making the context before it current again.
public func UIGraphicsEndImageContext() {
    guard GraphicsContextStack.current.imageContexts.popLast() != nil else { return }
    UIGraphicsPopContext()
}
