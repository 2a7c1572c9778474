import Foundation

/// Manages a presented controller's place on screen from the start of its presentation to the
/// end of its dismissal: Apple's `UIPresentationController`.
///
/// A presentation whose style is `.custom` asks the presented controller's
/// `transitioningDelegate` for one (``UIViewControllerTransitioningDelegate/presentationController(forPresented:presenting:source:)``,
/// a plain `UIPresentationController` when it gives none); the other styles have the system's.
/// It decides where the presented view rests (``frameOfPresentedViewInContainerView``, which is
/// the transition context's final frame), whether the presenter's view leaves the window
/// (``shouldRemovePresentersView``), and adds its own views (a dimming view, say) to
/// ``containerView``, animated alongside the transition through the presented controller's
/// `transitionCoordinator`. Its methods arrive in this order, each once:
///
/// - present: the appearance calls begin (the presenter's `viewWillDisappear` when its view
///   leaves, the presented one's `viewWillAppear`), ``presentationTransitionWillBegin()``, the
///   animator's `animateTransition(using:)`; when the animator completes,
///   ``presentationTransitionDidEnd(_:)``, then the appearance calls end, `animationEnded`, the
///   completion handler;
/// - dismiss: the same with ``dismissalTransitionWillBegin()`` and
///   ``dismissalTransitionDidEnd(_:)``.
///
/// When the container view lays out (a new size, `setNeedsLayout()`), the controller hears
/// ``containerViewWillLayoutSubviews()`` and ``containerViewDidLayoutSubviews()``.
///
/// Every member iOS subclasses override is declared in the class body, so that a subclass
/// overrides it as on iOS. Swift on Linux cannot override from an extension, though: an
/// override written in an extension of the subclass must move into the subclass's body.
@preconcurrency @MainActor
open class UIPresentationController: NSObject, UIContentContainer, UITraitEnvironment {
    /// The controller presented.
    public let presentedViewController: UIViewController
    private weak var presenter: UIViewController?

    /// The controller whose presentation this is. Known once the presentation begins (or
    /// from the initializer); reading it before that traps.
    open var presentingViewController: UIViewController {
        guard let presenter else {
            fatalError(
                "UIPresentationController.presentingViewController: \(type(of: presentedViewController)) is not being presented yet; read it from presentationTransitionWillBegin() on"
            )
        }
        return presenter
    }

    /// The view the transition happens in (UIKit's transition view over the window), from the
    /// beginning of the presentation to the end of the dismissal; nil outside them.
    open internal(set) var containerView: UIView?

    /// The delegate told about adaptive changes.
    open weak var delegate: (any UIAdaptivePresentationControllerDelegate)?

    /// The controller's preferred size, as a content container (zero).
    open var preferredContentSize: CGSize { .zero }

    public init(presentedViewController: UIViewController, presenting presentingViewController: UIViewController?) {
        self.presentedViewController = presentedViewController
        self.presenter = presentingViewController
        super.init()
    }

    /// The view that is animated and rests in the container: the presented controller's view.
    /// A subclass that wraps it (in a shadow view, say) returns the wrapper.
    open var presentedView: UIView? { presentedViewController.view }

    /// Where the presented view rests in the container: all of it, by default.
    open var frameOfPresentedViewInContainerView: CGRect { containerView?.bounds ?? .zero }

    /// Whether the presentation covers the whole screen (read by nothing here).
    open var shouldPresentInFullscreen: Bool { true }

    /// Whether the presenter's view leaves the window once the presentation completes (and
    /// comes back when the dismissal begins), as a full-screen presentation's does. Off by
    /// default: a custom presentation leaves the presenter's view where it is.
    open var shouldRemovePresentersView: Bool { false }

    /// The style of the presentation.
    open var presentationStyle: UIModalPresentationStyle { presentedViewController.modalPresentationStyle }

    /// The style the presentation adapts to in a compact width: the same one here.
    open var adaptivePresentationStyle: UIModalPresentationStyle { presentationStyle }

    /// The style the presentation adapts to in an environment of `traitCollection`:
    /// the `adaptivePresentationStyle` property when its width is compact, else
    /// ``presentationStyle``.
    /// Nothing here adapts a presentation, so only code of the app's reads it.
    open func adaptivePresentationStyle(for traitCollection: UITraitCollection) -> UIModalPresentationStyle {
        traitCollection.horizontalSizeClass == .compact ? adaptivePresentationStyle : presentationStyle
    }

    /// The traits of the container: the screen's.
    open var traitCollection: UITraitCollection { UIScreen.main.traitCollection }

    /// Called after the traits changed; nothing calls it here (the presentation's views and
    /// controllers are told of theirs).
    open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}

    /// Called before the presentation's animator starts; add views to ``containerView`` here
    /// and animate them with the presented controller's `transitionCoordinator`.
    open func presentationTransitionWillBegin() {}

    /// Called when the presentation ends, completed or (interactive, cancelled) not.
    open func presentationTransitionDidEnd(_ completed: Bool) {}

    /// Called before the dismissal's animator starts.
    open func dismissalTransitionWillBegin() {}

    /// Called when the dismissal ends, completed or not.
    open func dismissalTransitionDidEnd(_ completed: Bool) {}

    /// Called before the container view lays out its subviews: place the presented view and
    /// your own views here (`presentedView?.frame = frameOfPresentedViewInContainerView`).
    open func containerViewWillLayoutSubviews() {}

    /// Called after the container view laid out its subviews.
    open func containerViewDidLayoutSubviews() {}

    /// The size of a child content container in a parent of `parentSize`: the parent's.
    open func size(
        forChildContentContainer container: any UIContentContainer, withParentContainerSize parentSize: CGSize
    ) -> CGSize {
        parentSize
    }

    /// Called when a child's preferred content size changed.
    open func preferredContentSizeDidChange(forChildContentContainer container: any UIContentContainer) {}

    /// Called when the container's size is about to change.
    open func viewWillTransition(to size: CGSize, with coordinator: any UIViewControllerTransitionCoordinator) {}

    /// Called when a trait collection is about to change.
    open func willTransition(
        to newCollection: UITraitCollection, with coordinator: any UIViewControllerTransitionCoordinator
    ) {}

    /// Notes the presenter once the presentation begins.
    func begin(presentedBy presenter: UIViewController, in container: UIView) {
        self.presenter = presenter
        containerView = container
        (container as? UITransitionView)?.presentationController = self
    }
}

/// The presentation controller of the presentations that are not `.custom`: a page sheet
/// rests below the status bar, a full-screen or current-context presentation takes the
/// presenter's view away.
final class SystemPresentationController: UIPresentationController {
    override var frameOfPresentedViewInContainerView: CGRect { systemFrameOfPresentedView }

    override var shouldRemovePresentersView: Bool {
        let style = presentedViewController.resolvedPresentationStyle
        return style == .fullScreen || style == .currentContext
    }
}

extension UIPresentationController {
    /// Where the system's styles rest the presented view: the resolved style's frame in the
    /// container (the container's bounds before it is in a window).
    var systemFrameOfPresentedView: CGRect {
        guard let containerView else { return .zero }
        guard let window = containerView.window else { return containerView.bounds }
        return presentedViewController.presentedFrame(
            in: containerView.bounds, style: presentedViewController.resolvedPresentationStyle, window: window)
    }
}

/// The view presentations animate in: UIKit's `UITransitionView`. Its layout is its
/// presentation controller's to follow.
final class UITransitionView: UIView {
    weak var presentationController: UIPresentationController?

    override func layoutSubviews() {
        presentationController?.containerViewWillLayoutSubviews()
        super.layoutSubviews()
        presentationController?.containerViewDidLayoutSubviews()
    }
}

/// What a presentation controller tells its delegate: UIKit's
/// `UIAdaptivePresentationControllerDelegate`, every method optional. Nothing here dismisses a
/// sheet by swiping it down, so the dismissal methods are called by no one but a test.
@preconcurrency @MainActor
public protocol UIAdaptivePresentationControllerDelegate: AnyObject {
    func adaptivePresentationStyle(for controller: UIPresentationController) -> UIModalPresentationStyle
    func adaptivePresentationStyle(
        for controller: UIPresentationController, traitCollection: UITraitCollection
    ) -> UIModalPresentationStyle
    func presentationControllerShouldDismiss(_ presentationController: UIPresentationController) -> Bool
    func presentationControllerWillDismiss(_ presentationController: UIPresentationController)
    func presentationControllerDidDismiss(_ presentationController: UIPresentationController)
    func presentationControllerDidAttemptToDismiss(_ presentationController: UIPresentationController)
}

extension UIAdaptivePresentationControllerDelegate {
    public func adaptivePresentationStyle(for controller: UIPresentationController) -> UIModalPresentationStyle {
        controller.presentationStyle
    }
    public func adaptivePresentationStyle(
        for controller: UIPresentationController, traitCollection: UITraitCollection
    ) -> UIModalPresentationStyle {
        adaptivePresentationStyle(for: controller)
    }
    public func presentationControllerShouldDismiss(_ presentationController: UIPresentationController) -> Bool { true }
    public func presentationControllerWillDismiss(_ presentationController: UIPresentationController) {}
    public func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {}
    public func presentationControllerDidAttemptToDismiss(_ presentationController: UIPresentationController) {}
}

/// Something whose size a container decides: UIKit's `UIContentContainer`.
@preconcurrency @MainActor
public protocol UIContentContainer: AnyObject {
    var preferredContentSize: CGSize { get }
    func preferredContentSizeDidChange(forChildContentContainer container: any UIContentContainer)
    func size(forChildContentContainer container: any UIContentContainer, withParentContainerSize parentSize: CGSize)
        -> CGSize
    func viewWillTransition(to size: CGSize, with coordinator: any UIViewControllerTransitionCoordinator)
    func willTransition(
        to newCollection: UITraitCollection, with coordinator: any UIViewControllerTransitionCoordinator)
}
