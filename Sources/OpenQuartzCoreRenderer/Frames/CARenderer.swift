import CCairo
import Foundation
import OpenQuartzCore

/// Renders a layer tree into a bitmap as it is presented at a media time: Apple's
/// `CARenderer`, drawing with Cairo into memory instead of a Metal texture.
///
///     let renderer = CARenderer(width: 200, height: 200, scale: 2)   // 100 × 100 points
///     renderer.layer = root
///     renderer.beginFrame(atTime: CACurrentMediaTime())
///     renderer.render()
///     renderer.endFrame()
///     try renderer.pngData().write(to: url)
///
/// Differences from Apple: the target is a bitmap of a pixel size and a scale (points to
/// pixels), read back as a `CGImage` or PNG data; `beginFrame` takes no `CVTimeStamp` (there
/// is no Core Video) and flushes the implicit transaction itself, so what was set before it is
/// drawn.
public final class CARenderer {
    /// The root of the tree to draw; its position and transform place it within ``bounds``.
    public var layer: CALayer?
    /// The rectangle of the root's superlayer space that the bitmap shows, in points.
    public var bounds: CGRect
    /// Pixels per point.
    public let scale: CGFloat

    private let bitmap: Bitmap
    let resources = RenderResources()
    private var frameTime: CFTimeInterval?
    private var lastFrameTime: CFTimeInterval?
    /// The frame between `beginFrame` and `endFrame`, once captured (by `render()` or
    /// `updateBounds()`), with the boxes of pixels it changes (nil: all).
    private var current: (frame: CapturedFrame?, extents: FrameExtents?, region: [PixelBox]?)?
    /// Rectangles given to ``addUpdate(_:)`` before the frame was captured.
    private var addedUpdates: [CGRect] = []
    /// The rows of pixels the last `render()` drew: the others show what they showed before.
    /// For the preview, which compares each frame with the one before it.
    package private(set) var lastDrawnRows: Range<Int> = 0..<0
    /// How many frames were drawn without clearing the bitmap first (the root's opaque
    /// background covered it): for tests.
    package private(set) var framesDrawnWithoutClearing = 0
    /// What the bitmap shows: the last frame drawn, kept to find what the next one changes,
    /// and the settings it was drawn with.
    private var drawn: (frame: DrawnFrame, settings: Settings)?
    /// Frames still to draw whole without finding where their layers paint: after a frame that
    /// changed most of the bitmap (every layer moving), finding it costs more than it saves.
    private var unmeasuredFrames = 0
    /// How long the last such pause was: it doubles, up to ``longestPause``, while the frames
    /// measured between pauses keep changing most of the bitmap.
    private var pauseLength = 0
    static let longestPause = 16

    /// What else decides a frame's pixels: a frame drawn with other settings is drawn whole.
    private struct Settings: Equatable {
        let bounds: CGRect
        let cachesContent: Bool
        let drawsWithSpans: Bool
    }

    /// Creates a renderer for a bitmap of `width × height` pixels, `scale` pixels per point;
    /// ``bounds`` starts as the whole bitmap in points. Sizes that are not positive, or a scale
    /// that is not a finite number above 0, trap with a message.
    public convenience init(width: Int, height: Int, scale: CGFloat = 1) {
        self.init(width: width, height: height, scale: scale, nodeTrees: NodeTreeCache())
    }

    /// A renderer that captures through `nodeTrees`: for tests, which give it a count of
    /// changes of their own (other tests change layers meanwhile).
    init(width: Int, height: Int, scale: CGFloat, nodeTrees: NodeTreeCache) {
        require(
            scale.isFinite && scale > 0, "CARenderer scale must be a finite number above 0, got \(scale)")
        bitmap = Bitmap(width: width, height: height)
        self.scale = scale
        self.nodeTrees = nodeTrees
        bounds = CGRect(x: 0, y: 0, width: CGFloat(width) / scale, height: CGFloat(height) / scale)
    }

    /// Starts a frame at media time `t`: commits the implicit transaction, so that changes made
    /// before it show.
    public func beginFrame(atTime t: CFTimeInterval, timeStamp: UnsafeMutableRawPointer? = nil) {
        require(t.isFinite, "CARenderer.beginFrame(atTime:) needs a finite time, got \(t)")
        require(frameTime == nil, "CARenderer.beginFrame(atTime:) called again before endFrame()")
        CATransaction.flush()
        frameTime = t
    }

    /// Draws the frame's update region (``updateBounds()``): the pixels that differ from the
    /// frame drawn before, and those added with ``addUpdate(_:)``. The rest of the bitmap keeps
    /// what it showed.
    public func render() {
        guard frameTime != nil else {
            misuse("CARenderer.render() must come between beginFrame(atTime:) and endFrame()")
        }
        let (frame, extents, region) = captureCurrentFrame()
        if FrameRasteriser.draw(
            frame, into: bitmap, bounds: bounds, scale: scale, resources: resources, region: region)
        {
            framesDrawnWithoutClearing += 1
        }
        let rows = region.map { $0.reduce(PixelBox.empty) { $0.union($1) } }
        lastDrawnRows = rows.map { $0.isEmpty ? 0..<0 : $0.minY..<$0.maxY } ?? 0..<bitmap.height
        // The frame before goes back to the pool; this one's nodes are kept while it is shown.
        drawn.map { nodeTrees.pool.recycle($0.frame.nodes) }
        if let frame, let root = frame.root, let extents {
            drawn = (DrawnFrame(root: root, nodes: frame.nodes, extents: extents), settings)
        } else {
            drawn = nil
            frame.map { nodeTrees.pool.recycle($0.nodes) }
        }
        current = (nil, nil, [])
    }

    /// The bounds of the frame's update region, in the coordinates of ``bounds``: every pixel
    /// ``render()`` will draw. Initially the pixels that differ from the frame drawn before
    /// (found by comparing the layers' values: the boxes of those that changed, where they
    /// were and where they are); all of ``bounds`` for the first frame, after ``bounds`` or a
    /// setting changed, when the tree's structure changed, and for a few frames after one that
    /// changed most of the bitmap (when every layer moves, finding what changed costs more than
    /// it saves; the pause doubles, up to 16 frames, while that goes on). Call it between
    /// ``beginFrame(atTime:timeStamp:)`` and ``endFrame()``.
    public func updateBounds() -> CGRect {
        guard frameTime != nil else {
            misuse("CARenderer.updateBounds() must come between beginFrame(atTime:) and endFrame()")
        }
        guard let region = captureCurrentFrame().region else { return bounds }
        let box = region.reduce(PixelBox.empty) { $0.union($1) }
        guard !box.isEmpty else { return .null }
        return CGRect(
            x: bounds.minX + CGFloat(box.minX) / scale, y: bounds.minY + CGFloat(box.minY) / scale,
            width: CGFloat(box.maxX - box.minX) / scale, height: CGFloat(box.maxY - box.minY) / scale)
    }

    /// Adds `rect` (in the coordinates of ``bounds``) to the frame's update region: its pixels
    /// are drawn again by ``render()`` whether or not anything there changed. Call it between
    /// ``beginFrame(atTime:timeStamp:)`` and ``endFrame()``.
    public func addUpdate(_ rect: CGRect) {
        guard frameTime != nil else {
            misuse("CARenderer.addUpdate(_:) must come between beginFrame(atTime:) and endFrame()")
        }
        if var captured = current, captured.region != nil {
            captured.region = captured.region.map { $0 + pixelBoxes([rect]) }
            current = captured
        } else {
            addedUpdates.append(rect)
        }
    }

    private var settings: Settings {
        Settings(bounds: bounds, cachesContent: cachesContent, drawsWithSpans: drawsWithSpans)
    }

    /// The frame, captured at most once between `beginFrame` and `endFrame`, with its update
    /// region.
    private func captureCurrentFrame() -> (frame: CapturedFrame?, extents: FrameExtents?, region: [PixelBox]?) {
        if let current { return current }
        let frame = layer.map { nodeTrees.capture($0, at: frameTime!) }
        let measures = unmeasuredFrames == 0
        if !measures { unmeasuredFrames -= 1 }
        let extents = measures ? frame.flatMap { FrameExtents(of: $0, toDevice: toDevice) } : nil
        var region: [PixelBox]?
        if let frame, let extents, let drawn, drawn.settings == settings {
            region = UpdateRegion.changes(from: drawn.frame, to: frame, extents: extents, screen: screen)
            if let changed = region {
                // Most of the bitmap changed: the next frames are drawn whole, unmeasured.
                if 4 * changed.reduce(0, { $0 + $1.area }) >= 3 * screen.area {
                    pauseLength = min(max(2 * pauseLength, 1), Self.longestPause)
                    unmeasuredFrames = pauseLength
                } else {
                    pauseLength = 0
                }
            }
            if region != nil, !addedUpdates.isEmpty { region! += pixelBoxes(addedUpdates) }
        }
        addedUpdates = []
        current = (frame, extents, region)
        return (frame, extents, region)
    }

    /// The whole pixels that `rects` (in the coordinates of ``bounds``) touch, within the
    /// bitmap.
    private func pixelBoxes(_ rects: [CGRect]) -> [PixelBox] {
        rects.compactMap { rect in
            let shown = rect.standardized.intersection(bounds)
            guard !shown.isNull, !shown.isEmpty,
                let box = PixelBox(covering: shown, through: toDevice, margin: 0)?.intersection(screen), !box.isEmpty
            else { return nil }
            return box
        }
    }

    /// Points in ``bounds`` to the bitmap's pixels.
    private var toDevice: CGAffineTransform {
        CGAffineTransform(translationX: -bounds.minX, y: -bounds.minY).concatenating(
            CGAffineTransform(scaleX: scale, y: scale))
    }

    /// The whole bitmap.
    private var screen: PixelBox { PixelBox(minX: 0, minY: 0, maxX: bitmap.width, maxY: bitmap.height) }

    /// Captures the frame of ``layer`` at media time `t` as ``render()`` does, without
    /// flushing the implicit transaction or painting: for the `Benchmarks` package, which
    /// measures capture and evaluation alone on the renderer's own path. Not API.
    @_spi(Benchmarks) public func captureFrame(atTime t: CFTimeInterval) {
        guard let layer else { return }
        nodeTrees.pool.recycle(nodeTrees.capture(layer, at: t).nodes)
    }

    /// Whether layer content that does not change is cached as a bitmap between frames
    /// (see ``CAFrameRenderer/cachesContent``). Defaults to true.
    public var cachesContent: Bool {
        get { resources.contents.isEnabled }
        set { resources.contents.isEnabled = newValue }
    }

    /// Whether flat layer backgrounds (a colour, circular or no corners, under a 2-D transform)
    /// are filled by the renderer's own span rasteriser rather than Cairo. Defaults to true;
    /// false draws every shape with Cairo, for comparing the two.
    public var drawsWithSpans: Bool {
        get { resources.drawsWithSpans }
        set { resources.drawsWithSpans = newValue }
    }

    /// The last frame's pixels as drawn: premultiplied BGRA8, rows packed, top row first.
    package var premultipliedBGRA: [UInt8] { bitmap.premultipliedBGRA }

    /// Calls `body` with the last frame's pixels where they are drawn, without a copy:
    /// premultiplied BGRA8, rows `bytesPerRow` apart, top row first. The pointer is valid only
    /// inside `body`, and only until the next frame. For the preview, which compares each frame
    /// with the one before it.
    package func withPremultipliedBGRA<Result>(
        _ body: (_ pixels: UnsafeRawPointer, _ bytesPerRow: Int) throws -> Result
    ) rethrows -> Result {
        try bitmap.withPixels(body)
    }

    /// Captures the frames: the evaluated tree, and the snapshots frames share.
    let nodeTrees: NodeTreeCache

    /// Ends the frame.
    public func endFrame() {
        require(frameTime != nil, "CARenderer.endFrame() without beginFrame(atTime:)")
        if let frame = current?.frame { nodeTrees.pool.recycle(frame.nodes) }
        current = nil
        addedUpdates = []
        lastFrameTime = frameTime
        frameTime = nil
    }

    /// The next media time at which anything in the tree changes: the time of the last frame
    /// while an animation is running or an emitter shows particles, the start of the next
    /// animation that waits (or of an emitter's next emission), `.infinity` when the tree is
    /// still.
    public func nextFrameTime() -> CFTimeInterval {
        guard let layer else { return .infinity }
        let now = frameTime ?? lastFrameTime ?? CACurrentMediaTime()
        // Under the transaction lock: the thread advancing a clock may be ending these
        // animations right now.
        return TransactionLock.shared.withLock { Self.nextChange(in: layer, after: now) }
    }

    /// The next change in the tree under `root`, from an explicit stack: trees may be of any
    /// depth. Each entry carries a lag: a replicator's copy k shows its sublayers
    /// `k × instanceDelay` seconds late, so they change for that much longer.
    private static func nextChange(in root: CALayer, after now: CFTimeInterval) -> CFTimeInterval {
        var next = CFTimeInterval.infinity
        var pending: [(layer: CALayer, lag: CFTimeInterval, replicaBudget: Int)] = [
            (root, 0, LayerSnapshot.replicaLimit)
        ]
        while let (layer, lag, replicaBudget) = pending.popLast() {
            let local = layer.convertTime(now - lag, from: nil)
            for attached in layer.attachedAnimations where attached.lifecycle.isCommitted {
                let timing = attached.timing
                if local < timing.beginTime {
                    next = min(next, layer.convertTime(timing.beginTime, to: nil) + lag)
                } else if local < timing.endTimeInParent {
                    return now
                }
            }
            if let emitter = layer as? CAEmitterLayer {
                // Particles move every frame while any is alive.
                let change = emitter.nextParticleChange(after: now - lag)
                if change <= now - lag { return now }
                next = min(next, change + lag)
            }
            let sublayers = layer.sublayers ?? []
            var sublayerBudget = replicaBudget
            if let replicator = layer as? CAReplicatorLayer, replicator.instanceCount > 1 {
                let count = LayerSnapshot.drawnInstanceCount(
                    of: replicator.replicatorStorage, model: layer, budget: replicaBudget)
                sublayerBudget = replicaBudget / count
                if replicator.instanceDelay.isFinite, replicator.instanceDelay != 0 {
                    for copy in 1..<count {
                        let copyLag = lag + Double(copy) * replicator.instanceDelay
                        for sublayer in sublayers { pending.append((sublayer, copyLag, sublayerBudget)) }
                    }
                }
            }
            for sublayer in sublayers { pending.append((sublayer, lag, sublayerBudget)) }
            if let mask = layer.mask { pending.append((mask, lag, replicaBudget)) }
        }
        return next
    }

    /// The last rendered frame as an image (straight RGBA8).
    public var image: CGImage { bitmap.image }

    /// The last rendered frame as PNG data.
    public func pngData() throws -> Data {
        try bitmap.pngData()
    }
}
