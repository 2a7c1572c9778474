import Foundation

/// An effect a visual effect view shows: UIKit's `UIVisualEffect`.
@preconcurrency @MainActor
open class UIVisualEffect: NSObject {
    /// The colour laid over what is behind (clear for effects without one).
    var tint: UIColor { .clear }
    /// The blur's radius in points (0: none).
    var blurRadius: CGFloat { 0 }
}

/// A blur of what is behind a view: UIKit's `UIBlurEffect`.
@preconcurrency @MainActor
open class UIBlurEffect: UIVisualEffect {
    public enum Style: Int, Sendable {
        case extraLight, light, dark, regular = 4, prominent
        case systemUltraThinMaterial, systemThinMaterial, systemMaterial, systemThickMaterial, systemChromeMaterial
        case systemUltraThinMaterialLight, systemThinMaterialLight, systemMaterialLight, systemThickMaterialLight
        case systemChromeMaterialLight
        case systemUltraThinMaterialDark, systemThinMaterialDark, systemMaterialDark, systemThickMaterialDark
        case systemChromeMaterialDark
    }

    public let style: Style

    public init(style: Style) {
        self.style = style
        super.init()
    }

    /// The tint of the style in the light appearance: white, or for the dark styles a near
    /// black, at the style's strength (this module's figures, close to what iOS shows over a
    /// plain background).
    override var tint: UIColor {
        switch style {
        case .extraLight, .prominent: UIColor(white: 0.97, alpha: 0.8)
        case .light, .regular: UIColor(white: 1, alpha: 0.3)
        case .dark: UIColor(white: 0.11, alpha: 0.73)
        case .systemUltraThinMaterial, .systemUltraThinMaterialLight: UIColor(white: 1, alpha: 0.35)
        case .systemThinMaterial, .systemThinMaterialLight: UIColor(white: 1, alpha: 0.55)
        case .systemMaterial, .systemMaterialLight: UIColor(white: 1, alpha: 0.7)
        case .systemThickMaterial, .systemThickMaterialLight: UIColor(white: 1, alpha: 0.85)
        case .systemChromeMaterial, .systemChromeMaterialLight: UIColor(white: 0.97, alpha: 0.75)
        case .systemUltraThinMaterialDark: UIColor(white: 0.1, alpha: 0.35)
        case .systemThinMaterialDark: UIColor(white: 0.1, alpha: 0.55)
        case .systemMaterialDark: UIColor(white: 0.1, alpha: 0.7)
        case .systemThickMaterialDark: UIColor(white: 0.1, alpha: 0.85)
        case .systemChromeMaterialDark: UIColor(white: 0.12, alpha: 0.75)
        }
    }

    override var blurRadius: CGFloat { 20 }
}

/// The vibrancy of content over a blur: UIKit's `UIVibrancyEffect`. Content in a vibrancy
/// view's `contentView` is drawn as it is here.
@preconcurrency @MainActor
open class UIVibrancyEffect: UIVisualEffect {
    public let blurEffect: UIBlurEffect

    public init(blurEffect: UIBlurEffect) {
        self.blurEffect = blurEffect
        super.init()
    }
}

/// A view showing a visual effect over what is behind it: UIKit's `UIVisualEffectView`.
///
/// Its content goes in ``contentView``. Setting ``effect`` inside an animation block animates
/// it — the common fade of a blur in (`effect = UIBlurEffect(style: .dark)` from nil) — as the
/// style's tint fading in over the block's duration. The layer carries a `gaussianBlur`
/// background filter of the effect's radius, but the renderer does not draw background filters
/// yet: what is behind shows through the tint without the blur. A snapshot shows the tint.
@preconcurrency @MainActor
open class UIVisualEffectView: UIView {
    /// The view the content goes in, above the effect.
    public let contentView = UIView()
    private let tintView = UIView()

    /// The effect (nil: none, nothing drawn).
    open var effect: UIVisualEffect? {
        didSet { applyEffect() }
    }

    public init(effect: UIVisualEffect?) {
        self.effect = effect
        super.init(frame: .zero)
        setUp()
    }

    public override convenience init(frame: CGRect) {
        self.init(effect: nil)
        self.frame = frame
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUp()
    }

    private func setUp() {
        tintView.isUserInteractionEnabled = false
        addSubview(tintView)
        addSubview(contentView)
        applyEffect()
    }

    /// The tint's colour is set at once and its opacity animated (inside a block), so that an
    /// effect fading in or out eases from nothing as iOS's does.
    private func applyEffect() {
        let shown = effect is UIBlurEffect ? effect : (effect as? UIVibrancyEffect)?.blurEffect
        if let shown {
            UIView.performWithoutAnimation { tintView.backgroundColor = shown.tint.withAlphaComponent(1) }
            var alpha: CGFloat = 0
            shown.tint.getRed(nil, green: nil, blue: nil, alpha: &alpha)
            tintView.alpha = alpha
            let blur = CAFilter(type: "gaussianBlur")
            blur.setValue(shown.blurRadius, forKey: "inputRadius")
            layer.backgroundFilters = [blur]
        } else {
            tintView.alpha = 0
            layer.backgroundFilters = nil
        }
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        tintView.frame = bounds
        contentView.frame = bounds
    }
}
