import Foundation

extension UIView {
    /// Whether views animate changes made inside animation blocks (true unless turned off with
    /// ``setAnimationsEnabled(_:)`` or inside ``performWithoutAnimation(_:)``).
    public internal(set) static var areAnimationsEnabled = true

    /// The duration of the innermost running animation block; 0 outside blocks.
    public static var inheritedAnimationDuration: TimeInterval {
        enclosingBlockTiming?.duration ?? 0
    }

    /// The innermost running block animation (`animate` or keyframes), if the innermost
    /// context is one: what a nested block inherits from.
    static var enclosingBlockTiming: (any InheritableBlockTiming)? {
        currentAnimationContext as? any InheritableBlockTiming
    }

    /// The view's answer to its layer's action search (`action(for:forKey:)`). Under UIKit's
    /// own blocks, a key outside UIKit's table of keys it animates answers `NSNull` too. The
    /// search never goes past the view, as on Apple's platforms.
    func blockAction(for layer: CALayer, forKey event: String) -> (any CAAction)? {
        guard UIView.areAnimationsEnabled, let context = UIView.currentAnimationContext else { return NSNull() }
        if context is any UIKitAnimationContext, !UIViewAnimationState.blockAnimatableKeys.contains(event) {
            return NSNull()
        }
        if let action = context.action(for: layer, forKey: event, oldValue: layer.value(forKey: event)) {
            return action
        }
        return context.stopsActionSearch ? NSNull() : nil
    }

    // MARK: Block animations

    /// Runs `animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:…)`:
    /// the spring UIKit makes for the damping ratio and velocity over `duration` (none for a
    /// duration of 0).
    static func runSpringBlock(
        duration: TimeInterval, delay: TimeInterval, dampingRatio: CGFloat, velocity: CGFloat,
        options: AnimationOptions, animations: () -> Void, completion: ((Bool) -> Void)?
    ) {
        let spring =
            duration > 0
            ? UIViewSpring(dampingRatio: Double(dampingRatio), duration: duration, initialVelocity: Double(velocity))
            : nil
        runBlock(
            duration: duration, delay: delay, options: options.union(.overrideInheritedDuration), spring: spring,
            animations: animations, completion: completion)
    }

    /// Runs `animate(springDuration:bounce:…)`: the iOS 17 spring, for as long as it takes
    /// to settle.
    static func runPerceptualSpringBlock(
        duration: TimeInterval, bounce: CGFloat, velocity: CGFloat, delay: TimeInterval, options: AnimationOptions,
        animations: () -> Void, completion: ((Bool) -> Void)?
    ) {
        let spring = UIViewSpring(
            perceptualDuration: duration, bounce: Double(bounce), initialVelocity: Double(velocity))
        runBlock(
            duration: spring.duration, delay: delay, options: options.union(.overrideInheritedDuration),
            spring: spring, animations: animations, completion: completion)
    }

    /// Runs `modifyAnimations(withRepeatCount:autoreverses:animations:)`: inside a block, the
    /// changes animate with the block's state repeating as asked; outside, they apply at once.
    static func runModified(repeatCount count: CGFloat, autoreverses: Bool, _ animations: () -> Void) {
        require(
            !count.isNaN && count >= 0,
            "UIView.modifyAnimations(withRepeatCount:) needs a repeat count of 0 or more, got \(count)")
        guard let state = currentAnimationContext as? UIViewAnimationState else {
            animations()
            return
        }
        perform(in: state.modified(repeatCount: Float(count), autoreverses: autoreverses), animations)
    }

    /// A block's timing with what it inherits: inside another block, the enclosing block's
    /// duration, curve and repeat options, each unless `options` override it.
    static func inheritedTiming(
        duration: TimeInterval, options: AnimationOptions
    ) -> (duration: TimeInterval, curve: AnimationCurve, options: AnimationOptions) {
        var timing = (duration: duration, curve: options.curve, options: options)
        guard let enclosing = enclosingBlockTiming else { return timing }
        if !options.contains(.overrideInheritedDuration) { timing.duration = enclosing.duration }
        if !options.contains(.overrideInheritedCurve) { timing.curve = enclosing.curve }
        if !options.contains(.overrideInheritedOptions) {
            timing.options.subtract([.repeat, .autoreverse])
            timing.options.formUnion(enclosing.repetition)
        }
        return timing
    }

    /// Runs one animation block: pushes its state, runs the changes in a transaction of their
    /// own, and arranges the completion.
    static func runBlock(
        duration: TimeInterval, delay: TimeInterval, options: AnimationOptions, spring: UIViewSpring?,
        animations: () -> Void, completion: ((Bool) -> Void)?
    ) {
        require(
            duration.isFinite && delay.isFinite,
            "UIView animation needs a finite duration and a finite delay; got \(duration), \(delay)")
        // UIKit takes a negative duration or delay as 0: the changes apply at once and the
        // completion runs, with `true`, on the next turn of the run loop.
        let delay = max(delay, 0)
        let timing = inheritedTiming(duration: max(duration, 0), options: options)
        let state = UIViewAnimationState(
            duration: timing.duration, delay: delay, curve: timing.curve, options: timing.options, spring: spring,
            completion: completion)
        // The block's transaction keeps the duration and timing it inherits: UIKit does not set
        // them, so a layer that is no view's animates as the transaction says (0.25 s unless
        // `CATransaction` says otherwise), while views take the block's timing from `state`.
        perform(in: state) {
            animations()
            if timing.options.contains(.layoutSubviews) {
                // UIKit lays out the animated views inside the block, so that their subviews'
                // new frames animate with them.
                for layer in state.changedLayers {
                    layer.setNeedsLayout()
                    layer.layoutIfNeeded()
                }
            }
        }
        state.blockDidEnd()
    }
}
