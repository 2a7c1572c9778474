import Foundation

/// A view that shows an image, or cycles through a list of images: Apple's `UIImageView`.
///
/// The image is the layer's `contents` (its `cgImage`, with the layer's `contentsScale` set to
/// the image's scale). The cycling animation is what UIKit adds (seed 000): a discrete
/// `CAKeyframeAnimation` on `contents` with the images' `cgImage`s as values, not removed on
/// completion, repeating ``animationRepeatCount`` times or, for 0, `Int32.max` times.
///
/// The image fits the bounds as ``UIView/contentMode`` says (`.scaleToFill` by default).
/// A template image (``UIImage/RenderingMode/alwaysTemplate``) shows its alpha filled with the
/// view's ``UIView/tintColor``; symbol images are templates, drawn again with
/// ``preferredSymbolConfiguration`` when it is set.
///
///     let spinner = UIImageView(image: frames[0])
///     spinner.animationImages = frames
///     spinner.animationDuration = 0.5
///     spinner.startAnimating()
@preconcurrency @MainActor
open class UIImageView: UIView {
    /// The key the cycling animation is added under (our name; Apple's is private).
    static let imageAnimationKey = "UIImageAnimation"

    /// The image shown when the view is not highlighted (or has no highlighted image).
    open var image: UIImage? {
        didSet { showCurrentImage() }
    }

    /// The image shown while ``isHighlighted`` is true, if any.
    open var highlightedImage: UIImage? {
        didSet { showCurrentImage() }
    }

    /// Whether the view shows ``highlightedImage`` (when it has one) instead of ``image``.
    open var isHighlighted = false {
        didSet { showCurrentImage() }
    }

    /// The configuration the view's symbol images are drawn with, its settings in place of
    /// theirs (``UIImage/applyingSymbolConfiguration(_:)``); other images are shown as they are.
    open var preferredSymbolConfiguration: UIImage.SymbolConfiguration? {
        didSet { showCurrentImage() }
    }

    /// The images ``startAnimating()`` cycles through, in order. Changing them takes effect
    /// at the next `startAnimating()`.
    open var animationImages: [UIImage]?

    /// The images ``startAnimating()`` cycles through instead while ``isHighlighted`` is true,
    /// when there are any.
    open var highlightedAnimationImages: [UIImage]?

    /// How long one cycle through ``animationImages`` takes, in seconds; 0 (the default) means
    /// a thirtieth of a second per image, as in UIKit.
    open var animationDuration: TimeInterval = 0

    /// How many times the images cycle; 0 (the default) means forever.
    open var animationRepeatCount = 0

    /// Whether the images are cycling: true from ``startAnimating()`` until
    /// ``stopAnimating()``, or until a finite ``animationRepeatCount`` has run out.
    open var isAnimating: Bool { cycling != nil }

    /// The observer of the running cycle animation; nil when none runs.
    private var cycling: CycleObserver?

    /// Creates an image view showing `image`, sized to it (its size in points).
    public convenience init(image: UIImage?) {
        self.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
        // A view made inside an animation block appears with its image, as with its frame.
        UIView.performWithoutAnimation { self.image = image }
    }

    /// Creates an image view showing `image`, and `highlightedImage` while highlighted, sized
    /// to `image`.
    public convenience init(image: UIImage?, highlightedImage: UIImage?) {
        self.init(image: image)
        UIView.performWithoutAnimation { self.highlightedImage = highlightedImage }
    }

    /// Creates an image view with no image.
    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    /// Creates an image view from an archive: nothing is decoded (see `UIView`'s
    /// `init(coder:)`).
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// Starts cycling through ``animationImages`` (``highlightedAnimationImages`` while
    /// highlighted, when there are some): a discrete keyframe animation on the layer's
    /// `contents`, replacing one that runs. Does nothing when there are no images.
    open func startAnimating() {
        let images =
            isHighlighted && !(highlightedAnimationImages ?? []).isEmpty
            ? highlightedAnimationImages : animationImages
        let frames = (images ?? []).compactMap(\.cgImage)
        guard !frames.isEmpty else { return }
        let animation = CAKeyframeAnimation(keyPath: "contents")
        animation.calculationMode = .discrete
        animation.values = frames
        animation.duration = animationDuration > 0 ? animationDuration : Double(frames.count) / 30
        // Seed 000 prints UIKit's endless cycle as `repeatCount = 2.14748e+09`.
        animation.repeatCount = animationRepeatCount > 0 ? Float(animationRepeatCount) : Float(Int32.max)
        animation.isRemovedOnCompletion = false
        let observer = CycleObserver(imageView: self)
        animation.delegate = observer
        // Set first: replacing a running cycle stops it, and the stop of a replaced cycle must
        // find a newer observer in place.
        cycling = observer
        layer.add(animation, forKey: Self.imageAnimationKey)
    }

    /// Stops cycling through the images; the view shows ``image`` again.
    open func stopAnimating() {
        cycling = nil
        layer.removeAnimation(forKey: Self.imageAnimationKey)
    }

    /// The cycle animation `observer` watches stopped.
    fileprivate func cycleDidStop(observer: CycleObserver) {
        // A stop from a cycle already replaced or stopped changes nothing.
        guard observer === cycling else { return }
        cycling = nil
        // Not removed on completion, as UIKit's; once it has run out it has nothing to show.
        layer.removeAnimation(forKey: Self.imageAnimationKey)
    }

    private func showCurrentImage() {
        var shown = isHighlighted ? highlightedImage ?? image : image
        if let preferredSymbolConfiguration, let symbol = shown, symbol.isSymbolImage {
            shown = symbol.applyingSymbolConfiguration(preferredSymbolConfiguration)
        }
        if let shown, shown.renderingMode == .alwaysTemplate, let pixels = shown.cgImage {
            layer.contents = Self.filling(pixels, with: tintColor)
        } else {
            layer.contents = shown?.cgImage
        }
        if let shown { layer.contentsScale = shown.scale }
    }

    /// A template image shows the tint: drawn again when the tint changes.
    open override func tintColorDidChange() {
        super.tintColorDidChange()
        showCurrentImage()
    }

    /// `image`'s alpha filled with `color`: how a template image shows.
    private static func filling(_ image: CGImage, with color: UIColor) -> CGImage {
        let tint = color.cgColor.rgba
        let (red, green, blue) = (
            UInt8((tint.red * 255).rounded()), UInt8((tint.green * 255).rounded()),
            UInt8((tint.blue * 255).rounded())
        )
        var pixels = image.rgbaPixels
        for index in stride(from: 0, to: pixels.count, by: 4) {
            pixels[index] = red
            pixels[index + 1] = green
            pixels[index + 2] = blue
            pixels[index + 3] = UInt8((Double(pixels[index + 3]) * tint.alpha).rounded())
        }
        return CGImage(width: image.width, height: image.height, rgbaPixels: pixels) ?? image
    }
}

/// The cycle animation's delegate, standing for UIKit's `_UIImageViewExtendedStorage`: it
/// tells the image view when its cycle stops.
@MainActor
private final class CycleObserver: NSObject, @preconcurrency CAAnimationDelegate {
    weak var imageView: UIImageView?

    init(imageView: UIImageView) {
        self.imageView = imageView
    }

    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        imageView?.cycleDidStop(observer: self)
    }
}
