import Foundation

/// A rectangle on screen backed by a layer, whose delegate it is: Apple's `UIView`.
///
/// The class declares what a subclass may override; the work is in its facets
/// (UIView+Hierarchy.swift, UIView+Geometry.swift, Animation/, Events/, Layout/, …) and the
/// longer discussions in the catalog (OpenUIKit.docc/UIView/).
@preconcurrency @MainActor
open class UIView: UIResponder {
    /// The class of the layer a view of this class is backed by (`CALayer` by default). A
    /// subclass returns its own `CALayer` subclass to change it.
    open class var layerClass: AnyClass { CALayer.self }
    /// The backing layer; the view is its delegate.
    public let layer: CALayer
    /// A number to find the view by (`viewWithTag(_:)`).
    open var tag = 0

    /// How the content fits the bounds (default `.scaleToFill`): the layer's `contentsGravity`
    /// as UIKit sets it (UIView+ContentMode.swift).
    open var contentMode = ContentMode.scaleToFill {
        didSet {
            layer.contentsGravity = Self.gravity(of: contentMode)
            layer.needsDisplayOnBoundsChange = contentMode == .redraw
        }
    }

    // MARK: Tint (how it is inherited and told: UIView+Tint.swift)

    /// The tint colour and adjustment mode set on this view (nil, `.automatic`: inherited).
    var ownTintColor: UIColor?
    var ownTintAdjustmentMode = TintAdjustmentMode.automatic
    /// The nearest ancestor with a tint colour or mode of its own, kept as the view moves, so
    /// that reading the tint walks only the tinted views above and a move checks one pointer.
    weak var tintAncestor: UIView?

    /// The view's tint: the colour set on it, else its superview's, else `systemBlue`; nil
    /// inherits again.
    open var tintColor: UIColor! {
        get {
            let tint = effectiveTint
            return tint.mode == .dimmed ? Self.dimmed(tint.color) : tint.color
        }
        set { changeTint { ownTintColor = newValue } }
    }

    /// The first mode other than `.automatic` from the view up (`.normal` at the top): what
    /// `tintColor` shows.
    open var tintAdjustmentMode: TintAdjustmentMode {
        get { effectiveTint.mode }
        set { changeTint { ownTintAdjustmentMode = newValue } }
    }

    /// Called when the view's tint colour or adjustment mode changed; does nothing.
    open func tintColorDidChange() {}

    // MARK: Traits (how they are inherited and told: UIView+Traits.swift)

    /// The interface style set on this view (`.unspecified`: inherited).
    var ownInterfaceStyle = UIUserInterfaceStyle.unspecified

    /// The traits the view is drawn for: its window's screen's (``UIScreen/main``'s outside a
    /// window), with the interface style of the nearest ``overrideUserInterfaceStyle`` from the
    /// view up (a view controller's counts for its view).
    open var traitCollection: UITraitCollection { inheritedTraitCollection }

    /// Called after the view's traits changed, with the traits it had: when an
    /// ``overrideUserInterfaceStyle`` on it or above it changes its style, and when its
    /// screen's traits change (a new scale or size, the content size category) while it is in
    /// a shown window. Does nothing; subclasses override it.
    open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}

    /// The interface style forced on the view and the views below it (`.unspecified`, the
    /// default: theirs come from above). A new value that changes their traits tells them,
    /// through ``traitCollectionDidChange(_:)``.
    open var overrideUserInterfaceStyle: UIUserInterfaceStyle {
        get { ownInterfaceStyle }
        set { changeInterfaceStyle { ownInterfaceStyle = newValue } }
    }

    /// How the view's content is laid out for languages written right to left (stored; layout
    /// here is left to right, whatever it says). `.forceRightToLeft` makes
    /// ``effectiveUserInterfaceLayoutDirection`` right to left.
    open var semanticContentAttribute = UISemanticContentAttribute.unspecified

    // The hierarchy, changed only in UIView+Hierarchy.swift. The list is read by the
    // nonisolated deinit, when no other reference to the view is left; everything else touches
    // it on the main actor. (A `@preconcurrency` class cannot have an `isolated deinit`.)
    nonisolated(unsafe) var subviewList: [UIView] = []
    weak var superviewReference: UIView?
    /// The window above the view, kept up to date as the view moves so that reading
    /// ``window`` never walks the hierarchy: building a deep one stays linear.
    weak var windowReference: UIWindow?

    /// Lets go of the subviews from an explicit stack, as `CALayer` does with its sublayers,
    /// so that a hierarchy of any depth is freed in constant stack space.
    deinit {
        var children = takeSubviews()
        releaseWithoutRecursion(&children) { $0.takeSubviews() }
    }

    /// Creates a view with the given frame.
    public init(frame: CGRect) {
        layer = Self.makeBackingLayer()
        super.init()
        layer.delegate = self
        // Drawn at the first commit, as UIKit draws a view when it is first shown.
        layer.setNeedsDisplay()
        // A view made inside an animation block appears at its frame without animating.
        UIView.performWithoutAnimation { self.frame = frame }
    }

    /// Creates a view with a zero frame: nothing is decoded. Present so that subclasses
    /// written for Apple, with `required init?(coder:)` calling `super`, compile.
    public required init?(coder: NSCoder) {
        layer = Self.makeBackingLayer()
        super.init()
        layer.delegate = self
        layer.setNeedsDisplay()
    }

    /// Archives nothing; present so that subclasses may override it and call `super`.
    open func encode(with coder: NSCoder) {}

    /// Creates a view with a zero frame.
    public convenience override init() {
        self.init(frame: .zero)
    }

    // MARK: Geometry (UIView+Geometry.swift)

    /// The frame in the superview's coordinates: the layer's `frame`. A new size resizes the
    /// subviews (``autoresizingMask``) and marks the view and its superview for layout.
    open var frame: CGRect {
        get { layer.frame }
        set { setGeometry(newValue, of: "frame", current: layer.frame) { layer.frame = $0 } }
    }

    /// The bounds in the view's own coordinates: the layer's `bounds`; a new size does what a
    /// new frame's does.
    open var bounds: CGRect {
        get { layer.bounds }
        set { setGeometry(newValue, of: "bounds", current: layer.bounds) { layer.bounds = $0 } }
    }

    /// The centre in the superview's coordinates: the layer's `position`.
    open var center: CGPoint {
        get { layer.position }
        set { setCenter(newValue) }
    }

    /// The affine transform about the centre, stored in the layer's 3D `transform`.
    open var transform: CGAffineTransform {
        get { CATransform3DGetAffineTransform(layer.transform) }
        set { layer.transform = CATransform3DMakeAffineTransform(newValue) }
    }

    /// The 3D transform: the layer's `transform`.
    open var transform3D: CATransform3D {
        get { layer.transform }
        set { layer.transform = newValue }
    }

    /// The point of the bounds that ``center`` places and transforms turn about, in unit
    /// coordinates (iOS 16): the layer's `anchorPoint`; (0.5, 0.5) by default.
    open var anchorPoint: CGPoint {
        get { layer.anchorPoint }
        set {
            CALayer.requireValidGeometry(newValue, property: "anchorPoint", of: "UIView")
            layer.anchorPoint = newValue
        }
    }

    /// Pixels per point of what the view draws: the layer's `contentsScale`.
    open var contentScaleFactor: CGFloat {
        get { layer.contentsScale }
        set { layer.contentsScale = newValue }
    }

    /// A view whose alpha masks this one (Objective-C's `maskView`): its layer becomes the
    /// layer's `mask`. Like a layer's mask, it is not a subview.
    open var mask: UIView? {
        get { maskViewReference }
        set {
            maskViewReference = newValue
            layer.mask = newValue?.layer
        }
    }
    private var maskViewReference: UIView?

    // MARK: Converting between views

    /// Converts a point from the view's bounds coordinates to `view`'s (nil: the window's),
    /// through the views' layers.
    open func convert(_ point: CGPoint, to view: UIView?) -> CGPoint { layer.convert(point, to: space(of: view)) }
    /// Converts a point from `view`'s bounds coordinates (nil: the window's) to the view's.
    open func convert(_ point: CGPoint, from view: UIView?) -> CGPoint { layer.convert(point, from: space(of: view)) }
    /// Converts a rectangle from the view's bounds coordinates to `view`'s (nil: the window's).
    open func convert(_ rect: CGRect, to view: UIView?) -> CGRect { layer.convert(rect, to: space(of: view)) }
    /// Converts a rectangle from `view`'s bounds coordinates (nil: the window's) to the view's.
    open func convert(_ rect: CGRect, from view: UIView?) -> CGRect { layer.convert(rect, from: space(of: view)) }

    // MARK: Appearance

    /// The opacity, from 0 to 1: the layer's `opacity`.
    open var alpha: CGFloat {
        get { CGFloat(layer.opacity) }
        set { layer.opacity = Float(newValue) }
    }

    /// The background colour: the layer's `backgroundColor`.
    open var backgroundColor: UIColor? {
        get { layer.backgroundColor.map(UIColor.init(cgColor:)) }
        set { layer.backgroundColor = newValue?.cgColor }
    }

    /// Whether the view is hidden: the layer's `isHidden` (a stack view's arranged view hides
    /// its layer when the block hiding it ends).
    open var isHidden: Bool {
        get { existingLayoutState?.hiddenUntilAnimationEnds == true || layer.isHidden }
        set {
            if let stack = superview as? UIStackView, stack.arrangedSubviews.contains(self) {
                stack.arrangedSubview(self, setHidden: newValue)
            } else {
                layer.isHidden = newValue
            }
        }
    }

    /// Whether subviews are clipped to the bounds: the layer's `masksToBounds`.
    open var clipsToBounds: Bool {
        get { layer.masksToBounds }
        set { layer.masksToBounds = newValue }
    }

    /// Whether the view is drawn as opaque (stored; the renderer does not rely on it).
    open var isOpaque = true
    /// Whether the view takes touches: when off, hit testing passes over it and its subviews.
    open var isUserInteractionEnabled = true
    /// How the view resizes when its superview's bounds change size (UIView+Autoresizing).
    open var autoresizingMask: AutoresizingMask = []
    /// Whether a new size of the bounds resizes the subviews (default on).
    open var autoresizesSubviews = true

    // MARK: Hierarchy (UIView+Hierarchy.swift: the order of the hooks)

    /// The view this one is a subview of.
    open var superview: UIView? { superviewReference }
    /// The subviews, back to front.
    open var subviews: [UIView] { subviewList }
    /// The window the view is in: the nearest ancestor that is a ``UIWindow`` (the view
    /// itself if it is one), or nil.
    open var window: UIWindow? { (self as? UIWindow) ?? windowReference }
    /// Appends `view` to the subviews (in front of the others), taking it from its superview.
    open func addSubview(_ view: UIView) { insertSubview(view, at: subviewList.count) }
    /// Inserts `view` at `index` among the subviews (clamped to their range), taking it from
    /// its superview; a subview only changes place.
    open func insertSubview(_ view: UIView, at index: Int) { adopt(view, at: index) }

    /// Inserts `view` just above `sibling` (which must be a subview).
    open func insertSubview(_ view: UIView, aboveSubview sibling: UIView) {
        insert(view, nextTo: sibling, above: true)
    }

    /// Inserts `view` just below `sibling` (which must be a subview).
    open func insertSubview(_ view: UIView, belowSubview sibling: UIView) {
        insert(view, nextTo: sibling, above: false)
    }

    /// Swaps the subviews at two indices (and their layers); an index out of range traps, as
    /// UIKit raises.
    open func exchangeSubview(at index1: Int, withSubviewAt index2: Int) { swapSubviews(at: index1, index2) }
    /// Moves a subview to the front.
    open func bringSubviewToFront(_ view: UIView) { restack(view, at: subviewList.count) }
    /// Moves a subview to the back.
    open func sendSubviewToBack(_ view: UIView) { restack(view, at: 0) }
    /// Takes the view out of its superview, with the same calls as a move.
    open func removeFromSuperview() { leaveSuperview() }
    /// Whether the view is `view` or one of its subviews, at any depth.
    open func isDescendant(of view: UIView) -> Bool { hasAncestor(view) }
    /// The view itself or the first subview, depth first, whose tag is `tag`.
    open func viewWithTag(_ tag: Int) -> UIView? { firstView(withTag: tag) }

    // MARK: Hierarchy hooks (each does nothing; subclasses override them)

    /// Called before the view gets a new superview (nil: before it is removed).
    open func willMove(toSuperview newSuperview: UIView?) {}
    /// Called after the view got a new superview or was removed from one.
    open func didMoveToSuperview() {}
    /// Called on the view and each of its subviews before they move to another window (nil:
    /// out of every window).
    open func willMove(toWindow newWindow: UIWindow?) {}
    /// Called on the view and each of its subviews after they moved to another window or out
    /// of one.
    open func didMoveToWindow() {}
    /// Called after `subview` was added.
    open func didAddSubview(_ subview: UIView) {}
    /// Called before `subview` is removed or moved to another view.
    open func willRemoveSubview(_ subview: UIView) {}

    // MARK: The layer's delegate

    /// The view's answer to its layer's action search: `NSNull` outside animation blocks and
    /// when animations are disabled (``UIView/areAnimationsEnabled``); inside a block, the
    /// innermost context's action (``UIViewAnimationContext``), or `NSNull` when it has none.
    open func action(for layer: CALayer, forKey event: String) -> (any CAAction)? {
        blockAction(for: layer, forKey: event)
    }

    /// Lays out the subviews when the layer lays out its sublayers, between the
    /// `viewWillLayoutSubviews()` and `viewDidLayoutSubviews()` of the view controller whose
    /// view this is.
    open func layoutSublayers(of layer: CALayer) {
        let controller = owningViewController
        controller?.viewWillLayoutSubviews()
        layoutSubviews()
        controller?.viewDidLayoutSubviews()
    }

    /// Draws the view's content when its layer displays: `ctx` becomes the current context
    /// (``UIGraphicsGetCurrentContext()``) while ``draw(_:)`` runs with the bounds.
    open func draw(_ layer: CALayer, in ctx: CGContext) {
        UIGraphicsPushContext(ctx)
        defer { UIGraphicsPopContext() }
        draw(bounds)
    }

    // MARK: Drawing

    /// Draws the view's content into the current context, in the view's coordinates; the
    /// default draws nothing.
    open func draw(_ rect: CGRect) {}
    /// Marks the content for drawing again at the next commit: ``draw(_:)`` runs then.
    open func setNeedsDisplay() { layer.setNeedsDisplay() }
    /// Marks part of the content for drawing again; the whole content is drawn again here.
    open func setNeedsDisplay(_ rect: CGRect) { layer.setNeedsDisplay(rect) }

    // MARK: Layout

    /// Lays out the subviews; the default places those Auto Layout places at their solved
    /// frames (an override calls `super` for that).
    open func layoutSubviews() { LayoutEngine.applyFrames(toSubviewsOf: self) }
    /// Marks the view as needing layout.
    open func setNeedsLayout() { layer.setNeedsLayout() }
    /// Lays out the view and its subviews now if they need it, from the outermost superview
    /// that needs layout; inside an animation block, the frames this changes animate.
    open func layoutIfNeeded() { LayoutEngine.layOut(from: self) }
    /// The size that fits the content within `size`; the default is the current size.
    open func sizeThatFits(_ size: CGSize) -> CGSize { bounds.size }
    /// Resizes the view to ``sizeThatFits(_:)`` of its current size, keeping its origin.
    open func sizeToFit() { frame.size = sizeThatFits(bounds.size) }

    // MARK: Auto Layout (the members a subclass overrides; the rest is in UIView+AutoLayout)

    /// The view's Auto Layout state; nil until the view takes part.
    var existingLayoutState: ViewLayoutState?
    /// The view controller whose ``UIViewController/view`` this is.
    weak var owningViewController: UIViewController?
    /// Whether the view, or a view below it, is an item or the container of a constraint (or
    /// was): only then do changes of hierarchy concern Auto Layout, so building and tearing
    /// down hierarchies without constraints costs nothing more, however deep.
    var takesPartInLayout = false

    /// The size the view's content needs, or ``UIView/noIntrinsicMetric`` along an axis where
    /// it needs none (the default, both).
    open var intrinsicContentSize: CGSize {
        CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric)
    }
    /// Tells Auto Layout that ``intrinsicContentSize`` changed.
    open func invalidateIntrinsicContentSize() { LayoutEngine.contentSizeChanged(of: self) }
    /// Updates the view's constraints before layout when ``setNeedsUpdateConstraints()`` asked
    /// for it; an override calls `super` last, as on iOS.
    open func updateConstraints() { existingLayoutState?.needsUpdateConstraints = false }
    /// Called when ``UIView/layoutMargins`` change.
    open func layoutMarginsDidChange() {}
    /// Whether the view's margins grow to the superview's where its edges are within them
    /// (UIKit's; false by default). Stored: the margins here are the view's own.
    open var preservesSuperviewLayoutMargins = false
    /// Whether the margins are measured from the safe area's edges rather than the bounds'
    /// (UIKit's; true by default). Stored: the margins guide here is inset by the margins
    /// from the bounds.
    open var insetsLayoutMarginsFromSafeArea = true
    /// Called when ``UIView/safeAreaInsets`` change.
    open func safeAreaInsetsDidChange() {}

    // MARK: Touches (Events/UIView+Touches.swift)

    /// UIKit's flags for more than one touch at a time and for exclusive touch: stored for
    /// code written for iOS; touch delivery here does not read them.
    open var isMultipleTouchEnabled = false
    open var isExclusiveTouch = false
    /// The gesture recognizers attached to the view.
    open internal(set) var gestureRecognizers: [UIGestureRecognizer]?
    /// Attaches `gestureRecognizer` (taking it from any other view).
    open func addGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) { attach(gestureRecognizer) }
    /// Detaches `gestureRecognizer` if it is attached to the view.
    open func removeGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) { detach(gestureRecognizer) }
    /// Whether `gestureRecognizer`, attached to this view, may leave `.possible` (begin, or
    /// recognize a discrete gesture); asked after its delegate, false fails it. True here; a
    /// subclass overrides it to refuse gestures it does not want.
    open func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { true }
    /// The view controller whose view this is, else the superview.
    open override var next: UIResponder? { owningViewController ?? superview }
    /// The deepest view at `point` (in this view's coordinates) that takes touches, the last
    /// subview first.
    open func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? { deepestView(at: point, with: event) }
    /// Whether `point` (in this view's coordinates) is inside the view: its bounds.
    open func point(inside point: CGPoint, with event: UIEvent?) -> Bool { bounds.contains(point) }

    open override var description: String {
        "<\(type(of: self)): 0x\(String(UInt(bitPattern: ObjectIdentifier(self).hashValue), radix: 16))>"
    }

    // MARK: Accessibility (View/UIAccessibility.swift: the traits, the notifications, the settings)

    // Apple declares these on NSObject (the informal UIAccessibility protocols); here they are
    // the view's, in the class body so that a subclass overrides them as on iOS
    // (`override var accessibilityLabel: String? { get { … } set { … } }`). What is set lives in
    // one object per view, made by the first setter; a property never set answers with the
    // class's default (`defaultAccessibilityLabel` and its siblings, which UILabel, UIControl
    // and UIButton override). Nothing reads them but the app and its tests: there is no
    // VoiceOver here.

    /// What was set of the view's accessibility; nil until a property is set.
    private var accessibilityStorage: AccessibilityAttributes?
    /// The object holding what is set, made when first needed.
    private var accessibilityAttributes: AccessibilityAttributes {
        if let accessibilityStorage { return accessibilityStorage }
        let made = AccessibilityAttributes()
        accessibilityStorage = made
        return made
    }

    /// Whether assistive technologies see the view as an element: false for a plain view (its
    /// subviews may be), true for labels and controls, as on iOS.
    open var isAccessibilityElement: Bool {
        get { accessibilityStorage?.isElement ?? defaultIsAccessibilityElement }
        set { accessibilityAttributes.isElement = newValue }
    }

    /// The element's name, read first: a label's text and a button's title unless set; nil
    /// gives back that default.
    open var accessibilityLabel: String? {
        get { accessibilityStorage?.label ?? defaultAccessibilityLabel }
        set { accessibilityAttributes.label = newValue }
    }

    /// What activating the element does ("Opens the order"), read after a pause.
    open var accessibilityHint: String? {
        get { accessibilityStorage?.hint }
        set { accessibilityAttributes.hint = newValue }
    }

    /// The element's value when it has one that changes (a slider's "50 %").
    open var accessibilityValue: String? {
        get { accessibilityStorage?.value }
        set { accessibilityAttributes.value = newValue }
    }

    /// What the element is and its state: `.staticText` for a label; `.button` for a button;
    /// a control adds `.notEnabled` while disabled and `.selected` while selected. A value set
    /// replaces those defaults, state included.
    open var accessibilityTraits: UIAccessibilityTraits {
        get { accessibilityStorage?.traits ?? defaultAccessibilityTraits }
        set { accessibilityAttributes.traits = newValue }
    }

    /// A name for UI tests to find the view by (`UIAccessibilityIdentification`); never read
    /// out.
    open var accessibilityIdentifier: String? {
        get { accessibilityStorage?.identifier }
        set { accessibilityAttributes.identifier = newValue }
    }

    /// The element's frame in screen coordinates: the view's bounds converted through its
    /// window (``UIAccessibility/convertToScreenCoordinates(_:in:)``), or the frame set.
    open var accessibilityFrame: CGRect {
        get { accessibilityStorage?.frame ?? UIAccessibility.convertToScreenCoordinates(bounds, in: self) }
        set { accessibilityAttributes.frame = newValue }
    }

    /// Whether the elements inside the view are hidden from assistive technologies (false).
    open var accessibilityElementsHidden: Bool {
        get { accessibilityStorage?.elementsHidden ?? false }
        set { accessibilityAttributes.elementsHidden = newValue }
    }

    /// Whether assistive technologies ignore the view's siblings while it shows (false): a
    /// custom alert or sheet sets it.
    open var accessibilityViewIsModal: Bool {
        get { accessibilityStorage?.viewIsModal ?? false }
        set { accessibilityAttributes.viewIsModal = newValue }
    }

    /// Whether the elements inside the view are read together, before those outside it (false).
    open var shouldGroupAccessibilityChildren: Bool {
        get { accessibilityStorage?.groupsChildren ?? false }
        set { accessibilityAttributes.groupsChildren = newValue }
    }

    /// Whether Smart Invert leaves the view as it is (iOS 11; false): set on photos and video.
    open var accessibilityIgnoresInvertColors: Bool {
        get { accessibilityStorage?.ignoresInvertColors ?? false }
        set { accessibilityAttributes.ignoresInvertColors = newValue }
    }

    /// The elements inside the view, in reading order (views or ``UIAccessibilityElement``s);
    /// nil: its subviews'.
    open var accessibilityElements: [Any]? {
        get { accessibilityStorage?.elements }
        set { accessibilityAttributes.elements = newValue }
    }

    /// The actions the element offers besides activation (VoiceOver's actions rotor).
    open var accessibilityCustomActions: [UIAccessibilityCustomAction]? {
        get { accessibilityStorage?.customActions }
        set { accessibilityAttributes.customActions = newValue }
    }

    // The view as a `UIAccessibilityContainer`: its elements one at a time. A view that makes
    // its elements on demand (a chart's bars) overrides the three together, as on iOS; by
    // default they read ``accessibilityElements``.

    /// The number of elements inside the view: ``accessibilityElements``'s count, 0 when it is
    /// nil.
    open func accessibilityElementCount() -> Int { accessibilityElements?.count ?? 0 }

    /// The element at `index` of ``accessibilityElements``; nil when `index` is out of range
    /// or there are none.
    open func accessibilityElement(at index: Int) -> Any? {
        guard let elements = accessibilityElements, elements.indices.contains(index) else { return nil }
        return elements[index]
    }

    /// Where `element` is in ``accessibilityElements``, found by identity (`===`); `NSNotFound`
    /// when it is not there, or is not an object.
    open func index(ofAccessibilityElement element: Any) -> Int {
        guard type(of: element) is AnyClass, let elements = accessibilityElements else { return NSNotFound }
        let object = element as AnyObject
        return elements.firstIndex { type(of: $0) is AnyClass && ($0 as AnyObject) === object } ?? NSNotFound
    }

    /// Activates the element (a double tap with VoiceOver); true when the view handled it. The
    /// default handles nothing.
    open func accessibilityActivate() -> Bool { false }
    /// Increments an `.adjustable` element's value (a swipe up); does nothing by default.
    open func accessibilityIncrement() {}
    /// Decrements an `.adjustable` element's value (a swipe down); does nothing by default.
    open func accessibilityDecrement() {}
    /// Dismisses a modal view (VoiceOver's two-finger scrub); true when it did. False by default.
    open func accessibilityPerformEscape() -> Bool { false }
    /// Does the screen's most important action (a two-finger double tap); false by default.
    open func accessibilityPerformMagicTap() -> Bool { false }

    /// Whether the view is an element when not told: false here, true for labels and controls.
    var defaultIsAccessibilityElement: Bool { false }
    /// The label when none is set: nil here, a label's text, a button's title.
    var defaultAccessibilityLabel: String? { nil }
    /// The traits when none are set: none here; a label's, a control's and a button's.
    var defaultAccessibilityTraits: UIAccessibilityTraits { [] }

    // MARK: Animating views (overridable class methods, as on iOS; the work is in Animation/)

    /// Turns block animations of views on or off.
    open class func setAnimationsEnabled(_ enabled: Bool) { areAnimationsEnabled = enabled }
    /// Runs `actionsWithoutAnimation` with view animations disabled, even inside an animation
    /// block. Standalone layers still animate implicitly, as on Apple's platforms.
    open class func performWithoutAnimation(_ actionsWithoutAnimation: () -> Void) {
        let enabled = areAnimationsEnabled
        areAnimationsEnabled = false
        defer { areAnimationsEnabled = enabled }
        actionsWithoutAnimation()
    }

    /// Animates the changes made in `animations` over `duration` seconds with the
    /// `easeInEaseOut` curve.
    ///
    ///     UIView.animate(withDuration: 0.3) { card.center.y += 100 }
    open class func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: nil)
    }

    /// `animate(withDuration:animations:)` with a completion handler: `true` when every
    /// animation of the block ran to its end, `false` if one was removed or replaced first.
    open class func animate(
        withDuration duration: TimeInterval, animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: completion)
    }

    /// Animates the changes made in `animations`: each animatable property of a view's layer
    /// changed in the block gets an animation of `duration` seconds starting `delay` seconds
    /// from now, paced by the curve in `options`.
    open class func animate(
        withDuration duration: TimeInterval, delay: TimeInterval, options: AnimationOptions = [],
        animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        runBlock(
            duration: duration, delay: delay, options: options, spring: nil, animations: animations,
            completion: completion)
    }

    /// Animates the changes made in `animations` with the spring UIKit makes for a damping
    /// ratio and an initial velocity (``UIViewSpring``), for `duration` seconds.
    open class func animate(
        withDuration duration: TimeInterval, delay: TimeInterval, usingSpringWithDamping dampingRatio: CGFloat,
        initialSpringVelocity velocity: CGFloat, options: AnimationOptions = [],
        animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        runSpringBlock(
            duration: duration, delay: delay, dampingRatio: dampingRatio, velocity: velocity, options: options,
            animations: animations, completion: completion)
    }

    /// Animates the changes made in `animations` with the iOS 17 spring of a perceptual
    /// duration and a bounce, running until it settles.
    open class func animate(
        springDuration duration: TimeInterval = 0.5, bounce: CGFloat = 0, initialSpringVelocity velocity: CGFloat = 0,
        delay: TimeInterval = 0, options: AnimationOptions = [], animations: @escaping () -> Void,
        completion: ((Bool) -> Void)? = nil
    ) {
        runPerceptualSpringBlock(
            duration: duration, bounce: bounce, velocity: velocity, delay: delay, options: options,
            animations: animations, completion: completion)
    }

    /// Inside an animation block, animates the changes `animations` makes as the block would,
    /// but repeating `count` times and autoreversing as `autoreverses` says (iOS 11).
    open class func modifyAnimations(
        withRepeatCount count: CGFloat, autoreverses: Bool, animations: () -> Void
    ) {
        runModified(repeatCount: count, autoreverses: autoreverses, animations)
    }

    /// Changes a view's content with a transition: the changes made in `animations` are drawn
    /// as a `CATransition` on `view`'s layer from how the view looked before them to how it
    /// looks after, over `duration` seconds.
    open class func transition(
        with view: UIView, duration: TimeInterval, options: AnimationOptions = [], animations: (() -> Void)?,
        completion: ((Bool) -> Void)? = nil
    ) {
        runTransition(with: view, duration: duration, options: options, animations: animations, completion: completion)
    }

    /// Replaces `fromView` by `toView` with a transition on their superview: `toView` takes
    /// `fromView`'s place among the subviews and `fromView` is removed — or, with
    /// `.showHideTransitionViews`, `fromView` is hidden and `toView` shown where they are.
    open class func transition(
        from fromView: UIView, to toView: UIView, duration: TimeInterval, options: AnimationOptions = [],
        completion: ((Bool) -> Void)? = nil
    ) {
        runTransition(from: fromView, to: toView, duration: duration, options: options, completion: completion)
    }

    /// Animates the changes made in `animations` as keyframes: one `CAKeyframeAnimation` per
    /// changed property of each view's layer, `duration` seconds long, starting `delay`
    /// seconds from now.
    open class func animateKeyframes(
        withDuration duration: TimeInterval, delay: TimeInterval, options: KeyframeAnimationOptions = [],
        animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        runKeyframes(duration: duration, delay: delay, options: options, animations: animations, completion: completion)
    }

    /// Adds a keyframe to the enclosing keyframe block: the changes made in `animations` are
    /// reached at relative time `frameStartTime + frameDuration`, both fractions in [0, 1].
    open class func addKeyframe(
        withRelativeStartTime frameStartTime: Double, relativeDuration frameDuration: Double,
        animations: @escaping () -> Void
    ) {
        recordKeyframe(start: frameStartTime, duration: frameDuration, animations: animations)
    }

    /// Performs `animation` on `views`, with `parallelAnimations` animated alongside it in the
    /// same block (same duration, curve and `options`); `completion` runs when both are over.
    open class func perform(
        _ animation: SystemAnimation, on views: [UIView], options: AnimationOptions = [],
        animations parallelAnimations: (() -> Void)?, completion: ((Bool) -> Void)? = nil
    ) {
        runSystemAnimation(
            animation, on: views, options: options, alongside: parallelAnimations, completion: completion)
    }
}

/// A view's properties are observed through its layer, which holds them: `observe(\.center)`
/// follows the model changes made by setting the view's or the layer's properties.
extension UIView: @preconcurrency KeyValueObservingObject {
    public var keyValueObservationSource: AnyObject { layer }

    /// A view's own key paths (`frame`, `center`, `alpha`, `hidden`…), else its layer's.
    public func observedValue(forKeyPath keyPath: String) -> Any? {
        switch keyPath {
        case "frame": frame
        case "bounds": bounds
        case "center": center
        case "alpha": alpha
        case "hidden", "isHidden": isHidden
        case "transform": transform
        case "backgroundColor": backgroundColor
        case "contentOffset": (self as? UIScrollView)?.contentOffset
        default: layer.value(forKeyPath: keyPath)
        }
    }
}
