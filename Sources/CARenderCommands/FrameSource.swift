import ArgumentParser
import Foundation
import OpenQuartzCore
import OpenQuartzCoreRenderer
import OpenQuartzCoreScenes

/// A gallery scene, CAML document or Lottie file loaded once with `carender frame`'s options
/// (`--values`, `--engine`, `--states`, `--size`, `--scale`, `--background`, …), whose frames
/// are then drawn in memory, each as `carender frame` or `carender render` draws it: what the
/// Python package's `Animation` holds, through the C library (OpenQuartzCoreC).
@MainActor
public final class FrameSource {
    /// A failure to load, in the words `carender` prints (naming the file and the JSON path or
    /// line where the file is at fault).
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    private let scene: SceneDefinition
    private let framing: Framing
    private let background: CGColor?
    /// The picture's size in pixels.
    public var pixelWidth: Int { framing.pixelWidth }
    public var pixelHeight: Int { framing.pixelHeight }
    /// The moment the options name (`--time`, `--frame`, `--progress` or `--marker`); 0
    /// without them.
    public let defaultTime: CFTimeInterval

    /// Loads `input` with `options`, `carender frame`'s options as its command line gives them
    /// (without `--output`).
    public init(input: String, options: [String]) throws(Failure) {
        do {
            let command = try Frame.parse([input] + options + ["--output", "frame.png"])
            let loaded = try command.load()
            scene = loaded.scene
            framing = loaded.framing
            background = loaded.background
            defaultTime = loaded.time
        } catch {
            throw Failure(description: Frame.message(for: error))
        }
    }

    /// How long the scene plays, in seconds.
    public var duration: CFTimeInterval { scene.duration }

    /// A Lottie file's frame rate and its first and last frames (`ip`, `op`); nil otherwise.
    public var lottieFrames: (rate: Double, first: Double, last: Double)? {
        guard let animation = scene.animation else { return nil }
        return (animation.frameRate, animation.startFrame, animation.endFrame)
    }

    /// The media time of a Lottie file's frame `frame` (frames before `ip` show `ip`); nil
    /// for a scene or a document.
    public func time(atFrame frame: Double) -> CFTimeInterval? {
        scene.time(atFrame: frame)
    }

    /// Draws the frame at `time` as `carender frame` draws it.
    public func frame(at time: CFTimeInterval) throws(Failure) -> CARenderedFrame {
        let drawn: CARenderedFrame?
        do {
            drawn = try still(at: time).next()
        } catch {
            throw Failure(description: "\(error)")
        }
        guard let drawn else { misuse("a stream of one frame has one frame") }
        return drawn
    }

    /// A stream of the one frame at `time`, as `carender frame` draws it.
    public func still(at time: CFTimeInterval) -> CAFrameStream {
        sceneFrameStream(
            scene, framing: framing, frames: CAFrameSpan(first: time, count: 1, fps: 1), background: background,
            asSequence: false)
    }

    /// The frames of `span` as `carender render` draws them, taken one at a time: the scene is
    /// built when the stream is made, and a frame is drawn (beside the next few, on every core)
    /// when the stream reaches it.
    public func frames(_ span: CAFrameSpan) -> CAFrameStream {
        sceneFrameStream(scene, framing: framing, frames: span, background: background, asSequence: true)
    }
}
