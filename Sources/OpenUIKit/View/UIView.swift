import Foundation

/// A rectangle on screen backed by a layer: Apple's `UIView`, without events.
///
/// The view makes its layer from ``layerClass`` and is the layer's delegate; every geometry
/// and appearance property reads and writes the layer. As the layer's delegate the view
/// answers the action search: `NSNull` (no animation) outside animation blocks, an animation
/// inside them — see ``UIView/animate(withDuration:delay:options:animations:completion:)``.
///
///     let card = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 60))
///     card.center = CGPoint(x: 200, y: 200)     // no animation: the view answers NSNull
///     UIView.animate(withDuration: 0.3) {
///         card.alpha = 0                        // animates
///     }
@preconcurrency @MainActor
open class UIView: UIResponder {
    /// The class of the layer a view of this class is backed by (`CALayer` by default). A
    /// subclass returns its own `CALayer` subclass to change it.
    open class var layerClass: AnyClass { CALayer.self }

    /// The backing layer; the view is its delegate.
    public let layer: CALayer

    /// A number to find the view by (`viewWithTag(_:)`).
    open var tag = 0

    /// The tint colour and adjustment mode set on this view (nil, `.automatic`: inherited);
    /// UIView+Tint.swift.
    var ownTintColor: UIColor?
    var ownTintAdjustmentMode = TintAdjustmentMode.automatic
    /// The nearest ancestor with a tint colour or mode of its own, kept as the view moves, so
    /// that reading the tint walks only the tinted views above and a move checks one pointer.
    weak var tintAncestor: UIView?

    // MARK: Content mode

    /// How the layer's `contents` (an image view's image, what `draw(_:)` drew) fits the
    /// bounds: UIKit's `UIView.ContentMode`.
    public enum ContentMode: Int, Sendable {
        case scaleToFill, scaleAspectFit, scaleAspectFill, redraw, center, top, bottom, left, right
        case topLeft, topRight, bottomLeft, bottomRight
    }

    /// How the content fits the bounds (default `.scaleToFill`): sets the layer's
    /// `contentsGravity` as UIKit does — `.scaleToFill` and `.redraw` resize, `.scaleAspectFit`
    /// `resizeAspect`, `.scaleAspectFill` `resizeAspectFill`, the others the gravity of their
    /// name (`top` is the top of the screen, as here every layer's is) — and `.redraw` also
    /// sets `needsDisplayOnBoundsChange`, so that the view draws again at each new size.
    open var contentMode = ContentMode.scaleToFill {
        didSet {
            layer.contentsGravity = Self.gravity(of: contentMode)
            layer.needsDisplayOnBoundsChange = contentMode == .redraw
        }
    }

    /// The layer gravity of a content mode.
    static func gravity(of mode: ContentMode) -> CALayerContentsGravity {
        switch mode {
        case .scaleToFill, .redraw: .resize
        case .scaleAspectFit: .resizeAspect
        case .scaleAspectFill: .resizeAspectFill
        case .center: .center
        case .top: .top
        case .bottom: .bottom
        case .left: .left
        case .right: .right
        case .topLeft: .topLeft
        case .topRight: .topRight
        case .bottomLeft: .bottomLeft
        case .bottomRight: .bottomRight
        }
    }

    // MARK: Tint (how it is inherited and told: UIView+Tint.swift)

    /// The view's tint: the colour set on it, else its superview's, else `systemBlue`. Nil
    /// sets it back to inherited. Dimmed (`tintAdjustmentMode` `.dimmed`), it reads as a grey
    /// of the colour's luminance (Rec. 601 weights), its alpha kept.
    ///
    /// Setting it calls ``tintColorDidChange()`` on the view and on every view below it that
    /// inherits it.
    open var tintColor: UIColor! {
        get {
            let tint = effectiveTint
            return tint.mode == .dimmed ? Self.dimmed(tint.color) : tint.color
        }
        set { changeTint { ownTintColor = newValue } }
    }

    /// The first mode other than `.automatic` from the view up (`.normal` at the top): what
    /// `tintColor` shows. Setting `.automatic` inherits again; setting calls
    /// ``tintColorDidChange()`` as `tintColor` does.
    open var tintAdjustmentMode: TintAdjustmentMode {
        get { effectiveTint.mode }
        set { changeTint { ownTintAdjustmentMode = newValue } }
    }

    /// Called when the view's tint colour or adjustment mode changed: set on it, set on an
    /// ancestor it inherits from, or by a move under a superview of another tint. Does nothing;
    /// subclasses override it (to redraw with the new tint).
    open func tintColorDidChange() {}

    // Read by the nonisolated deinit, when no other reference to the view is left; everything
    // else touches it on the main actor. (A `@preconcurrency` class cannot have an
    // `isolated deinit`.)
    nonisolated(unsafe) private var subviewList: [UIView] = []
    private weak var superviewReference: UIView?

    /// Lets go of the subviews from an explicit stack, as `CALayer` does with its sublayers,
    /// so that a hierarchy of any depth is freed in constant stack space.
    deinit {
        var children = takeSubviews()
        releaseWithoutRecursion(&children) { $0.takeSubviews() }
    }

    /// Empties the subview list; called only on a view being freed.
    nonisolated private func takeSubviews() -> [UIView] {
        defer { subviewList = [] }
        return subviewList
    }

    /// Creates a view with the given frame.
    public init(frame: CGRect) {
        guard let layerType = Self.layerClass as? CALayer.Type else {
            misuse("\(Self.self).layerClass must be a CALayer subclass, got \(Self.layerClass)")
        }
        layer = CALayer.makeLayer(ofClass: layerType)
        super.init()
        layer.delegate = self
        // Drawn at the first commit, as UIKit draws a view when it is first shown.
        layer.setNeedsDisplay()
        // A view made inside an animation block appears at its frame without animating.
        UIView.performWithoutAnimation { self.frame = frame }
    }

    /// Creates a view from an archive. Nothing is decoded (archives of views are not read
    /// here): the view has a zero frame and a new layer of ``UIView/layerClass``. Present so that
    /// subclasses written for Apple, with `required init?(coder:)` calling `super`, compile.
    public required init?(coder: NSCoder) {
        guard let layerType = Self.layerClass as? CALayer.Type else {
            misuse("\(Self.self).layerClass must be a CALayer subclass, got \(Self.layerClass)")
        }
        layer = CALayer.makeLayer(ofClass: layerType)
        super.init()
        layer.delegate = self
        layer.setNeedsDisplay()
    }

    /// Archives nothing (see ``init(coder:)``); present so that subclasses may override it
    /// and call `super`, as on Apple.
    open func encode(with coder: NSCoder) {}

    /// Creates a view with a zero frame.
    public convenience override init() {
        self.init(frame: .zero)
    }

    // MARK: Geometry

    /// The frame in the superview's coordinates: the layer's `frame`. A new size marks the
    /// view as needing layout.
    open var frame: CGRect {
        get { layer.frame }
        set {
            CALayer.requireValidGeometry(newValue, property: "frame", of: "UIView")
            resizing(from: layer.frame.size, to: newValue.size) { layer.frame = newValue }
            if existingLayoutState != nil { LayoutEngine.frameChanged(of: self) }
        }
    }

    /// The bounds in the view's own coordinates: the layer's `bounds`. A new size marks the
    /// view as needing layout.
    open var bounds: CGRect {
        get { layer.bounds }
        set {
            CALayer.requireValidGeometry(newValue, property: "bounds", of: "UIView")
            resizing(from: layer.bounds.size, to: newValue.size) { layer.bounds = newValue }
            if existingLayoutState != nil { LayoutEngine.frameChanged(of: self) }
        }
    }

    /// Applies a change of frame or bounds, marking the view and its superview for layout if
    /// its size changes (a change of the layer's bounds does the same, in `CALayer`).
    private func resizing(from oldSize: CGSize, to newSize: CGSize, _ change: () -> Void) {
        change()
        if newSize != oldSize {
            if autoresizesSubviews { resizeSubviews(fromOldSize: oldSize) }
            setNeedsLayout()
            superviewReference?.setNeedsLayout()
        }
    }

    /// The centre in the superview's coordinates: the layer's `position`.
    open var center: CGPoint {
        get { layer.position }
        set {
            CALayer.requireValidGeometry(newValue, property: "center", of: "UIView")
            layer.position = newValue
            if existingLayoutState != nil { LayoutEngine.frameChanged(of: self) }
        }
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

    /// Converts a point from the view's bounds coordinates to `view`'s (nil: the window's, or
    /// for a view in no window, the space the root of its hierarchy stands in), through the
    /// views' layers: see `CALayer.convert(_:to:)`.
    open func convert(_ point: CGPoint, to view: UIView?) -> CGPoint {
        layer.convert(point, to: coordinateLayer(of: view))
    }

    /// Converts a point from `view`'s bounds coordinates (nil: the window's) to the view's.
    open func convert(_ point: CGPoint, from view: UIView?) -> CGPoint {
        layer.convert(point, from: coordinateLayer(of: view))
    }

    /// Converts a rectangle from the view's bounds coordinates to `view`'s (nil: the
    /// window's): the smallest rectangle holding its transformed corners.
    open func convert(_ rect: CGRect, to view: UIView?) -> CGRect {
        layer.convert(rect, to: coordinateLayer(of: view))
    }

    /// Converts a rectangle from `view`'s bounds coordinates (nil: the window's) to the
    /// view's: the smallest rectangle holding its transformed corners.
    open func convert(_ rect: CGRect, from view: UIView?) -> CGRect {
        layer.convert(rect, from: coordinateLayer(of: view))
    }

    /// The layer whose coordinates `view` stands for: its layer, or for nil the window's
    /// layer (nil, the roots' space, when the view is in no window).
    private func coordinateLayer(of view: UIView?) -> CALayer? {
        view?.layer ?? window?.layer
    }

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

    /// Whether the view is hidden: the layer's `isHidden`. An arranged view of a stack view
    /// hidden inside an animation block reads `true` at once; its layer hides when the block's
    /// animations end (``UIStackView``).
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

    /// Whether a change of the bounds' size resizes the subviews by their
    /// ``autoresizingMask`` (default on).
    open var autoresizesSubviews = true

    // MARK: Hierarchy

    /// The view this one is a subview of.
    open var superview: UIView? { superviewReference }

    /// The subviews, back to front.
    open var subviews: [UIView] { subviewList }

    /// Appends `view` to the subviews (in front of the others), taking it from its superview.
    open func addSubview(_ view: UIView) {
        insertSubview(view, at: subviewList.count)
    }

    /// Inserts `view` at `index` among the subviews (clamped to their range).
    ///
    /// A view coming from elsewhere hears `willMove(toSuperview:)`, then, with its subviews,
    /// `willMove(toWindow:)` and `didMoveToWindow()` when its window changes, then
    /// `didMoveToSuperview()`; its old superview hears `willRemoveSubview(_:)` and this one
    /// `didAddSubview(_:)`. A view that is already a subview only changes place.
    open func insertSubview(_ view: UIView, at index: Int) {
        // A view with no subviews can only be an ancestor of this one by being it: no walk up
        // the hierarchy, so that building a deep one view by view stays linear.
        require(
            view !== self && (view.subviewList.isEmpty || !isDescendant(of: view)),
            "cannot add \(view) as a subview of \(self): it would become its own ancestor")
        if view.superviewReference === self {
            removeFromList(view)
            place(view, at: index)
            return
        }
        let oldWindow = view.window
        let newWindow = window
        view.willMove(toSuperview: self)
        if oldWindow !== newWindow { view.forEachInSubtree { $0.willMove(toWindow: newWindow) } }
        view.detachFromSuperview()
        place(view, at: index)
        if view.takesPartInLayout { LayoutEngine.moved(view, into: self) }
        if oldWindow !== newWindow {
            view.setWindowInSubtree(newWindow)
            view.forEachInSubtree { $0.didMoveToWindow() }
        }
        view.didMoveToSuperview()
        view.inheritTint()
        didAddSubview(view)
    }

    /// Puts `view`, which has no superview, among the subviews and its layer among the
    /// sublayers, and marks this view for layout.
    private func place(_ view: UIView, at index: Int) {
        let position = min(max(index, 0), subviewList.count)
        subviewList.insert(view, at: position)
        view.superviewReference = self
        layer.insertSublayer(view.layer, at: UInt32(position))
        setNeedsLayout()
    }

    /// Takes a subview out of the list without telling anyone: the first half of a move
    /// within this view.
    private func removeFromList(_ view: UIView) {
        subviewList.removeAll { $0 === view }
        view.superviewReference = nil
        view.layer.removeFromSuperlayer()
    }

    /// Inserts `view` just above `sibling` (which must be a subview).
    open func insertSubview(_ view: UIView, aboveSubview sibling: UIView) {
        insertSubview(view, at: index(ofSubview: sibling, placing: view, in: #function) + 1)
    }

    /// Inserts `view` just below `sibling` (which must be a subview).
    open func insertSubview(_ view: UIView, belowSubview sibling: UIView) {
        insertSubview(view, at: index(ofSubview: sibling, placing: view, in: #function))
    }

    /// Swaps the subviews at two indices (and their layers); an index out of range traps, as
    /// UIKit raises.
    open func exchangeSubview(at index1: Int, withSubviewAt index2: Int) {
        require(
            subviewList.indices.contains(index1) && subviewList.indices.contains(index2),
            "exchangeSubview(at: \(index1), withSubviewAt: \(index2)): \(subviewList.count) subviews")
        guard index1 != index2 else { return }
        let (low, high) = (min(index1, index2), max(index1, index2))
        let first = subviewList[low]
        let second = subviewList[high]
        insertSubview(second, at: low)
        insertSubview(first, at: high)
    }

    /// Moves a subview to the front.
    open func bringSubviewToFront(_ view: UIView) {
        guard view.superviewReference === self else { return }
        insertSubview(view, at: subviewList.count)
    }

    /// Moves a subview to the back.
    open func sendSubviewToBack(_ view: UIView) {
        guard view.superviewReference === self else { return }
        insertSubview(view, at: 0)
    }

    /// Takes the view out of its superview, with the same calls as a move
    /// (`willMove(toSuperview: nil)`, `willMove(toWindow: nil)` when it was in a window, …).
    open func removeFromSuperview() {
        guard superviewReference != nil else { return }
        let oldWindow = window
        willMove(toSuperview: nil)
        if oldWindow != nil { forEachInSubtree { $0.willMove(toWindow: nil) } }
        detachFromSuperview()
        if oldWindow != nil {
            setWindowInSubtree(nil)
            forEachInSubtree { $0.didMoveToWindow() }
        }
        didMoveToSuperview()
        inheritTint()
    }

    /// The window the view is in: the nearest ancestor that is a ``UIWindow`` (the view
    /// itself if it is one), or nil.
    open var window: UIWindow? { (self as? UIWindow) ?? windowReference }

    /// The window above the view, kept up to date as the view moves so that reading
    /// ``window`` never walks the hierarchy: building a deep one stays linear.
    private weak var windowReference: UIWindow?

    /// Records `newWindow` as the window of the view and every view below it.
    private func setWindowInSubtree(_ newWindow: UIWindow?) {
        // A window inside another window is not supported: its subviews take the outer one.
        forEachInSubtree { $0.windowReference = newWindow }
    }

    /// Calls `body` on the view and every view below it, each before its subviews, from an
    /// explicit stack so that a hierarchy of any depth is walked.
    func forEachInSubtree(_ body: (UIView) -> Void) {
        var pending: [UIView] = [self]
        while let view = pending.popLast() {
            body(view)
            pending.append(contentsOf: view.subviewList.reversed())
        }
    }

    // MARK: Hierarchy hooks

    /// Called before the view gets a new superview (nil: before it is removed). Does nothing;
    /// subclasses override it.
    open func willMove(toSuperview newSuperview: UIView?) {}

    /// Called after the view got a new superview or was removed from one. Does nothing;
    /// subclasses override it.
    open func didMoveToSuperview() {}

    /// Called on the view and each of its subviews before they move to another window (nil:
    /// out of every window). Does nothing; subclasses override it.
    open func willMove(toWindow newWindow: UIWindow?) {}

    /// Called on the view and each of its subviews after they moved to another window or out
    /// of one. Does nothing; subclasses override it.
    open func didMoveToWindow() {}

    /// Called after `subview` was added. Does nothing; subclasses override it.
    open func didAddSubview(_ subview: UIView) {}

    /// Called before `subview` is removed or moved to another view. Does nothing; subclasses
    /// override it.
    open func willRemoveSubview(_ subview: UIView) {}

    /// Whether the view is `view` or one of its subviews, at any depth.
    open func isDescendant(of view: UIView) -> Bool {
        var current: UIView? = self
        while let candidate = current {
            if candidate === view { return true }
            current = candidate.superviewReference
        }
        return false
    }

    /// The view itself or the first subview, depth first, whose tag is `tag`.
    open func viewWithTag(_ tag: Int) -> UIView? {
        if self.tag == tag { return self }
        for subview in subviewList {
            if let found = subview.viewWithTag(tag) { return found }
        }
        return nil
    }

    private func detachFromSuperview() {
        guard let superview = superviewReference else { return }
        if takesPartInLayout { LayoutEngine.willDetach(self) }
        superview.willRemoveSubview(self)
        superview.subviewList.removeAll { $0 === self }
        superviewReference = nil
        layer.removeFromSuperlayer()
        superview.setNeedsLayout()
    }

    /// Where `sibling` stands among the subviews once `view` has left its place among them.
    private func index(ofSubview sibling: UIView, placing view: UIView, in method: String) -> Int {
        let others = subviewList.filter { $0 !== view }
        guard let index = others.firstIndex(where: { $0 === sibling }) else {
            misuse("\(method): \(sibling) is not a subview of \(self)")
        }
        return index
    }

    // MARK: The layer's delegate

    /// The view's answer to its layer's action search: `NSNull` outside animation blocks and
    /// when animations are disabled (``UIView/areAnimationsEnabled``); inside a block, the
    /// innermost context's action (``UIViewAnimationContext``), or `NSNull` when it has none.
    /// Under UIKit's own blocks, a key outside UIKit's table of keys it animates answers
    /// `NSNull` too (see the *View block animations* article). The search never goes past the
    /// view, as on Apple's platforms.
    open func action(for layer: CALayer, forKey event: String) -> (any CAAction)? {
        guard UIView.areAnimationsEnabled, let context = UIView.currentAnimationContext else { return NSNull() }
        if context is any UIKitAnimationContext, !UIViewAnimationState.blockAnimatableKeys.contains(event) {
            return NSNull()
        }
        if let action = context.action(for: layer, forKey: event, oldValue: layer.value(forKey: event)) {
            return action
        }
        return context.stopsActionSearch ? NSNull() : nil
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

    /// Draws the view's content into the current context, in the view's coordinates (origin
    /// at the top left); the default draws nothing. Called when the view is first displayed
    /// and after ``setNeedsDisplay()``, with the bounds as `rect` (the whole content is drawn
    /// again here, not only the part marked).
    open func draw(_ rect: CGRect) {}

    /// Marks the content for drawing again at the next commit: ``draw(_:)`` runs then.
    open func setNeedsDisplay() {
        layer.setNeedsDisplay()
    }

    /// Marks part of the content for drawing again; the whole content is drawn again here.
    open func setNeedsDisplay(_ rect: CGRect) {
        layer.setNeedsDisplay(rect)
    }

    // MARK: Layout

    /// Lays out the subviews; the default places the subviews whose frames Auto Layout
    /// computes at their solved frames (an override calls `super` for that). Called by
    /// `layoutIfNeeded()` and at the commit when the view needs layout.
    open func layoutSubviews() {
        LayoutEngine.applyFrames(toSubviewsOf: self)
    }

    /// Marks the view as needing layout.
    open func setNeedsLayout() {
        layer.setNeedsLayout()
    }

    /// Lays out the view and its subviews now if they need it: constraints updated and
    /// solved, then `layoutSubviews()` down from the outermost superview that needs layout.
    /// Inside an animation block, the frames this changes animate.
    open func layoutIfNeeded() {
        LayoutEngine.layOut(from: self)
    }

    // MARK: Auto Layout (the members a subclass overrides; the rest is in UIView+AutoLayout)

    /// The view's Auto Layout state; nil until the view takes part.
    var existingLayoutState: ViewLayoutState?
    /// The view controller whose ``UIViewController/view`` this is.
    weak var owningViewController: UIViewController?

    // MARK: Touches (Events/)

    open var isMultipleTouchEnabled = false
    open var isExclusiveTouch = false
    /// The gesture recognizers attached to the view.
    open private(set) var gestureRecognizers: [UIGestureRecognizer]?

    /// Attaches `gestureRecognizer` (taking it from any other view).
    open func addGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {
        gestureRecognizer.view?.removeGestureRecognizer(gestureRecognizer)
        gestureRecognizers = (gestureRecognizers ?? []) + [gestureRecognizer]
        gestureRecognizer.view = self
    }

    open func removeGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {
        guard gestureRecognizer.view === self else { return }
        gestureRecognizers?.removeAll { $0 === gestureRecognizer }
        if gestureRecognizers?.isEmpty == true { gestureRecognizers = nil }
        gestureRecognizer.view = nil
    }

    /// The view controller whose view this is, else the superview.
    open override var next: UIResponder? { owningViewController ?? superview }

    /// The deepest view at `point` (in this view's coordinates) that takes touches: not
    /// hidden, nearly transparent (alpha below 0.01) or with ``isUserInteractionEnabled`` off,
    /// and containing the point (``point(inside:with:)``); the last subview first.
    open func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        guard isUserInteractionEnabled, !isHidden, alpha >= 0.01, self.point(inside: point, with: event) else {
            return nil
        }
        for subview in subviews.reversed() {
            if let hit = subview.hitTest(subview.convert(point, from: self), with: event) { return hit }
        }
        return self
    }

    /// Whether `point` (in this view's coordinates) is inside the view: its bounds.
    open func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        bounds.contains(point)
    }
    /// Whether the view, or a view below it, is an item or the container of a constraint (or
    /// was): only then do changes of hierarchy concern Auto Layout, so building and tearing
    /// down hierarchies without constraints costs nothing more, however deep.
    var takesPartInLayout = false

    /// The size the view's content needs, or ``UIView/noIntrinsicMetric`` along an axis where
    /// it needs none (the default, both). Auto Layout keeps a view with constraints at this
    /// size at its hugging and compression resistance priorities.
    open var intrinsicContentSize: CGSize {
        CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric)
    }

    /// Tells Auto Layout that ``intrinsicContentSize`` changed.
    open func invalidateIntrinsicContentSize() {
        LayoutEngine.contentSizeChanged(of: self)
    }

    /// Updates the view's constraints before layout when ``setNeedsUpdateConstraints()`` asked
    /// for it; an override calls `super` last, as on iOS.
    open func updateConstraints() {
        existingLayoutState?.needsUpdateConstraints = false
    }

    /// The size that fits the content within `size`; the default is the current size.
    open func sizeThatFits(_ size: CGSize) -> CGSize {
        bounds.size
    }

    /// Resizes the view to ``sizeThatFits(_:)`` of its current size, keeping its origin.
    open func sizeToFit() {
        frame.size = sizeThatFits(bounds.size)
    }

    /// Called when ``UIView/layoutMargins`` change.
    open func layoutMarginsDidChange() {}

    /// Called when ``UIView/safeAreaInsets`` change.
    open func safeAreaInsetsDidChange() {}

    open override var description: String {
        "<\(type(of: self)): 0x\(String(UInt(bitPattern: ObjectIdentifier(self).hashValue), radix: 16))>"
    }

    // MARK: Animating views

    // UIKit's class methods, declared here so that a subclass can override them, as on iOS;
    // how each works is in the file named after it (UIView+Animation.swift, …).

    // UIView+Animation

    /// Turns block animations of views on or off.
    open class func setAnimationsEnabled(_ enabled: Bool) {
        areAnimationsEnabled = enabled
    }

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

    /// `animate(withDuration:animations:)` with a completion handler, called once with
    /// `true` when every animation of the block ran to its end, `false` if one was removed or
    /// replaced first.
    open class func animate(
        withDuration duration: TimeInterval, animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: completion)
    }

    /// Animates the changes made in `animations`: each animatable property of a view's layer
    /// changed in the block gets an animation of `duration` seconds starting `delay` seconds
    /// from now, paced by the curve in `options`.
    ///
    /// Properties that add (positions, sizes, rects, numbers, transforms) animate additively
    /// from `old − new` to zero with `fillMode = .both`, so a second block started while the
    /// first runs blends with it; the others (colours, `opacity`, `anchorPoint`, booleans)
    /// animate from the value shown when the change came. Standalone layers changed in the
    /// block animate implicitly with the block's duration and curve, since the block is a
    /// transaction with them. A block nested in another takes the enclosing block's duration,
    /// curve, and repeat options unless `options` override them. With a duration of 0, or
    /// when nothing animatable changed, `completion` runs on the next turn of the run loop (the
    /// next `advance` of a manual clock) with `true`.
    open class func animate(
        withDuration duration: TimeInterval, delay: TimeInterval, options: AnimationOptions = [],
        animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        runBlock(
            duration: duration, delay: delay, options: options, spring: nil, animations: animations,
            completion: completion)
    }

    /// Animates the changes made in `animations` with a spring: `dampingRatio` 1 settles
    /// without overshoot, smaller values bounce; `velocity` is the starting speed in whole
    /// distances per second. The spring is the one UIKit makes (see ``UIViewSpring``); it runs
    /// for `duration` seconds.
    open class func animate(
        withDuration duration: TimeInterval, delay: TimeInterval, usingSpringWithDamping dampingRatio: CGFloat,
        initialSpringVelocity velocity: CGFloat, options: AnimationOptions = [],
        animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        let spring =
            duration > 0
            ? UIViewSpring(dampingRatio: Double(dampingRatio), duration: duration, initialVelocity: Double(velocity))
            : nil
        runBlock(
            duration: duration, delay: delay, options: options.union(.overrideInheritedDuration), spring: spring,
            animations: animations, completion: completion)
    }

    /// Animates the changes made in `animations` with the iOS 17 spring of a perceptual
    /// duration and a bounce (`CASpringAnimation(perceptualDuration:bounce:)`), running until
    /// it settles.
    open class func animate(
        springDuration duration: TimeInterval = 0.5, bounce: CGFloat = 0, initialSpringVelocity velocity: CGFloat = 0,
        delay: TimeInterval = 0, options: AnimationOptions = [], animations: @escaping () -> Void,
        completion: ((Bool) -> Void)? = nil
    ) {
        let spring = UIViewSpring(
            perceptualDuration: duration, bounce: Double(bounce), initialVelocity: Double(velocity))
        runBlock(
            duration: spring.duration, delay: delay, options: options.union(.overrideInheritedDuration),
            spring: spring, animations: animations, completion: completion)
    }

    /// Inside an animation block, animates the changes `animations` makes as the block would,
    /// but repeating `count` times (a fraction plays part of a cycle; `.infinity` for ever) and
    /// autoreversing as `autoreverses` says, in place of the block's `.repeat` and
    /// `.autoreverse` options (iOS 11). The block's completion waits for these animations too.
    /// Outside a block the changes apply at once, as any change outside one does.
    ///
    ///     UIView.animate(withDuration: 0.4) {
    ///         UIView.modifyAnimations(withRepeatCount: 3, autoreverses: true) {
    ///             badge.transform = CGAffineTransform(scaleX: 1.2, y: 1.2)
    ///         }
    ///     }
    open class func modifyAnimations(
        withRepeatCount count: CGFloat, autoreverses: Bool, animations: () -> Void
    ) {
        require(
            !count.isNaN && count >= 0,
            "UIView.modifyAnimations(withRepeatCount:) needs a repeat count of 0 or more, got \(count)")
        guard let state = currentAnimationContext as? UIViewAnimationState else {
            animations()
            return
        }
        perform(in: state.modified(repeatCount: Float(count), autoreverses: autoreverses), animations)
    }

    // UIView+Transitions

    /// Changes a view's content with a transition: the changes made in `animations` are drawn
    /// as a `CATransition` on `view`'s layer from how the view looked before them to how it
    /// looks after, over `duration` seconds.
    ///
    /// The transition style comes from `options`: `.transitionCrossDissolve` is a `fade`;
    /// `.transitionFlipFromLeft`, `…Right`, `…Top` and `…Bottom` are the type `oglFlip` with
    /// the subtype of that side; `.transitionCurlUp` is `pageCurl` and `.transitionCurlDown`
    /// `pageUnCurl`; `.transitionNone` adds no transition. The curve in `options` paces it
    /// (`easeInEaseOut` unless given). The changes in `animations` do not animate on their own,
    /// unless `options` has `.allowAnimatedContent`, when they animate as in
    /// ``animate(withDuration:delay:options:animations:completion:)`` with the same duration
    /// and curve. `completion` runs once: `true` when the transition (and any animated
    /// content) ends, `false` if it is removed or replaced first, and on the next turn of the
    /// run loop with `true` when nothing animates (no transition style, a duration of 0, or
    /// view animations turned off).
    ///
    /// Differences from Apple: the flips and curls keep their type names but are drawn as a
    /// cross-dissolve (see `CATransition`); `.repeat` and `.autoreverse` are ignored.
    ///
    ///     UIView.transition(with: label, duration: 0.3, options: .transitionCrossDissolve) {
    ///         label.backgroundColor = .blue
    ///     }
    open class func transition(
        with view: UIView, duration: TimeInterval, options: AnimationOptions = [], animations: (() -> Void)?,
        completion: ((Bool) -> Void)? = nil
    ) {
        require(duration.isFinite, "UIView.transition(with:) needs a finite duration, got \(duration)")
        let state = UIViewAnimationState(
            duration: duration, delay: 0, curve: options.curve, options: options, spring: nil, completion: completion)
        // One transaction for the transition and the changes, so that its "after" state is
        // captured with all of them when it commits.
        CATransaction.begin()
        addTransition(to: view.layer, duration: duration, options: options, state: state)
        if let animations {
            if options.contains(.allowAnimatedContent) {
                perform(in: state) {
                    CATransaction.setAnimationDuration(duration)
                    CATransaction.setAnimationTimingFunction(options.curve.timingFunction)
                    animations()
                }
            } else {
                performWithoutAnimation(animations)
            }
        }
        CATransaction.commit()
        state.blockDidEnd()
    }

    /// Replaces `fromView` by `toView` with a transition on their superview: `toView` takes
    /// `fromView`'s place (its index) among the subviews of `fromView`'s superview and
    /// `fromView` is removed — or, with `.showHideTransitionViews`, `fromView` is hidden and
    /// `toView` shown where they are. The superview's layer draws the `CATransition` the
    /// options name (see ``transition(with:duration:options:animations:completion:)``).
    ///
    /// `completion` runs once, as for ``transition(with:duration:options:animations:completion:)``.
    /// When `fromView` has no superview there is nothing to draw the transition on: the views
    /// are swapped without one (`toView` is added nowhere unless shown in place), and the
    /// completion comes on the next turn with `true`.
    ///
    ///     UIView.transition(from: front, to: back, duration: 0.5, options: .transitionFlipFromLeft)
    open class func transition(
        from fromView: UIView, to toView: UIView, duration: TimeInterval, options: AnimationOptions = [],
        completion: ((Bool) -> Void)? = nil
    ) {
        require(duration.isFinite, "UIView.transition(from:to:) needs a finite duration, got \(duration)")
        let state = UIViewAnimationState(
            duration: duration, delay: 0, curve: options.curve, options: options, spring: nil, completion: completion)
        let superview = fromView.superview
        CATransaction.begin()
        if let superview {
            addTransition(to: superview.layer, duration: duration, options: options, state: state)
        }
        performWithoutAnimation {
            if options.contains(.showHideTransitionViews) {
                fromView.isHidden = true
                toView.isHidden = false
            } else if let superview, let index = superview.subviews.firstIndex(where: { $0 === fromView }) {
                fromView.removeFromSuperview()
                superview.insertSubview(toView, at: index)
            }
        }
        CATransaction.commit()
        state.blockDidEnd()
    }

    // UIView+Keyframes

    /// Animates the changes made in `animations` as keyframes: one `CAKeyframeAnimation` per
    /// changed property of each view's layer, `duration` seconds long, starting `delay`
    /// seconds from now.
    ///
    /// Inside `animations`, call ``addKeyframe(withRelativeStartTime:relativeDuration:animations:)``
    /// for each keyframe; a change made directly in `animations` animates over the whole
    /// duration, as Apple documents. While the block runs nothing animates: the block's
    /// context records each property's value before its first change and the value each
    /// keyframe reaches, and the animations are built when it has run (seed 000: "the view
    /// returns nil, but stores the state it needs"). Each animation has `values` and
    /// `keyTimes` (the value before the block at 0, each keyframe's value at its end, the
    /// previous value held until a keyframe starts), the calculation mode from `options`,
    /// `fillMode = .both`, the delay as `beginTime`, and is added under its key path.
    ///
    /// As in UIKit, the whole animation is paced by the curve in the options' raw bits 16–19,
    /// `easeInEaseOut` unless given (Apple's animations print `timingFunction = easeInEaseOut`);
    /// a keyframe block nested in another block inherits its duration, curve and repeat options
    /// unless told otherwise. `completion` runs once: `true` when every animation ran to its
    /// end, `false` if one was removed or replaced first, and on the next turn of the run loop
    /// with `true` when nothing animatable changed or the duration is 0.
    ///
    /// Differences from Apple: a property whose value is nil before or in a keyframe (a layer
    /// without contents, say) jumps, since a keyframe needs a value; with `.calculationModeDiscrete`
    /// the key times carry the extra final 1 that `CAKeyframeAnimation` asks for in that mode.
    ///
    ///     UIView.animateKeyframes(withDuration: 1, delay: 0, options: []) {
    ///         UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) { ball.center.y = 300 }
    ///         UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) { ball.center.y = 100 }
    ///     }
    open class func animateKeyframes(
        withDuration duration: TimeInterval, delay: TimeInterval, options: KeyframeAnimationOptions = [],
        animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        require(
            duration.isFinite && delay.isFinite,
            "UIView.animateKeyframes needs a finite duration and a finite delay; got \(duration), \(delay)")
        // As for `animate(withDuration:)`: UIKit takes a negative duration or delay as 0.
        let duration = max(duration, 0)
        let delay = max(delay, 0)
        let blockOptions = options.animationOptions
        var effectiveDuration = duration
        var curve = blockOptions.curve
        var repetition = blockOptions.intersection([.repeat, .autoreverse])
        if let enclosing = enclosingBlockTiming {
            if !blockOptions.contains(.overrideInheritedDuration) { effectiveDuration = enclosing.duration }
            if !blockOptions.contains(.overrideInheritedCurve) { curve = enclosing.curve }
            if !blockOptions.contains(.overrideInheritedOptions) { repetition = enclosing.repetition }
        }
        let effectiveOptions = KeyframeAnimationOptions(
            rawValue: blockOptions.subtracting([.repeat, .autoreverse]).union(repetition).rawValue)
        let state = UIViewKeyframeAnimationState(
            duration: effectiveDuration, delay: delay, curve: curve, options: effectiveOptions, completion: completion)
        perform(in: state) {
            // Standalone layers changed in the block animate implicitly with it, as in `animate`.
            CATransaction.setAnimationDuration(effectiveDuration)
            CATransaction.setAnimationTimingFunction(curve.timingFunction)
            animations()
            // Added in the block's own transaction, so that they commit with the changes.
            state.addRecordedAnimations()
        }
        state.blockDidEnd()
    }

    /// Adds a keyframe to the enclosing
    /// ``animateKeyframes(withDuration:delay:options:animations:completion:)`` block: the
    /// changes made in `animations` are reached at relative time
    /// `frameStartTime + frameDuration`, moving from the previous value from `frameStartTime`
    /// on. Both are fractions of the whole duration, in [0, 1].
    ///
    /// Called outside a keyframe block it traps, as UIKit raises; a time outside [0, 1] or NaN
    /// traps with a message naming it. A keyframe ending after 1 ends at 1. A keyframe added in
    /// another keyframe's block is a keyframe of its own, with times relative to the whole
    /// animation.
    open class func addKeyframe(
        withRelativeStartTime frameStartTime: Double, relativeDuration frameDuration: Double,
        animations: @escaping () -> Void
    ) {
        guard let state = currentAnimationContext as? UIViewKeyframeAnimationState else {
            misuse(
                "UIView.addKeyframe(withRelativeStartTime:relativeDuration:animations:) must be called inside the "
                    + "animations block of UIView.animateKeyframes(withDuration:delay:options:animations:completion:)")
        }
        require(
            frameStartTime >= 0 && frameStartTime <= 1,
            "UIView.addKeyframe: relativeStartTime must be a number in [0, 1], got \(frameStartTime)")
        require(
            frameDuration >= 0 && frameDuration <= 1,
            "UIView.addKeyframe: relativeDuration must be a number in [0, 1], got \(frameDuration)")
        state.recordKeyframe(start: frameStartTime, end: min(frameStartTime + frameDuration, 1), animations)
    }

    // UIView+LegacyAnimations

    /// Starts a set of animations: the changes until ``commitAnimations()`` animate with the
    /// `setAnimation…` settings. `animationID` and `context` are kept for the caller only.
    open class func beginAnimations(_ animationID: String?, context: UnsafeMutableRawPointer?) {
        let outer = animationContexts.last as? LegacyAnimationBlock
        animationContexts.append(LegacyAnimationBlock(inheriting: outer))
        CATransaction.begin()
    }

    /// Ends the set of animations begun last: its transition, if one was set, is added, and
    /// its transaction commits. Without a begin it does nothing.
    open class func commitAnimations() {
        guard let block = animationContexts.last as? LegacyAnimationBlock else { return }
        block.addTransition()
        CATransaction.commit()
        animationContexts.removeLast()
    }

    /// The duration of the changes that follow in the current set (default 0.2 s).
    open class func setAnimationDuration(_ duration: TimeInterval) {
        require(duration.isFinite, "UIView.setAnimationDuration needs a finite duration, got \(duration)")
        currentLegacyBlock?.settings.duration = duration
    }

    /// The delay before the changes that follow start (default 0).
    open class func setAnimationDelay(_ delay: TimeInterval) {
        require(delay.isFinite, "UIView.setAnimationDelay needs a finite delay, got \(delay)")
        currentLegacyBlock?.settings.delay = max(delay, 0)
    }

    /// When the changes that follow start, as a wall-clock date: a delay of `startDate − now`.
    open class func setAnimationStart(_ startDate: Date) {
        currentLegacyBlock?.settings.delay = max(startDate.timeIntervalSinceNow, 0)
    }

    /// The curve of the changes that follow (default `easeInOut`).
    open class func setAnimationCurve(_ curve: AnimationCurve) {
        currentLegacyBlock?.settings.curve = curve
    }

    /// How many times the changes that follow repeat (default 0: once; a fraction plays part
    /// of a cycle).
    open class func setAnimationRepeatCount(_ repeatCount: Float) {
        require(
            !repeatCount.isNaN && repeatCount >= 0,
            "UIView.setAnimationRepeatCount needs a count of 0 or more, got \(repeatCount)")
        currentLegacyBlock?.settings.repeatCount = repeatCount
    }

    /// Whether the changes that follow play back in reverse after each cycle.
    open class func setAnimationRepeatAutoreverses(_ repeatAutoreverses: Bool) {
        currentLegacyBlock?.settings.autoreverses = repeatAutoreverses
    }

    /// Accepted for UIKit's signature; it changes nothing here, since view animations add to
    /// what is shown (the behaviour UIKit has had since iOS 8 whatever this says).
    open class func setAnimationBeginsFromCurrentState(_ fromCurrentState: Bool) {}

    /// A transition of `view` as the current set commits, with the set's duration and curve
    /// (flips and curls keep their names and draw as fades, as for `transition(with:…)`).
    /// `cache` is accepted for UIKit's signature.
    open class func setAnimationTransition(_ transition: AnimationTransition, for view: UIView, cache: Bool) {
        currentLegacyBlock?.transition = transition == .none ? nil : (transition, view)
    }

    // UIView+SystemAnimations

    /// Performs `animation` on `views`, with `parallelAnimations` animated alongside it in the
    /// same block (same duration, curve and `options`); `completion` runs when both are over.
    ///
    /// `.delete` fades the views out (alpha to 0), then removes each from its superview and
    /// gives it back the alpha it had, so that it can be shown again. UIKit documents only the
    /// removal; the fade and its 0.3 s are this package's choice.
    ///
    ///     UIView.perform(.delete, on: [row], options: [], animations: { list.layoutIfNeeded() })
    open class func perform(
        _ animation: SystemAnimation, on views: [UIView], options: AnimationOptions = [],
        animations parallelAnimations: (() -> Void)?, completion: ((Bool) -> Void)? = nil
    ) {
        switch animation {
        case .delete:
            let alphas = views.map(\.alpha)
            animate(
                withDuration: systemAnimationDuration, delay: 0, options: options,
                animations: {
                    for view in views { view.alpha = 0 }
                    parallelAnimations?()
                },
                completion: { finished in
                    for (view, alpha) in zip(views, alphas) {
                        view.removeFromSuperview()
                        UIView.performWithoutAnimation { view.alpha = alpha }
                    }
                    completion?(finished)
                })
        }
    }
}
