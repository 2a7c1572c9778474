import Dispatch
import Foundation
import OpenQuartzCore

/// The frames of one layer tree, drawn on all cores and taken one at a time, in order: what
/// ``CAFrameRenderer/render(_:atTimes:prepare:deliver:)`` hands to its `deliver`, pulled
/// instead of pushed, so that a consumer holds one frame at a time however many it asks for.
///
///     let frames = renderer.frames(of: root, atTimes: times) { time in clock.advance(to: time) }
///     while let frame = try frames.next() {
///         thumbnails.append(frame.image)
///     }
///
/// Each ``next()`` runs `prepare` and captures the tree, on the calling thread, for as many
/// frames ahead as there are painters (twice the renderer's threads), then waits for the
/// oldest of them. Letting go of the stream before its end waits for the frames in flight.
public final class CAFrameStream {
    /// How many frames the stream draws in all.
    public var count: Int { times.count }
    /// How many frames ``next()`` has returned.
    public private(set) var delivered = 0

    private let layer: CALayer
    private let times: [CFTimeInterval]
    private var preceding: CFTimeInterval?
    private let prepare: (CFTimeInterval) throws -> Void
    private let clock: (any CAMediaClock)?
    private let bounds: CGRect
    private let scale: CGFloat
    private let background: CGColor?
    private let window: Int
    private let workers: WorkerPool
    private let results = OrderedResults()
    private let nodeTrees = NodeTreeCache()
    private let queue = DispatchQueue(label: "OpenQuartzCoreRenderer.frames", attributes: .concurrent)
    private var started = 0
    private var failed = false

    /// Frames of `layer` at `times` drawn by `renderer`, as the frames after one at
    /// `preceding` (prepared and captured, not painted); `clock` is `CAClock.current` while
    /// the tree is prepared and captured (nil: the caller's).
    init(
        _ renderer: CAFrameRenderer, layer: CALayer, times: [CFTimeInterval], after preceding: CFTimeInterval?,
        clock: (any CAMediaClock)?, prepare: @escaping (CFTimeInterval) throws -> Void
    ) {
        require(times.allSatisfy(\.isFinite), "CAFrameRenderer needs finite times")
        require(
            !renderer.pixelFormats.intersection([.premultipliedBGRA, .straightRGBA, .yCbCr420]).isEmpty,
            "CAFrameRenderer.pixelFormats is empty: ask for .premultipliedBGRA, .straightRGBA, .yCbCr420 or several")
        self.layer = layer
        self.times = times
        self.preceding = preceding
        self.prepare = prepare
        self.clock = clock
        bounds = renderer.bounds
        scale = renderer.scale
        background = renderer.backgroundColor
        window = max(renderer.threads, 1) * 2
        workers = WorkerPool(
            count: max(renderer.threads, 1), width: renderer.width, height: renderer.height,
            cachesContent: renderer.cachesContent, pixelFormats: renderer.pixelFormats)
    }

    deinit {
        // The painters use the pool and the node trees: they finish before those go. The
        // pool is freed here, on the thread letting go of the stream, with the cached
        // presentation copies and the model layers they hold.
        results.waitForAll()
    }

    /// The next frame, in order; nil after the last. An error thrown by `prepare` ends the
    /// stream: every later call returns nil.
    public func next() throws -> CARenderedFrame? {
        guard !failed, delivered < times.count else { return nil }
        do {
            if let clock {
                try CAClock.$current.withValue(clock) { try startFramesAhead() }
            } else {
                try startFramesAhead()
            }
        } catch {
            failed = true
            throw error
        }
        defer { delivered += 1 }
        return results.take(delivered)
    }

    /// Prepares, captures and sets painting the frames up to `window` ahead of the next one
    /// delivered.
    private func startFramesAhead() throws {
        if let time = preceding {
            preceding = nil
            try prepare(time)
            CATransaction.flush()
            nodeTrees.pool.recycle(nodeTrees.capture(layer, at: time).nodes)
        }
        while started < times.count, started - delivered < window {
            let time = times[started]
            try prepare(time)
            CATransaction.flush()
            let job = PendingJob(FrameJob(frame: nodeTrees.capture(layer, at: time), index: started, time: time))
            started += 1
            results.started()
            let nodePool = nodeTrees.pool
            let (bounds, scale, background) = (self.bounds, self.scale, self.background)
            queue.async { [unowned workers, results] in
                // The snapshot is let go of before the frame is handed back, while the stream
                // still holds the tree: its presentation copies hold their model layers, and a
                // model layer freed here, on a worker, would tell its animations' delegates so
                // on a thread that is not theirs.
                let frame = workers.paint(
                    job.take(), bounds: bounds, scale: scale, background: background, recycling: nodePool)
                results.put(frame)
            }
        }
    }
}
