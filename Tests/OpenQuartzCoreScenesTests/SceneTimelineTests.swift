import Foundation
import OpenQuartzCore
import OpenQuartzCoreScenes
import QuartzTestSupport
import Testing

/// A scene's timeline: its changes run at their own times, in order, each committed, however
/// the clock is moved.
@MainActor
@Suite("Scenes: the timeline's changes in time order", .serialized)
struct SceneTimelineTests {
    /// A layer whose opacity the timeline sets at 1 s and 0.5 s (given out of order), and two
    /// changes at 2 s that run in the order given; the log records the clock at each.
    private func definition(_ log: TimelineLog) -> SceneDefinition {
        SceneDefinition(
            name: "timeline", summary: "changes at 0.5, 1 and 2 s", size: CGSize(width: 10, height: 10), duration: 3,
            posterTime: 1
        ) { timeline in
            let layer = CALayer()
            layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
            timeline.at(1) {
                log.entries.append("opacity 0.5 at \(CACurrentMediaTime())")
                layer.opacity = 0.5
            }
            timeline.at(0.5) { log.entries.append("first at \(CACurrentMediaTime())") }
            timeline.at(2) { log.entries.append("A at \(CACurrentMediaTime())") }
            timeline.at(2) { log.entries.append("B at \(CACurrentMediaTime())") }
            return layer
        }
    }

    @Test func changesRunAtTheirTimesInOrderWhenTheClockJumps() {
        let log = TimelineLog()
        let clock = CAManualClock()
        CAClock.$current.withValue(clock) {
            let scene = definition(log).start(on: clock)
            #expect(scene.pendingChangeTimes == [0.5, 1, 2, 2])
            scene.advance(to: 1.5)
            #expect(log.entries == ["first at 0.5", "opacity 0.5 at 1.0"])
            #expect(clock.now == 1.5)
            // The change at 1 s was committed then: its implicit animation (0.25 s) is over.
            #expect(abs(Double(scene.root.presentation()?.opacity ?? -1) - 0.5) < 1e-9)
            scene.advance(to: 1)
            #expect(clock.now == 1.5, "a time before the clock's moves nothing")
            scene.advance(to: 3)
            #expect(log.entries.suffix(2) == ["A at 2.0", "B at 2.0"])
            #expect(scene.pendingChangeTimes.isEmpty)
        }
    }

    /// The changes still to come can be taken, for an exporter to run; the scene forgets them.
    @Test func pendingChangesCanBeTakenOnce() {
        let log = TimelineLog()
        let clock = CAManualClock()
        CAClock.$current.withValue(clock) {
            let scene = definition(log).start(on: clock)
            scene.advance(to: 0.75)
            let taken = scene.takePendingChanges()
            #expect(taken.map(\.time) == [1, 2, 2])
            #expect(scene.pendingChangeTimes.isEmpty)
            scene.advance(to: 3)
            #expect(log.entries == ["first at 0.5"])
        }
    }
}

@MainActor
final class TimelineLog {
    var entries: [String] = []
}
