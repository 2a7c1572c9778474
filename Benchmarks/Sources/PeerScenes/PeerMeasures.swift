import Foundation
import RendererScenes

/// The in-process measurements of the peer scene: drawing only.
public enum PeerMeasures {
    /// Drawing only on this thread: ours (`CARenderer`) and C + Cairo per frame, thread CPU
    /// milliseconds, over `frames` frames each, interleaved frame by frame (ours, C, C, ours…).
    public static func drawPerFrame(_ drawer: PeerFrameDrawer, frames: Int, from first: Int = 0) -> (
        ours: Double, cairo: Double
    ) {
        var ours: UInt64 = 0
        var cairo: UInt64 = 0
        for index in first..<(first + frames) {
            let time = Double(index % PeerScene.frameCount) / PeerScene.frameRate
            for side in index % 2 == 0 ? [0, 1] : [1, 0] {
                let start = threadCPUNanoseconds()
                if side == 0 { drawer.drawOurs(at: time) } else { drawer.drawCairo(at: time) }
                let elapsed = threadCPUNanoseconds() - start
                if side == 0 { ours += elapsed } else { cairo += elapsed }
            }
        }
        return (Double(ours) / 1e6 / Double(frames), Double(cairo) / 1e6 / Double(frames))
    }

    /// Drawing only on this thread: ours (`CARenderer`) per frame, thread CPU milliseconds, over
    /// `frames` frames drawn back to back, as Blend2D's own loop draws them (`peer_lottie.py
    /// time-scene`): frames interleaved with C + Cairo's start with caches that Cairo's bitmap
    /// has taken over, which made ours 10–40 % slower than alone.
    public static func drawOursPerFrame(_ drawer: PeerFrameDrawer, frames: Int, from first: Int = 0) -> Double {
        let start = threadCPUNanoseconds()
        for index in first..<(first + frames) {
            drawer.drawOurs(at: Double(index % PeerScene.frameCount) / PeerScene.frameRate)
        }
        return Double(threadCPUNanoseconds() - start) / 1e6 / Double(frames)
    }

    /// Ours and Blend2D drawing alone, milliseconds a frame over `frames` frames: ours back to
    /// back, the first half of its frames before Blend2D's child process draws as many and the
    /// second half after it, so that a machine whose speed drifts meets both alike. The
    /// drawer's clock must not have passed `first`, nor may `first + frames` pass the scene's
    /// frames (the clock cannot go back).
    public static func blend2DComparison(_ drawer: PeerFrameDrawer, frames: Int, from first: Int) throws -> (
        ours: Double, blend2D: Double
    ) {
        let scene = drawer.scene
        let half = frames / 2
        let before = drawOursPerFrame(drawer, frames: half, from: first)
        let blend2D = try PeerRunner.blend2DDrawPerFrame(
            count: scene.count, width: scene.width, height: scene.height, frames: frames)
        let after = drawOursPerFrame(drawer, frames: frames - half, from: first + half)
        return ((before * Double(half) + after * Double(frames - half)) / Double(frames), blend2D)
    }

    /// Drawing only through `CAFrameRenderer`: frames a second with 1 and with 2 workers, in
    /// the order 1, 2, 2, 1 (best of each pair), over `frames` frames.
    public static func scaling(_ scene: PeerScene, frames: Int) throws -> (one: Double, two: Double) {
        var one = 0.0
        var two = 0.0
        for threads in [1, 2, 2, 1] {
            let rate = Double(frames) / (try scene.renderFrames(frames, threads: threads))
            if threads == 1 { one = max(one, rate) } else { two = max(two, rate) }
        }
        return (one, two)
    }

    /// Drawing only: the ratio of frames a second with 2 workers to 1 worker, for each of
    /// `pairs` pairs of renders run one after the other (1 then 2, 2 then 1, alternately), so
    /// that a machine whose speed drifts moves both sides of each ratio alike.
    public static func scalingPairs(_ scene: PeerScene, frames: Int, pairs: Int) throws -> [Double] {
        try (0..<pairs).map { pair in
            var (one, two) = (0.0, 0.0)
            for threads in pair % 2 == 0 ? [1, 2] : [2, 1] {
                let seconds = try scene.renderFrames(frames, threads: threads)
                if threads == 1 { one = seconds } else { two = seconds }
            }
            return one / two
        }
    }
}
