import Foundation
import OpenCoreGraphics
import OpenQuartzCore

/// Makes a video, an animated image or numbered PNG frames of a layer tree over time.
///
///     let clock = CAManualClock()
///     let root = CAClock.$current.withValue(clock) { makeScene() }   // animations start at 0
///     let exporter = CAMovieExporter(
///         layer: root, clock: clock, frames: CAFrameSpan(from: 0, to: 4, fps: 60),
///         size: CGSize(width: 1920, height: 1080))
///     exporter.schedule(at: 2) { root.sublayers?[0].opacity = 0 }    // implicit fade at 2 s
///     try await exporter.export(to: URL(fileURLWithPath: "scene.mp4"), format: .mp4(.init(crf: 23, preset: "veryfast")))
///
/// **Time.** The exporter drives `clock` as an offline render should: for each frame it runs
/// the changes scheduled up to that frame's time (each at its own time, the clock advanced to
/// it and the transaction flushed), advances the clock to the frame's time, and captures the
/// tree. Animation events fall due on the way, in order.
///
/// **Threads.** The layer tree is not `Sendable`: the export runs on the caller's thread (or
/// actor, for ``export(to:format:progress:isolation:)``), where the scheduled changes and the
/// progress callback run too. Render workers on all cores only paint immutable captures, and
/// convert them to Y′CbCr for MP4, so ffmpeg only encodes.
///
/// **Files.** Each output is written to a temporary file beside it and renamed over it only
/// when complete; a failure, a cancellation or ``CAExportCleanup/abandonEverything()`` leaves
/// what was there untouched and removes the temporary file. MP4, GIF and APNG are encoded by an
/// `ffmpeg` found on `PATH`, run as a child process in a process group of its own.
///
/// **Cancellation.** Cancelling the task that runs ``export(to:format:progress:isolation:)``
/// stops the export before its next frame: ffmpeg is killed, temporary files are removed and
/// the export throws ``CAMovieExportError/cancelled``.
public final class CAMovieExporter {
    /// One file (or folder, for ``CAMovieFormat/pngSequence``) to write, in a format.
    public struct Output: Sendable {
        public let path: String
        public let format: CAMovieFormat

        public init(path: String, format: CAMovieFormat) {
            self.path = path
            self.format = format
        }
    }

    /// The root of the tree rendered.
    public let layer: CALayer
    /// The clock the tree's animations are timed by, advanced to each frame's time.
    public let clock: CAManualClock
    /// The frames exported.
    public let frames: CAFrameSpan
    /// The picture's width in pixels.
    public let pixelWidth: Int
    /// The picture's height in pixels.
    public let pixelHeight: Int
    /// Pixels per point of the layer tree.
    public let renderScale: CGFloat
    /// The rectangle of the layer's superlayer space the picture shows, in points.
    public var bounds: CGRect
    /// How many frames are painted at once; the number of active cores by default.
    public var threads: Int = ProcessInfo.processInfo.activeProcessorCount
    /// The number of the first file of a ``CAMovieFormat/pngSequence`` (0 by default): a part
    /// of a larger render names its frames as the whole render would.
    public var firstFileNumber = 0
    /// The ffmpeg executable to run; nil (the default) finds `ffmpeg` on `PATH`.
    public var ffmpeg: URL?
    /// The colour the whole picture is filled with beneath the tree, margins included. Nil, the
    /// default, leaves it transparent where nothing is drawn: PNG, APNG and GIF keep the
    /// transparency, and MP4 shows black there.
    public var backgroundColor: CGColor?

    private var changes: [(time: CFTimeInterval, change: () -> Void)] = []
    private var streams: [AsyncStream<CAMovieExportProgress>.Continuation] = []

    /// An exporter of `layer` over `frames`, into a picture of `size` points at `scale` pixels
    /// per point (rounded to whole pixels). The layer's frame is scaled to fit the picture,
    /// keeping its proportions, and centred on whole pixels; where the proportions differ the
    /// margins stay transparent (black in MP4). The tree must have been built with `clock` as
    /// `CAClock.current`.
    public init(layer: CALayer, clock: CAManualClock, frames: CAFrameSpan, size: CGSize, scale: CGFloat = 1) {
        require(
            size.width > 0 && size.height > 0 && scale.isFinite && scale > 0,
            "CAMovieExporter needs a positive size and scale, got \(size) at \(scale)")
        self.layer = layer
        self.clock = clock
        self.frames = frames
        pixelWidth = Self.pixels(size.width, scale)
        pixelHeight = Self.pixels(size.height, scale)
        let canvas = layer.frame
        let fitting =
            canvas.width > 0 && canvas.height > 0 ? min(size.width / canvas.width, size.height / canvas.height) : 1
        renderScale = scale * fitting
        let marginX = ((CGFloat(pixelWidth) - canvas.width * renderScale) / 2).rounded(.towardZero)
        let marginY = ((CGFloat(pixelHeight) - canvas.height * renderScale) / 2).rounded(.towardZero)
        bounds = CGRect(
            x: canvas.minX - marginX / renderScale, y: canvas.minY - marginY / renderScale,
            width: CGFloat(pixelWidth) / renderScale, height: CGFloat(pixelHeight) / renderScale)
    }

    /// `length` points at `scale` in whole pixels, at least one.
    static func pixels(_ length: CGFloat, _ scale: CGFloat) -> Int {
        max(1, Int((length * scale).rounded()))
    }

    /// Runs `change` on the exporting thread at media time `time`, before the frame at that
    /// time is captured (the clock stands at `time` while it runs; the transaction is flushed
    /// after). Changes at the same time run in the order scheduled; changes before the first
    /// frame run on the way to it.
    public func schedule(at time: CFTimeInterval, _ change: @escaping () -> Void) {
        require(time.isFinite, "CAMovieExporter.schedule(at:) needs a finite time")
        changes.append((time, change))
    }

    /// A sequence of the progress of the next export: one element per frame written, the last
    /// one's `framesDone` equal to its `frameCount`; it finishes when the export ends, however
    /// it ends. Its elements are buffered: a consumer on the exporting actor reads them after.
    public func progressUpdates() -> AsyncStream<CAMovieExportProgress> {
        let (stream, continuation) = AsyncStream<CAMovieExportProgress>.makeStream()
        streams.append(continuation)
        return stream
    }

    /// Exports to `path` in `format`; see the type's description.
    public func export(
        to url: URL, format: CAMovieFormat, progress: ((CAMovieExportProgress) -> Void)? = nil,
        isolation: isolated (any Actor)? = #isolation
    ) async throws(CAMovieExportError) {
        try exportSynchronously(to: [Output(path: url.path, format: format)], progress: progress)
    }

    /// Exports to every output at once, each frame rendered once; see the type's description.
    public func export(
        to outputs: [Output], progress: ((CAMovieExportProgress) -> Void)? = nil,
        isolation: isolated (any Actor)? = #isolation
    ) async throws(CAMovieExportError) {
        try exportSynchronously(to: outputs, progress: progress)
    }

    /// The export, blocking the calling thread: for a program without a task. It stops with
    /// ``CAMovieExportError/cancelled`` when called in a task that is cancelled.
    public func exportSynchronously(
        to outputs: [Output], progress: ((CAMovieExportProgress) -> Void)? = nil
    ) throws(CAMovieExportError) {
        if Task.isCancelled { throw .cancelled }
        let opened = try Self.openOutputs(
            outputs, pixelWidth: pixelWidth, pixelHeight: pixelHeight, fps: frames.fps, frameCount: frames.count,
            firstFileNumber: firstFileNumber, ffmpeg: ffmpeg)
        try exportSynchronously(to: opened, progress: progress)
    }

    /// The export into outputs opened before this exporter was made (see
    /// ``openOutputs(_:frames:size:scale:firstFileNumber:ffmpeg:)``), blocking the calling thread.
    /// `opened` must have this exporter's picture size and frame rate, and is used up: on
    /// success its files are complete, on failure they are as they were.
    public func exportSynchronously(
        to opened: OpenedOutputs, progress: ((CAMovieExportProgress) -> Void)? = nil
    ) throws(CAMovieExportError) {
        try writeFrames(to: opened, progress: progress).finish()
    }

    /// Renders every frame into `opened` as `exportSynchronously(to:progress:)`
    /// does, but returns once the last frame is written, while ffmpeg may still be encoding
    /// the frames it was given: the calling thread can go on to the next export, and the
    /// encoders' work overlaps it. The files are complete only when the result's
    /// ``FinishingOutputs/finish()`` has returned; until then they are as they were, and stay so
    /// when it throws or the result is let go of unfinished.
    public func writeFrames(
        to opened: OpenedOutputs, progress: ((CAMovieExportProgress) -> Void)? = nil
    ) throws(CAMovieExportError) -> FinishingOutputs {
        let continuations = streams
        streams = []
        defer { for continuation in continuations { continuation.finish() } }
        guard opened.pixelWidth == pixelWidth, opened.pixelHeight == pixelHeight, opened.fps == frames.fps,
            opened.frameCount == frames.count
        else {
            fatalError(
                "CAMovieExporter: outputs opened for \(opened.frameCount) frames of \(opened.pixelWidth) × "
                    + "\(opened.pixelHeight) pixels at \(opened.fps) fps cannot take \(frames.count) frames of "
                    + "\(pixelWidth) × \(pixelHeight) at \(frames.fps) fps")
        }
        guard let sinks = opened.take() else {
            fatalError("CAMovieExporter: these opened outputs were exported already")
        }
        if Task.isCancelled {
            for sink in sinks { sink.abandon() }
            throw .cancelled
        }
        do {
            // A sequence starts as the frame before it left things; a single picture is drawn
            // as it is.
            let isSequence = !opened.outputs.contains { $0.format == .png }
            try render(into: sinks, afterFrameBefore: isSequence) { done in
                let step = CAMovieExportProgress(framesDone: done, frameCount: frames.count)
                progress?(step)
                for continuation in continuations { continuation.yield(step) }
            }
        } catch {
            for sink in sinks { sink.abandon() }
            throw Task.isCancelled ? .cancelled : error
        }
        for sink in sinks { sink.endInput() }
        return FinishingOutputs(sinks)
    }

    /// Renders the frames into `sinks`; with `afterFrameBefore`, a span that does not start at
    /// frame 0 is drawn as the frames after the one before it (a shard as the same frames of
    /// the whole render).
    private func render(
        into sinks: [any FrameSink], afterFrameBefore: Bool, progress: (Int) -> Void
    ) throws(CAMovieExportError) {
        // Only what the sinks read: an MP4 alone takes Y′CbCr planes, and no BGRA is copied.
        let renderer = makeRenderer(pixelFormats: sinks.reduce(into: []) { $0.formUnion($1.pixelFormats) })
        let prepare = preparingFrames()
        do {
            try CAClock.$current.withValue(clock) {
                try renderer.render(
                    layer, atTimes: frames.times, after: precedingTime(afterFrameBefore: afterFrameBefore),
                    prepare: prepare,
                    deliver: { frame in
                        let exported = ExportFrame(frame: frame)
                        for sink in sinks { try sink.write(exported) }
                        progress(frame.index + 1)
                    })
            }
        } catch let error as CAMovieExportError {
            throw error
        } catch {
            throw .cannotWrite(file: "", reason: "\(error)")
        }
    }
}

extension CAMovieExporter {
    /// The frames in memory instead of files, in `pixelFormats`, taken one at a time on the
    /// calling thread: the scheduled changes run and the clock moves as the stream reaches each
    /// frame. With `asSequence`, the frames are drawn as a movie's (a span that does not start
    /// at frame 0 as the frames after the one before it); without it, as a single picture's.
    public func frameStream(
        asSequence: Bool, pixelFormats: CAFrameRenderer.PixelFormats = .premultipliedBGRA
    ) -> CAFrameStream {
        CAFrameStream(
            makeRenderer(pixelFormats: pixelFormats), layer: layer, times: frames.times,
            after: precedingTime(afterFrameBefore: asSequence), clock: clock, prepare: preparingFrames())
    }

    private func makeRenderer(pixelFormats: CAFrameRenderer.PixelFormats) -> CAFrameRenderer {
        let renderer = CAFrameRenderer(width: pixelWidth, height: pixelHeight, scale: renderScale)
        renderer.bounds = bounds
        renderer.threads = threads
        renderer.backgroundColor = backgroundColor
        renderer.pixelFormats = pixelFormats
        return renderer
    }

    /// Brings the tree to each frame's time in turn: the changes due on the way made, the
    /// clock moved; a cancelled task stops there.
    private func preparingFrames() -> (CFTimeInterval) throws -> Void {
        var pending = TimelineReplay(changes)
        let clock = self.clock
        return { time in
            if Task.isCancelled { throw CAMovieExportError.cancelled }
            pending.advance(clock, to: time) { change in change() }
        }
    }

    /// The frame before the first, prepared but not painted, so that a span starting later
    /// than frame 0 draws its frames as the whole render does; nil when there is none.
    private func precedingTime(afterFrameBefore: Bool) -> CFTimeInterval? {
        afterFrameBefore && frames.first >= 1 ? (frames.first - 1) / Double(frames.fps) : nil
    }
}

extension CAMovieExporter {
    /// Outputs whose frames are all written and whose encoders may still be at work, made by
    /// ``CAMovieExporter/writeFrames(to:progress:)``. ``finish()`` waits for them and completes
    /// the files; let go of unfinished, the encoders are stopped and the files left as they were.
    public final class FinishingOutputs {
        private var sinks: [any FrameSink]?

        fileprivate init(_ sinks: [any FrameSink]) {
            self.sinks = sinks
        }

        /// Waits for the encoders and completes every file, each replacing what was at its path.
        /// When one fails, the files not yet completed are left as they were. Calling it a
        /// second time traps.
        public func finish() throws(CAMovieExportError) {
            guard let sinks else { fatalError("CAMovieExporter.FinishingOutputs.finish() was called already") }
            self.sinks = nil
            do {
                for sink in sinks { try sink.finish() }
            } catch {
                for sink in sinks { sink.abandon() }
                throw error
            }
        }

        deinit {
            for sink in sinks ?? [] { sink.abandon() }
        }
    }
}
