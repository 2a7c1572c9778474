import Foundation

extension UIViewController {
    /// A container's exchange of the child it shows, `old` for `new`, in its own view (a push,
    /// a pop, a tab switch): the transition context the animator gets, the appearance calls,
    /// and at its end the views exchanged — or, cancelled, put back. `bar` (the navigation or
    /// tab bar) stays over the children's views; `install` places a child's view; `prepare`
    /// sees the context before it starts; `ended` runs last, told whether it completed.
    func swapShownChild(
        _ old: UIViewController, for new: UIViewController, kind: String, animated: Bool,
        animator: any UIViewControllerAnimatedTransitioning, interactor: (any UIViewControllerInteractiveTransitioning)?,
        keepingOnTop bar: UIView, install: @escaping (UIViewController) -> Void,
        prepare: (TransitionContext) -> Void = { _ in }, ended: @escaping (Bool) -> Void
    ) {
        let container: UIView = view
        let context = TransitionContext(
            kind: kind, containerView: container, animated: animated,
            interactive: interactor?.wantsInteractiveStart ?? false, style: .fullScreen, from: old, to: new,
            fromView: old.view, toView: new.view,
            frames: [(old, initial: container.bounds, final: container.bounds), (new, initial: .zero, final: container.bounds)],
            animator: animator)
        context.onEnd = { completed in
            if completed {
                old.view.removeFromSuperview()
                if new.view.superview !== container { install(new) }
                new.view.frame = container.bounds
                old.endAppearanceTransition()
                new.endAppearanceTransition()
            } else {
                new.view.removeFromSuperview()
                old.view.frame = container.bounds
                new.reverseAppearance()
                old.reverseAppearance()
            }
            container.bringSubviewToFront(bar)
            ended(completed)
        }
        old.beginAppearanceTransition(false, animated: animated)
        new.beginAppearanceTransition(true, animated: animated)
        prepare(context)
        if animated {
            context.start(interactor: interactor)
            // The animator's views go into the container; the bar stays over them, as on iOS.
            container.bringSubviewToFront(bar)
        } else {
            install(new)
            context.completeTransition(true)
        }
    }
}
