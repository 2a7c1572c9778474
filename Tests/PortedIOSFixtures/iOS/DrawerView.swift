import UIKit

@objc public protocol DrawerViewDelegate {
    @objc optional func drawerDidOpen(_ drawer: DrawerView)
    @objc optional func drawerDidClose(_ drawer: DrawerView)
    @objc optional func openHeight(for drawer: DrawerView) -> NSNumber?
}

/// A drawer dragged open with a pan recognizer, telling a delegate whose methods are optional,
/// and following its own layer's bounds with key-value observation.
@objcMembers
public final class DrawerView: UIView {
    public weak var delegate: DrawerViewDelegate?
    public private(set) var isOpen = false
    public private(set) var boundsChanges: [CGRect] = []
    private var boundsObservation: NSKeyValueObservation?

    public override init(frame: CGRect) {
        super.init(frame: frame)
        let pan = UIPanGestureRecognizer(target: self, action: #selector(handlePan(_:)))
        addGestureRecognizer(pan)
        boundsObservation = layer.observe(\.bounds, options: [.old, .new]) { [weak self] _, change in
            if let bounds = change.newValue { self?.boundsChanges.append(bounds) }
        }
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    public var openHeight: CGFloat {
        CGFloat(delegate?.openHeight?(for: self)?.doubleValue ?? 300)
    }

    @objc private func handlePan(_ recognizer: UIPanGestureRecognizer) {
        guard recognizer.state == .ended else { return }
        let translation = recognizer.translation(in: self)
        if translation.y < 0, !isOpen {
            isOpen = true
            delegate?.drawerDidOpen?(self)
        } else if translation.y > 0, isOpen {
            isOpen = false
            delegate?.drawerDidClose?(self)
        }
    }
}
