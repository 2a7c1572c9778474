import Foundation

/// A behaviour a view gains when it is added to the view: UIKit's `UIInteraction`. A view
/// keeps its interactions (``UIView/interactions``); an interaction belongs to one view at a
/// time and hears when it moves (``willMove(to:)``, ``didMove(to:)``).
@preconcurrency @MainActor
public protocol UIInteraction: AnyObject {
    /// The view the interaction is added to, if any.
    var view: UIView? { get }
    /// The interaction is about to be added to `view`, or removed (nil).
    func willMove(to view: UIView?)
    /// The interaction was added to `view`, or removed (nil).
    func didMove(to view: UIView?)
}

/// The key a view's interactions are associated with it under.
nonisolated(unsafe) private let interactionsKey = UnsafeRawPointer(
    UnsafeMutableRawPointer.allocate(byteCount: 1, alignment: 1))

extension UIView {
    /// The interactions added to the view, first added first. Setting it removes those not
    /// in the new list and adds the others, as the add and remove calls do.
    public var interactions: [any UIInteraction] {
        get { objc_getAssociatedObject(self, interactionsKey) as? [any UIInteraction] ?? [] }
        set {
            for old in interactions where !newValue.contains(where: { $0 === old }) { removeInteraction(old) }
            for new in newValue { addInteraction(new) }
        }
    }

    private var storedInteractions: [any UIInteraction] {
        get { interactions }
        set { objc_setAssociatedObject(self, interactionsKey, newValue, .OBJC_ASSOCIATION_RETAIN_NONATOMIC) }
    }

    /// Adds `interaction`, taking it from the view it was on; adding one already here does
    /// nothing.
    public func addInteraction(_ interaction: any UIInteraction) {
        guard !storedInteractions.contains(where: { $0 === interaction }) else { return }
        if let owner = interaction.view, owner !== self { owner.removeInteraction(interaction) }
        interaction.willMove(to: self)
        storedInteractions.append(interaction)
        interaction.didMove(to: self)
    }

    /// Removes `interaction`, if it is one of the view's.
    public func removeInteraction(_ interaction: any UIInteraction) {
        guard storedInteractions.contains(where: { $0 === interaction }) else { return }
        interaction.willMove(to: nil)
        storedInteractions.removeAll { $0 === interaction }
        interaction.didMove(to: nil)
    }
}

/// The keys held down with a pointer move or a key press: UIKit's `UIKeyModifierFlags`, with
/// Apple's values.
public struct UIKeyModifierFlags: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let alphaShift = UIKeyModifierFlags(rawValue: 1 << 16)
    public static let shift = UIKeyModifierFlags(rawValue: 1 << 17)
    public static let control = UIKeyModifierFlags(rawValue: 1 << 18)
    public static let alternate = UIKeyModifierFlags(rawValue: 1 << 19)
    public static let command = UIKeyModifierFlags(rawValue: 1 << 20)
    public static let numericPad = UIKeyModifierFlags(rawValue: 1 << 21)
}

/// The axes a pointer is held to: UIKit's `UIAxis`.
public struct UIAxis: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    public static let horizontal = UIAxis(rawValue: 1 << 0)
    public static let vertical = UIAxis(rawValue: 1 << 1)
    public static let both: UIAxis = [.horizontal, .vertical]
}

/// How a view is drawn for an effect or a preview: UIKit's `UIPreviewParameters`. Kept for
/// the delegate's answers; nothing here draws a preview.
@preconcurrency @MainActor
open class UIPreviewParameters: NSObject {
    /// The part of the view shown; nil, the default, shows all of it.
    open var visiblePath: UIBezierPath?
    open var shadowPath: UIBezierPath?
    open var backgroundColor: UIColor!

    override public init() { super.init() }
}

/// Where a preview goes: UIKit's `UIPreviewTarget`, a container view and a centre in it.
@preconcurrency @MainActor
open class UIPreviewTarget: NSObject {
    public let container: UIView
    public let center: CGPoint
    public let transform: CGAffineTransform

    public init(container: UIView, center: CGPoint, transform: CGAffineTransform) {
        self.container = container
        self.center = center
        self.transform = transform
        super.init()
    }

    public convenience init(container: UIView, center: CGPoint) {
        self.init(container: container, center: center, transform: .identity)
    }
}

/// A view as an effect shows it: UIKit's `UITargetedPreview`.
@preconcurrency @MainActor
open class UITargetedPreview: NSObject {
    public let view: UIView
    public let parameters: UIPreviewParameters
    /// Where the preview goes: the view's superview at the view's centre when none is given.
    public let target: UIPreviewTarget?

    public init(view: UIView, parameters: UIPreviewParameters, target: UIPreviewTarget) {
        self.view = view
        self.parameters = parameters
        self.target = target
        super.init()
    }

    public init(view: UIView, parameters: UIPreviewParameters) {
        self.view = view
        self.parameters = parameters
        target = view.superview.map { UIPreviewTarget(container: $0, center: view.center) }
        super.init()
    }

    public convenience init(view: UIView) {
        self.init(view: view, parameters: UIPreviewParameters())
    }

    /// The size the preview shows: the view's bounds'.
    public var size: CGSize { view.bounds.size }
}

/// What a pointer over a view does to it: UIKit's `UIPointerEffect`.
public enum UIPointerEffect: @unchecked Sendable {
    /// How a hover effect tints the view.
    public enum TintMode: Int, Sendable {
        case none, overlay, underlay
    }

    /// The system's choice for the view.
    case automatic(UITargetedPreview)
    /// The pointer becomes a highlight behind the view.
    case highlight(UITargetedPreview)
    /// The view lifts under the pointer, which disappears into it.
    case lift(UITargetedPreview)
    /// The view is tinted, shadowed or scaled under the pointer, as asked.
    case hover(
        UITargetedPreview, preferredTintMode: TintMode = .overlay, prefersShadow: Bool = false,
        prefersScaledContent: Bool = true)

    /// The view the effect applies to.
    public var preview: UITargetedPreview {
        switch self {
        case .automatic(let preview), .highlight(let preview), .lift(let preview): preview
        case .hover(let preview, _, _, _): preview
        }
    }
}

/// The pointer's own shape: UIKit's `UIPointerShape`.
public enum UIPointerShape: @unchecked Sendable {
    /// The corner radius of a rounded-rectangle pointer when none is given. Apple publishes
    /// no number; 8 points is the rounding of the system's button highlights.
    public static let defaultCornerRadius: CGFloat = 8

    case path(UIBezierPath)
    case roundedRect(CGRect, radius: CGFloat = UIPointerShape.defaultCornerRadius)
    case verticalBeam(length: CGFloat)
    case horizontalBeam(length: CGFloat)
}

/// How the pointer looks over a region: UIKit's `UIPointerStyle`, an effect on the view or a
/// shape of the pointer's own.
@preconcurrency @MainActor
public final class UIPointerStyle: NSObject {
    /// The effect on the view; nil for a style that only shapes the pointer.
    public let effect: UIPointerEffect?
    /// The pointer's shape; nil for the effect's own.
    public let shape: UIPointerShape?
    /// The axes the pointer is held to while the style applies.
    public let constrainedAxes: UIAxis
    /// Whether the pointer is hidden (``hidden()``).
    public let isHidden: Bool

    private init(effect: UIPointerEffect?, shape: UIPointerShape?, axes: UIAxis, hidden: Bool) {
        self.effect = effect
        self.shape = shape
        constrainedAxes = axes
        isHidden = hidden
        super.init()
    }

    public convenience init(effect: UIPointerEffect, shape: UIPointerShape? = nil) {
        self.init(effect: effect, shape: shape, axes: [], hidden: false)
    }

    public convenience init(shape: UIPointerShape, constrainedAxes axes: UIAxis = []) {
        self.init(effect: nil, shape: shape, axes: axes, hidden: false)
    }

    /// A style that hides the pointer.
    public static func hidden() -> UIPointerStyle { UIPointerStyle(effect: nil, shape: nil, axes: [], hidden: true) }

    /// The system pointer, unchanged.
    public static func system() -> UIPointerStyle { UIPointerStyle(effect: nil, shape: nil, axes: [], hidden: false) }
}

/// A part of a view the pointer is in: UIKit's `UIPointerRegion`. Two regions are the same
/// region when their identifiers are equal, or, without identifiers, their rectangles.
@preconcurrency @MainActor
open class UIPointerRegion: NSObject {
    /// The region in the interaction's view's coordinates.
    public let rect: CGRect
    public let identifier: AnyHashable?
    /// The axes along which the pointer stays in the region once in it.
    open var latchingAxes: UIAxis = []

    public init(rect: CGRect, identifier: AnyHashable? = nil) {
        self.rect = rect
        self.identifier = identifier
        super.init()
    }

    func isSameRegion(as other: UIPointerRegion) -> Bool {
        if identifier != nil || other.identifier != nil { return identifier == other.identifier }
        return rect == other.rect
    }
}

/// Where the pointer is, as a pointer interaction's delegate is asked: UIKit's
/// `UIPointerRegionRequest`.
@preconcurrency @MainActor
open class UIPointerRegionRequest: NSObject {
    /// The pointer, in the interaction's view's coordinates.
    public let location: CGPoint
    /// The keys held down.
    public let modifiers: UIKeyModifierFlags

    init(location: CGPoint, modifiers: UIKeyModifierFlags) {
        self.location = location
        self.modifiers = modifiers
        super.init()
    }
}

/// The animations that run with a pointer's entering or leaving a region: UIKit's
/// `UIPointerInteractionAnimating`.
@preconcurrency @MainActor
public protocol UIPointerInteractionAnimating: AnyObject {
    func addAnimations(_ animations: @escaping () -> Void)
    func addCompletion(_ completion: @escaping (Bool) -> Void)
}

/// What a pointer interaction asks and tells: UIKit's `UIPointerInteractionDelegate`, every
/// method optional. Without answers, the region is the view's bounds and the style the
/// system's automatic effect on the view.
@preconcurrency @MainActor
public protocol UIPointerInteractionDelegate: AnyObject {
    func pointerInteraction(
        _ interaction: UIPointerInteraction, regionFor request: UIPointerRegionRequest, defaultRegion: UIPointerRegion
    ) -> UIPointerRegion?
    func pointerInteraction(_ interaction: UIPointerInteraction, styleFor region: UIPointerRegion) -> UIPointerStyle?
    func pointerInteraction(
        _ interaction: UIPointerInteraction, willEnter region: UIPointerRegion,
        animator: any UIPointerInteractionAnimating)
    func pointerInteraction(
        _ interaction: UIPointerInteraction, willExit region: UIPointerRegion,
        animator: any UIPointerInteractionAnimating)
}

extension UIPointerInteractionDelegate {
    public func pointerInteraction(
        _ interaction: UIPointerInteraction, regionFor request: UIPointerRegionRequest, defaultRegion: UIPointerRegion
    ) -> UIPointerRegion? { defaultRegion }
    public func pointerInteraction(_ interaction: UIPointerInteraction, styleFor region: UIPointerRegion)
        -> UIPointerStyle?
    { nil }
    public func pointerInteraction(
        _ interaction: UIPointerInteraction, willEnter region: UIPointerRegion,
        animator: any UIPointerInteractionAnimating
    ) {}
    public func pointerInteraction(
        _ interaction: UIPointerInteraction, willExit region: UIPointerRegion,
        animator: any UIPointerInteractionAnimating
    ) {}
}

/// An iPad pointer's effect on a view: UIKit's `UIPointerInteraction`.
///
/// There is no pointer on this platform; a test moves one with ``UIWindow/movePointer(to:modifiers:)``.
/// The interaction of the view under it (or of the nearest superview with an enabled one) asks
/// its delegate for the region and, on entering a new region, for the style, telling it of the
/// regions it leaves and enters. The animations added to the animator run in a 0.25 s
/// ease-in-out block (Apple's pointer animations are the system's; their timing is not
/// published). ``activeRegion`` and ``activeStyle`` show what the pointer is over.
@preconcurrency @MainActor
open class UIPointerInteraction: NSObject, UIInteraction {
    public private(set) weak var view: UIView?
    public private(set) weak var delegate: (any UIPointerInteractionDelegate)?
    /// Whether the interaction takes part; a disabled one is left when the pointer next moves.
    open var isEnabled = true

    /// OpenQuartzCore addition: the region the pointer is in, nil when it is elsewhere.
    public private(set) var activeRegion: UIPointerRegion?
    /// OpenQuartzCore addition: the style of ``activeRegion``: the delegate's, or the automatic
    /// effect on the view when it gives none.
    public private(set) var activeStyle: UIPointerStyle?

    public init(delegate: (any UIPointerInteractionDelegate)?) {
        self.delegate = delegate
        super.init()
    }

    open func willMove(to view: UIView?) {
        if view == nil { leaveRegion() }
    }

    open func didMove(to view: UIView?) { self.view = view }

    /// Asks the delegate for the region and style again at the pointer's next move.
    open func invalidate() {
        leaveRegion()
    }

    /// The pointer is at `point` (in the view's coordinates): the region the delegate gives,
    /// entered if it is a new one.
    func pointerMoved(to point: CGPoint, modifiers: UIKeyModifierFlags) {
        guard let view else { return }
        let request = UIPointerRegionRequest(location: point, modifiers: modifiers)
        let fallback = UIPointerRegion(rect: view.bounds)
        let region =
            delegate.map { $0.pointerInteraction(self, regionFor: request, defaultRegion: fallback) } ?? fallback
        if let region, let activeRegion, region.isSameRegion(as: activeRegion) { return }
        leaveRegion()
        guard let region else { return }
        activeRegion = region
        activeStyle =
            delegate?.pointerInteraction(self, styleFor: region)
            ?? UIPointerStyle(effect: .automatic(UITargetedPreview(view: view)))
        let animator = PointerAnimator()
        delegate?.pointerInteraction(self, willEnter: region, animator: animator)
        animator.run()
    }

    /// Leaves the active region, telling the delegate.
    func leaveRegion() {
        guard let region = activeRegion else { return }
        activeRegion = nil
        activeStyle = nil
        let animator = PointerAnimator()
        delegate?.pointerInteraction(self, willExit: region, animator: animator)
        animator.run()
    }
}

/// The animator a pointer interaction's delegate adds its animations to.
@MainActor
private final class PointerAnimator: UIPointerInteractionAnimating {
    private var animations: [() -> Void] = []
    private var completions: [(Bool) -> Void] = []

    func addAnimations(_ animations: @escaping () -> Void) { self.animations.append(animations) }
    func addCompletion(_ completion: @escaping (Bool) -> Void) { completions.append(completion) }

    func run() {
        guard !animations.isEmpty || !completions.isEmpty else { return }
        let animations = self.animations
        let completions = self.completions
        UIView.animate(
            withDuration: 0.25, delay: 0, options: [.curveEaseInOut],
            animations: { for animation in animations { animation() } },
            completion: { finished in for completion in completions { completion(finished) } })
    }
}

/// The key a window's pointer interaction is associated with it under.
nonisolated(unsafe) private let pointerOwnerKey = UnsafeRawPointer(
    UnsafeMutableRawPointer.allocate(byteCount: 1, alignment: 1))

extension UIWindow {
    /// Moves the pointer to `point` (window coordinates), as a trackpad or mouse on an iPad
    /// does: the enabled pointer interaction of the view under it, or of its nearest superview
    /// with one, is asked for its region; the one the pointer was over before is left.
    public func movePointer(to point: CGPoint, modifiers: UIKeyModifierFlags = []) {
        var current = hitTest(point, with: nil)
        var found: UIPointerInteraction?
        while let view = current, found == nil {
            found = view.interactions.lazy.compactMap { $0 as? UIPointerInteraction }.first { $0.isEnabled }
            current = view.superview
        }
        let previous = objc_getAssociatedObject(self, pointerOwnerKey) as? UIPointerInteraction
        if let previous, previous !== found { previous.leaveRegion() }
        objc_setAssociatedObject(self, pointerOwnerKey, found, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
        guard let found, let view = found.view else { return }
        found.pointerMoved(to: convert(point, to: view), modifiers: modifiers)
        if found.activeRegion == nil {
            objc_setAssociatedObject(self, pointerOwnerKey, nil, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
        }
    }

    /// The pointer leaves the window: the region it was over is left.
    public func removePointer() {
        (objc_getAssociatedObject(self, pointerOwnerKey) as? UIPointerInteraction)?.leaveRegion()
        objc_setAssociatedObject(self, pointerOwnerKey, nil, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
    }
}
