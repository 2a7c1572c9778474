import Foundation

/// The state of one running animation block — duration, delay, curve or spring, options,
/// repetition — and the context that turns the block's changes into animations. The seeds
/// meet it as the `delegate` of the animations UIKit adds (`<UIViewAnimationState: …>`).
///
/// Each `UIView.animate…` call pushes one for the length of its block, so nested blocks see
/// their own. It is the delegate of every animation its block adds; when the last of them
/// stops it tells its ``UIViewAnimationBlockDelegate``, which calls the completion handler.
@preconcurrency @MainActor
public final class UIViewAnimationState: NSObject, UIViewAnimationContext, InheritableBlockTiming {
    /// How long each animation of the block runs (0 or less: nothing animates).
    public let duration: TimeInterval
    /// How long after the block its animations start.
    public let delay: TimeInterval
    /// The pacing curve (unused by springs).
    public let curve: UIView.AnimationCurve
    /// The block's options.
    public let options: UIView.AnimationOptions
    /// The spring that replaces the curve, if the block is a spring animation.
    public let spring: UIViewSpring?
    /// The completion handler's delegate.
    public let blockDelegate: UIViewAnimationBlockDelegate

    /// The layers whose properties the block changed, each once, in order.
    private(set) var changedLayers: [CALayer] = []

    /// The repeat count and autoreverse of `modifyAnimations(withRepeatCount:autoreverses:…)`,
    /// in place of the options' `.repeat` and `.autoreverse`; nil for a block's own state.
    private var repetitionOverride: (count: Float, autoreverses: Bool)?

    init(
        duration: TimeInterval, delay: TimeInterval, curve: UIView.AnimationCurve, options: UIView.AnimationOptions,
        spring: UIViewSpring?, completion: ((Bool) -> Void)?
    ) {
        self.duration = duration
        self.delay = delay
        self.curve = curve
        self.options = options
        self.spring = spring
        self.blockDelegate = UIViewAnimationBlockDelegate(completion: completion)
    }

    /// The same block with another repeat count and autoreverse, its animations counted by
    /// the same completion: what `modifyAnimations(withRepeatCount:autoreverses:animations:)`
    /// runs its changes in.
    private init(modifying state: UIViewAnimationState, repeatCount: Float, autoreverses: Bool) {
        duration = state.duration
        delay = state.delay
        curve = state.curve
        options = state.options
        spring = state.spring
        blockDelegate = state.blockDelegate
        repetitionOverride = (repeatCount, autoreverses)
    }

    func modified(repeatCount: Float, autoreverses: Bool) -> UIViewAnimationState {
        UIViewAnimationState(modifying: self, repeatCount: repeatCount, autoreverses: autoreverses)
    }

    var repetition: UIView.AnimationOptions { options.intersection([.repeat, .autoreverse]) }

    // MARK: The context

    /// Keys whose values cannot add (or that UIKit never animates additively): they animate
    /// from the value shown now to the new one instead.
    static let nonAdditiveKeys: Set<String> = ["opacity", "anchorPoint", "anchorPointZ"]

    /// The kinds of value that add: numbers, points, sizes, rects and transforms.
    static let additiveKinds: [ValueKind] = [.number, .point, .size, .rect, .transform, .affineTransform]

    /// Whether view animations of `key`, whose values are of `kind`, are additive — the one
    /// rule for blocks and property animators.
    static func animatesAdditively(_ key: String, kind: ValueKind) -> Bool {
        additiveKinds.contains(kind) && !nonAdditiveKeys.contains(key)
    }

    public func action(for layer: CALayer, forKey key: String, oldValue: Any?) -> (any CAAction)? {
        guard duration > 0, type(of: layer).isAnimatableProperty(key) else { return nil }
        if !changedLayers.contains(where: { $0 === layer }) { changedLayers.append(layer) }
        return ViewAnimationAction(state: self, oldValue: oldValue, shownValue: layer.shownValue(forKey: key))
    }

    /// The animation for a change of `key` on `layer` from `oldValue` to the layer's current
    /// value: additive from `old − new` to zero where the values add, so that a later block
    /// blends with it; otherwise from the value shown when the change came.
    func animation(for layer: CALayer, key: String, from oldValue: Any?, shown: Any?) -> CABasicAnimation {
        let animation: CABasicAnimation
        if let spring {
            let springAnimation = CASpringAnimation(keyPath: key)
            springAnimation.mass = 1
            springAnimation.stiffness = CGFloat(spring.stiffness)
            springAnimation.damping = CGFloat(spring.damping)
            springAnimation.initialVelocity = CGFloat(spring.initialVelocity)
            animation = springAnimation
        } else {
            animation = CABasicAnimation(keyPath: key)
            animation.timingFunction = curve.timingFunction
        }
        animation.duration = spring?.duration ?? duration
        animation.fillMode = .both
        animation.delegate = self
        if delay > 0 {
            animation.beginTime = layer.convertTime(CACurrentMediaTime(), from: nil) + delay
        }
        if let repetitionOverride {
            animation.repeatCount = repetitionOverride.count
            animation.autoreverses = repetitionOverride.autoreverses
        } else {
            if options.contains(.repeat) { animation.repeatCount = .infinity }
            if options.contains(.autoreverse) { animation.autoreverses = true }
        }
        let newValue = layer.value(forKey: key)
        if let delta = AdditiveDelta(from: oldValue, to: newValue, key: key) {
            animation.isAdditive = true
            animation.fromValue = delta.fromValue
            animation.toValue = delta.toValue
        } else {
            animation.fromValue = shown ?? oldValue
        }
        return animation
    }

    /// The block has run (see ``UIViewAnimationBlockDelegate/blockDidEnd()``).
    func blockDidEnd() {
        blockDelegate.blockDidEnd()
    }
}

extension UIViewAnimationState: @preconcurrency CAAnimationDelegate {
    public func animationDidStart(_ anim: CAAnimation) {
        blockDelegate.animationDidStart()
    }

    public func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        blockDelegate.animationDidStop(finished: flag)
    }
}

/// The block-based delegate the completion handlers ride on, like the seeds'
/// `DRAnimationBlockDelegate` (UIKit's `UIViewAnimationBlockDelegate`): it counts the block's
/// animations and runs the completion handler exactly once — with `true` when every one ran
/// to its end, `false` when one was removed or replaced, and on the next turn of the run loop
/// with `true` when the block added none.
@preconcurrency @MainActor
public final class UIViewAnimationBlockDelegate: NSObject {
    private var completion: ((Bool) -> Void)?
    /// Whether the first animation of the block has started.
    public private(set) var didStart = false
    private var running = 0
    private var allFinished = true
    private var blockEnded = false

    init(completion: ((Bool) -> Void)?) {
        self.completion = completion
    }

    /// An animation of the block was added.
    func animationAdded() {
        running += 1
    }

    /// The block has run: with nothing animated, the completion comes on the next turn.
    func blockDidEnd() {
        blockEnded = true
        guard running == 0 else { return }
        performOnNextTurn(of: CAClock.current) {
            MainActor.assumeIsolated { self.complete(finished: true) }
        }
    }

    func animationDidStart() {
        didStart = true
    }

    /// One of the block's animations stopped; after the last, the completion runs.
    func animationDidStop(finished: Bool) {
        running -= 1
        allFinished = allFinished && finished
        if running == 0, blockEnded { complete(finished: allFinished) }
    }

    /// Runs the completion handler, once.
    func complete(finished: Bool) {
        guard let completion else { return }
        self.completion = nil
        completion(finished)
    }
}

/// What a view answers inside a block for a property change: it runs after the change, when
/// the layer holds the new value, and adds the block's animation.
@MainActor
final class ViewAnimationAction: NSObject, @preconcurrency CAAction {
    let state: UIViewAnimationState
    let oldValue: Any?
    let shownValue: Any?

    init(state: UIViewAnimationState, oldValue: Any?, shownValue: Any?) {
        self.state = state
        self.oldValue = oldValue
        self.shownValue = shownValue
    }

    func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
        guard let layer = anObject as? CALayer else { return }
        let animation = state.animation(for: layer, key: event, from: oldValue, shown: shownValue)
        state.blockDelegate.animationAdded()
        // Additive animations take a key of their own, so that a later block's animation of
        // the same property blends with this one instead of replacing it.
        layer.add(animation, forKey: animation.isAdditive ? layer.unusedAnimationKey(for: event) : event)
    }
}

/// The from and to values of an additive animation of `key` from `old` to `new`: `old − new`
/// to zero; nil when view animations of the key do not add.
struct AdditiveDelta {
    let fromValue: Any?
    let toValue: Any?

    @MainActor
    init?(from old: Any?, to new: Any?, key: String) {
        guard let old, let new else { return nil }
        let oldValue = AnimatableValue(inferringKindOf: old)
        let newValue = AnimatableValue(inferringKindOf: new)
        guard oldValue.kind == newValue.kind, UIViewAnimationState.animatesAdditively(key, kind: oldValue.kind) else {
            return nil
        }
        let delta = oldValue.subtracting(newValue)
        fromValue = delta.boxed
        toValue = delta.zero.boxed
    }
}

extension CALayer {
    /// `key`, or `key-1`, `key-2`, … : the first under which no animation is attached.
    func unusedAnimationKey(for key: String) -> String {
        guard animation(forKey: key) != nil else { return key }
        var index = 1
        while animation(forKey: "\(key)-\(index)") != nil { index += 1 }
        return "\(key)-\(index)"
    }

    /// The value of property `key` shown now, boxed as the property's own type.
    func shownValue(forKey key: String) -> Any? {
        guard let property = type(of: self).propertyTable[key], let value = presentationValue(of: property) else {
            return nil
        }
        return property.box(value)
    }

    /// Whether `key` is a property of the layer's class that `CALayer.h` (or the subclass) marks Animatable.
    static func isAnimatableProperty(_ key: String) -> Bool {
        propertyTable[key]?.isAnimatable ?? false
    }
}
