import UIKit

private var cardContext = 0

/// A view controller following its card's position with string-keyed KVO, as apps did before
/// block observations.
public final class FollowerViewController: UIViewController {
    public let card = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 60))
    public private(set) var seenCenters: [CGPoint] = []
    public private(set) var seenOldCenters: [CGPoint] = []

    public override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(card)
        card.addObserver(self, forKeyPath: #keyPath(UIView.center), options: [.new, .old], context: &cardContext)
    }

    public func stopFollowing() {
        card.removeObserver(self, forKeyPath: #keyPath(UIView.center))
    }

    public override func observeValue(forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?, context: UnsafeMutableRawPointer?) {
        guard context == &cardContext, keyPath == "center" else {
            super.observeValue(forKeyPath: keyPath, of: object, change: change, context: context)
            return
        }
        if let new = change?[.newKey] as? CGPoint { seenCenters.append(new) }
        if let old = change?[.oldKey] as? CGPoint { seenOldCenters.append(old) }
    }
}

/// A model object observing a layer's opacity: a plain NSObject subclass.
public final class OpacityWatcher: NSObject {
    public private(set) var opacities: [Float] = []
    private let layer: CALayer

    public init(layer: CALayer) {
        self.layer = layer
        super.init()
        layer.addObserver(self, forKeyPath: "opacity", options: [.initial, .new], context: nil)
    }

    public override func observeValue(forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey : Any]?, context: UnsafeMutableRawPointer?) {
        if let opacity = change?[.newKey] as? Float { opacities.append(opacity) }
    }
}
