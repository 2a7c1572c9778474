import CCairo
import Dispatch
import Foundation
import OpenQuartzCore

/// Bitmaps with their caches, one per worker thread, lent out one frame at a time.
///
/// Up to twice as many frames as there are workers are queued on a concurrent queue, and
/// Dispatch may run more of them at once than there are workers: a frame that finds no idle
/// worker waits for one.
final class WorkerPool: @unchecked Sendable {
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

    /// Paints `job`'s frame over `background` (nil: transparent), then gives its nodes back to
    /// `pool`.
    func paint(
        _ job: FrameJob, bounds: CGRect, scale: CGFloat, background: CGColor?, recycling pool: NodeBufferPool
    ) -> CARenderedFrame {
        let worker = condition.withLock {
            while idle.isEmpty { condition.wait() }
            return idle.removeLast()
        }
        FrameRasteriser.draw(
            job.frame, into: worker.bitmap, bounds: bounds, scale: scale, resources: worker.resources,
            background: background)
        pool.recycle(job.frame.nodes)
        // Read out in the frame's formats while the worker still holds the bitmap: the
        // conversions to Y′CbCr and straight RGBA run here, on the worker, in parallel with
        // the other frames.
        let frame = CARenderedFrame(
            index: job.index, time: job.time, width: width, height: height,
            bgra: pixelFormats.contains(.premultipliedBGRA) ? worker.bitmap.premultipliedBGRA : nil,
            straight: pixelFormats.contains(.straightRGBA) ? worker.bitmap.straightRGBAMemory : nil,
            planes: pixelFormats.contains(.yCbCr420) ? worker.bitmap.yCbCr420 : nil)
        condition.withLock {
            idle.append(worker)
            condition.signal()
        }
        return frame
    }
}

/// A captured frame on its way to a worker.
struct FrameJob: @unchecked Sendable {
    let frame: CapturedFrame
    let index: Int
    let time: CFTimeInterval
}

/// A frame job that the worker takes out, so that nothing holds it once the frame is painted
/// (the block that carries it lives until Dispatch lets go of it, which may be later).
final class PendingJob: @unchecked Sendable {
    // Set on the rendering thread before the block is queued, taken once by the worker.
    private var job: FrameJob?

    init(_ job: FrameJob) { self.job = job }

    func take() -> FrameJob {
        guard let job else { misuse("a frame job is taken once") }
        self.job = nil
        return job
    }
}

/// Frames painted out of order, handed out in order.
final class OrderedResults: @unchecked Sendable {
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
