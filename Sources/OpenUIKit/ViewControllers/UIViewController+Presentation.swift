import Foundation

/// Modal presentation: `present(_:animated:completion:)` and `dismiss(animated:completion:)`.
///
/// The presented view is placed in a container view over the window (UIKit's
/// `UITransitionView`) and animated by the presented controller's transitioning delegate's
/// animator, else by the system's (``UIModalTransitionStyle``). A full-screen presentation
/// takes the presenting controller's view out of the window when it ends and tells that
/// controller it disappeared; a sheet, an over-full-screen or a custom presentation leaves it,
/// and tells it nothing, as on iOS. Appearance methods and completion handlers arrive once:
///
/// - present: the presenting controller's `viewWillDisappear` (full screen only), the
///   presented one's `viewWillAppear`, the animator's `animateTransition(using:)`; when it calls
///   `completeTransition(true)`: `viewIsAppearing` and `viewDidAppear` of the presented one,
///   `viewDidDisappear` of the presenting one, the animator's `animationEnded(true)`, then the
///   completion handler;
/// - dismiss: the same with the roles exchanged;
/// - a cancelled (interactive) transition undoes the appearance: the controller that was to
///   appear hears `viewWillDisappear` and `viewDidDisappear`, the other `viewWillAppear` and
///   `viewDidAppear`, and the completion handler is not called.
extension UIViewController {
    /// The style a presentation takes: `.automatic` is a page sheet, as on iOS 13 and later.
    var resolvedPresentationStyle: UIModalPresentationStyle {
        switch modalPresentationStyle {
        case .automatic, .formSheet, .popover: .pageSheet
        case .none: .fullScreen
        default: modalPresentationStyle
        }
    }

    /// The controller whose presentations this one makes: its outermost container.
    var presentationRoot: UIViewController {
        var root = self
        while let parent = root.parent { root = parent }
        return root
    }

    /// The container view a presentation of this controller animates in.
    var presentationContainer: UIView? { presentationControllerStorage?.containerView }

    /// The controller that manages this one's presentation: while it is presented, the one its
    /// presentation made; before, the one it would make (a `.custom` style's comes from the
    /// `transitioningDelegate` when the presentation begins). Nil for a child controller.
    public var presentationController: UIPresentationController? {
        if let existing = presentationControllerStorage { return existing }
        guard parent == nil else { return nil }
        let made = makePresentationController(presenting: nil, source: nil)
        presentationControllerStorage = made
        return made
    }

    /// The presentation controller for the style: the transitioning delegate's for `.custom`
    /// (asked when a source is known, that is when presenting), else the system's.
    private func makePresentationController(
        presenting presenter: UIViewController?, source: UIViewController?
    ) -> UIPresentationController {
        if modalPresentationStyle == .custom {
            if let source,
                let made = transitioningDelegate?.presentationController(
                    forPresented: self, presenting: presenter, source: source)
            {
                return made
            }
            return UIPresentationController(presentedViewController: self, presenting: presenter)
        }
        if modalPresentationStyle == .popover {
            return UIPopoverPresentationController(presentedViewController: self, presenting: presenter)
        }
        return SystemPresentationController(presentedViewController: self, presenting: presenter)
    }

    /// `present(_:animated:completion:)`.
    func performPresentation(
        _ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)?
    ) {
        let presented = viewControllerToPresent
        let presenter = presentationRoot
        guard presented.presentingReference == nil, presented.parent == nil, presented !== presenter else {
            fatalError(
                "UIViewController.present: application tried to present modally \(type(of: presented)), which is already presented or is a child of another controller"
            )
        }
        if let current = presenter.presentedViewController {
            Warnings.emit(
                "UIKit: attempt to present \(type(of: presented)) on \(type(of: presenter)), which is already presenting \(type(of: current)); nothing is presented"
            )
            return
        }
        guard let window = presenter.viewIfLoaded?.window else {
            Warnings.emit(
                "UIKit: attempt to present \(type(of: presented)) on \(type(of: presenter)), whose view is not in the window hierarchy; nothing is presented (set a window's rootViewController and call makeKeyAndVisible())"
            )
            return
        }
        let style = presented.resolvedPresentationStyle
        presenter.presentedViewController = presented
        presented.presentingReference = presenter
        presented.isBeingPresented = true
        presented.loadViewIfNeeded()

        // One read before the presentation is kept if it suits the style; a `.custom` style's is
        // the delegate's, asked now.
        let presentation: UIPresentationController
        if let early = presented.presentationControllerStorage,
            presented.modalPresentationStyle == .popover
                ? early is UIPopoverPresentationController
                : (early is SystemPresentationController) == (style != .custom)
                    && (style != .custom || type(of: early) != UIPresentationController.self)
        {
            presentation = early
        } else {
            presentation = presented.makePresentationController(presenting: presenter, source: self)
        }
        presented.presentationControllerStorage = presentation
        let container = UITransitionView(frame: window.bounds)
        window.addSubview(container)
        presentation.begin(presentedBy: presenter, in: container)
        let replaces = presentation.shouldRemovePresentersView
        let final = presentation.frameOfPresentedViewInContainerView
        let presentedView = presentation.presentedView ?? presented.view!
        var insets = window.safeAreaInsets
        if style == .pageSheet { insets.top = 0 }
        presented.view.safeAreaInsets = insets
        let delegate = presented.transitioningDelegate
        let custom =
            flag
            ? delegate?.animationController(forPresented: presented, presenting: presenter, source: self) : nil
        let animator =
            custom
            ?? SystemTransitionAnimator(
                kind: presented.modalTransitionStyle == .crossDissolve ? .crossDissolve : .coverVertical,
                presenting: true)
        let interactor = custom.flatMap { delegate?.interactionControllerForPresentation(using: $0) }
        let context = TransitionContext(
            kind: "presentation", containerView: container, animated: flag,
            interactive: interactor?.wantsInteractiveStart ?? false, style: style, from: presenter, to: presented,
            fromView: replaces ? presenter.view : nil, toView: presentedView,
            frames: [
                (presenter, initial: presenter.view.frame, final: replaces ? .zero : presenter.view.frame),
                (presented, initial: .zero, final: final),
            ], animator: animator)
        context.onEnd = { completed in
            presented.isBeingPresented = false
            presentation.presentationTransitionDidEnd(completed)
            if completed {
                if presentedView.superview == nil {
                    presentedView.frame = final
                    container.addSubview(presentedView)
                }
                if replaces {
                    presenter.view.removeFromSuperview()
                    presenter.endAppearanceTransition()
                }
                presented.endAppearanceTransition()
            } else {
                presentedView.removeFromSuperview()
                container.removeFromSuperview()
                presentation.containerView = nil
                presenter.presentedViewController = nil
                presented.presentingReference = nil
                presented.reverseAppearance()
                if replaces { presenter.reverseAppearance() }
            }
        }
        context.completion = completion
        if replaces { presenter.beginAppearanceTransition(false, animated: flag) }
        presented.beginAppearanceTransition(true, animated: flag)
        presentation.presentationTransitionWillBegin()
        if flag {
            context.start(interactor: interactor)
        } else {
            presentedView.frame = final
            container.addSubview(presentedView)
            context.completeTransition(true)
        }
    }

    /// `dismiss(animated:completion:)`.
    func performDismissal(animated flag: Bool, completion: (() -> Void)?) {
        let root = presentationRoot
        let presented: UIViewController
        let presenter: UIViewController
        if let top = root.presentedViewController {
            presented = top
            presenter = root
        } else if let presenting = root.presentingReference {
            presented = root
            presenter = presenting
        } else {
            return
        }
        if TransitionContext.running.contains(where: { $0.involves(presented) }) {
            Warnings.emit(
                "UIKit: attempt to dismiss \(type(of: presented)) while a transition is in progress; nothing is dismissed"
            )
            return
        }
        // What the dismissed controller presented goes first, at once.
        presented.presentedViewController?.dismissAtOnce()
        guard let container = presented.presentationContainer, let window = container.window else {
            presented.dismissAtOnce()
            completion?()
            return
        }
        let style = presented.resolvedPresentationStyle
        guard let presentation = presented.presentationControllerStorage else {
            fatalError(
                "UIViewController.dismiss: \(type(of: presented)) is presented without a presentation controller")
        }
        let replaces = presentation.shouldRemovePresentersView
        let presentedView = presentation.presentedView ?? presented.view!
        presented.isBeingDismissed = true
        if replaces {
            presenter.view.frame = presenter.restingFrame(in: window)
            window.insertSubview(presenter.view, belowSubview: container)
        }
        let delegate = presented.transitioningDelegate
        let custom = flag ? delegate?.animationController(forDismissed: presented) : nil
        let animator =
            custom
            ?? SystemTransitionAnimator(
                kind: presented.modalTransitionStyle == .crossDissolve ? .crossDissolve : .coverVertical,
                presenting: false)
        let interactor = custom.flatMap { delegate?.interactionControllerForDismissal(using: $0) }
        let context = TransitionContext(
            kind: "dismissal", containerView: container, animated: flag,
            interactive: interactor?.wantsInteractiveStart ?? false, style: style, from: presented, to: presenter,
            fromView: presentedView, toView: replaces ? presenter.view : nil,
            frames: [
                (presented, initial: presentedView.frame, final: .zero),
                (presenter, initial: replaces ? .zero : presenter.view.frame, final: presenter.view.frame),
            ], animator: animator)
        context.onEnd = { completed in
            presented.isBeingDismissed = false
            presentation.dismissalTransitionDidEnd(completed)
            if completed {
                presentedView.removeFromSuperview()
                container.removeFromSuperview()
                presentation.containerView = nil
                presenter.presentedViewController = nil
                presented.presentingReference = nil
                presented.endAppearanceTransition()
                if replaces { presenter.endAppearanceTransition() }
            } else {
                if replaces { presenter.view.removeFromSuperview() }
                presented.reverseAppearance()
                if replaces { presenter.reverseAppearance() }
            }
        }
        context.completion = completion
        presented.beginAppearanceTransition(false, animated: flag)
        if replaces { presenter.beginAppearanceTransition(true, animated: flag) }
        presentation.dismissalTransitionWillBegin()
        if flag {
            context.start(interactor: interactor)
        } else {
            context.completeTransition(true)
        }
    }

    /// Takes this presented controller (and what it presents) away without a transition.
    private func dismissAtOnce() {
        presentedViewController?.dismissAtOnce()
        guard let presenter = presentingReference else { return }
        let presentation = presentationControllerStorage
        let replaces = presentation?.shouldRemovePresentersView ?? false
        changeAppearance(false, animated: false)
        let container = presentationContainer
        if replaces, let container, let window = container.window {
            presenter.view.frame = presenter.restingFrame(in: window)
            window.insertSubview(presenter.view, belowSubview: container)
            presenter.changeAppearance(true, animated: false)
        }
        (presentation?.presentedView ?? view).removeFromSuperview()
        container?.removeFromSuperview()
        presentation?.containerView = nil
        presenter.presentedViewController = nil
        presentingReference = nil
    }

    /// A cancelled transition: the controller goes back to where it was.
    func reverseAppearance() {
        let wasAppearing = appearance == .appearing
        beginAppearanceTransition(!wasAppearing, animated: true)
        endAppearanceTransition()
    }

    /// Where a presented view rests in a container of `bounds`: all of it, or for a sheet the
    /// part below the status bar and 10 points more, as an iPhone shows a page sheet.
    func presentedFrame(in bounds: CGRect, style: UIModalPresentationStyle, window: UIWindow) -> CGRect {
        switch style {
        case .pageSheet:
            let top = window.safeAreaInsets.top + 10
            return CGRect(x: bounds.minX, y: bounds.minY + top, width: bounds.width, height: bounds.height - top)
        default:
            return bounds
        }
    }

    /// Where the view of a controller at the root of a window rests.
    func restingFrame(in window: UIWindow) -> CGRect {
        window.rootViewController === self ? window.bounds : (viewIfLoaded?.frame ?? window.bounds)
    }
}
