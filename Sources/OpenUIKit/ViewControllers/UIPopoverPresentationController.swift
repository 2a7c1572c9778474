import Foundation

/// The directions a popover's arrow may point: UIKit's `UIPopoverArrowDirection`.
public struct UIPopoverArrowDirection: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    public static let up = UIPopoverArrowDirection(rawValue: 1 << 0)
    public static let down = UIPopoverArrowDirection(rawValue: 1 << 1)
    public static let left = UIPopoverArrowDirection(rawValue: 1 << 2)
    public static let right = UIPopoverArrowDirection(rawValue: 1 << 3)
    public static let any: UIPopoverArrowDirection = [.up, .down, .left, .right]
    public static let unknown = UIPopoverArrowDirection(rawValue: UInt.max)
}

/// What a popover's presentation controller tells its delegate, besides the adaptive
/// presentation methods: UIKit's `UIPopoverPresentationControllerDelegate`, every method
/// optional.
@preconcurrency @MainActor
public protocol UIPopoverPresentationControllerDelegate: UIAdaptivePresentationControllerDelegate {
    func prepareForPopoverPresentation(_ popoverPresentationController: UIPopoverPresentationController)
    func popoverPresentationControllerShouldDismissPopover(
        _ popoverPresentationController: UIPopoverPresentationController
    ) -> Bool
    func popoverPresentationControllerDidDismissPopover(
        _ popoverPresentationController: UIPopoverPresentationController)
}

extension UIPopoverPresentationControllerDelegate {
    public func prepareForPopoverPresentation(_ popoverPresentationController: UIPopoverPresentationController) {}
    public func popoverPresentationControllerShouldDismissPopover(
        _ popoverPresentationController: UIPopoverPresentationController
    ) -> Bool { true }
    public func popoverPresentationControllerDidDismissPopover(
        _ popoverPresentationController: UIPopoverPresentationController
    ) {}
}

/// The presentation controller of a `.popover` presentation: UIKit's
/// `UIPopoverPresentationController`, which a controller's `popoverPresentationController`
/// returns once its `modalPresentationStyle` is `.popover`.
///
/// Here the environment is always an iPhone's (horizontally compact), where a popover adapts:
/// it is shown as a page sheet, whatever its anchor. The anchor and arrow settings are kept for
/// the code that sets them; `arrowDirection` stays `.unknown`, as for an adapted popover.
@preconcurrency @MainActor
open class UIPopoverPresentationController: UIPresentationController {
    /// The view the popover is anchored to, and the rectangle in it.
    open var sourceView: UIView?
    open var sourceRect: CGRect = .zero
    /// The bar button item the popover is anchored to, instead of a view.
    open var barButtonItem: UIBarButtonItem?
    /// The directions the arrow may point (`.any` unless set).
    open var permittedArrowDirections: UIPopoverArrowDirection = .any
    /// The direction the arrow points: `.unknown` before the popover is shown and when it is
    /// adapted, as it always is here.
    open private(set) var arrowDirection: UIPopoverArrowDirection = .unknown
    open var backgroundColor: UIColor?
    open var passthroughViews: [UIView]?
    open var popoverLayoutMargins: UIEdgeInsets = UIEdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
    open var canOverlapSourceViewRect = false

    override open var frameOfPresentedViewInContainerView: CGRect { systemFrameOfPresentedView }

    override open var shouldRemovePresentersView: Bool { false }
}

extension UIViewController {
    /// The popover's presentation controller once `modalPresentationStyle` is `.popover`,
    /// else nil, as on iOS.
    public var popoverPresentationController: UIPopoverPresentationController? {
        guard modalPresentationStyle == .popover else { return nil }
        return presentationController as? UIPopoverPresentationController
    }
}
