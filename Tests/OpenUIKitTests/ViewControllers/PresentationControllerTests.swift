import OpenUIKit
import QuartzTestSupport
import Testing

/// A half-height card with a dimming view that fades in alongside the transition, logging
/// its calls: the usual shape of a custom presentation controller.
@MainActor
final class CardPresentation: UIPresentationController {
    let log: CallLog
    let dimming = UIView()

    init(presented: UIViewController, presenting: UIViewController?, log: CallLog) {
        self.log = log
        super.init(presentedViewController: presented, presenting: presenting)
        dimming.backgroundColor = UIColor(white: 0, alpha: 0.5)
    }

    override var frameOfPresentedViewInContainerView: CGRect {
        guard let bounds = containerView?.bounds else { return .zero }
        return CGRect(x: 0, y: bounds.height / 2, width: bounds.width, height: bounds.height / 2)
    }

    override func presentationTransitionWillBegin() {
        log.entries.append("presentationTransitionWillBegin")
        guard let containerView else { return }
        dimming.frame = containerView.bounds
        dimming.alpha = 0
        containerView.insertSubview(dimming, at: 0)
        presentedViewController.transitionCoordinator?.animate(alongsideTransition: { _ in
            self.dimming.alpha = 1
        })
    }

    override func presentationTransitionDidEnd(_ completed: Bool) {
        log.entries.append("presentationTransitionDidEnd(\(completed))")
    }

    override func dismissalTransitionWillBegin() {
        log.entries.append("dismissalTransitionWillBegin")
        presentedViewController.transitionCoordinator?.animate(alongsideTransition: { _ in
            self.dimming.alpha = 0
        })
    }

    override func dismissalTransitionDidEnd(_ completed: Bool) {
        log.entries.append("dismissalTransitionDidEnd(\(completed))")
        if completed { dimming.removeFromSuperview() }
    }

    override func containerViewWillLayoutSubviews() {
        log.entries.append("containerViewWillLayoutSubviews")
        presentedView?.frame = frameOfPresentedViewInContainerView
        dimming.frame = containerView?.bounds ?? .zero
    }
}

@MainActor
final class CardTransitions: NSObject, UIViewControllerTransitioningDelegate {
    let log: CallLog
    let animator: DropAnimator?
    var asked: [String] = []

    init(_ log: CallLog, animator: DropAnimator? = nil) {
        self.log = log
        self.animator = animator
    }

    func presentationController(
        forPresented presented: UIViewController, presenting: UIViewController?, source: UIViewController
    ) -> UIPresentationController? {
        asked.append("presentationController")
        return CardPresentation(presented: presented, presenting: presenting, log: log)
    }

    func animationController(
        forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController
    ) -> (any UIViewControllerAnimatedTransitioning)? {
        asked.append("animationController")
        return animator
    }

    func animationController(forDismissed dismissed: UIViewController) -> (any UIViewControllerAnimatedTransitioning)? {
        animator
    }
}

@MainActor
@Suite("Presentation controllers: custom frames, their views alongside, their calls in order", .serialized)
struct PresentationControllerTests {
    private func window(showing root: UIViewController) -> UIWindow { keyWindow(showing: root) }

    /// A `.custom` presentation: the delegate's presentation controller decides the final frame
    /// the animator reads, its dimming view fades in alongside (0.5 at half the 1 s), and its
    /// calls fall around the appearance calls in the order the class documents.
    @Test func aCustomPresentationControllerPlacesTheCardAndDims() throws {
        try withManualClock { clock in
            let log = CallLog()
            let root = LoggedController("root", log)
            let window = window(showing: root)
            _ = log.take()
            let animator = DropAnimator(log)
            let transitions = CardTransitions(log, animator: animator)
            let card = LoggedController("card", log)
            card.modalPresentationStyle = .custom
            card.transitioningDelegate = transitions
            root.present(card, animated: true) { log.entries.append("completion") }
            #expect(transitions.asked == ["presentationController", "animationController"])
            #expect(
                log.take() == [
                    "card.viewDidLoad", "card.viewWillAppear", "presentationTransitionWillBegin", "animateTransition",
                ])
            let presentation = try #require(card.presentationController as? CardPresentation)
            #expect(presentation.presentingViewController === root)
            let container = try #require(presentation.containerView)
            #expect(container === animator.context?.containerView && container.superview === window)
            let context = try #require(animator.context)
            #expect(context.finalFrame(for: card) == CGRect(x: 0, y: 422, width: 390, height: 422))
            #expect(presentation.dimming.superview === container)

            CATransaction.flush()
            clock.advance(by: 0.5)
            let dimmed = try #require(presentation.dimming.layer.presentation())
            #expect(abs(dimmed.opacity - 0.5) < 0.02, "ease-in-ease-out alongside: half way at half the duration")
            #expect(abs(Double(card.view.layer.presentation()?.frame.minY ?? .nan) - (422 - 0.5 * 422)) < 1e-6)
            clock.advance(by: 0.51)
            #expect(
                log.take().filter { $0 != "containerViewWillLayoutSubviews" } == [
                    "presentationTransitionDidEnd(true)", "card.viewIsAppearing", "card.viewDidAppear",
                    "animationEnded(true)", "completion",
                ])
            #expect(root.view.superview === window, "shouldRemovePresentersView is off by default")
            #expect(card.view.frame == CGRect(x: 0, y: 422, width: 390, height: 422))

            card.dismiss(animated: true) { log.entries.append("dismissed") }
            #expect(log.take() == ["card.viewWillDisappear", "dismissalTransitionWillBegin", "animateTransition"])
            CATransaction.flush()
            clock.advance(by: 1.01)
            #expect(
                log.take().filter { $0 != "containerViewWillLayoutSubviews" } == [
                    "dismissalTransitionDidEnd(true)", "card.viewDidDisappear", "animationEnded(true)", "dismissed",
                ])
            #expect(presentation.containerView == nil && container.superview == nil)
            #expect(root.presentedViewController == nil)
        }
    }

    /// Without an animator of the delegate's, the system's cover-vertical animation runs to the
    /// presentation controller's frame; a new container size lays the card out again.
    @Test func theSystemAnimatorUsesThePresentationControllersFrame() throws {
        try withManualClock { clock in
            let log = CallLog()
            let root = LoggedController("root", log)
            let window = window(showing: root)
            let transitions = CardTransitions(log)
            let card = LoggedController("card", log)
            card.modalPresentationStyle = .custom
            card.transitioningDelegate = transitions
            root.present(card, animated: true)
            CATransaction.flush()
            clock.advance(by: 0.51)
            #expect(card.view.frame == CGRect(x: 0, y: 422, width: 390, height: 422))
            CATransaction.flush()
            _ = log.take()
            let container = try #require(card.presentationController?.containerView)
            container.frame = CGRect(x: 0, y: 0, width: 844, height: 390)
            container.layoutIfNeeded()
            let calls = log.take()
            #expect(!calls.isEmpty && calls.allSatisfy { $0 == "containerViewWillLayoutSubviews" })
            #expect(card.view.frame == CGRect(x: 0, y: 195, width: 844, height: 195))
            withExtendedLifetime(window) {}
        }
    }

    /// Every presented controller has a presentation controller, asked for before the
    /// presentation too: a full-screen one removes the presenter's view, a sheet does not.
    @Test func theSystemStylesHaveTheirPresentationControllers() {
        withManualClock { _ in
            let root = UIViewController()
            let window = window(showing: root)
            let sheet = UIViewController()
            let early = sheet.presentationController
            #expect(early != nil && early?.shouldRemovePresentersView == false)
            root.present(sheet, animated: false)
            #expect(sheet.presentationController === early, "the one read before is the one used")
            #expect(
                sheet.presentationController?.frameOfPresentedViewInContainerView.minY == 57,
                "47 + 10 below the status bar")
            sheet.dismiss(animated: false)

            let full = UIViewController()
            full.modalPresentationStyle = .fullScreen
            root.present(full, animated: false)
            #expect(full.presentationController?.shouldRemovePresentersView == true)
            #expect(root.view.superview == nil)
            full.dismiss(animated: false)
            #expect(root.view.superview === window)
            #expect(UIViewController().presentationController?.presentationStyle == .automatic)
        }
    }
}

/// A `.popover` presentation on an iPhone: its controller keeps the anchor set before the
/// presentation, and the popover adapts to a page sheet.
@MainActor
@Suite struct PopoverPresentationTests {
    final class Listener: UIPopoverPresentationControllerDelegate {
        func adaptivePresentationStyle(for controller: UIPresentationController, traitCollection: UITraitCollection)
            -> UIModalPresentationStyle
        { .none }
    }

    @Test func aPopoversControllerKeepsItsAnchorAndAdaptsToASheet() {
        withManualClock { _ in
            let root = UIViewController()
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            window.rootViewController = root
            window.makeKeyAndVisible()
            let menu = UIViewController()
            #expect(menu.popoverPresentationController == nil, "not a popover yet")
            menu.modalPresentationStyle = .popover
            let popover = menu.popoverPresentationController
            let listener = Listener()
            popover?.sourceView = root.view
            popover?.sourceRect = CGRect(x: 10, y: 20, width: 30, height: 40)
            popover?.permittedArrowDirections = [.up, .down]
            popover?.delegate = listener
            root.present(menu, animated: false)
            #expect(menu.popoverPresentationController === popover, "the one set up before is the one used")
            #expect(popover?.sourceRect == CGRect(x: 10, y: 20, width: 30, height: 40))
            #expect(popover?.permittedArrowDirections == [.up, .down])
            #expect(popover?.arrowDirection == .unknown, "adapted, it has no arrow")
            #expect(popover?.frameOfPresentedViewInContainerView.minY == 57, "a page sheet's, 47 + 10")
            #expect(root.view.superview === window, "the presenter stays")
            menu.dismiss(animated: false)
            #expect(menu.presentingViewController == nil)
        }
    }
}
