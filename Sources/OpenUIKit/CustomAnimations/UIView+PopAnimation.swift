import Foundation

extension UIView {
    /// The seeds' "pop": every property changed in `animations` springs to its new value with
    /// an aggressive curve and eases back to where it was, drawing the eye to the view. The
    /// model keeps the old value, so nothing jumps when the animation ends.
    ///
    /// Built only on the public hook (``UIViewAnimationContext``): a context records each
    /// changed property's old value and answers no action; afterwards each property gets a
    /// `CAKeyframeAnimation` of `[old, new, old]` at key times `[0, 0.35, 1]`, eased in with
    /// (1, 0, 0.8, 1) and out with (0.2, 0, 0, 1), and the model is set back to the old value
    /// without an action.
    ///
    ///     UIView.popAnimation(withDuration: 0.7) {
    ///         badge.transform = CGAffineTransform(rotationAngle: .pi / 2)
    ///     }
    public static func popAnimation(withDuration duration: TimeInterval, animations: () -> Void) {
        require(
            duration.isFinite && duration > 0,
            "UIView.popAnimation(withDuration:) needs a finite duration above 0, got \(duration)")
        let recorder = ChangeRecorder()
        perform(in: recorder, animations)
        for change in recorder.changes {
            let layer = change.layer
            let pop = CAKeyframeAnimation(keyPath: change.key)
            pop.duration = duration
            pop.keyTimes = [0, 0.35, 1]
            pop.values = [change.oldValue as Any, layer.value(forKeyPath: change.key) as Any, change.oldValue as Any]
            pop.timingFunctions = [popEaseIn, popEaseOut]
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            layer.setValue(change.oldValue, forKeyPath: change.key)
            CATransaction.commit()
            layer.add(pop, forKey: change.key)
        }
    }
}

/// The seeds' curves: `easing` 0.2.
private let popEaseIn = CAMediaTimingFunction(controlPoints: 1, 0, 0.8, 1)
private let popEaseOut = CAMediaTimingFunction(controlPoints: 0.2, 0, 0, 1)

/// A context that lets nothing animate and remembers, for each (layer, key) changed in its
/// block, the value before the first change: the seeds' `DRSavedPopAnimationState`s.
@MainActor
final class ChangeRecorder: UIViewAnimationContext {
    struct Change {
        let layer: CALayer
        let key: String
        let oldValue: Any?
    }

    private(set) var changes: [Change] = []

    func action(for layer: CALayer, forKey key: String, oldValue: Any?) -> (any CAAction)? {
        guard type(of: layer).isAnimatableProperty(key),
            !changes.contains(where: { $0.layer === layer && $0.key == key })
        else { return nil }
        changes.append(Change(layer: layer, key: key, oldValue: oldValue))
        return nil
    }
}
