import Foundation

/// An on/off control: Apple's `UISwitch`, 51 × 31 points.
///
/// A tap (a touch that lifts inside) flips it and sends `.valueChanged`; the thumb slides and
/// the track takes its on or off colour in a 0.25 s view animation when the change is animated
/// (`setOn(_:animated:)`, a tap). The track is ``onTintColor`` (system green) when on and light
/// gray when off; the thumb is white (``thumbTintColor``). The drawing is this module's
/// approximation of iOS's.
@preconcurrency @MainActor
open class UISwitch: UIControl {
    static let size = CGSize(width: 51, height: 31)

    private let track = UIView()
    private let thumb = UIView()

    open private(set) var isOn = false

    open var onTintColor: UIColor? = .systemGreen {
        didSet { updateLook() }
    }
    open var thumbTintColor: UIColor? {
        didSet { updateLook() }
    }

    public override init(frame: CGRect) {
        super.init(frame: CGRect(origin: frame.origin, size: Self.size))
        setUp()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUp()
    }

    private func setUp() {
        for part in [track, thumb] {
            part.isUserInteractionEnabled = false
            addSubview(part)
        }
        track.frame = CGRect(origin: .zero, size: Self.size)
        track.layer.cornerRadius = Self.size.height / 2
        thumb.layer.cornerRadius = (Self.size.height - 4) / 2
        thumb.layer.shadowOpacity = 0.2
        thumb.layer.shadowRadius = 2
        thumb.layer.shadowOffset = CGSize(width: 0, height: 1)
        updateLook()
    }

    open override var intrinsicContentSize: CGSize { Self.size }
    open override func sizeThatFits(_ size: CGSize) -> CGSize { Self.size }

    /// Turns the switch on or off, sliding the thumb over 0.25 s when `animated`. Sends no
    /// event, as on iOS.
    open func setOn(_ on: Bool, animated: Bool) {
        isOn = on
        if animated {
            UIView.animate(withDuration: 0.25) { self.updateLook() }
        } else {
            UIView.performWithoutAnimation { updateLook() }
        }
    }

    private func updateLook() {
        let side = Self.size.height - 4
        thumb.frame = CGRect(x: isOn ? Self.size.width - 2 - side : 2, y: 2, width: side, height: side)
        thumb.backgroundColor = thumbTintColor ?? .white
        track.backgroundColor = isOn ? (onTintColor ?? .systemGreen) : UIColor(white: 0.9, alpha: 1)
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        let area = bounds.insetBy(dx: -Self.touchSlop, dy: -Self.touchSlop)
        let inside = touches.first.map { area.contains($0.location(in: self)) } ?? false
        if isEnabled, inside {
            setOn(!isOn, animated: true)
            sendActions(for: .valueChanged)
        }
        super.touchesEnded(touches, with: event)
    }
}
