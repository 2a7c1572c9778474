import OpenUIKit
import QuartzTestSupport
import Testing

/// A key window of the main screen's size showing `root`.
@MainActor
func keyWindow(showing root: UIViewController) -> UIWindow {
    let window = UIWindow(frame: UIScreen.main.bounds)
    window.rootViewController = root
    window.makeKeyAndVisible()
    return window
}

/// What the controllers of a test heard, in order.
@MainActor
final class CallLog {
    var entries: [String] = []
    func take() -> [String] {
        defer { entries = [] }
        return entries
    }
}

/// A controller that writes its lifecycle and appearance calls to a log.
@MainActor
class LoggedController: UIViewController {
    let name: String
    let log: CallLog

    init(_ name: String, _ log: CallLog) {
        self.name = name
        self.log = log
        super.init()
    }

    required init?(coder: NSCoder) { fatalError("not archived") }

    override func viewDidLoad() { log.entries.append("\(name).viewDidLoad") }
    override func viewWillAppear(_ animated: Bool) { log.entries.append("\(name).viewWillAppear") }
    override func viewIsAppearing(_ animated: Bool) { log.entries.append("\(name).viewIsAppearing") }
    override func viewDidAppear(_ animated: Bool) { log.entries.append("\(name).viewDidAppear") }
    override func viewWillDisappear(_ animated: Bool) { log.entries.append("\(name).viewWillDisappear") }
    override func viewDidDisappear(_ animated: Bool) { log.entries.append("\(name).viewDidDisappear") }
}

/// Slides the presented view down from above (or up and away), linearly over `duration`,
/// logging what it is asked; `completes: false` never calls `completeTransition`.
@MainActor
final class DropAnimator: NSObject, UIViewControllerAnimatedTransitioning {
    let log: CallLog
    let duration: TimeInterval
    let completes: Bool
    var context: (any UIViewControllerContextTransitioning)?

    init(_ log: CallLog, duration: TimeInterval = 1, completes: Bool = true) {
        self.log = log
        self.duration = duration
        self.completes = completes
    }

    func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?) -> TimeInterval {
        duration
    }

    func animateTransition(using context: any UIViewControllerContextTransitioning) {
        self.context = context
        log.entries.append("animateTransition")
        let container = context.containerView
        if let presented = context.view(forKey: .to), let controller = context.viewController(forKey: .to) {
            let final = context.finalFrame(for: controller)
            presented.frame = final.offsetBy(dx: 0, dy: -final.height)
            container.addSubview(presented)
            UIView.animate(withDuration: duration, delay: 0, options: .curveLinear) {
                presented.frame = final
            } completion: { _ in
                if self.completes { context.completeTransition(!context.transitionWasCancelled) }
            }
        } else if let leaving = context.view(forKey: .from) {
            UIView.animate(withDuration: duration, delay: 0, options: .curveLinear) {
                leaving.frame.origin.y = -leaving.frame.height
            } completion: { _ in
                if context.transitionWasCancelled { leaving.frame.origin.y = 0 }
                if self.completes { context.completeTransition(!context.transitionWasCancelled) }
            }
        }
    }

    func animationEnded(_ transitionCompleted: Bool) {
        log.entries.append("animationEnded(\(transitionCompleted))")
    }
}

@MainActor
final class DropTransitions: NSObject, UIViewControllerTransitioningDelegate {
    let animator: DropAnimator
    var interactor: UIPercentDrivenInteractiveTransition?

    init(_ animator: DropAnimator) {
        self.animator = animator
    }

    func animationController(
        forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController
    ) -> (any UIViewControllerAnimatedTransitioning)? { animator }

    func animationController(forDismissed dismissed: UIViewController) -> (any UIViewControllerAnimatedTransitioning)? {
        animator
    }

    func interactionControllerForDismissal(using animator: any UIViewControllerAnimatedTransitioning)
        -> (any UIViewControllerInteractiveTransitioning)?
    { interactor }
}

@MainActor
@Suite("View controllers: loading, appearance, presentation, custom and interactive transitions", .serialized)
struct ViewControllerTests {
    private func window(showing root: UIViewController) -> UIWindow { keyWindow(showing: root) }

    private func y(_ view: UIView) -> Double {
        Double(view.layer.presentation()?.frame.minY ?? .nan)
    }

    @Test func theViewIsMadeWhenFirstAskedFor() {
        let log = CallLog()
        let controller = LoggedController("a", log)
        #expect(!controller.isViewLoaded && controller.viewIfLoaded == nil)
        #expect(log.entries.isEmpty)
        let view = controller.view
        #expect(controller.isViewLoaded && view?.frame == UIScreen.main.bounds)
        _ = controller.view
        #expect(log.take() == ["a.viewDidLoad"], "once")
    }

    /// A window's root controller appears when the window becomes key: its view fills the
    /// window, with the screen's safe area (iPhone 13: 47 points at the top, 34 at the bottom).
    @Test func aWindowsRootControllerAppears() {
        let log = CallLog()
        let root = LoggedController("root", log)
        let window = window(showing: root)
        #expect(log.take() == ["root.viewDidLoad", "root.viewWillAppear", "root.viewIsAppearing", "root.viewDidAppear"])
        #expect(root.view.superview === window && root.view.frame == window.bounds)
        #expect(root.view.safeAreaInsets == UIEdgeInsets(top: 47, left: 0, bottom: 34, right: 0))
    }

    /// Full screen, the system's animation: the presented view rises from the bottom over
    /// 0.5 s (ease in, ease out: half way at 0.25 s); the presenting controller disappears and
    /// its view leaves the window when the transition ends. The order is UIKit's: the "will"
    /// methods before the animation is set up, the "did" methods once it ends (the one
    /// disappearing first), then the completion handler. Dismissal mirrors it.
    @Test func aFullScreenPresentationRisesFromTheBottom() {
        withManualClock { clock in
            let log = CallLog()
            let root = LoggedController("a", log)
            let window = window(showing: root)
            _ = log.take()
            let presented = LoggedController("b", log)
            presented.modalPresentationStyle = .fullScreen
            var completions = 0
            root.present(presented, animated: true) {
                completions += 1
                log.entries.append("completion")
            }
            #expect(log.take() == ["b.viewDidLoad", "a.viewWillDisappear", "b.viewWillAppear"])
            #expect(root.presentedViewController === presented && presented.presentingViewController === root)
            #expect(presented.isBeingPresented)
            CATransaction.flush()
            clock.advance(by: 0.25)
            // The curve's solution is good to 1e-4 of the distance.
            #expect(abs(y(presented.view) - 422) < 1e-3, "half of 844 still to go")
            #expect(root.view.window === window, "still under the presented view")
            clock.advance(by: 0.26)
            #expect(log.take() == ["a.viewDidDisappear", "b.viewIsAppearing", "b.viewDidAppear", "completion"])
            #expect(completions == 1 && !presented.isBeingPresented)
            #expect(root.view.superview == nil, "a full-screen presentation takes the presenter's view away")
            #expect(presented.view.frame == window.bounds)

            root.dismiss(animated: true) { log.entries.append("dismissed") }
            #expect(log.take() == ["b.viewWillDisappear", "a.viewWillAppear"])
            #expect(root.view.superview === window, "back under the presented view")
            CATransaction.flush()
            clock.advance(by: 0.25)
            #expect(abs(y(presented.view) - 422) < 1e-3)
            clock.advance(by: 0.26)
            #expect(log.take() == ["b.viewDidDisappear", "a.viewIsAppearing", "a.viewDidAppear", "dismissed"])
            #expect(root.presentedViewController == nil && presented.presentingViewController == nil)
            #expect(presented.view.superview == nil)
        }
    }

    /// A custom transition: the delegate's animator gets a container over the window, the
    /// presented view and its final frame, no view of the presenter (a custom presentation
    /// leaves it, and tells it nothing); `animationEnded` comes after the appearance methods,
    /// the completion handler last.
    @Test func aCustomTransitionGetsItsContextAndFrames() throws {
        try withManualClock { clock in
            let log = CallLog()
            let root = LoggedController("a", log)
            let window = window(showing: root)
            _ = log.take()
            let animator = DropAnimator(log)
            let transitions = DropTransitions(animator)
            let presented = LoggedController("b", log)
            presented.modalPresentationStyle = .custom
            presented.transitioningDelegate = transitions
            root.present(presented, animated: true) { log.entries.append("completion") }
            #expect(log.take() == ["b.viewDidLoad", "b.viewWillAppear", "animateTransition"])
            let context = try #require(animator.context)
            #expect(context.containerView.superview === window && context.containerView.frame == window.bounds)
            #expect(context.isAnimated && !context.isInteractive && !context.transitionWasCancelled)
            #expect(context.presentationStyle == .custom)
            #expect(context.viewController(forKey: .from) === root && context.viewController(forKey: .to) === presented)
            #expect(context.view(forKey: .from) == nil && context.view(forKey: .to) === presented.view)
            #expect(context.initialFrame(for: presented) == .zero)
            #expect(context.finalFrame(for: presented) == window.bounds)
            #expect(root.transitionCoordinator != nil && presented.transitionCoordinator?.transitionDuration == 1)
            CATransaction.flush()
            clock.advance(by: 0.3)
            #expect(abs(y(presented.view) - -0.7 * 844) < 1e-6, "linear: 30 % of the way down")
            clock.advance(by: 0.71)
            #expect(log.take() == ["b.viewIsAppearing", "b.viewDidAppear", "animationEnded(true)", "completion"])
            #expect(root.view.superview === window, "a custom presentation leaves the presenter's view")
            #expect(root.transitionCoordinator == nil)
        }
    }

    /// An interactive dismissal through `UIPercentDrivenInteractiveTransition`: scrubbed to
    /// half way, then cancelled. The animations run back at the completion speed (2: the half
    /// second left takes 0.25 s) and the presented controller stays, having heard
    /// `viewWillDisappear`, then `viewWillAppear` and `viewDidAppear` again.
    @Test func anInteractiveDismissalCancelledHalfWay() {
        withManualClock { clock in
            let log = CallLog()
            let root = LoggedController("a", log)
            let window = window(showing: root)
            defer { withExtendedLifetime(window) {} }
            let animator = DropAnimator(log)
            let transitions = DropTransitions(animator)
            let presented = LoggedController("b", log)
            presented.modalPresentationStyle = .custom
            presented.transitioningDelegate = transitions
            root.present(presented, animated: false)
            CATransaction.flush()
            _ = log.take()

            let interactor = UIPercentDrivenInteractiveTransition()
            interactor.completionSpeed = 2
            transitions.interactor = interactor
            presented.dismiss(animated: true) { log.entries.append("dismissed") }
            #expect(log.take() == ["b.viewWillDisappear", "animateTransition"])
            #expect(animator.context?.isInteractive == true)
            CATransaction.flush()
            clock.advance(by: 3)
            #expect(abs(y(presented.view) - 0) < 1e-6, "paused at the start, however long it waits")
            interactor.update(0.5)
            clock.advance(by: 1 / 60)
            #expect(abs(y(presented.view) - -422) < 1e-6, "half way up")
            #expect(interactor.percentComplete == 0.5 && interactor.duration == 1)
            interactor.cancel()
            #expect(animator.context?.transitionWasCancelled == true && animator.context?.isInteractive == false)
            // The display's refreshes move it: 7 of them, 7/60 s, at twice the speed.
            clock.advance(by: 7.0 / 60)
            #expect(abs(y(presented.view) - -(0.5 - 14.0 / 60) * 844) < 1e-6, "running back at twice the speed")
            clock.advance(by: 0.2)
            #expect(log.take() == ["b.viewWillAppear", "b.viewIsAppearing", "b.viewDidAppear", "animationEnded(false)"])
            #expect(root.presentedViewController === presented, "still presented")
            #expect(presented.view.frame.minY == 0 && presented.view.window != nil)
            #expect(presented.view.superview?.layer.speed == 1, "the container's timing given back")
        }
    }

    /// An animator that never calls `completeTransition` is reported two seconds after its
    /// duration; the transition stays in progress, and a second dismissal is refused.
    @Test func aTransitionThatNeverCompletesIsReported() {
        withManualClock { clock in
            let log = CallLog()
            let root = LoggedController("a", log)
            let window = window(showing: root)
            defer { withExtendedLifetime(window) {} }
            let transitions = DropTransitions(DropAnimator(log, duration: 0.5, completes: false))
            let presented = LoggedController("b", log)
            presented.modalPresentationStyle = .custom
            presented.transitioningDelegate = transitions
            let warnings = collectingWarnings {
                root.present(presented, animated: true) { log.entries.append("completion") }
                CATransaction.flush()
                clock.advance(by: 2.4)
            }
            #expect(warnings.isEmpty)
            let late = collectingWarnings { clock.advance(by: 0.2) }
            #expect(late.count == 1)
            #expect(late.first?.contains("DropAnimator has not called completeTransition(_:)") == true)
            #expect(presented.transitionCoordinator != nil, "still in progress")
            #expect(!log.entries.contains("completion"))
            let refused = collectingWarnings { presented.dismiss(animated: true) }
            #expect(refused.first?.contains("while a transition is in progress") == true)
        }
    }

    /// Presenting from a controller whose view is in no window, or one that already presents,
    /// is reported and does nothing, as UIKit does.
    @Test func presentationsUIKitRefusesAreReported() {
        let log = CallLog()
        let lone = LoggedController("a", log)
        let other = LoggedController("b", log)
        var warnings = collectingWarnings { lone.present(other, animated: false) }
        #expect(warnings.first?.contains("not in the window hierarchy") == true)
        #expect(lone.presentedViewController == nil)
        let root = LoggedController("r", log)
        let window = window(showing: root)
        defer { withExtendedLifetime(window) {} }
        root.present(other, animated: false)
        warnings = collectingWarnings { root.present(LoggedController("c", log), animated: false) }
        #expect(warnings.first?.contains("already presenting LoggedController") == true)
    }

    /// A page sheet (what `.automatic` is): below the status bar and 10 points more, the
    /// presenter kept and told nothing.
    @Test func anAutomaticPresentationIsASheet() {
        let log = CallLog()
        let root = LoggedController("a", log)
        let window = window(showing: root)
        _ = log.take()
        let sheet = LoggedController("b", log)
        root.present(sheet, animated: false)
        #expect(sheet.view.frame == CGRect(x: 0, y: 57, width: 390, height: 787))
        #expect(root.view.superview === window)
        #expect(log.take() == ["b.viewDidLoad", "b.viewWillAppear", "b.viewIsAppearing", "b.viewDidAppear"])
    }

    /// Push and pop: the new view slides in from the right over 0.35 s while the old one moves
    /// a third of its width left; the delegate hears willShow before and didShow after.
    @Test func pushAndPopSlide() {
        final class Delegate: NSObject, UINavigationControllerDelegate {
            let log: CallLog
            init(_ log: CallLog) { self.log = log }
            func navigationController(
                _ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool
            ) { log.entries.append("willShow \((viewController as? LoggedController)?.name ?? "")") }
            func navigationController(
                _ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool
            ) { log.entries.append("didShow \((viewController as? LoggedController)?.name ?? "")") }
        }
        withManualClock { clock in
            let log = CallLog()
            let first = LoggedController("a", log)
            let navigation = UINavigationController(rootViewController: first)
            let delegate = Delegate(log)
            navigation.delegate = delegate
            let window = window(showing: navigation)
            defer { withExtendedLifetime(window) {} }
            #expect(log.take() == ["a.viewDidLoad", "a.viewWillAppear", "a.viewIsAppearing", "a.viewDidAppear"])
            let second = LoggedController("b", log)
            navigation.pushViewController(second, animated: true)
            #expect(log.take() == ["willShow b", "b.viewDidLoad", "a.viewWillDisappear", "b.viewWillAppear"])
            #expect(navigation.topViewController === second && second.navigationController === navigation)
            CATransaction.flush()
            clock.advance(by: 0.175)
            #expect(abs(Double(second.view.layer.presentation()?.frame.minX ?? 0) - 195) < 1e-3)
            #expect(abs(Double(first.view.layer.presentation()?.frame.minX ?? 0) - -65) < 1e-3)
            clock.advance(by: 0.2)
            #expect(
                log.take() == ["a.viewDidDisappear", "b.viewIsAppearing", "b.viewDidAppear", "didShow b"])
            #expect(first.view.superview == nil && second.view.frame == navigation.view.bounds)

            let popped = navigation.popViewController(animated: true)
            #expect(popped === second)
            #expect(log.take() == ["willShow a", "b.viewWillDisappear", "a.viewWillAppear"])
            CATransaction.flush()
            clock.advance(by: 0.175)
            #expect(abs(Double(first.view.layer.presentation()?.frame.minX ?? 0) - -65) < 1e-3)
            #expect(abs(Double(second.view.layer.presentation()?.frame.minX ?? 0) - 195) < 1e-3)
            clock.advance(by: 0.2)
            #expect(log.take() == ["b.viewDidDisappear", "a.viewIsAppearing", "a.viewDidAppear", "didShow a"])
            #expect(navigation.viewControllers == [first] && second.parent == nil)
        }
    }

    /// Children: `addChild` calls `willMove(toParent:)`, `removeFromParent` calls
    /// `didMove(toParent: nil)`; a child whose view is in its parent's appears with it.
    @Test func childrenAppearWithTheirParent() {
        final class Child: LoggedController {
            override func willMove(toParent parent: UIViewController?) {
                super.willMove(toParent: parent)
                log.entries.append("\(name).willMove(\(parent == nil ? "nil" : "parent"))")
            }
            override func didMove(toParent parent: UIViewController?) {
                super.didMove(toParent: parent)
                log.entries.append("\(name).didMove(\(parent == nil ? "nil" : "parent"))")
            }
        }
        let log = CallLog()
        let parent = LoggedController("p", log)
        let child = Child("c", log)
        parent.addChild(child)
        parent.view.addSubview(child.view)
        child.didMove(toParent: parent)
        #expect(parent.children == [child] && child.parent === parent)
        let window = window(showing: parent)
        defer { withExtendedLifetime(window) {} }
        #expect(
            log.take() == [
                "c.willMove(parent)", "p.viewDidLoad", "c.viewDidLoad", "c.didMove(parent)", "p.viewWillAppear",
                "c.viewWillAppear", "p.viewIsAppearing", "p.viewDidAppear", "c.viewIsAppearing", "c.viewDidAppear",
            ])
        child.willMove(toParent: nil)
        child.view.removeFromSuperview()
        child.removeFromParent()
        #expect(log.take() == ["c.willMove(nil)", "c.didMove(nil)"])
        #expect(parent.children.isEmpty && child.parent == nil)
    }

    /// `animate(alongsideTransition:)` from `viewWillAppear` runs with the transition, on its
    /// duration; its completion comes when the transition ends.
    @Test func animationsAlongsideATransition() {
        final class Fading: LoggedController {
            override func viewWillAppear(_ animated: Bool) {
                super.viewWillAppear(animated)
                view.alpha = 0
                transitionCoordinator?.animate(alongsideTransition: { _ in self.view.alpha = 1 }) { context in
                    self.log.entries.append("alongside done, cancelled: \(context.isCancelled)")
                }
            }
        }
        withManualClock { clock in
            let log = CallLog()
            let root = LoggedController("a", log)
            let window = window(showing: root)
            defer { withExtendedLifetime(window) {} }
            let presented = Fading("b", log)
            presented.modalPresentationStyle = .overFullScreen
            root.present(presented, animated: true)
            CATransaction.flush()
            clock.advance(by: 0.25)
            #expect(abs(Double(presented.view.layer.presentation()?.opacity ?? 0) - 0.5) < 1e-4)
            clock.advance(by: 0.3)
            #expect(log.entries.last == "alongside done, cancelled: false")
        }
    }
}
