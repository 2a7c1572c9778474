import Foundation
import OpenCoreGraphics

/// An object that manages image-based content and lets you animate it: Apple's `CALayer`.
///
/// Setting an animatable property runs the action search (delegate → `actions` → `style` →
/// `defaultAction(forKey:)`) and, for a standalone layer, animates implicitly over the
/// current transaction's duration. The layer you hold is the *model*; `presentation()`
/// returns a copy showing what is on screen at the current media time.
///
/// Subclasses are written as for Apple: `override init()`, `override init(layer:)` and
/// `required init?(coder:)`. What differs: the presentation copy of a subclass is made without
/// its initializers (Swift cannot call a non-required `init(layer:)` through a metatype): its
/// stored properties are copied from the model, so Xcode's `fatalError` in `init?(coder:)` is
/// never reached. The layer a view makes from `layerClass` is made through `init?(coder:)`,
/// which must call `super.init(coder:)` for such a class.
open class CALayer: NSObject, CAMediaTiming, NSSecureCoding {
    // Stored properties the engine touches on every change are `@exclusivity(unchecked)`: what
    // other threads reach (the thread delivering events reads timing, the tree and animations)
    // is only changed under the `TransactionLock`, the engine never overlaps accesses to them,
    // and the dynamic checks were a tenth of the cost of an implicit animation. They are `final` so that they
    // are reached directly and modified in place, not through overridable accessors that copy.
    @exclusivity(unchecked) package final var storage = LayerStorage()

    // Tree (changed through CALayer+Tree.swift)
    @exclusivity(unchecked) var sublayerList: [CALayer] = []
    // Not `weak`: a weak reference gives the object a side table, which makes every retain
    // and release of it slower. The superlayer owns its sublayers and clears this pointer in
    // its `deinit`, so it never dangles.
    @exclusivity(unchecked) package internal(set) final unowned(unsafe) var parent: CALayer?
    @exclusivity(unchecked) var maskLayer: CALayer?

    // Delegate and actions
    /// The layer's delegate; a view is its backing layer's delegate. Held weakly.
    open weak var delegate: (any CALayerDelegate)?
    /// Actions by key, consulted after the delegate.
    open var actions: [String: any CAAction]?
    /// A dictionary of defaults and actions consulted after `actions`; its `"style"` entry
    /// may hold another such dictionary, forming a chain.
    open var style: [AnyHashable: Any]?

    // Bookkeeping of the transaction and animation machinery
    @exclusivity(unchecked) package final var isAwaitingCommit = false
    @exclusivity(unchecked) package final var hasBeenCommitted = false
    @exclusivity(unchecked) package final var attachedAnimations: [AttachedAnimation] = []
    @exclusivity(unchecked) package final var valuesBeforeChange = ValuesBeforeChange()
    /// The sublayers and mask before their first change in the current transaction (nil when
    /// they did not change): what a transition captures as the old tree.
    @exclusivity(unchecked) package final var treeBeforeChange: (sublayers: [CALayer], mask: CALayer?)?
    @exclusivity(unchecked) package final var registeredClock: ObjectIdentifier?
    @exclusivity(unchecked) package final var registryIndex = -1
    /// Only read and written under the transaction lock (`nearestTimedLayer()`).
    @exclusivity(unchecked) package final var timingCache = TimingChainCache()
    /// The model layer a presentation copy was made from (held strongly: the model never
    /// holds its copies, so there is no cycle).
    @exclusivity(unchecked) package private(set) final var modelLayerReference: CALayer?
    package final var isPresentationCopy: Bool { modelLayerReference != nil }
    /// Whether a commit calls `didCommit(atMediaTime:)`: set by layer classes that keep a
    /// record of their commits (`CAEmitterLayer`).
    @exclusivity(unchecked) package final var observesCommits = false
    @exclusivity(unchecked) private var displayIsNeeded = false
    @exclusivity(unchecked) private var layoutIsNeeded = false

    /// Creates a layer with Apple's default property values.
    public override init() {
        super.init()
        TransactionStack.current.noteChanged(self)
    }

    /// Creates a layer from an archive. Nothing is decoded: the layer has Apple's default
    /// values (archives of layers are not read here), so a subclass's
    /// `required init?(coder:) { super.init(coder: coder) }` gets a new layer.
    ///
    /// `CALayer` itself calls it, with a coder of its own, to make the layers views are backed
    /// by and, for its own classes, presentation copies (see the class's discussion); then it
    /// copies the model layer as `init(layer:)` does.
    public required init?(coder: NSCoder) {
        let model = (coder as? LayerCreationCoder)?.model
        super.init()
        if let model {
            adoptState(of: model)
        } else {
            TransactionStack.current.noteChanged(self)
        }
    }

    /// Archives nothing (see `init?(coder:)`); present so that subclasses may override it
    /// and call `super`, as on Apple.
    open func encode(with coder: NSCoder) {}

    /// Layers take part in secure coding, as on Apple.
    public class var supportsSecureCoding: Bool { true }

    deinit {
        // Under the lock: the thread advancing a clock may be walking this layer's timing chain
        // or delivering its events right now (it holds the layer unretained).
        var children = takeChildren()
        TransactionLock.shared.withLock {
            AnimationEventScheduler.shared.forget(self)
            finishAnimationsOfFreedLayer()
        }
        releaseWithoutRecursion(&children) { $0.takeChildren() }
    }

    /// Empties the sublayers and mask out of the layer, their superlayer pointers cleared
    /// (under the lock: the thread advancing a clock may be walking their timing chains right
    /// now), and returns them: a layer being freed hands its tree to `releaseWithoutRecursion`.
    private func takeChildren() -> [CALayer] {
        guard !sublayerList.isEmpty || maskLayer != nil else { return [] }
        var children = sublayerList
        if let maskLayer { children.append(maskLayer) }
        TransactionLock.shared.withLock {
            for child in children where child.parent === self { child.parent = nil }
            // A layer below may remember this one as the nearest with timing of its own
            // (`TimingChainCache`, unretained): a new generation makes it look again, rather
            // than reach this layer once it is freed.
            if hasOwnTiming { timingDidChange() }
        }
        sublayerList = []
        maskLayer = nil
        return children
    }

    /// Creates a copy of `layer` for the presentation tree, as Core Animation does, copying
    /// every layer property and custom key. Subclasses override it to copy their own stored
    /// properties; it must not have side effects. (`CALayer` makes its own copies without it:
    /// see the class's discussion.)
    public init(layer: Any) {
        super.init()
        if let model = layer as? CALayer { adoptState(of: model) }
    }

    /// Takes the state a copy of `model` carries: its storage (every property and custom
    /// key), delegate, actions and style, and the model it stands for.
    private func adoptState(of model: CALayer) {
        storage = model.storage
        delegate = model.delegate
        actions = model.actions
        style = model.style
        modelLayerReference = model.modelLayerReference ?? model
        hasBeenCommitted = true
    }

    /// The properties this class declares, by key. Subclasses in this module add theirs.
    package class var propertyTable: LayerPropertyTable { layerPropertyTable }

    /// Called, with the `TransactionLock` held, when a transaction that changed the layer
    /// commits, after its animations are scheduled; only when `observesCommits` is set.
    package func didCommit(atMediaTime time: Double) {}

    /// A value a subclass derives for a key path no property declares (`CAEmitterLayer`'s
    /// `emitterCells.<name>.<key>`); nil when it has none.
    package func derivedValue(forKeyPath keyPath: String) -> Any? { nil }

    // MARK: Animatable properties (declared in the class body so subclasses can override them)
    /// The layer's bounds rectangle in its own coordinates. Animatable.
    open var bounds: CGRect {
        get { storage.drawn.bounds }
        set {
            Self.requireValidGeometry(newValue, property: "bounds")
            let resized = storage.drawn.bounds.size != newValue.size
            changeValue(LayerPropertyDescriptors.bounds) { storage.drawn.bounds = newValue }
            if resized, storage.needsDisplayOnBoundsChange { setNeedsDisplay() }
            // A new size needs a new layout of this layer and of the one holding it, which may
            // place its sublayers by their sizes (a UIView superview's layoutSubviews).
            if resized {
                setNeedsLayout()
                parent?.setNeedsLayout()
            }
        }
    }

    /// Where the anchor point sits in the superlayer's coordinates. Animatable.
    open var position: CGPoint {
        get { storage.drawn.position }
        set {
            Self.requireValidGeometry(newValue, property: "position")
            changeValue(LayerPropertyDescriptors.position) { storage.drawn.position = newValue }
        }
    }

    /// The layer's position on the z axis. Animatable.
    open var zPosition: CGFloat {
        get { storage.drawn.zPosition }
        set { changeValue(LayerPropertyDescriptors.zPosition) { storage.drawn.zPosition = newValue } }
    }

    /// The point of the bounds, in unit coordinates, that `position` places and transforms pivot on. Animatable.
    open var anchorPoint: CGPoint {
        get { storage.drawn.anchorPoint }
        set { changeValue(LayerPropertyDescriptors.anchorPoint) { storage.drawn.anchorPoint = newValue } }
    }

    /// The anchor point's z component. Animatable.
    open var anchorPointZ: CGFloat {
        get { storage.drawn.anchorPointZ }
        set { changeValue(LayerPropertyDescriptors.anchorPointZ) { storage.drawn.anchorPointZ = newValue } }
    }

    /// The transform applied to the layer relative to its anchor point. Animatable.
    open var transform: CATransform3D {
        get { storage.drawn.transform }
        set { changeValue(LayerPropertyDescriptors.transform) { storage.drawn.transform = newValue } }
    }

    /// The transform applied to the sublayers when rendering. Animatable.
    open var sublayerTransform: CATransform3D {
        get { storage.drawn.sublayerTransform }
        set { changeValue(LayerPropertyDescriptors.sublayerTransform) { storage.drawn.sublayerTransform = newValue } }
    }

    /// The layer's image, a `CGImage`. Animatable.
    open var contents: Any? {
        get { storage.contents }
        set { changeValue(LayerPropertyDescriptors.contents) { storage.contents = newValue } }
    }

    /// The part of `contents` shown, in unit coordinates. Animatable.
    open var contentsRect: CGRect {
        get { storage.drawn.contentsRect }
        set { changeValue(LayerPropertyDescriptors.contentsRect) { storage.drawn.contentsRect = newValue } }
    }

    /// The scale of `contents` pixels to layer points. Animatable.
    open var contentsScale: CGFloat {
        get { storage.drawn.contentsScale }
        set { changeValue(LayerPropertyDescriptors.contentsScale) { storage.drawn.contentsScale = newValue } }
    }

    /// The stretchable centre of `contents`, in unit coordinates. Animatable.
    open var contentsCenter: CGRect {
        get { storage.drawn.contentsCenter }
        set { changeValue(LayerPropertyDescriptors.contentsCenter) { storage.drawn.contentsCenter = newValue } }
    }

    /// The bias of the level of detail when `contents` shrinks. Animatable.
    open var minificationFilterBias: Float {
        get { storage.minificationFilterBias }
        set {
            changeValue(LayerPropertyDescriptors.minificationFilterBias) {
                storage.minificationFilterBias = newValue
            }
        }
    }

    /// Whether the layer is hidden. Animatable; hiding sends `onOrderOut`, showing `onOrderIn`.
    open var isHidden: Bool {
        get { storage.drawn.isHidden }
        set {
            let wasHidden = storage.drawn.isHidden
            changeValue(LayerPropertyDescriptors.hidden) { storage.drawn.isHidden = newValue }
            if wasHidden != newValue { runAction(forKey: newValue ? kCAOnOrderOut : kCAOnOrderIn) }
        }
    }

    /// Where, in the layer's own coordinates, a `CATransformLayer` holding it measures its
    /// depth to draw its layers back to front; the centre of its bounds when nil, as for every
    /// layer Apple's API makes. Not Apple's: the complete Lottie engine sets a 3D layer's
    /// anchor point here (After Effects orders 3D layers by their anchors). Set while the tree
    /// is built, before it is first drawn; not animated, and no action runs.
    package var depthSortPoint: CGPoint? {
        get { storage.drawn.depthSortPoint }
        set { storage.drawn.depthSortPoint = newValue }
    }

    /// Whether the back of the layer is drawn. Animatable, with no implicit animation.
    open var isDoubleSided: Bool {
        get { storage.drawn.isDoubleSided }
        set { changeValue(LayerPropertyDescriptors.doubleSided) { storage.drawn.isDoubleSided = newValue } }
    }

    /// Whether sublayers are clipped to the bounds. Animatable.
    open var masksToBounds: Bool {
        get { storage.drawn.masksToBounds }
        set { changeValue(LayerPropertyDescriptors.masksToBounds) { storage.drawn.masksToBounds = newValue } }
    }

    /// The layer's opacity, 0…1. Animatable.
    open var opacity: Float {
        get { storage.drawn.opacity }
        set {
            Self.requireValidOpacity(newValue)
            changeValue(LayerPropertyDescriptors.opacity) { storage.drawn.opacity = newValue }
        }
    }

    /// The scale at which the layer rasterizes. Animatable.
    open var rasterizationScale: CGFloat {
        get { storage.rasterizationScale }
        set { changeValue(LayerPropertyDescriptors.rasterizationScale) { storage.rasterizationScale = newValue } }
    }

    /// Whether the layer is rendered as a bitmap before compositing. Animatable.
    open var shouldRasterize: Bool {
        get { storage.shouldRasterize }
        set { changeValue(LayerPropertyDescriptors.shouldRasterize) { storage.shouldRasterize = newValue } }
    }

    /// The background colour. Animatable.
    open var backgroundColor: CGColor? {
        get { storage.drawn.backgroundColor?.cgColor }
        set {
            changeValue(LayerPropertyDescriptors.backgroundColor) {
                storage.drawn.backgroundColor = newValue.map(RenderColor.init)
            }
        }
    }

    /// The radius of the rounded corners of the background. Animatable.
    open var cornerRadius: CGFloat {
        get { storage.drawn.cornerRadius }
        set { changeValue(LayerPropertyDescriptors.cornerRadius) { storage.drawn.cornerRadius = newValue } }
    }

    /// Which corners `cornerRadius` rounds; the others stay square. Defaults to all four. Not
    /// animatable, as in `CALayer.h`.
    open var maskedCorners: CACornerMask {
        get { storage.drawn.maskedCorners }
        set { changeValue(LayerPropertyDescriptors.maskedCorners) { storage.drawn.maskedCorners = newValue } }
    }

    /// The curve of the rounded corners: `.circular` (the default) or `.continuous`. Not
    /// animatable, as in `CALayer.h`.
    open var cornerCurve: CALayerCornerCurve {
        get { storage.drawn.cornerCurve }
        set { changeValue(LayerPropertyDescriptors.cornerCurve) { storage.drawn.cornerCurve = newValue } }
    }

    /// The width of the border. Animatable.
    open var borderWidth: CGFloat {
        get { storage.drawn.borderWidth }
        set { changeValue(LayerPropertyDescriptors.borderWidth) { storage.drawn.borderWidth = newValue } }
    }

    /// The colour of the border. Animatable.
    open var borderColor: CGColor? {
        get { storage.drawn.borderColor?.cgColor }
        set {
            changeValue(LayerPropertyDescriptors.borderColor) {
                storage.drawn.borderColor = newValue.map(RenderColor.init)
            }
        }
    }

    /// The colour of the shadow. Animatable.
    open var shadowColor: CGColor? {
        get { storage.drawn.shadowColor?.cgColor }
        set {
            changeValue(LayerPropertyDescriptors.shadowColor) {
                storage.drawn.shadowColor = newValue.map(RenderColor.init)
            }
        }
    }

    /// The opacity of the shadow. Animatable.
    open var shadowOpacity: Float {
        get { storage.drawn.shadowOpacity }
        set { changeValue(LayerPropertyDescriptors.shadowOpacity) { storage.drawn.shadowOpacity = newValue } }
    }

    /// The offset of the shadow. Animatable.
    open var shadowOffset: CGSize {
        get { storage.drawn.shadowOffset }
        set { changeValue(LayerPropertyDescriptors.shadowOffset) { storage.drawn.shadowOffset = newValue } }
    }

    /// The blur radius of the shadow. Animatable.
    open var shadowRadius: CGFloat {
        get { storage.drawn.shadowRadius }
        set { changeValue(LayerPropertyDescriptors.shadowRadius) { storage.drawn.shadowRadius = newValue } }
    }

    /// The shape of the shadow. Animatable.
    open var shadowPath: CGPath? {
        get { storage.drawn.shadowPath }
        set { changeValue(LayerPropertyDescriptors.shadowPath) { storage.drawn.shadowPath = newValue } }
    }

    // MARK: Other properties

    /// The layer's name, for finding it and for messages.
    open var name: String? {
        get { storage.name }
        set { changeValue(LayerPropertyDescriptors.name) { storage.name = newValue } }
    }

    /// A Core Image filter, or its name (`"xor"`, `"multiplyBlendMode"`), that composites the
    /// layer onto what is behind it. The renderer draws the blend modes' names and `xor`; a
    /// filter object is kept and copied to the presentation layer but not drawn (there is no
    /// Core Image on Linux).
    open var compositingFilter: Any? {
        get { storage.compositingFilter }
        set { changeValue(LayerPropertyDescriptors.compositingFilter) { storage.compositingFilter = newValue } }
    }

    /// Filters applied to the layer's content (Core Image filters on macOS; the private
    /// `CAFilter`s of CAML documents on iOS, where `CALayer.h` calls the property
    /// unsupported). Kept, key-value coded and copied to the presentation layer; not drawn
    /// here yet.
    open var filters: [Any]? {
        get { storage.filters }
        set { changeValue(LayerPropertyDescriptors.filters) { storage.filters = newValue } }
    }

    /// Filters applied to what is behind the layer. Kept as ``filters`` are; not drawn.
    open var backgroundFilters: [Any]? {
        get { storage.backgroundFilters }
        set { changeValue(LayerPropertyDescriptors.backgroundFilters) { storage.backgroundFilters = newValue } }
    }

    /// How the `contents` image is sampled when drawn smaller than its pixels (`.linear` by
    /// default); `.nearest` is drawn as nearest, `.trilinear` as linear.
    open var minificationFilter: CALayerContentsFilter {
        get { storage.drawn.minificationFilter }
        set { changeValue(LayerPropertyDescriptors.minificationFilter) { storage.drawn.minificationFilter = newValue } }
    }

    /// How the `contents` image is sampled when drawn larger than its pixels (`.linear` by
    /// default); `.nearest` keeps each image pixel a sharp block, as for pixel art.
    open var magnificationFilter: CALayerContentsFilter {
        get { storage.drawn.magnificationFilter }
        set {
            changeValue(LayerPropertyDescriptors.magnificationFilter) { storage.drawn.magnificationFilter = newValue }
        }
    }

    /// How `contents` is placed in the bounds.
    open var contentsGravity: CALayerContentsGravity {
        get { storage.drawn.contentsGravity }
        set { changeValue(LayerPropertyDescriptors.contentsGravity) { storage.drawn.contentsGravity = newValue } }
    }

    /// Whether the layer draws fully opaque content.
    open var isOpaque: Bool {
        get { storage.isOpaque }
        set { changeValue(LayerPropertyDescriptors.opaque) { storage.isOpaque = newValue } }
    }

    /// Whether the sublayers' geometry is flipped vertically.
    open var isGeometryFlipped: Bool {
        get { storage.drawn.isGeometryFlipped }
        set { changeValue(LayerPropertyDescriptors.geometryFlipped) { storage.drawn.isGeometryFlipped = newValue } }
    }

    /// Whether sublayers composite as a group under the layer's opacity.
    open var allowsGroupOpacity: Bool {
        get { storage.allowsGroupOpacity }
        set { changeValue(LayerPropertyDescriptors.allowsGroupOpacity) { storage.allowsGroupOpacity = newValue } }
    }

    /// Whether edges are antialiased when transformed.
    open var allowsEdgeAntialiasing: Bool {
        get { storage.allowsEdgeAntialiasing }
        set {
            changeValue(LayerPropertyDescriptors.allowsEdgeAntialiasing) {
                storage.allowsEdgeAntialiasing = newValue
            }
        }
    }

    /// Whether `draw(in:)` may run on a background thread (default false). Kept; drawing here
    /// is recorded on the calling thread and rasterised with the frame, either way.
    open var drawsAsynchronously: Bool {
        get { storage.drawsAsynchronously }
        set { changeValue(LayerPropertyDescriptors.drawsAsynchronously) { storage.drawsAsynchronously = newValue } }
    }

    /// Which edges are antialiased when the layer is transformed and
    /// ``allowsEdgeAntialiasing`` is on (default all four). Kept; the renderer antialiases
    /// every edge.
    open var edgeAntialiasingMask: CAEdgeAntialiasingMask {
        get { storage.edgeAntialiasingMask }
        set { changeValue(LayerPropertyDescriptors.edgeAntialiasingMask) { storage.edgeAntialiasingMask = newValue } }
    }

    /// The pixel format wanted for what the layer draws (default `.RGBA8Uint`). Kept; drawn
    /// content is 8-bit RGBA here.
    open var contentsFormat: CALayerContentsFormat {
        get { storage.contentsFormat }
        set { changeValue(LayerPropertyDescriptors.contentsFormat) { storage.contentsFormat = newValue } }
    }

    /// Whether the layer's content may use extended dynamic range (iOS 17). Kept; the
    /// renderer draws standard dynamic range.
    open var wantsExtendedDynamicRangeContent: Bool {
        get { storage.wantsExtendedDynamicRangeContent }
        set {
            changeValue(LayerPropertyDescriptors.wantsExtendedDynamicRangeContent) {
                storage.wantsExtendedDynamicRangeContent = newValue
            }
        }
    }

    /// How extended-range content is tone mapped for the display (iOS 18; `.automatic` by
    /// default). Kept; the renderer draws standard dynamic range.
    open var toneMapMode: ToneMapMode {
        get { storage.toneMapMode }
        set { changeValue(LayerPropertyDescriptors.toneMapMode) { storage.toneMapMode = newValue } }
    }

    /// The layer's preferred size in its superlayer's coordinates: its bounds' size through its
    /// affine transform (the bounding box of the transformed bounds), as Apple's default does
    /// for a layer without a layout manager.
    open func preferredFrameSize() -> CGSize {
        let box = CGRect(origin: .zero, size: storage.drawn.bounds.size).applying(affineTransform())
        return CGSize(width: abs(box.width), height: abs(box.height))
    }

    /// Whether changing the bounds marks the content as needing display.
    open var needsDisplayOnBoundsChange: Bool {
        get { storage.needsDisplayOnBoundsChange }
        set {
            changeValue(
                forKey: "needsDisplayOnBoundsChange", property: LayerPropertyDescriptors.needsDisplayOnBoundsChange
            ) { storage.needsDisplayOnBoundsChange = newValue }
        }
    }

    /// When the layer's time starts, in its superlayer's time.
    open var beginTime: CFTimeInterval {
        get { storage.timing.beginTime }
        set {
            requireTimingValue(Double(newValue), "beginTime")
            changeValue(LayerPropertyDescriptors.beginTime) {
                storage.timing.beginTime = newValue
            }
            timingDidChange()
        }
    }

    /// The layer's simple duration: infinity unless set, as on Apple. Stored for
    /// `CAMediaTiming`; a layer's time is not clipped to it here.
    open var duration: CFTimeInterval {
        get { storage.timing.duration }
        set {
            requireTimingValue(Double(newValue), "duration")
            changeValue(LayerPropertyDescriptors.duration) { storage.timing.duration = newValue }
        }
    }

    /// How fast the layer's time runs against its superlayer's; 0 pauses the subtree.
    open var speed: Float {
        get { storage.timing.speed }
        set {
            requireTimingValue(Double(newValue), "speed")
            changeValue(LayerPropertyDescriptors.speed) { storage.timing.speed = newValue }
            timingDidChange()
        }
    }

    /// An offset added to the layer's local time.
    open var timeOffset: CFTimeInterval {
        get { storage.timing.timeOffset }
        set {
            requireTimingValue(Double(newValue), "timeOffset")
            changeValue(LayerPropertyDescriptors.timeOffset) {
                storage.timing.timeOffset = newValue
            }
            timingDidChange()
        }
    }

    /// Stored for `CAMediaTiming`; layers do not repeat here.
    open var repeatCount: Float {
        get { storage.timing.repeatCount }
        set { changeValue(LayerPropertyDescriptors.repeatCount) { storage.timing.repeatCount = newValue } }
    }

    /// Stored for `CAMediaTiming`; layers do not repeat here.
    open var repeatDuration: CFTimeInterval {
        get { storage.timing.repeatDuration }
        set { changeValue(LayerPropertyDescriptors.repeatDuration) { storage.timing.repeatDuration = newValue } }
    }

    /// Stored for `CAMediaTiming`; layers do not reverse here.
    open var autoreverses: Bool {
        get { storage.timing.autoreverses }
        set { changeValue(LayerPropertyDescriptors.autoreverses) { storage.timing.autoreverses = newValue } }
    }

    /// Stored for `CAMediaTiming`.
    open var fillMode: CAMediaTimingFillMode {
        get { storage.timing.fillMode }
        set { changeValue(forKey: "fillMode") { storage.timing.fillMode = newValue } }
    }

    // MARK: Actions (declared in the class body so subclasses can override them)

    /// The action for `event`, found as `CALayer.h` documents: the delegate's
    /// `action(for:forKey:)`, then `actions`, then the `actions` dictionaries up the `style`
    /// chain, then `defaultAction(forKey:)`, and last the implicit animation of a property
    /// that has one. The first non-nil answer wins; `NSNull` ends the search and comes back
    /// as nil.
    open func action(forKey event: String) -> (any CAAction)? {
        ActionSearch(layer: self, event: event).run()
    }

    /// The class's action for `event`, asked when the delegate, `actions` and `style` have
    /// none. `CALayer`'s answers nil for every key, as Apple's does: a standalone layer's
    /// implicit animation comes from the action search's own last step, after this one (see
    /// ``action(forKey:)``), so a subclass that overrides this and calls `super` gets nil.
    open class func defaultAction(forKey event: String) -> (any CAAction)? { nil }

    /// The action search's last step, when nothing answered: a `CABasicAnimation` for
    /// properties that animate implicitly, with the current transaction's duration and timing
    /// function (the `default` curve when none is set); nil otherwise.
    package class func implicitAnimation(forKey event: String) -> (any CAAction)? {
        guard let property = propertyTable[event], property.hasImplicitAnimation else { return nil }
        let animation = CABasicAnimation(keyPath: event)
        animation.property.resolvedPath = (.property(property, component: nil), ObjectIdentifier(self))
        animation.property.isImplicitDefault = true
        let transaction = TransactionStack.current
        animation.duration = transaction.effectiveAnimationDuration
        animation.timingFunction = transaction.animationTimingFunction ?? defaultTimingFunction
        return animation
    }

    // MARK: Animations

    /// Adds a copy of `anim` under `key` (replacing, and stopping with `finished: false`, any
    /// animation already there). A duration of 0 or less takes the transaction's duration; a
    /// `beginTime` of 0 becomes the time the transaction commits.
    open func add(_ anim: CAAnimation, forKey key: String?) {
        attach(anim, forKey: key)
    }

    /// The animation added under `key`: the copy the layer holds.
    open func animation(forKey key: String) -> CAAnimation? {
        TransactionLock.shared.withLock { attachedAnimations.last { $0.key == key }?.animation }
    }

    /// The keys of the attached animations in the order they were added; nil when none.
    open func animationKeys() -> [String]? {
        let keys = TransactionLock.shared.withLock { attachedAnimations.compactMap(\.key) }
        return keys.isEmpty ? nil : keys
    }

    /// Removes the animation under `key`; its delegate hears `finished: false`.
    open func removeAnimation(forKey key: String) {
        detachAnimations { $0.key == key }
    }

    /// Removes every animation; their delegates hear `finished: false`.
    open func removeAllAnimations() {
        detachAnimations { _ in true }
    }

    // MARK: Presentation

    /// A copy of the layer as it appears at the current media time, with every animation
    /// applied; nil until a transaction that created or changed the layer has committed.
    open func presentation() -> Self? {
        guard hasBeenCommitted || isPresentationCopy else { return nil }
        return makePresentationCopy(at: CACurrentMediaTime()) as? Self
    }

    /// The model layer behind a presentation copy; the layer itself otherwise.
    open func model() -> Self {
        (modelLayerReference as? Self) ?? self
    }

    /// Draws the layer and its sublayers into `ctx`, in the layer's own coordinate space (its
    /// bounds; its own position and transform do not apply, its opacity does): a model layer
    /// with its model values, a layer from ``presentation()`` as it appears now.
    ///
    ///     let image = UIGraphicsImageRenderer(size: layer.bounds.size).image { context in
    ///         layer.presentation()?.render(in: context.cgContext)
    ///     }
    ///
    /// Differences from Apple: everything the renderer draws is drawn — masks, shadows, the
    /// blur filter, blend modes and sublayers under 3D perspective — where Apple's
    /// documentation says that layers with 3D transforms, filters or masks are left out. The
    /// tree is recorded, and drawn when the context's pixels are made (at the end of
    /// `UIGraphicsImageRenderer`'s block, at `makeImage()`, or each frame for a layer's own
    /// `draw(in:)`), from the values it has then.
    open func render(in ctx: CGContext) {
        ctx.recordEmbedded(
            LayerRendering(root: model(), presented: isPresentationCopy, time: CACurrentMediaTime()))
    }

    // MARK: Key-value coding

    /// The value of a property, of a custom key set with `setValue(_:forKey:)`, or of the
    /// `style` chain, falling back to `defaultValue(forKey:)`.
    open func value(forKey key: String) -> Any? {
        readValue(forKey: key)
    }

    /// Sets a property, or stores a value under a custom key; either runs the action search
    /// like any property setter. A value of the wrong type for a property traps with a message.
    open func setValue(_ value: Any?, forKey key: String) {
        writeValue(value, forKey: key)
    }

    /// The value at a key path such as `position.x`, `bounds.size.width` or
    /// `transform.rotation.z`.
    open func value(forKeyPath keyPath: String) -> Any? {
        readValue(forKeyPath: keyPath)
    }

    /// Sets the value at a key path such as `position.x` or `transform.rotation.z`; the
    /// action search runs for the property (`position`, `transform`).
    open func setValue(_ value: Any?, forKeyPath keyPath: String) {
        writeValue(value, forKeyPath: keyPath)
    }

    /// Whether changing `key` marks the layer as needing display. Subclasses answer true for
    /// their custom drawn properties (Apple's replacement for `@NSManaged` properties here).
    open class func needsDisplay(forKey key: String) -> Bool { false }

    /// The value of `key` before anything sets it: the property's default for declared
    /// properties, nil for custom keys unless a subclass says otherwise.
    open class func defaultValue(forKey key: String) -> Any? {
        propertyTable[key].flatMap { $0.box($0.read(prototypeLayer)) }
    }

    /// Called when a key path this layer observes with `addObserver(_:forKeyPath:options:context:)`
    /// changes (declared in the class body so subclasses can override it): the default does
    /// nothing, where Apple's raises for an observation nobody handles.
    open func observeValue(
        forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?,
        context: UnsafeMutableRawPointer?
    ) {}

    /// Whether an archive of the layer keeps the value of `key`: true for every key unless a
    /// subclass says otherwise, as on Apple's platforms. The CAML writer skips keys a layer
    /// answers false for.
    open func shouldArchiveValue(forKey key: String) -> Bool { true }

    // MARK: Layout

    /// Marks the layer as needing layout.
    open func setNeedsLayout() { layoutIsNeeded = true }

    /// Whether the layer is marked as needing layout.
    open func needsLayout() -> Bool { layoutIsNeeded }

    /// Lays out now if marked as needing it.
    /// The layers below — sublayers and masks, as on Apple — are laid out in the same pass,
    /// each before its sublayers, then its mask, from an explicit stack so that a tree of any
    /// depth can be laid out.
    open func layoutIfNeeded() {
        guard layoutIsNeeded else { return }
        var pending: [CALayer] = [self]
        while let layer = pending.popLast() {
            guard layer.layoutIsNeeded else { continue }
            layer.layoutIsNeeded = false
            layer.layoutSublayers()
            if let mask = layer.mask { pending.append(mask) }
            pending.append(contentsOf: layer.sublayerList.reversed())
        }
    }

    /// Lays out the sublayers; the default asks the delegate's `layoutSublayers(of:)`.
    open func layoutSublayers() {
        delegate?.layoutSublayers(of: self)
    }

    // MARK: Hit testing (declared in the class body so subclasses can override them)

    /// Whether `p`, in the layer's own coordinates, lies inside its `bounds` (the minimum
    /// edges inside, the maximum edges outside, as `CGRect.contains`). A subclass overrides it
    /// to give its layers another shape for ``hitTest(_:)``.
    open func contains(_ p: CGPoint) -> Bool {
        storage.drawn.bounds.contains(p)
    }

    /// The farthest descendant of the layer (or the layer itself) that contains `p`, a point
    /// in the coordinates of the layer's superlayer (for a layer with no superlayer, the space
    /// it stands in: see `convert(_:from:)`); nil when none does.
    ///
    /// As on Apple: a hidden layer and everything under it is never hit; with `masksToBounds`
    /// a point outside the bounds hits nothing, sublayers included; the front-most sublayer is
    /// asked first — the highest `zPosition`, and among equal ones the last in `sublayers` —
    /// and the first that answers wins; the layer itself answers when no sublayer does and
    /// ``contains(_:)`` holds. Sublayers are reached through the layer's `sublayerTransform`.
    /// Model values are tested. A presentation copy has no superlayer or sublayers here, so
    /// on one it tests that layer alone, as a root.
    open func hitTest(_ p: CGPoint) -> CALayer? {
        hitTestTree(p)
    }

    // MARK: Tree

    /// The layer this one is a sublayer of.
    open var superlayer: CALayer? { parent }

    /// The sublayers, back to front; nil when there are none (as Apple's property).
    open var sublayers: [CALayer]? {
        get { sublayerList.isEmpty ? nil : sublayerList }
        set {
            for layer in sublayerList { layer.detachFromSuperlayer(runningAction: true) }
            for layer in newValue ?? [] { addSublayer(layer) }
        }
    }

    /// A layer whose alpha channel masks this layer's content.
    open var mask: CALayer? {
        get { maskLayer }
        set {
            TransactionLock.shared.withLock {
                if let newValue { checkCanAdopt(newValue) }
                recordTreeBeforeChange()
            }
            newValue?.removeFromSuperlayer()  // its `onOrderOut` action is user code: unlocked
            TransactionLock.shared.withLock {
                maskLayer?.parent = nil
                newValue?.detachFromSuperlayer(runningAction: false)
                let previous = maskLayer
                maskLayer = newValue
                newValue?.parent = self
                timingDidChange()
                // A mask let go of here may be user code's last reference to a subclass.
                if let previous { TransactionLock.shared.releaseAfterUnlocking(previous) }
            }
        }
    }

    /// Appends `layer` to the sublayers, removing it from its current superlayer first.
    open func addSublayer(_ layer: CALayer) {
        place(layer) { $0.count }
    }

    /// Inserts `layer` at `index` in the sublayers.
    open func insertSublayer(_ layer: CALayer, at index: UInt32) {
        place(layer) { _ in Int(index) }
    }

    /// Inserts `layer` just below `sibling`, or at the back when `sibling` is nil.
    open func insertSublayer(_ layer: CALayer, below sibling: CALayer?) {
        place(layer) { list in sibling.flatMap { s in list.firstIndex { $0 === s } } ?? 0 }
    }

    /// Inserts `layer` just above `sibling`, or at the front when `sibling` is nil.
    open func insertSublayer(_ layer: CALayer, above sibling: CALayer?) {
        place(layer) { list in sibling.flatMap { s in list.firstIndex { $0 === s }.map { $0 + 1 } } ?? list.count }
    }

    /// Replaces the sublayer `oldLayer` with `newLayer` at the same index.
    open func replaceSublayer(_ oldLayer: CALayer, with newLayer: CALayer) {
        guard let index = sublayerList.firstIndex(where: { $0 === oldLayer }) else {
            misuse("replaceSublayer(_:with:): \(oldLayer.layerName) is not a sublayer of \(layerName)")
        }
        guard oldLayer !== newLayer else { return }
        oldLayer.removeFromSuperlayer()
        insertSublayer(newLayer, at: UInt32(min(index, sublayerList.count)))
    }

    /// Detaches the layer from its superlayer (or from the layer it masks).
    open func removeFromSuperlayer() {
        detachFromSuperlayer(runningAction: true)
    }

    // MARK: Display

    /// Whether the layer's content is drawn upside down relative to its coordinate space: when
    /// an odd number of the layer and its superlayers have `isGeometryFlipped` set, as Apple's
    /// header describes. Subclasses should not redefine it.
    open func contentsAreFlipped() -> Bool {
        var flipped = false
        var layer: CALayer? = self
        while let current = layer {
            if current.storage.drawn.isGeometryFlipped { flipped.toggle() }
            layer = current.parent
        }
        return flipped
    }

    /// Whether the layer has been marked as needing its content redrawn.
    open func needsDisplay() -> Bool { displayIsNeeded }

    /// Marks the layer's content as needing to be redrawn at the next commit.
    open func setNeedsDisplay() {
        displayIsNeeded = true
        if !isPresentationCopy { TransactionLock.shared.withLock { TransactionStack.current.noteChanged(self) } }
    }

    /// Marks the content within `r` (in the layer's coordinates) as needing display. The
    /// whole content is drawn again here: `draw(in:)` is recorded, not clipped to a region.
    open func setNeedsDisplay(_ r: CGRect) {
        setNeedsDisplay()
    }

    /// Redraws the content now if it is marked as needing it.
    open func displayIfNeeded() {
        guard displayIsNeeded else { return }
        displayIsNeeded = false
        display()
    }

    /// Updates the content: asks the delegate's `display(_:)`, whose default implementation
    /// draws through `draw(in:)`.
    open func display() {
        if let delegate {
            delegate.display(self)
        } else {
            drawContents()
        }
    }

    /// Draws the layer's content into `ctx`. The default draws nothing except what the
    /// delegate's `draw(_:in:)` draws.
    open func draw(in ctx: CGContext) {
        delegate?.draw(self, in: ctx)
    }

    /// The default `display()` work: draws into a context the size of the bounds.
    package func drawContents() {
        let context = CGContext(size: storage.drawn.bounds.size, scale: storage.drawn.contentsScale)
        delegate?.layerWillDraw(self)
        drawRecording(into: context)
        lastDrawing = context
        // Renderers keep what a layer drew with the tree they captured (NodeTreeCache).
        if !isPresentationCopy { noteLayerTreeChanged() }
    }

    /// Runs the drawing `display()` records: `draw(in:)` once (a tiled layer, once a tile).
    package func drawRecording(into context: CGContext) {
        draw(in: context)
    }

    /// What the last `draw(in:)` drew; the renderer rasterises it.
    package var lastDrawing: CGContext?

    open override var description: String {
        "<\(type(of: self)): \(addressString(self))>"
    }
}

/// The `default` curve, shared by every implicit animation (timing functions are immutable).
package let defaultTimingFunction = CAMediaTimingFunction(name: .default)

/// `0x…` address of an object, as Apple's descriptions print it.
package func addressString(_ object: AnyObject) -> String {
    "0x" + String(UInt(bitPattern: Unmanaged.passUnretained(object).toOpaque()), radix: 16)
}
