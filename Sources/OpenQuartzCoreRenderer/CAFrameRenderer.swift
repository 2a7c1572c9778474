import CCairo
import Dispatch
import Foundation
import OpenQuartzCore

/// Renders many frames of one layer tree, painting on all cores: for video export.
///
///     let frames = CAFrameRenderer(width: 640, height: 360, scale: 2)
///     try frames.render(root, atTimes: stride(from: 0, to: 2, by: 1 / 30).map { $0 }) { time in
///         clock.advance(to: time)                  // move the manual clock
///     } deliver: { frame in
///         try encoder.write(frame.rgba)            // in order
///     }
///
/// For each time, on the calling thread: `prepare` runs (move the clock, change the tree),
/// the implicit transaction is flushed, and the tree is captured as presented then. Captures
/// are immutable, so they are painted in parallel, each worker with a bitmap and caches of its
/// own; `deliver` receives the frames in order, on the calling thread, while later ones paint.
///
/// For a video encoder, ask for frames in Y′CbCr instead: the worker that painted a frame
/// converts it, beside the others painting, and the encoder only encodes.
///
///     frames.pixelFormats = .yCbCr420
///     …
///     } deliver: { frame in
///         try encoder.write(frame.yCbCr420.bytes)  // ffmpeg -pix_fmt yuv420p
///     }
public final class CAFrameRenderer {
    /// The pixel formats a ``CARenderedFrame`` can carry.
    public struct PixelFormats: OptionSet, Sendable {
        public let rawValue: Int

        public init(rawValue: Int) {
            self.rawValue = rawValue
        }

        /// The pixels as drawn: ``CARenderedFrame/premultipliedBGRA``, and what is made from
        /// them (``CARenderedFrame/rgba``, ``CARenderedFrame/image``, ``CARenderedFrame/pngData()``).
        public static let premultipliedBGRA = PixelFormats(rawValue: 1 << 0)
        /// Planar Y′CbCr 4:2:0, BT.709, limited range: ``CARenderedFrame/yCbCr420``, converted
        /// from the drawn pixels on the worker that painted the frame.
        public static let yCbCr420 = PixelFormats(rawValue: 1 << 1)
    }

    /// The rectangle of the root's superlayer space that the frames show, in points.
    public var bounds: CGRect
    /// Pixels per point.
    public let scale: CGFloat
    /// How many frames are painted at once. Defaults to the number of active cores.
    public var threads: Int = ProcessInfo.processInfo.activeProcessorCount
    /// Whether layer content that does not change is drawn once and then only composited.
    /// Defaults to true; off, every frame draws every layer's content again.
    public var cachesContent = true
    /// The pixel formats each frame is delivered in. Defaults to
    /// ``PixelFormats/premultipliedBGRA``; a set without any format traps when rendering.
    /// With only ``PixelFormats/yCbCr420``, the drawn pixels are converted where they lie and
    /// never copied.
    public var pixelFormats: PixelFormats = .premultipliedBGRA

    private let width: Int
    private let height: Int

    /// Frames of `width × height` pixels, `scale` pixels per point. Sizes that are not
    /// positive, or a scale that is not a finite number above 0, trap with a message.
    public init(width: Int, height: Int, scale: CGFloat = 1) {
        require(width > 0 && height > 0, "CAFrameRenderer needs a positive size, got \(width) × \(height)")
        require(
            scale.isFinite && scale > 0, "CAFrameRenderer scale must be a finite number above 0, got \(scale)")
        self.width = width
        self.height = height
        self.scale = scale
        bounds = CGRect(x: 0, y: 0, width: CGFloat(width) / scale, height: CGFloat(height) / scale)
    }

    /// Renders `layer` at each of `times` in order; see the type's description.
    public func render(
        _ layer: CALayer, atTimes times: [CFTimeInterval], prepare: (CFTimeInterval) throws -> Void,
        deliver: (CARenderedFrame) throws -> Void
    ) throws {
        require(times.allSatisfy(\.isFinite), "CAFrameRenderer.render needs finite times")
        require(
            !pixelFormats.intersection([.premultipliedBGRA, .yCbCr420]).isEmpty,
            "CAFrameRenderer.pixelFormats is empty: ask for .premultipliedBGRA, .yCbCr420 or both")
        let workers = WorkerPool(
            count: max(threads, 1), width: width, height: height, cachesContent: cachesContent,
            pixelFormats: pixelFormats)
        let results = OrderedResults()
        let window = max(threads, 1) * 2
        let queue = DispatchQueue(label: "OpenQuartzCoreRenderer.frames", attributes: .concurrent)
        let bounds = self.bounds
        let scale = self.scale
        var delivered = 0
        let nodeTrees = NodeTreeCache()
        // Whatever happens, let the frames in flight finish before returning: they use the pool.
        defer { results.waitForAll() }
        for (index, time) in times.enumerated() {
            try prepare(time)
            CATransaction.flush()
            let captured = nodeTrees.capture(layer, at: time)
            // Keep at most `window` frames ahead of the one delivered next.
            while index - delivered >= window {
                try deliver(results.take(delivered))
                delivered += 1
            }
            results.started()
            let job = PendingJob(FrameJob(frame: captured, index: index, time: time))
            let nodePool = nodeTrees.pool
            // The pool is held by this call, not by the blocks: it is freed here, on the
            // calling thread, with the cached presentation copies and the model layers they
            // hold (every block has finished with it when `waitForAll` returns).
            queue.async { [unowned workers] in
                // The snapshot is let go of before the frame is handed back, while this call
                // still holds the tree: its presentation copies hold their model layers, and a
                // model layer freed here, on a worker, would tell its animations' delegates so
                // on a thread that is not theirs.
                let frame = workers.paint(job.take(), bounds: bounds, scale: scale, recycling: nodePool)
                results.put(frame)
            }
            while let ready = results.takeIfReady(delivered) {
                try deliver(ready)
                delivered += 1
            }
        }
        while delivered < times.count {
            try deliver(results.take(delivered))
            delivered += 1
        }
    }
}

/// A captured frame on its way to a worker.
private struct FrameJob: @unchecked Sendable {
    let frame: CapturedFrame
    let index: Int
    let time: CFTimeInterval
}

/// A frame job that the worker takes out, so that nothing holds it once the frame is painted
/// (the block that carries it lives until Dispatch lets go of it, which may be later).
private final class PendingJob: @unchecked Sendable {
    // Set on the rendering thread before the block is queued, taken once by the worker.
    private var job: FrameJob?

    init(_ job: FrameJob) { self.job = job }

    func take() -> FrameJob {
        guard let job else { misuse("a frame job is taken once") }
        self.job = nil
        return job
    }
}

/// Bitmaps with their caches, one per worker thread, lent out one frame at a time.
///
/// Up to twice as many frames as there are workers are queued on a concurrent queue, and
/// Dispatch may run more of them at once than there are workers: a frame that finds no idle
/// worker waits for one.
private final class WorkerPool: @unchecked Sendable {
    private let condition = NSCondition()
    private var idle: [(bitmap: Bitmap, resources: RenderResources)]
    private let width: Int
    private let height: Int
    private let pixelFormats: CAFrameRenderer.PixelFormats

    init(count: Int, width: Int, height: Int, cachesContent: Bool, pixelFormats: CAFrameRenderer.PixelFormats) {
        idle = (0..<count).map { _ in
            let resources = RenderResources()
            resources.contents.isEnabled = cachesContent
            return (Bitmap(width: width, height: height), resources)
        }
        self.width = width
        self.height = height
        self.pixelFormats = pixelFormats
    }

    /// Paints `job`'s frame, then gives its nodes back to `pool`.
    func paint(_ job: FrameJob, bounds: CGRect, scale: CGFloat, recycling pool: NodeBufferPool) -> CARenderedFrame {
        let worker = condition.withLock {
            while idle.isEmpty { condition.wait() }
            return idle.removeLast()
        }
        FrameRasteriser.draw(
            job.frame, into: worker.bitmap, bounds: bounds, scale: scale, resources: worker.resources)
        pool.recycle(job.frame.nodes)
        // Read out in the frame's formats while the worker still holds the bitmap: the
        // conversion to Y′CbCr runs here, on the worker, in parallel with the other frames.
        let frame = CARenderedFrame(
            index: job.index, time: job.time, width: width, height: height,
            bgra: pixelFormats.contains(.premultipliedBGRA) ? worker.bitmap.premultipliedBGRA : nil,
            planes: pixelFormats.contains(.yCbCr420) ? worker.bitmap.yCbCr420 : nil)
        condition.withLock {
            idle.append(worker)
            condition.signal()
        }
        return frame
    }
}

/// Frames painted out of order, handed out in order.
private final class OrderedResults: @unchecked Sendable {
    private let condition = NSCondition()
    private var frames: [Int: CARenderedFrame] = [:]
    private var inFlight = 0

    func started() {
        condition.withLock { inFlight += 1 }
    }

    func put(_ frame: CARenderedFrame) {
        condition.withLock {
            frames[frame.index] = frame
            inFlight -= 1
            condition.broadcast()
        }
    }

    func takeIfReady(_ index: Int) -> CARenderedFrame? {
        condition.withLock { frames.removeValue(forKey: index) }
    }

    func take(_ index: Int) -> CARenderedFrame {
        condition.withLock {
            while frames[index] == nil { condition.wait() }
            return frames.removeValue(forKey: index)!
        }
    }

    func waitForAll() {
        condition.withLock {
            while inFlight > 0 { condition.wait() }
        }
    }
}

/// Paints one captured frame into a bitmap.
enum FrameRasteriser {
    /// Draws `frame` into `bitmap`: all of it, or with `region` only those boxes of pixels,
    /// the rest of the bitmap keeping the frame before (none: nothing changed).
    static func draw(
        _ frame: CapturedFrame?, into bitmap: Bitmap, bounds: CGRect, scale: CGFloat, resources: RenderResources,
        region: [PixelBox]? = nil
    ) {
        if let region, region.isEmpty { return }
        resources.contents.beginFrame()
        let context = cairo_create(bitmap.surface)!
        defer { cairo_destroy(context) }
        if let region {
            for box in region {
                cairo_rectangle(
                    context, Double(box.minX), Double(box.minY), Double(box.maxX - box.minX), Double(box.maxY - box.minY))
            }
            cairo_clip(context)
        }
        cairo_set_operator(context, CAIRO_OPERATOR_CLEAR)
        cairo_paint(context)
        cairo_set_operator(context, CAIRO_OPERATOR_OVER)
        guard let frame, let snapshot = frame.root else { return }
        cairo_scale(context, Double(scale), Double(scale))
        cairo_translate(context, -Double(bounds.minX), -Double(bounds.minY))
        DeepStack.run(depth: snapshot.depth) {
            var painter = LayerPainter(context: context, resources: resources, nodes: frame.nodes)
            painter.clipsLayers = region != nil
            painter.paint(snapshot, through: frame.nodes[snapshot].transformToSuperlayer3D)
        }
    }
}
