import Foundation
import OpenLottie
import OpenQuartzCore
import OpenQuartzCoreRenderer

/// One sample as lottie-ios's snapshot tests draw it — its layer sized as their view, at 2
/// pixels a point, paused at a frame — with the `CARenderer` that draws it on the calling
/// thread. The layer and the renderer are made once; each frame only moves the paused time.
public final class LottieSnapshotScene {
    public let sample: LottieSample
    public let animation: LottieAnimation
    public let layer: LottieAnimationLayer
    public let renderer: CARenderer
    public let clock = CAManualClock()

    /// Reads `sample` and builds its layer and renderer; nil when the file does not read
    /// (the corpus's samples all do).
    public init?(_ sample: LottieSample) {
        guard let data = try? Data(contentsOf: sample.url),
            let animation = try? LottieSamples.read(data, of: sample)
        else { return nil }
        self.sample = sample
        self.animation = animation
        let size = LottieSamples.snapshotSize(of: animation)
        let values = sample.values.flatMap { try? LottieValues(contentsOf: $0) }
        if sample.values != nil, values == nil { return nil }
        layer = CAClock.$current.withValue(clock) {
            let layer = animation.makeLayer()
            layer.anchorPoint = .zero
            layer.bounds = CGRect(origin: .zero, size: size.points)
            layer.position = .zero
            // As lottie-ios's snapshot configuration: after sizing, before the frame.
            values?.apply(to: layer)
            CATransaction.flush()
            return layer
        }
        renderer = CARenderer(width: size.width, height: size.height, scale: 2)
        renderer.layer = layer
    }

    /// The bitmap's size in pixels.
    public var pixelSize: (width: Int, height: Int) {
        let size = LottieSamples.snapshotSize(of: animation)
        return (size.width, size.height)
    }

    /// Pauses the layer at frame `ip + progress · (op − ip)`; the next ``drawFrame()`` commits it.
    public func show(progress: Double) {
        CAClock.$current.withValue(clock) {
            layer.currentFrame = animation.frame(atProgress: progress)
        }
    }

    /// One whole frame through `CARenderer`: the implicit transaction committed, the tree
    /// captured and every pixel drawn (the whole bitmap is added to the update region, so a
    /// frame that looks like the last one costs what any other does). Content caching stays
    /// on, as in the preview.
    public func drawFrame() {
        CAClock.$current.withValue(clock) {
            renderer.beginFrame(atTime: clock.now)
            renderer.addUpdate(renderer.bounds)
            renderer.render()
            renderer.endFrame()
        }
    }

    /// The time ``drawFrame()`` takes at each of `progresses`, in order; the layer is paused at
    /// each frame before its clock starts.
    public func timeFrames(at progresses: [Double] = LottieSamples.snapshotProgresses) -> [FrameTime] {
        progresses.map { progress in
            show(progress: progress)
            let wall = LottieSamples.wallNanoseconds()
            let cpu = LottieSamples.threadCPUNanoseconds()
            drawFrame()
            return FrameTime(
                cpu: LottieSamples.threadCPUNanoseconds() - cpu, wall: LottieSamples.wallNanoseconds() - wall)
        }
    }
}

/// How long one frame took: the drawing thread's CPU time and the wall clock, in nanoseconds.
public struct FrameTime: Sendable {
    public let cpu: UInt64
    public let wall: UInt64
}
