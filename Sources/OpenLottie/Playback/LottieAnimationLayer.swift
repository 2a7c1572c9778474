import Foundation
import OpenCoreGraphics
import OpenQuartzCore

/// A layer that plays a Lottie animation with Core Animation, as lottie-ios's Core Animation
/// engine does (or, where its ``configuration`` picks the Main Thread engine, drawing what that
/// one draws differently): the animation's layers are sublayers of an inner layer of the animation's own
/// size, scaled to fit this layer's bounds (aspect fit, centred on whole points); every property animation
/// spans the animation's frames; pausing sets the inner layer's `speed` to 0 and its
/// `timeOffset` to the frame's time.
///
///     let layer = animation.makeLayer()
///     layer.bounds = CGRect(x: 0, y: 0, width: 200, height: 200)
///     layer.currentFrame = 30              // paused at frame 30
///     layer.play(loopMode: .loop)          // plays on the media clock
open class LottieAnimationLayer: CALayer {
    /// How playback repeats.
    public enum LoopMode: Equatable, Sendable {
        case playOnce
        case loop
        case autoReverse
        case `repeat`(Float)
        case repeatBackwards(Float)
    }

    /// The animation this layer plays.
    public let animation: LottieAnimation

    /// The layer of the animation's size that holds its layers; its timing pauses and plays.
    public let contentLayer: CALayer

    private var playback: AnimationContext.Playback
    private var pausedFrame: Double
    private var valueProviders = ValueProviderStore()
    /// How many ``batchingRebuilds(_:)`` are under way, and whether a change inside them asked
    /// for the layers to be built again.
    private var rebuildsHeld = 0
    private var rebuildIsOwed = false

    /// The pictures of the animation's image assets instead of those the file brought; nil
    /// (the default) draws the file's. Setting it rebuilds the layers.
    public var imageProvider: (any AnimationImageProvider)? {
        didSet { buildLayers() }
    }

    /// The texts of the text layers instead of the file's; nil (the default) shows the file's.
    /// Setting it rebuilds the layers.
    public var textProvider: (any AnimationKeypathTextProvider)? {
        didSet { buildLayers() }
    }

    /// The fonts of the text layers instead of the file's (``AnimationFontProvider``); nil (the
    /// default) draws the file's. Setting it rebuilds the layers.
    public var fontProvider: (any AnimationFontProvider)? {
        didSet { buildLayers() }
    }

    /// The part of the animation, in its own points, that fills the layer (scaled keeping its
    /// proportions, centred), as lottie-ios's `viewportFrame`; nil shows the whole animation.
    public var viewportFrame: CGRect? {
        didSet { layoutContent() }
    }

    /// Which engine draws the animation; setting it rebuilds the layers.
    public var configuration: LottieConfiguration {
        didSet { if configuration != oldValue { buildLayers() } }
    }

    /// The engine drawing the animation: the configuration's, or for
    /// ``RenderingEngineOption/automatic`` the one it chose for this animation.
    public var currentRenderingEngine: RenderingEngine {
        animation.renderingEngine(for: configuration.renderingEngine)
    }

    /// The animation as the engine draws it: for the complete engine, with its expressions
    /// evaluated.
    var drawnAnimation: LottieAnimation {
        currentRenderingEngine == .complete ? animation.evaluatingExpressions() : animation
    }

    /// Makes the layer tree of `animation`, paused at its first frame, drawn by the engine
    /// `configuration` asks for (``LottieConfiguration/shared``'s by default).
    public init(animation: LottieAnimation, configuration: LottieConfiguration = .shared) {
        self.animation = animation
        self.configuration = configuration
        contentLayer = CALayer()
        pausedFrame = animation.startFrame
        playback = AnimationContext.Playback(fromFrame: animation.startFrame, toFrame: animation.endFrame)
        super.init()
        placeContentLayer()
        buildLayers()
    }

    /// A layer of `animation` whose layers are not built yet: the end of the first
    /// ``batchingRebuilds(_:)`` builds them (``LottieAnimation/makeLayer(configuration:values:loopMode:)``).
    init(unbuilt animation: LottieAnimation, configuration: LottieConfiguration) {
        self.animation = animation
        self.configuration = configuration
        contentLayer = CALayer()
        pausedFrame = animation.startFrame
        playback = AnimationContext.Playback(fromFrame: animation.startFrame, toFrame: animation.endFrame)
        rebuildIsOwed = true
        super.init()
        placeContentLayer()
    }

    private func placeContentLayer() {
        contentLayer.name = animation.name.isEmpty ? "Lottie animation" : animation.name
        contentLayer.bounds = CGRect(origin: .zero, size: animation.size)
        bounds = CGRect(origin: .zero, size: animation.size)
        addSublayer(contentLayer)
        layoutContent()
        // Paused at the first frame.
        contentLayer.speed = 0
        contentLayer.timeOffset = 0
    }

    /// Apple's copy initialiser, for presentation copies.
    public override init(layer: Any) {
        guard let other = layer as? LottieAnimationLayer else {
            fatalError("LottieAnimationLayer.init(layer:): \(type(of: layer)) is not a LottieAnimationLayer")
        }
        animation = other.animation
        configuration = other.configuration
        contentLayer = other.contentLayer
        playback = other.playback
        pausedFrame = other.pausedFrame
        valueProviders = other.valueProviders
        imageProvider = other.imageProvider
        textProvider = other.textProvider
        fontProvider = other.fontProvider
        viewportFrame = other.viewportFrame
        super.init(layer: other)
    }

    public required init?(coder: NSCoder) {
        nil
    }

    open override var bounds: CGRect {
        didSet { layoutContent() }
    }

    /// The frame shown while paused, or the frame playback started from.
    public var currentFrame: Double {
        get { pausedFrame }
        set {
            pausedFrame = newValue
            if !playback.isPaused || playback.fromFrame != animation.startFrame
                || playback.toFrame != animation.endFrame
                || playback.repeatCount != 0 || playback.autoreverses
            {
                playback = AnimationContext.Playback(fromFrame: animation.startFrame, toFrame: animation.endFrame)
                buildLayers()
            }
            contentLayer.speed = 0
            contentLayer.timeOffset = (newValue - animation.startFrame) / animation.frameRate
        }
    }

    /// The progress shown while paused: frame `ip + p · (op − ip)`.
    public var currentProgress: Double {
        get { (pausedFrame - animation.startFrame) / (animation.endFrame - animation.startFrame) }
        set { currentFrame = animation.frame(atProgress: newValue) }
    }

    /// Whether the animation is playing on the media clock.
    public var isAnimationPlaying: Bool { !playback.isPaused }

    /// Plays from `fromFrame` (the first frame by default) to `toFrame` (the end) on the media
    /// clock, at `speed`, repeating as `loopMode` says; the last frame stays when it ends.
    public func play(fromFrame: Double? = nil, toFrame: Double? = nil, loopMode: LoopMode = .playOnce, speed: Float = 1)
    {
        var next = AnimationContext.Playback(
            fromFrame: fromFrame ?? animation.startFrame, toFrame: toFrame ?? animation.endFrame, isPaused: false)
        switch loopMode {
        case .playOnce: break
        case .loop: next.repeatCount = .infinity
        case .autoReverse:
            next.repeatCount = .infinity
            next.autoreverses = true
        case .repeat(let count): next.repeatCount = count
        case .repeatBackwards(let count):
            next.repeatCount = count
            next.autoreverses = true
        }
        playback = next
        pausedFrame = next.fromFrame
        // The inner layer's time starts at 0 now, where every animation begins; played
        // backwards, it starts at the end of what is played and counts down.
        contentLayer.speed = next.isBackwards ? -speed : speed
        contentLayer.timeOffset = next.isBackwards ? next.playedLength(frameRate: animation.frameRate) : 0
        contentLayer.beginTime = convertTime(CACurrentMediaTime(), from: nil)
        buildLayers()
    }

    /// Plays the marker `name`'s segment, from its frame to its frame plus its duration, as
    /// lottie-ios's `play(marker:)`. As there, a name the file lacks changes nothing (the
    /// markers come with the file: ``LottieAnimation/markerNames`` says which it has).
    public func play(marker name: String, loopMode: LoopMode = .playOnce) {
        guard let start = animation.frameTime(forMarker: name) else { return }
        play(fromFrame: start, toFrame: start + (animation.durationFrameTime(forMarker: name) ?? 0), loopMode: loopMode)
    }

    /// Plays from the marker `fromMarker` (the frame shown when nil) to the marker `toMarker`,
    /// including its frame unless `playEndMarkerFrame` is false (then one frame before it), as
    /// lottie-ios's `play(fromMarker:toMarker:playEndMarkerFrame:loopMode:)`; a `toMarker` the
    /// file lacks changes nothing, a `fromMarker` it lacks starts from the frame shown.
    public func play(
        fromMarker: String? = nil, toMarker: String, playEndMarkerFrame: Bool = true, loopMode: LoopMode = .playOnce
    ) {
        guard let end = animation.frameTime(forMarker: toMarker) else { return }
        let start = fromMarker.flatMap { animation.frameTime(forMarker: $0) } ?? currentFrame
        play(fromFrame: start, toFrame: playEndMarkerFrame ? end : end - 1, loopMode: loopMode)
    }

    /// Stops playback where it is now on the media clock: the frame shown stays.
    public func pause() {
        guard !playback.isPaused else { return }
        var elapsed = contentLayer.convertTime(CACurrentMediaTime(), from: nil)
        if playback.isBackwards { elapsed = playback.playedLength(frameRate: animation.frameRate) - elapsed }
        currentFrame = playback.frame(afterPlaying: elapsed, frameRate: animation.frameRate)
    }

    private func layoutContent() {
        let size = animation.size
        guard size.width > 0, size.height > 0, bounds.width > 0, bounds.height > 0 else { return }
        // The layout follows the layer's bounds and viewport at once, not by an implicit animation.
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        defer { CATransaction.commit() }
        contentLayer.anchorPoint = .zero
        if let viewport = viewportFrame, viewport.width > 0, viewport.height > 0 {
            // lottie-ios's viewport: its centre at the layer's, scaled to fit.
            let scale = min(bounds.width / viewport.width, bounds.height / viewport.height)
            contentLayer.position = CGPoint(
                x: bounds.midX - viewport.midX * scale, y: bounds.midY - viewport.midY * scale)
            contentLayer.transform = CATransform3DMakeScale(scale, scale, 1)
            return
        }
        let widthScale = bounds.width / size.width
        let heightScale = bounds.height / size.height
        let scale = min(widthScale, heightScale)
        // Centred on whole points: a size rounded up to whole pixels (how snapshots and
        // `carender frame --size` ask for a picture) keeps the animation at its top left, as
        // Apple draws a view of the exact size into a bitmap of the rounded one. The side that
        // fits has no slack at all: computed, it could be a hair below 0 and round to −1.
        let slack = CGSize(
            width: widthScale <= heightScale ? 0 : bounds.width - size.width * scale,
            height: widthScale <= heightScale ? bounds.height - size.height * scale : 0)
        contentLayer.position = CGPoint(
            x: bounds.minX + (slack.width / 2).rounded(.down), y: bounds.minY + (slack.height / 2).rounded(.down))
        contentLayer.transform = CATransform3DMakeScale(scale, scale, 1)
    }

    /// Makes `changes` — value, image, text and font providers, the configuration, playback —
    /// and builds the layers once at the end, instead of after each change that asks for it.
    ///
    ///     layer.batchingRebuilds {
    ///         layer.setValueProvider(red, keypath: AnimationKeypath(keypath: "**.Fill 1.Color"))
    ///         layer.play(loopMode: .loop)
    ///     }
    public func batchingRebuilds(_ changes: () -> Void) {
        rebuildsHeld += 1
        changes()
        rebuildsHeld -= 1
        if rebuildsHeld == 0, rebuildIsOwed { buildLayers() }
    }

    private func buildLayers() {
        guard rebuildsHeld == 0 else {
            rebuildIsOwed = true
            return
        }
        rebuildIsOwed = false
        contentLayer.sublayers = nil
        var context = AnimationContext(
            frameRate: animation.frameRate, startFrame: animation.startFrame, endFrame: animation.endFrame,
            playback: playback)
        let drawn = drawnAnimation
        var builder = LayerTreeBuilder(animation: drawn)
        builder.providers = valueProviders
        builder.imageProvider = imageProvider
        builder.textProvider = textProvider
        builder.fontProvider = fontProvider
        if configuration.renderingEngine == .automatic, animation.compatibilityIssues.withLock({ $0 == nil }) {
            // The Core Animation tree, checked as it is built; built again only when declined.
            let issues = animation.buildCheckingCompatibility(builder, into: contentLayer, context: context)
            if issues.isEmpty { return }
            contentLayer.sublayers = nil
        }
        context.engine = currentRenderingEngine
        if context.engine.drawsAsAfterEffects(.textWithoutGlyphs) {
            builder.installedFonts = InstalledFonts.forFolders(configuration.fontFolders)
        }
        builder.addLayers(drawn.layers, to: contentLayer, bounds: contentLayer.bounds, context: context, depth: 0)
    }
}

// MARK: - Dynamic properties

extension LottieAnimationLayer {
    /// Gives the properties `keypath` matches their values from `provider` instead of the
    /// file's, for the whole animation, as lottie-ios's `setValueProvider(_:keypath:)`: the
    /// provider set last wins where keypaths overlap; setting one again for the same keypath
    /// replaces it. The layers are rebuilt with the values in their animations, so frames cost
    /// what they cost without providers.
    ///
    ///     layer.setValueProvider(
    ///         ColorValueProvider(LottieColor(r: 1, g: 0, b: 0)), keypath: AnimationKeypath(keypath: "**.Fill 1.Color"))
    ///
    /// A provider whose kind the matched properties do not take (a colour for `Opacity`)
    /// leaves them as they are; ``valueProviderProblems()`` lists such providers and those
    /// whose keypath matches nothing.
    public func setValueProvider(_ provider: any AnyValueProvider, keypath: AnimationKeypath) {
        valueProviders.set(provider, keypath: keypath)
        buildLayers()
    }

    /// The value of the first property `keypath` matches at `frame` (in the frames of the layer
    /// that owns the property; the frame shown when nil): the provider's when one is set for
    /// it, else the file's (for the complete engine, after the file's expressions). A colour is a ``LottieColor``, an opacity, rotation or stroke width
    /// a `CGFloat`, a position or scale a `CGPoint`, a gradient a ``LottieGradient`` (a
    /// provider's values as its kind gives them). Nil when the keypath matches nothing.
    public func getValue(for keypath: AnimationKeypath, atFrame frame: Double? = nil) -> Any? {
        var lookup = ValueLookup(keypath: keypath, frame: frame ?? currentFrame, providers: valueProviders)
        PropertyWalk.tree(drawnAnimation.layers, assets: drawnAnimation.assets, keypath: [], &lookup)
        return lookup.found
    }

    /// The file's own value of the first property `keypath` matches at `frame`, whatever the
    /// providers say (see ``getValue(for:atFrame:)``).
    public func getOriginalValue(for keypath: AnimationKeypath, atFrame frame: Double? = nil) -> Any? {
        var lookup = ValueLookup(keypath: keypath, frame: frame ?? currentFrame, providers: ValueProviderStore())
        PropertyWalk.tree(drawnAnimation.layers, assets: drawnAnimation.assets, keypath: [], &lookup)
        return lookup.found
    }

    /// The keypath of every property a value provider can set, in the file's order.
    public func allHierarchyKeypaths() -> [String] {
        var listing = KeypathListing()
        PropertyWalk.tree(drawnAnimation.layers, assets: drawnAnimation.assets, keypath: [], &listing)
        return listing.keypaths
    }

    /// Prints ``allHierarchyKeypaths()``, a keypath a line, as lottie-ios logs them.
    public func logHierarchyKeypaths() {
        for keypath in allHierarchyKeypaths() { print(keypath) }
    }

    /// Each provider set that changes nothing, with why: its keypath matches no property (the
    /// closest keypaths the animation has are named), or the properties it matches take
    /// another kind of value.
    public func valueProviderProblems() -> [(keypath: AnimationKeypath, message: String)] {
        valueProviders.problems(in: animation)
    }
}

extension LottieAnimation {
    /// A layer that plays this animation, sized to it and paused at its first frame, drawn
    /// by the engine `configuration` asks for.
    public func makeLayer(configuration: LottieConfiguration = .shared) -> LottieAnimationLayer {
        LottieAnimationLayer(animation: self, configuration: configuration)
    }

    /// A layer that plays this animation on the media clock as `loopMode` says, with `values`
    /// applied, its layers built once (making the layer, applying the values and playing
    /// would each build them).
    public func makeLayer(
        configuration: LottieConfiguration = .shared, values: LottieValues?, loopMode: LottieAnimationLayer.LoopMode
    ) -> LottieAnimationLayer {
        let layer = LottieAnimationLayer(unbuilt: self, configuration: configuration)
        layer.batchingRebuilds {
            values?.apply(to: layer)
            layer.play(loopMode: loopMode)
        }
        return layer
    }
}
