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
}
