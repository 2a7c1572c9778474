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
open class UIView: NSObject {
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
    /// here): the view has a zero frame and a new layer of ``layerClass``. Present so that
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
        }
    }

    /// The bounds in the view's own coordinates: the layer's `bounds`. A new size marks the
    /// view as needing layout.
    open var bounds: CGRect {
        get { layer.bounds }
        set {
            CALayer.requireValidGeometry(newValue, property: "bounds", of: "UIView")
            resizing(from: layer.bounds.size, to: newValue.size) { layer.bounds = newValue }
        }
    }

    /// Applies a change of frame or bounds, marking the view and its superview for layout if
    /// its size changes (a change of the layer's bounds does the same, in `CALayer`).
    private func resizing(from oldSize: CGSize, to newSize: CGSize, _ change: () -> Void) {
        change()
        if newSize != oldSize {
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

    /// Whether the view is hidden: the layer's `isHidden`.
    open var isHidden: Bool {
        get { layer.isHidden }
        set { layer.isHidden = newValue }
    }

    /// Whether subviews are clipped to the bounds: the layer's `masksToBounds`.
    open var clipsToBounds: Bool {
        get { layer.masksToBounds }
        set { layer.masksToBounds = newValue }
    }

    /// Whether the view is drawn as opaque (stored; the renderer does not rely on it).
    open var isOpaque = true

    /// Whether the view takes touches (stored; there are no events here).
    open var isUserInteractionEnabled = true

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
    /// The search never goes past the view, as on Apple's platforms.
    open func action(for layer: CALayer, forKey event: String) -> (any CAAction)? {
        guard UIView.areAnimationsEnabled, let context = UIView.currentAnimationContext else { return NSNull() }
        if let action = context.action(for: layer, forKey: event, oldValue: layer.value(forKey: event)) {
            return action
        }
        return context.stopsActionSearch ? NSNull() : nil
    }

    /// Lays out the subviews when the layer lays out its sublayers.
    open func layoutSublayers(of layer: CALayer) {
        layoutSubviews()
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

    /// Lays out the subviews; the default does nothing. Called by `layoutIfNeeded()` when the
    /// view needs layout.
    open func layoutSubviews() {}

    /// Marks the view as needing layout.
    open func setNeedsLayout() {
        layer.setNeedsLayout()
    }

    /// Lays out the view and its subviews now if they need it.
    open func layoutIfNeeded() {
        layer.layoutIfNeeded()
    }

    open override var description: String {
        "<\(type(of: self)): 0x\(String(UInt(bitPattern: ObjectIdentifier(self).hashValue), radix: 16))>"
    }
}
