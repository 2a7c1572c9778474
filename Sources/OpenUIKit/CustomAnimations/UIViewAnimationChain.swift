import Foundation

extension UIView {
    /// Runs `animations` as the first step of a chain and returns the chain, to which further
    /// steps are added: each starts when the one before completes, as EasyAnimation's
    /// `animateAndChain` does in the seeds.
    ///
    ///     let pulse = UIView.animateAndChain(withDuration: 0.3, delay: 0, options: [],
    ///                                        animations: { dot.transform = .init(scaleX: 2, y: 2) })
    ///         .animate(withDuration: 0.3) { dot.transform = .identity }
    ///         .loop()
    ///     …
    ///     pulse.cancel { print("stopped after the running step") }
    ///
    /// A chain is a sequence of ordinary block animations (``animate(withDuration:delay:options:animations:completion:)``),
    /// so every step is built on the public hook like them.
    @discardableResult
    public static func animateAndChain(
        withDuration duration: TimeInterval, delay: TimeInterval, options: AnimationOptions = [],
        animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
    ) -> UIViewAnimationChain {
        let chain = UIViewAnimationChain()
        chain.animate(
            withDuration: duration, delay: delay, options: options, animations: animations, completion: completion)
        return chain
    }
}

/// A chain of block animations that run one after another, optionally looping, and that can
/// be cancelled. Made by ``UIView/animateAndChain(withDuration:delay:options:animations:completion:)``.
///
/// The chain keeps its steps' closures — and so the views they capture — only while it
/// runs: when it ends or is cancelled it lets go of them.
@preconcurrency @MainActor
public final class UIViewAnimationChain {
    private struct Step {
        let duration: TimeInterval
        let delay: TimeInterval
        let options: UIView.AnimationOptions
        let spring: (dampingRatio: CGFloat, velocity: CGFloat)?
        let animations: () -> Void
        let completion: ((Bool) -> Void)?
    }

    private var steps: [Step] = []
    /// The step running now, if any.
    private var current: Int?
    private var loops = false
    private var cancelCompletion: (() -> Void)?
    private var isCancelled = false

    /// Whether the chain is over: it ran its last step, or was cancelled and its running step
    /// ended.
    public private(set) var isFinished = false

    init() {}

    /// Adds a step that animates `animations` when the steps before it have completed (or
    /// starts it now if the chain is idle).
    @discardableResult
    public func animate(
        withDuration duration: TimeInterval, delay: TimeInterval = 0, options: UIView.AnimationOptions = [],
        animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
    ) -> UIViewAnimationChain {
        append(
            Step(
                duration: duration, delay: delay, options: options, spring: nil, animations: animations,
                completion: completion))
    }

    /// Adds a spring step (``UIView/animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:options:animations:completion:)``).
    @discardableResult
    public func animate(
        withDuration duration: TimeInterval, delay: TimeInterval = 0, usingSpringWithDamping dampingRatio: CGFloat,
        initialSpringVelocity velocity: CGFloat, options: UIView.AnimationOptions = [],
        animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
    ) -> UIViewAnimationChain {
        append(
            Step(
                duration: duration, delay: delay, options: options, spring: (dampingRatio, velocity),
                animations: animations, completion: completion))
    }

    /// Makes the chain start again from its first step each time its last step finishes
    /// (EasyAnimation's `repeat`). A step that is interrupted (`finished == false`) ends the
    /// loop's turn without starting over.
    @discardableResult
    public func loop() -> UIViewAnimationChain {
        require(!isFinished, "UIViewAnimationChain.loop(): the chain has already ended")
        loops = true
        return self
    }

    /// Cancels the chain: the running step completes as it would, no further step starts,
    /// then `completion` runs (at once if no step is running).
    public func cancel(completion: (() -> Void)? = nil) {
        guard !isFinished else {
            completion?()
            return
        }
        isCancelled = true
        cancelCompletion = completion
        if current == nil { end() }
    }

    private func append(_ step: Step) -> UIViewAnimationChain {
        require(!isFinished, "UIViewAnimationChain: cannot add a step to a chain that has ended")
        steps.append(step)
        if current == nil, !isCancelled { run(steps.count - 1) }
        return self
    }

    private func run(_ index: Int) {
        current = index
        let step = steps[index]
        let completed: (Bool) -> Void = { finished in self.stepCompleted(index, finished: finished) }
        if let spring = step.spring {
            UIView.animate(
                withDuration: step.duration, delay: step.delay, usingSpringWithDamping: spring.dampingRatio,
                initialSpringVelocity: spring.velocity, options: step.options, animations: step.animations,
                completion: completed)
        } else {
            UIView.animate(
                withDuration: step.duration, delay: step.delay, options: step.options, animations: step.animations,
                completion: completed)
        }
    }

    private func stepCompleted(_ index: Int, finished: Bool) {
        steps[index].completion?(finished)
        current = nil
        if isCancelled { return end() }
        if index + 1 < steps.count {
            run(index + 1)
        } else if loops, finished {
            run(0)
        } else {
            end()
        }
    }

    /// Lets go of every step (and the views their closures hold), then reports a cancel.
    private func end() {
        isFinished = true
        steps = []
        let completion = cancelCompletion
        cancelCompletion = nil
        completion?()
    }
}
