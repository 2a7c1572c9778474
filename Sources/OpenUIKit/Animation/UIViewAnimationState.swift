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

    /// The layer properties a view animates inside a block: UIKit's table of keys it animates
    /// in blocks, as linked against the iOS 17 SDK and later (UIKit's `_shouldAnimatePropertyWithKey:`).
    /// A change of any other property inside a block — `contents`, `masksToBounds`,
    /// `lineDashPattern`, a layer subclass's own keys — happens at once, as on iOS.
    static let blockAnimatableKeys: Set<String> = [
        "bounds", "position", "anchorPoint", "anchorPointZ", "zPosition", "transform", "sublayerTransform",
        "opacity", "backgroundColor", "cornerRadius", "borderWidth", "borderColor",
        "shadowOpacity", "shadowColor", "shadowOffset", "shadowRadius", "shadowPath",
        "contentsRect", "contentsCenter",
        // CAShapeLayer and CAGradientLayer, when one backs a view.
        "path", "fillColor", "strokeColor", "strokeStart", "strokeEnd", "lineWidth", "miterLimit",
        "lineDashPhase", "colors", "locations", "startPoint", "endPoint",
    ]

    /// The properties whose block animations add to those already running instead of
    /// replacing them (UIKit's additive key table since iOS 8, `cornerRadius` since iOS 11).
    /// `transform`, `opacity` and colours are not among them: they animate from the old value.
    static let additiveKeys: Set<String> = ["bounds", "position", "contentsRect", "contentsCenter", "cornerRadius"]

    /// Whether a block animation of `key` on `layer` is additive: the key is one that adds, and
    /// no animation of the same key path that does not add, or that repeats, is running on the
    /// layer (the new animation replaces such an animation, as UIKit's does).
    static func animatesAdditively(_ key: String, on layer: CALayer) -> Bool {
        guard additiveKeys.contains(key) else { return false }
        for animationKey in layer.animationKeys() ?? [] {
            guard let running = layer.animation(forKey: animationKey) as? CAPropertyAnimation,
                running.keyPath == key
            else { continue }
            if !running.isAdditive || running.repeatCount > 0 { return false }
        }
        return true
    }

    public func action(for layer: CALayer, forKey key: String, oldValue: Any?) -> (any CAAction)? {
        guard duration > 0, type(of: layer).isAnimatableProperty(key) else { return nil }
        if !changedLayers.contains(where: { $0 === layer }) { changedLayers.append(layer) }
        let startsFromShown = options.contains(.beginFromCurrentState) && layer.hasBeenCommitted
        return ViewAnimationAction(
            state: self, oldValue: oldValue, shownValue: startsFromShown ? layer.shownValue(forKey: key) : nil,
            isAdditive: Self.animatesAdditively(key, on: layer))
    }

    /// The animations for a change of `key` on `layer` from `oldValue` to the layer's current
    /// value. Additive ones go from `old − new` to zero, so that a later block blends with them;
    /// a rectangle's additive change is two animations, of its `size` and (when it moved) of its
    /// `origin`, as UIKit makes them. Others go from the old model value — or from the value
    /// shown, given as `shown` under `.beginFromCurrentState` — to the new one.
    func animations(for layer: CALayer, key: String, from oldValue: Any?, shown: Any?, additive: Bool)
        -> [CABasicAnimation]
    {
        let newValue = layer.value(forKey: key)
        if additive, let parts = AdditiveDelta.parts(of: key, from: oldValue, to: newValue) {
            return parts.map { part in
                let animation = timedAnimation(keyPath: part.keyPath, on: layer)
                animation.isAdditive = true
                animation.fromValue = part.fromValue
                animation.toValue = part.toValue
                return animation
            }
        }
        let animation = timedAnimation(keyPath: key, on: layer)
        animation.fromValue = shown ?? oldValue
        return [animation]
    }

    /// An animation of `keyPath` with the block's curve or spring, duration, delay, repetition
    /// and delegate; its values are left to the caller.
    private func timedAnimation(keyPath: String, on layer: CALayer) -> CABasicAnimation {
        let animation: CABasicAnimation
        if let spring {
            let springAnimation = CASpringAnimation(keyPath: keyPath)
            springAnimation.mass = 1
            springAnimation.stiffness = CGFloat(spring.stiffness)
            springAnimation.damping = CGFloat(spring.damping)
            springAnimation.initialVelocity = CGFloat(spring.initialVelocity)
            animation = springAnimation
        } else {
            animation = CABasicAnimation(keyPath: keyPath)
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

    /// Work that waits for the block's animations to end, run before the completion handler
    /// (a stack view hides the layer of an arranged view hidden in the block).
    private var whenDoneWork: [() -> Void] = []

    func whenDone(_ work: @escaping () -> Void) {
        whenDoneWork.append(work)
    }

    /// Runs the waiting work and the completion handler, once.
    func complete(finished: Bool) {
        let work = whenDoneWork
        whenDoneWork = []
        for item in work { item() }
        guard let completion else { return }
        self.completion = nil
        completion(finished)
    }
}

/// What a view answers inside a block for a property change: it runs after the change, when
/// the layer holds the new value, and adds the block's animations.
@MainActor
final class ViewAnimationAction: NSObject, @preconcurrency CAAction {
    let state: UIViewAnimationState
    let oldValue: Any?
    let shownValue: Any?
    /// Decided when the action was asked for, before the change, as UIKit decides it.
    let isAdditive: Bool

    init(state: UIViewAnimationState, oldValue: Any?, shownValue: Any?, isAdditive: Bool) {
        self.state = state
        self.oldValue = oldValue
        self.shownValue = shownValue
        self.isAdditive = isAdditive
    }

    func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
        guard let layer = anObject as? CALayer else { return }
        for animation in state.animations(
            for: layer, key: event, from: oldValue, shown: shownValue, additive: isAdditive)
        {
            state.blockDelegate.animationAdded()
            let keyPath = animation.keyPath ?? event
            // Additive animations take a key of their own, so that a later block's animation of
            // the same property blends with this one instead of replacing it.
            layer.add(animation, forKey: animation.isAdditive ? layer.unusedAnimationKey(for: keyPath) : keyPath)
        }
    }
}

/// One additive animation's key path and values: from `old − new` to zero.
struct AdditiveDelta {
    let keyPath: String
    let fromValue: Any?
    let toValue: Any?

    /// The additive animations of a change of `key` from `old` to `new`: one, or for a
    /// rectangle its size and, when the origin moved, its origin; nil when the values do not add.
    @MainActor
    static func parts(of key: String, from old: Any?, to new: Any?) -> [AdditiveDelta]? {
        guard let old, let new else { return nil }
        if let oldRect = old as? CGRect, let newRect = new as? CGRect {
            let size = CGSize(width: oldRect.width - newRect.width, height: oldRect.height - newRect.height)
            var parts = [AdditiveDelta(keyPath: key + ".size", fromValue: size, toValue: CGSize.zero)]
            // UIKit leaves the origin alone when it moved less than this.
            let moved = abs(oldRect.minX - newRect.minX) >= 1e-4 || abs(oldRect.minY - newRect.minY) >= 1e-4
            if moved {
                let origin = CGPoint(x: oldRect.minX - newRect.minX, y: oldRect.minY - newRect.minY)
                parts.append(AdditiveDelta(keyPath: key + ".origin", fromValue: origin, toValue: CGPoint.zero))
            }
            return parts
        }
        let oldValue = AnimatableValue(inferringKindOf: old)
        let newValue = AnimatableValue(inferringKindOf: new)
        guard oldValue.kind == newValue.kind, additiveKinds.contains(oldValue.kind) else { return nil }
        let delta = oldValue.subtracting(newValue)
        return [AdditiveDelta(keyPath: key, fromValue: delta.boxed, toValue: delta.zero.boxed)]
    }

    /// The kinds of value that add: numbers, points, sizes and rects.
    static let additiveKinds: [ValueKind] = [.number, .point, .size, .rect]
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
