import Foundation

/// A spinner: Apple's `UIActivityIndicatorView`.
///
/// Eight rounded bars around the centre, drawn by a `CAReplicatorLayer`; while animating, each
/// bar fades from opaque to 30 % over a second and starts again, each an eighth of a second
/// after the one before it, so the brightest bar goes round once a second — the look of iOS
/// 13's spinner (its exact drawing is this module's). `.medium` is 20 points across, `.large`
/// 37. Stopped, the spinner is hidden unless ``hidesWhenStopped`` is off.
@preconcurrency @MainActor
open class UIActivityIndicatorView: UIView {
    public enum Style: Int, Sendable {
        case medium = 100, large = 101
        case whiteLarge = 0, white = 1, gray = 2
    }

    /// The key of the fading animation on the bar.
    static let animationKey = "spinning"
    private static let barCount = 8

    open var style: Style { didSet { styleChanged() } }
    /// The bars' colour: gray by default (UIKit's secondary label colour).
    open var color: UIColor! = UIColor(white: 0.56, alpha: 1) {
        didSet {
            if color == nil { color = UIColor(white: 0.56, alpha: 1) }
            bar.backgroundColor = color.cgColor
        }
    }
    open var hidesWhenStopped = true {
        didSet { isHidden = hidesWhenStopped && !isAnimating }
    }
    public private(set) var isAnimating = false

    private let spokes = CAReplicatorLayer()
    private let bar = CALayer()

    public init(style: Style = .medium) {
        self.style = style
        super.init(frame: CGRect(origin: .zero, size: Self.side(of: style)))
        setUp()
    }

    public override init(frame: CGRect) {
        style = .medium
        super.init(frame: frame)
        setUp()
    }

    public required init?(coder: NSCoder) {
        style = .medium
        super.init(coder: coder)
        setUp()
    }

    private static func side(of style: Style) -> CGSize {
        switch style {
        case .large, .whiteLarge: CGSize(width: 37, height: 37)
        default: CGSize(width: 20, height: 20)
        }
    }

    private func setUp() {
        spokes.instanceCount = Self.barCount
        spokes.instanceTransform = CATransform3DMakeRotation(2 * .pi / CGFloat(Self.barCount), 0, 0, 1)
        spokes.instanceDelay = 1.0 / Double(Self.barCount)
        spokes.addSublayer(bar)
        layer.addSublayer(spokes)
        bar.backgroundColor = color.cgColor
        isHidden = hidesWhenStopped
        styleChanged()
    }

    private func styleChanged() {
        if style == .white || style == .whiteLarge { color = .white }
        invalidateIntrinsicContentSize()
        setNeedsLayout()
    }

    open override var intrinsicContentSize: CGSize { Self.side(of: style) }

    open override func layoutSubviews() {
        super.layoutSubviews()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        let side = min(bounds.width, bounds.height)
        spokes.frame = CGRect(x: bounds.midX - side / 2, y: bounds.midY - side / 2, width: side, height: side)
        // A bar from a quarter of the radius out to the edge, at twelve o'clock.
        let width = max(side / 10, 1)
        bar.frame = CGRect(x: side / 2 - width / 2, y: 0, width: width, height: side * 0.28)
        bar.cornerRadius = width / 2
        CATransaction.commit()
    }

    /// Starts the spinning, and shows the spinner.
    open func startAnimating() {
        guard !isAnimating else { return }
        isAnimating = true
        isHidden = false
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 1
        fade.toValue = 0.3
        fade.duration = 1
        fade.repeatCount = .infinity
        bar.add(fade, forKey: Self.animationKey)
    }

    /// Stops the spinning, and hides the spinner when ``hidesWhenStopped``.
    open func stopAnimating() {
        guard isAnimating else { return }
        isAnimating = false
        bar.removeAnimation(forKey: Self.animationKey)
        if hidesWhenStopped { isHidden = true }
    }
}
