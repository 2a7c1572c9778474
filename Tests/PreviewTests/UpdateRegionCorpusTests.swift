import CAMLTestSupport
import Foundation
import OpenCAML
import OpenQuartzCore
import OpenQuartzCoreScenes
import QuartzTestSupport
import Testing

@testable import OpenQuartzCorePreview
@testable import OpenQuartzCoreRenderer

/// The preview's renderer draws only each frame's update region; these frames must be the
/// frames drawn whole. Every document of the corpus (``CAMLCorpus``) is played as the preview
/// plays it — small steps, a jump, a change of state — by a renderer that keeps its picture
/// and one that draws every frame whole, and every frame is compared, pixel for pixel.
@Suite struct UpdateRegionCorpusTests {
    private final class Changes: @unchecked Sendable {
        var count: UInt64 = 0
    }

    @Test @MainActor func framesDrawnInPartAreTheFramesDrawnWhole() throws {
        guard CAMLCorpus.isPresent(for: "Update region corpus") else { return }
        var frames = 0
        var partial = 0
        var updatedShare = 0.0
        for (url, type) in CAMLCorpus.documents() {
            guard let scene = try? SceneDefinition.document(at: url.path, type: type).start() else { continue }
            let width = Int(scene.size.width.rounded(.up))
            let height = Int(scene.size.height.rounded(.up))
            guard width > 0, height > 0, width * height <= 1 << 22 else { continue }
            // The renderers build their trees again when the scene changed, not when another
            // test's layers did (which would make every frame whole here).
            let changes = Changes()
            let kept = CARenderer(width: width, height: height, scale: 1, nodeTrees: NodeTreeCache { changes.count })
            let whole = CARenderer(width: width, height: height, scale: 1, nodeTrees: NodeTreeCache { changes.count })
            for renderer in [kept, whole] {
                renderer.bounds = CGRect(origin: scene.root.frame.origin, size: scene.size)
                renderer.layer = scene.root
                renderer.cachesContent = false
            }
            let times = [0, 1.0 / 60, 2.0 / 60, 0.3, 0.3 + 1.0 / 60, 0.9, 0.9 + 1.0 / 60, 1.6, 1.6 + 1.0 / 60]
            CAClock.$current.withValue(scene.clock) {
                for (index, time) in times.enumerated() {
                    // What the scene does on this thread — animations that end, a state's
                    // changes, committed here — moves the process's count of changes.
                    let before = layerTreeGeneration.load(ordering: .relaxed)
                    scene.advance(to: time)
                    if index == 5, let state = scene.stateNames.last {
                        scene.setState(named: state, transitionSpeed: 1)
                    }
                    CATransaction.flush()
                    if layerTreeGeneration.load(ordering: .relaxed) != before { changes.count += 1 }
                    kept.beginFrame(atTime: time)
                    let update = kept.updateBounds()
                    kept.render()
                    kept.endFrame()
                    whole.beginFrame(atTime: time)
                    whole.addUpdate(whole.bounds)
                    whole.render()
                    whole.endFrame()
                    frames += 1
                    if update != kept.bounds {
                        partial += 1
                        updatedShare +=
                            update.isNull ? 0 : update.width * update.height / (scene.size.width * scene.size.height)
                    }
                    let same = kept.withPremultipliedBGRA { keptPixels, keptRow in
                        whole.withPremultipliedBGRA { wholePixels, _ in
                            memcmp(keptPixels, wholePixels, keptRow * height) == 0
                        }
                    }
                    guard !same else { continue }
                    // Cairo may round a level differently where a clip cuts what it composites.
                    let difference = largestDifference(kept.image, whole.image)
                    #expect(difference <= 1, "\(url.lastPathComponent) at \(time) s: \(difference) levels apart")
                    if difference > 1 { return }
                }
            }
        }
        print(
            "Update region corpus: \(frames) frames, \(partial) drawn in part, "
                + String(
                    format: "%.0f%% of the canvas on average", partial == 0 ? 0 : updatedShare / Double(partial) * 100))
        #expect(partial > frames / 4, "the corpus's animations leave most of most frames alone")
    }
}
