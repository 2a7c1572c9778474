import Foundation
import OpenCoreGraphics

extension CAMovieExporter {
    /// Outputs made ready before the layer tree they show exists: each file checked and claimed
    /// and each encoder started, so that ffmpeg (which takes about a tenth of a second to load)
    /// starts while the scene is built. Made by
    /// ``CAMovieExporter/openOutputs(_:frames:size:scale:firstFileNumber:ffmpeg:)``, used up by
    /// an exporter's `exportSynchronously(to:progress:)`; outputs let go
    /// without being exported are abandoned, their files as they were.
    public final class OpenedOutputs {
        /// The outputs, as given.
        public let outputs: [Output]
        let pixelWidth: Int
        let pixelHeight: Int
        let fps: Int
        let frameCount: Int
        private var sinks: [any FrameSink]?

        fileprivate init(
            outputs: [Output], sinks: [any FrameSink], pixelWidth: Int, pixelHeight: Int, fps: Int, frameCount: Int
        ) {
            self.outputs = outputs
            self.sinks = sinks
            self.pixelWidth = pixelWidth
            self.pixelHeight = pixelHeight
            self.fps = fps
            self.frameCount = frameCount
        }

        /// The sinks, once: nil when an export has taken them.
        func take() -> [any FrameSink]? {
            defer { sinks = nil }
            return sinks
        }

        deinit {
            for sink in sinks ?? [] { sink.abandon() }
        }
    }

    /// Opens `outputs` for an export of `frames` into a picture of `size` points at `scale`
    /// pixels per point, as an exporter made with the same span, size and scale draws it:
    /// every output is checked (a folder or a device where a file goes is the first thing
    /// told) and its encoder started. Hand the result to an exporter's
    /// `exportSynchronously(to:progress:)`.
    public static func openOutputs(
        _ outputs: [Output], frames: CAFrameSpan, size: CGSize, scale: CGFloat = 1, firstFileNumber: Int = 0,
        ffmpeg: URL? = nil
    ) throws(CAMovieExportError) -> OpenedOutputs {
        require(
            size.width > 0 && size.height > 0 && scale.isFinite && scale > 0,
            "CAMovieExporter.openOutputs needs a positive size and scale, got \(size) at \(scale)")
        return try openOutputs(
            outputs, pixelWidth: pixels(size.width, scale), pixelHeight: pixels(size.height, scale), fps: frames.fps,
            frameCount: frames.count,
            firstFileNumber: firstFileNumber, ffmpeg: ffmpeg)
    }

    /// Every output checked before ffmpeg is looked for, then the sinks made; on failure,
    /// those made are abandoned.
    static func openOutputs(
        _ outputs: [Output], pixelWidth: Int, pixelHeight: Int, fps: Int, frameCount: Int, firstFileNumber: Int,
        ffmpeg: URL?
    ) throws(CAMovieExportError) -> OpenedOutputs {
        require(!outputs.isEmpty, "CAMovieExporter needs an output")
        for output in outputs where output.format == .png {
            require(frameCount == 1, "CAMovieFormat.png writes one frame; the span has \(frameCount)")
        }
        let files = try outputs.map { output throws(CAMovieExportError) in
            output.format == .pngSequence ? nil : try CAOutputFile(output.path)
        }
        var ffmpeg = ffmpeg
        // APNG and GIF are written without ffmpeg when there is none (``APNGWriter``,
        // ``GIFWriter``); the other formats need it.
        if ffmpeg == nil, outputs.contains(where: { $0.format.needsFFmpeg }) {
            do {
                ffmpeg = try CAFFmpeg.locate()
            } catch .ffmpegNotFound
                where outputs.allSatisfy({ !$0.format.needsFFmpeg || $0.format == .apng || $0.format == .gif })
            {
                ffmpeg = nil
            }
        }
        var sinks: [any FrameSink] = []
        do {
            for (output, file) in zip(outputs, files) {
                switch output.format {
                case .png:
                    sinks.append(PNGFileWriter(file!))
                case .pngSequence:
                    sinks.append(try PNGSequenceWriter(folder: output.path, firstNumber: firstFileNumber))
                case .apng where ffmpeg == nil:
                    sinks.append(APNGWriter(file!, frameCount: frameCount, fps: fps))
                case .gif where ffmpeg == nil:
                    sinks.append(GIFWriter(file!, frameCount: frameCount, fps: fps))
                case .mp4, .gif, .apng, .proRes4444, .webm, .webp:
                    sinks.append(
                        try FFmpegEncoder(
                            ffmpeg: ffmpeg!, format: output.format, output: file!, width: pixelWidth,
                            height: pixelHeight, fps: fps))
                }
            }
        } catch {
            for sink in sinks { sink.abandon() }
            throw error
        }
        return OpenedOutputs(
            outputs: outputs, sinks: sinks, pixelWidth: pixelWidth, pixelHeight: pixelHeight, fps: fps,
            frameCount: frameCount)
    }
}
