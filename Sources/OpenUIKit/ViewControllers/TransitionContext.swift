import Foundation

/// One transition between two controllers — a presentation, a dismissal, a push or a pop — as
/// its animators see it (``UIViewControllerContextTransitioning``) and as the controllers'
/// `transitionCoordinator` gives it.
///
/// The transition's owner (presentation or navigation) says what happens when it ends with
/// `onEnd`; ``completeTransition(_:)`` runs that once, then the animator's `animationEnded`.
/// A transition whose animator never calls `completeTransition` is reported two seconds after
/// its duration, and stays in progress, as on iOS.
@MainActor
final class TransitionContext: NSObject, UIViewControllerContextTransitioning, UIViewControllerTransitionCoordinator {
    /// The transitions in progress, oldest first.
    static var running: [TransitionContext] = []

    let containerView: UIView
    let isAnimated: Bool
    private(set) var isInteractive: Bool
    private(set) var transitionWasCancelled = false
    let presentationStyle: UIModalPresentationStyle
    var targetTransform: CGAffineTransform { .identity }

    let fromViewController: UIViewController
    let toViewController: UIViewController
    private let fromView: UIView?
    private let toView: UIView?
    private let frames: [ObjectIdentifier: (initial: CGRect, final: CGRect)]
    let animator: any UIViewControllerAnimatedTransitioning
    /// What the transition is, for messages: "presentation", "push", ….
    let kind: String
    /// What the owner does when the transition ends (true: completed).
    var onEnd: (Bool) -> Void = { _ in }
    /// The completion handler of the call that started the transition: run last, when the
    /// transition completed.
    var completion: (() -> Void)?
    private(set) var isComplete = false
    private(set) var percentComplete: CGFloat = 0
    private var alongside: [((any UIViewControllerTransitionCoordinatorContext) -> Void)?] = []
    private var alongsideCompletions: [(any UIViewControllerTransitionCoordinatorContext) -> Void] = []
    private var started = false
    private let watchdog = AnimatorEndTimer()
    private var endWork: [() -> Void] = []

    init(
        kind: String, containerView: UIView, animated: Bool, interactive: Bool, style: UIModalPresentationStyle,
        from: UIViewController, to: UIViewController, fromView: UIView?, toView: UIView?,
        frames: [(UIViewController, initial: CGRect, final: CGRect)], animator: any UIViewControllerAnimatedTransitioning
    ) {
        self.kind = kind
        self.containerView = containerView
        self.isAnimated = animated
        self.isInteractive = interactive
        self.presentationStyle = style
        self.fromViewController = from
        self.toViewController = to
        self.fromView = fromView
        self.toView = toView
        self.frames = Dictionary(
            frames.map { (ObjectIdentifier($0.0), (initial: $0.initial, final: $0.final)) }, uniquingKeysWith: { $1 })
        self.animator = animator
        super.init()
        // Registered at once: the controllers' "will" methods, which run before the animator
        // starts, find it as their transition coordinator.
        Self.running.append(self)
    }

    /// Work to do when the transition ends, before its owner's (an interactive driver gives
    /// back the container's layer timing).
    func whenEnded(_ work: @escaping () -> Void) {
        endWork.append(work)
    }

    /// Whether `controller` is one of the two controllers (or inside one).
    func involves(_ controller: UIViewController) -> Bool {
        controller === fromViewController || controller === toViewController
    }

    // MARK: Running

    /// Starts the animator (or the interactive controller), then the alongside animations.
    func start(interactor: (any UIViewControllerInteractiveTransitioning)?) {
        started = true
        if let interactor, isInteractive {
            interactor.startInteractiveTransition(self)
        } else {
            animator.animateTransition(using: self)
            armWatchdog(after: transitionDuration)
        }
        runAlongsideAnimations()
    }

    private func runAlongsideAnimations() {
        let pending = alongside
        alongside = []
        guard !pending.isEmpty, !isComplete else { return }
        if isAnimated {
            UIView.animate(withDuration: transitionDuration, delay: 0, options: [.curveEaseInOut]) {
                for animation in pending { animation?(self) }
            }
        } else {
            for animation in pending { animation?(self) }
        }
    }

    private func armWatchdog(after seconds: TimeInterval) {
        guard !isComplete else { return }
        watchdog.schedule(at: CACurrentMediaTime() + max(seconds, 0) + 2) { [weak self] in
            guard let self, !self.isComplete else { return }
            Warnings.emit(
                "UIKit: the \(kind) from \(type(of: fromViewController)) to \(type(of: toViewController)) is still in progress 2 s after its \(transitionDuration) s: \(type(of: animator)) has not called completeTransition(_:) on its transition context. Call it when the transition's animations end (with !transitionContext.transitionWasCancelled)."
            )
        }
    }

    // MARK: UIViewControllerContextTransitioning

    func updateInteractiveTransition(_ percentComplete: CGFloat) {
        self.percentComplete = min(max(percentComplete, 0), 1)
    }

    func finishInteractiveTransition() {
        guard isInteractive else { return }
        isInteractive = false
        armWatchdog(after: transitionDuration * Double(1 - percentComplete))
    }

    func cancelInteractiveTransition() {
        guard isInteractive else { return }
        isInteractive = false
        transitionWasCancelled = true
        armWatchdog(after: transitionDuration * Double(percentComplete))
    }

    func pauseInteractiveTransition() {
        isInteractive = true
    }

    func completeTransition(_ didComplete: Bool) {
        guard !isComplete else { return }
        isComplete = true
        watchdog.cancel()
        if !didComplete { transitionWasCancelled = true }
        Self.running.removeAll { $0 === self }
        // Alongside animations of a transition that never ran an animator apply now.
        for animation in alongside { animation?(self) }
        alongside = []
        let work = endWork
        endWork = []
        for item in work { item() }
        onEnd(didComplete)
        animator.animationEnded(didComplete)
        let completions = alongsideCompletions
        alongsideCompletions = []
        for completion in completions { completion(self) }
        if didComplete { completion?() }
        completion = nil
    }

    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController? {
        switch key {
        case .from: fromViewController
        case .to: toViewController
        default: nil
        }
    }

    func view(forKey key: UITransitionContextViewKey) -> UIView? {
        switch key {
        case .from: fromView
        case .to: toView
        default: nil
        }
    }

    func initialFrame(for vc: UIViewController) -> CGRect {
        frames[ObjectIdentifier(vc)]?.initial ?? .zero
    }

    func finalFrame(for vc: UIViewController) -> CGRect {
        frames[ObjectIdentifier(vc)]?.final ?? .zero
    }

    // MARK: UIViewControllerTransitionCoordinator

    var isCancelled: Bool { transitionWasCancelled }

    var transitionDuration: TimeInterval {
        isAnimated ? animator.transitionDuration(using: self) : 0
    }

    @discardableResult
    func animate(
        alongsideTransition animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?,
        completion: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?
    ) -> Bool {
        guard !isComplete else { return false }
        alongside.append(animation)
        if let completion { alongsideCompletions.append(completion) }
        if started { runAlongsideAnimations() }
        return isAnimated
    }
}

/// The system's transition animations, used where no delegate gives an animator: a
/// presentation covers vertically (rising from the bottom) or cross-dissolves; a navigation
/// push slides the new view in from the right while the old one moves a third of the way
/// left, a pop the reverse — or, while `UIAccessibility.prefersCrossFadeTransitions` (Reduce
/// Motion), cross-fades the two views in place. UIKit runs them on springs of about these
/// lengths; here they are ease-in-ease-out curves of 0.5 s (presentations) and 0.35 s
/// (navigation).
@MainActor
final class SystemTransitionAnimator: NSObject, UIViewControllerAnimatedTransitioning {
    enum Kind {
        case coverVertical, crossDissolve, push, pop
    }

    let kind: Kind
    /// Presenting (the new view comes in) or dismissing (the old one goes out).
    let presenting: Bool

    init(kind: Kind, presenting: Bool) {
        self.kind = kind
        self.presenting = presenting
    }

    func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?) -> TimeInterval {
        switch kind {
        case .coverVertical, .crossDissolve: 0.5
        case .push, .pop: 0.35
        }
    }

    func animateTransition(using context: any UIViewControllerContextTransitioning) {
        let container = context.containerView
        let duration = transitionDuration(using: context)
        guard let toController = context.viewController(forKey: .to),
            let fromController = context.viewController(forKey: .from)
        else { return }
        let finish: (Bool) -> Void = { _ in context.completeTransition(!context.transitionWasCancelled) }
        switch (kind, presenting) {
        case (.coverVertical, true):
            let view = context.view(forKey: .to) ?? toController.view!
            let final = context.finalFrame(for: toController)
            view.frame = final.offsetBy(dx: 0, dy: container.bounds.height - final.minY)
            container.addSubview(view)
            UIView.animate(withDuration: duration, delay: 0, options: .curveEaseInOut, animations: {
                view.frame = final
            }, completion: finish)
        case (.coverVertical, false):
            let view = context.view(forKey: .from) ?? fromController.view!
            UIView.animate(withDuration: duration, delay: 0, options: .curveEaseInOut, animations: {
                view.frame.origin.y = container.bounds.height
            }, completion: finish)
        case (.crossDissolve, true):
            let view = context.view(forKey: .to) ?? toController.view!
            view.frame = context.finalFrame(for: toController)
            view.alpha = 0
            container.addSubview(view)
            UIView.animate(withDuration: duration, delay: 0, options: .curveEaseInOut, animations: {
                view.alpha = 1
            }, completion: finish)
        case (.crossDissolve, false):
            let view = context.view(forKey: .from) ?? fromController.view!
            UIView.animate(withDuration: duration, delay: 0, options: .curveEaseInOut, animations: {
                view.alpha = 0
            }, completion: { finished in
                view.alpha = 1
                finish(finished)
            })
        case (.push, _), (.pop, _):
            let pushing = kind == .push
            let fromView = fromController.view!
            let toView = toController.view!
            if UIAccessibility.prefersCrossFadeTransitions {
                crossFade(
                    from: fromView, to: toView, at: context.finalFrame(for: toController), in: container,
                    pushing: pushing, duration: duration, finish: finish)
                return
            }
            let width = container.bounds.width
            toView.frame = context.finalFrame(for: toController).offsetBy(dx: pushing ? width : -width / 3, dy: 0)
            if pushing {
                container.addSubview(toView)
            } else {
                container.insertSubview(toView, belowSubview: fromView)
            }
            UIView.animate(withDuration: duration, delay: 0, options: .curveEaseInOut, animations: {
                toView.frame = context.finalFrame(for: toController)
                fromView.frame.origin.x = pushing ? -width / 3 : width
            }, completion: { finished in
                fromView.frame.origin.x = 0
                finish(finished)
            })
        }
    }

    /// A push or pop while Reduce Motion prefers cross-fades: the views stay where they end
    /// and dissolve into each other over the slide's duration with its curve (the new view
    /// from transparent, the old one to transparent, its alpha given back when the transition
    /// ends, as the slide gives back its position).
    private func crossFade(
        from fromView: UIView, to toView: UIView, at finalFrame: CGRect, in container: UIView, pushing: Bool,
        duration: TimeInterval, finish: @escaping (Bool) -> Void
    ) {
        toView.frame = finalFrame
        toView.alpha = 0
        if pushing {
            container.addSubview(toView)
        } else {
            container.insertSubview(toView, belowSubview: fromView)
        }
        UIView.animate(
            withDuration: duration, delay: 0, options: .curveEaseInOut,
            animations: {
                toView.alpha = 1
                fromView.alpha = 0
            },
            completion: { finished in
                fromView.alpha = 1
                toView.alpha = 1
                finish(finished)
            })
    }
}
