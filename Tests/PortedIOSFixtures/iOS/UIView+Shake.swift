import UIKit
import ObjectiveC

private var shakeCountKey: UInt8 = 0

extension UIView {
    /// How many times the view was shaken: stored with an associated object, as extensions do.
    public var shakeCount: Int {
        get { objc_getAssociatedObject(self, &shakeCountKey) as? Int ?? 0 }
        set { objc_setAssociatedObject(self, &shakeCountKey, newValue, .OBJC_ASSOCIATION_RETAIN_NONATOMIC) }
    }

    public func shake() {
        shakeCount += 1
        let animation = CAKeyframeAnimation(keyPath: #keyPath(CALayer.position))
        animation.values = [0, -10, 10, 0].map { NSValue(cgPoint: CGPoint(x: center.x + $0, y: center.y)) }
        animation.duration = 0.3
        layer.add(animation, forKey: "shake")
    }
}
