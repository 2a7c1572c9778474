import CCairo
import Dispatch
import Foundation
import OpenQuartzCore

/// One frame that ``CAFrameRenderer`` rendered.
public struct CARenderedFrame: Sendable {
    /// The frame's position in the times asked for.
    public let index: Int
    /// The media time it shows.
    public let time: CFTimeInterval
    /// Its size in pixels.
    public let width: Int
    public let height: Int
    /// The pixels as the renderer drew them: premultiplied BGRA8 (Cairo's ARGB32 on a
    /// little-endian machine), the top row first, `width × height × 4` bytes. What a video
    /// encoder wants (`-pix_fmt bgra`): premultiplied colour is the frame over black.
    public let premultipliedBGRA: [UInt8]

    /// Straight (not premultiplied) RGBA8, the top row first: `width × height × 4` bytes.
    public var rgba: [UInt8] {
        var pixels = [UInt8](repeating: 0, count: premultipliedBGRA.count)
        for index in stride(from: 0, to: pixels.count, by: 4) {
            let alpha = UInt32(premultipliedBGRA[index + 3])
            pixels[index + 3] = UInt8(alpha)
            guard alpha > 0 else { continue }
            func channel(_ offset: Int) -> UInt8 {
                UInt8(min(255, (UInt32(premultipliedBGRA[index + offset]) * 255 + alpha / 2) / alpha))
            }
            pixels[index] = channel(2)
            pixels[index + 1] = channel(1)
            pixels[index + 2] = channel(0)
        }
        return pixels
    }

    /// The frame as a `CGImage`.
    public var image: CGImage {
        guard let image = CGImage(width: width, height: height, rgbaPixels: rgba) else {
            preconditionFailure("a rendered frame always makes an image")
        }
        return image
    }

    /// The frame as PNG data.
    public func pngData() throws -> Data {
        try Bitmap(straightRGBA: rgba, width: width, height: height).pngData()
    }
}

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
public final class CAFrameRenderer {
    /// The rectangle of the root's superlayer space that the frames show, in points.
    public var bounds: CGRect
    /// Pixels per point.
    public let scale: CGFloat
    /// How many frames are painted at once. Defaults to the number of active cores.
    public var threads: Int = ProcessInfo.processInfo.activeProcessorCount
    /// Whether layer content that does not change is drawn once and then only composited.
    /// Defaults to true; off, every frame draws every layer's content again.
    public var cachesContent = true

    private let width: Int
    private let height: Int

    /// Frames of `width × height` pixels, `scale` pixels per point. Sizes that are not
    /// positive, or a scale that is not a finite number above 0, trap with a message.
    public init(width: Int, height: Int, scale: CGFloat = 1) {
        precondition(width > 0 && height > 0, "CAFrameRenderer needs a positive size, got \(width) × \(height)")
        precondition(
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
        precondition(times.allSatisfy(\.isFinite), "CAFrameRenderer.render needs finite times")
        let workers = WorkerPool(
            count: max(threads, 1), width: width, height: height, cachesContent: cachesContent)
        let results = OrderedResults()
        let window = max(threads, 1) * 2
        let queue = DispatchQueue(label: "OpenQuartzCoreRenderer.frames", attributes: .concurrent)
        let bounds = self.bounds
        let scale = self.scale
        var delivered = 0
        // Whatever happens, let the frames in flight finish before returning: they use the pool.
        defer { results.waitForAll() }
        for (index, time) in times.enumerated() {
            try prepare(time)
            CATransaction.flush()
            let snapshot = LayerSnapshot.capture(layer, at: time)
            // Keep at most `window` frames ahead of the one delivered next.
            while index - delivered >= window {
                try deliver(results.take(delivered))
                delivered += 1
            }
            results.started()
            let job = FrameJob(snapshot: snapshot, index: index, time: time)
            queue.async {
                let frame = workers.paint(job, bounds: bounds, scale: scale)
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
    let snapshot: LayerSnapshot?
    let index: Int
    let time: CFTimeInterval
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

    init(count: Int, width: Int, height: Int, cachesContent: Bool) {
        idle = (0..<count).map { _ in
            let resources = RenderResources()
            resources.contents.isEnabled = cachesContent
            return (Bitmap(width: width, height: height), resources)
        }
        self.width = width
        self.height = height
    }

    func paint(_ job: FrameJob, bounds: CGRect, scale: CGFloat) -> CARenderedFrame {
        let worker = condition.withLock {
            while idle.isEmpty { condition.wait() }
            return idle.removeLast()
        }
        FrameRasteriser.draw(
            job.snapshot, into: worker.bitmap, bounds: bounds, scale: scale, resources: worker.resources)
        let frame = CARenderedFrame(
            index: job.index, time: job.time, width: width, height: height,
            premultipliedBGRA: worker.bitmap.premultipliedBGRA)
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
    static func draw(
        _ snapshot: LayerSnapshot?, into bitmap: Bitmap, bounds: CGRect, scale: CGFloat, resources: RenderResources
    ) {
        bitmap.clear()
        resources.contents.beginFrame()
        guard let snapshot else { return }
        let context = cairo_create(bitmap.surface)!
        defer { cairo_destroy(context) }
        cairo_scale(context, Double(scale), Double(scale))
        cairo_translate(context, -Double(bounds.minX), -Double(bounds.minY))
        LayerPainter(context: context, resources: resources)
            .paint(snapshot, through: snapshot.layer.transformToSuperlayer3D)
    }
}
