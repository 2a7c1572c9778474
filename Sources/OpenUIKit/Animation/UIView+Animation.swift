import Foundation

extension UIView {
    /// Whether views animate changes made inside animation blocks (true unless turned off with
    /// ``setAnimationsEnabled(_:)`` or inside ``performWithoutAnimation(_:)``).
    public private(set) static var areAnimationsEnabled = true

    /// Turns block animations of views on or off.
    public static func setAnimationsEnabled(_ enabled: Bool) {
        areAnimationsEnabled = enabled
    }

    /// Runs `actionsWithoutAnimation` with view animations disabled, even inside an animation
    /// block. Standalone layers still animate implicitly, as on Apple's platforms.
    public static func performWithoutAnimation(_ actionsWithoutAnimation: () -> Void) {
        let enabled = areAnimationsEnabled
        areAnimationsEnabled = false
        defer { areAnimationsEnabled = enabled }
        actionsWithoutAnimation()
    }

    /// The duration of the innermost running animation block; 0 outside blocks.
    public static var inheritedAnimationDuration: TimeInterval {
        enclosingBlockTiming?.duration ?? 0
    }

    /// The innermost running block animation (`animate` or keyframes), if the innermost
    /// context is one: what a nested block inherits from.
    static var enclosingBlockTiming: (any InheritableBlockTiming)? {
        currentAnimationContext as? any InheritableBlockTiming
    }

    // MARK: Block animations

    /// Animates the changes made in `animations` over `duration` seconds with the
    /// `easeInEaseOut` curve.
    ///
    ///     UIView.animate(withDuration: 0.3) { card.center.y += 100 }
    public static func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: nil)
    }

    /// `animate(withDuration:animations:)` with a completion handler, called once with
    /// `true` when every animation of the block ran to its end, `false` if one was removed or
    /// replaced first.
    public static func animate(
        withDuration duration: TimeInterval, animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: completion)
    }

    /// Animates the changes made in `animations`: each animatable property of a view's layer
    /// changed in the block gets an animation of `duration` seconds starting `delay` seconds
    /// from now, paced by the curve in `options`.
    ///
    /// Properties that add (positions, sizes, rects, numbers, transforms) animate additively
    /// from `old − new` to zero with `fillMode = .both`, so a second block started while the
    /// first runs blends with it; the others (colours, `opacity`, `anchorPoint`, booleans)
    /// animate from the value shown when the change came. Standalone layers changed in the
    /// block animate implicitly with the block's duration and curve, since the block is a
    /// transaction with them. A block nested in another takes the enclosing block's duration,
    /// curve, and repeat options unless `options` override them. With a duration of 0, or
    /// when nothing animatable changed, `completion` runs on the next turn of the run loop (the
    /// next `advance` of a manual clock) with `true`.
    public static func animate(
        withDuration duration: TimeInterval, delay: TimeInterval, options: AnimationOptions = [],
        animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        runBlock(
            duration: duration, delay: delay, options: options, spring: nil, animations: animations,
            completion: completion)
    }

    /// Animates the changes made in `animations` with a spring: `dampingRatio` 1 settles
    /// without overshoot, smaller values bounce; `velocity` is the starting speed in whole
    /// distances per second. The spring is the one UIKit makes (see ``UIViewSpring``); it runs
    /// for `duration` seconds.
    public static func animate(
        withDuration duration: TimeInterval, delay: TimeInterval, usingSpringWithDamping dampingRatio: CGFloat,
        initialSpringVelocity velocity: CGFloat, options: AnimationOptions = [],
        animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        let spring =
            duration > 0
            ? UIViewSpring(dampingRatio: Double(dampingRatio), duration: duration, initialVelocity: Double(velocity))
            : nil
        runBlock(
            duration: duration, delay: delay, options: options.union(.overrideInheritedDuration), spring: spring,
            animations: animations, completion: completion)
    }

    /// Animates the changes made in `animations` with the iOS 17 spring of a perceptual
    /// duration and a bounce (`CASpringAnimation(perceptualDuration:bounce:)`), running until
    /// it settles.
    public static func animate(
        springDuration duration: TimeInterval = 0.5, bounce: CGFloat = 0, initialSpringVelocity velocity: CGFloat = 0,
        delay: TimeInterval = 0, options: AnimationOptions = [], animations: @escaping () -> Void,
        completion: ((Bool) -> Void)? = nil
    ) {
        let spring = UIViewSpring(
            perceptualDuration: duration, bounce: Double(bounce), initialVelocity: Double(velocity))
        runBlock(
            duration: spring.duration, delay: delay, options: options.union(.overrideInheritedDuration),
            spring: spring, animations: animations, completion: completion)
    }

    /// Inside an animation block, animates the changes `animations` makes as the block would,
    /// but repeating `count` times (a fraction plays part of a cycle; `.infinity` for ever) and
    /// autoreversing as `autoreverses` says, in place of the block's `.repeat` and
    /// `.autoreverse` options (iOS 11). The block's completion waits for these animations too.
    /// Outside a block the changes apply at once, as any change outside one does.
    ///
    ///     UIView.animate(withDuration: 0.4) {
    ///         UIView.modifyAnimations(withRepeatCount: 3, autoreverses: true) {
    ///             badge.transform = CGAffineTransform(scaleX: 1.2, y: 1.2)
    ///         }
    ///     }
    public static func modifyAnimations(
        withRepeatCount count: CGFloat, autoreverses: Bool, animations: () -> Void
    ) {
        require(
            !count.isNaN && count >= 0,
            "UIView.modifyAnimations(withRepeatCount:) needs a repeat count of 0 or more, got \(count)")
        guard let state = currentAnimationContext as? UIViewAnimationState else {
            animations()
            return
        }
        perform(in: state.modified(repeatCount: Float(count), autoreverses: autoreverses), animations)
    }

    /// Runs one animation block: pushes its state, runs the changes in a transaction with the
    /// block's duration and curve, and arranges the completion.
    static func runBlock(
        duration: TimeInterval, delay: TimeInterval, options: AnimationOptions, spring: UIViewSpring?,
        animations: () -> Void, completion: ((Bool) -> Void)?
    ) {
        require(
            duration.isFinite && delay.isFinite,
            "UIView animation needs a finite duration and a finite delay; got \(duration), \(delay)")
        // UIKit takes a negative duration or delay as 0: the changes apply at once and the
        // completion runs, with `true`, on the next turn of the run loop.
        var effectiveDuration = max(duration, 0)
        let delay = max(delay, 0)
        var curve = options.curve
        var effectiveOptions = options
        if let enclosing = enclosingBlockTiming {
            if !options.contains(.overrideInheritedDuration) { effectiveDuration = enclosing.duration }
            if !options.contains(.overrideInheritedCurve) { curve = enclosing.curve }
            if !options.contains(.overrideInheritedOptions) {
                effectiveOptions.subtract([.repeat, .autoreverse])
                effectiveOptions.formUnion(enclosing.repetition)
            }
        }
        let state = UIViewAnimationState(
            duration: effectiveDuration, delay: delay, curve: curve, options: effectiveOptions, spring: spring,
            completion: completion)
        perform(in: state) {
            CATransaction.setAnimationDuration(effectiveDuration)
            CATransaction.setAnimationTimingFunction(curve.timingFunction)
            animations()
            if effectiveOptions.contains(.layoutSubviews) {
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
