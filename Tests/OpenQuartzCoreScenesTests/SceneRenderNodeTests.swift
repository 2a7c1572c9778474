import Foundation
import OpenQuartzCore
import OpenQuartzCoreScenes
import QuartzTestSupport
import Testing

/// For every gallery scene, at several times of its run: the node the renderer captures of
/// each layer (one ``RenderTree`` evaluation) equals what `presentation()` reports.
@MainActor
@Test func everySceneCapturesWhatPresentationReports() {
    for scene in BuiltInScenes.all {
        let clock = CAManualClock(time: 0)
        CAClock.$current.withValue(clock) {
            let run = scene.start(on: clock)
            let times = [0, scene.duration * 0.25, scene.posterTime, scene.duration * 0.7, scene.duration]
            for time in times.sorted() {
                run.advance(to: time)
                let now = clock.now
                let nodes = RenderTree(roots: [run.root])
                nodes.evaluate(at: now)
                var mismatches: [String] = []
                for (index, layer) in nodes.layers.enumerated() where mismatches.count < 4 {
                    guard let presented = layer.presentation() else { continue }
                    mismatches += valueDifferences(
                        nodes.nodes[index], RenderNode(presenting: presented), tolerance: 1e-9,
                        path: "\(type(of: layer)) \(index)")
                }
                #expect(mismatches.isEmpty, "\(scene.name) at \(now): \(mismatches)")
            }
            CATransaction.flush()
        }
    }
}
