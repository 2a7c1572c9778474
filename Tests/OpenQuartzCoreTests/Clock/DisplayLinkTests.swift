import Foundation
import OpenQuartzCore
import QuartzTestSupport
import Testing

/// `CADisplayLink` under a `CAManualClock` (issue 28): fired at each refresh the clock passes,
/// at the rate asked for, in time order with animation events.
@Suite("Display links")
struct DisplayLinkTests {
    /// What a link saw each time it fired.
    final class Frames {
        var timestamps: [Double] = []
        var targets: [Double] = []
        var mediaTimes: [Double] = []
        var log: [String] = []
    }

    private func link(recordingInto frames: Frames) -> CADisplayLink {
        CADisplayLink { link in
            frames.timestamps.append(link.timestamp)
            frames.targets.append(link.targetTimestamp)
            frames.mediaTimes.append(CACurrentMediaTime())
            frames.log.append("frame \(Int((link.timestamp * 60).rounded()))")
        }
    }

    @Test func aLinkFiresAtEveryRefreshTheClockPasses() {
        withManualClock { clock in
            let frames = Frames()
            let link = link(recordingInto: frames)
            #expect(link.timestamp == 0)
            link.add(to: .main, forMode: .common)
            clock.advance(to: 0.1)
            #expect(frames.timestamps.count == 6)
            for (index, timestamp) in frames.timestamps.enumerated() {
                expectClose(timestamp, Double(index + 1) / 60, within: 1e-12)
                expectClose(frames.targets[index] - timestamp, 1.0 / 60, within: 1e-12)
                expectClose(frames.mediaTimes[index], timestamp, within: 1e-12)
            }
            expectClose(link.duration, 1.0 / 60, within: 1e-12)
            // Not a refresh yet: nothing; then the seventh.
            clock.advance(to: 0.11)
            #expect(frames.timestamps.count == 6)
            clock.advance(to: 7.0 / 60)
            #expect(frames.timestamps.count == 7)
            link.invalidate()
        }
    }

    @Test(arguments: [(30, 2), (20, 3), (24, 3), (0, 1), (120, 1)])
    func preferredFramesPerSecondFiresOnEveryNthRefresh(rate: Int, refreshes: Int) {
        withManualClock { clock in
            let frames = Frames()
            let link = link(recordingInto: frames)
            link.preferredFramesPerSecond = rate
            link.add(to: .main, forMode: .default)
            clock.advance(to: 1)
            #expect(frames.timestamps.count == 60 / refreshes, "\(rate) fps")
            expectClose(link.duration, Double(refreshes) / 60, within: 1e-12)
            for (index, timestamp) in frames.timestamps.enumerated() {
                expectClose(timestamp, Double(1 + index * refreshes) / 60, within: 1e-12)
            }
            link.invalidate()
        }
    }

    @Test func aFrameRateRangeAsksForItsPreferredRate() {
        withManualClock { clock in
            let frames = Frames()
            let link = link(recordingInto: frames)
            link.preferredFrameRateRange = CAFrameRateRange(minimum: 10, maximum: 30, preferred: 15)
            link.add(to: .main, forMode: .common)
            clock.advance(to: 1)
            #expect(frames.timestamps.count == 15)
            expectClose(link.targetTimestamp - link.timestamp, 4.0 / 60, within: 1e-12)
            // Without a preferred rate, the maximum.
            link.preferredFrameRateRange = CAFrameRateRange(minimum: 10, maximum: 30)
            expectClose(link.duration, 2.0 / 60, within: 1e-12)
            link.invalidate()
        }
        #expect(CAFrameRateRange.default == CAFrameRateRange(minimum: 0, maximum: 0, preferred: nil))
        #expect(
            CAFrameRateRange(minimum: 30, maximum: 60, preferred: 60).isEqual(
                to: .init(minimum: 30, maximum: 60, preferred: 60)))
        #expect(!CAFrameRateRange(minimum: 30, maximum: 60).isEqual(to: .default))
    }

    @Test func pausedRemovedAndInvalidatedLinksDoNotFire() {
        withManualClock { clock in
            let frames = Frames()
            let link = link(recordingInto: frames)
            link.add(to: .main, forMode: .common)
            clock.advance(to: 2.0 / 60)
            #expect(frames.timestamps.count == 2)
            link.isPaused = true
            clock.advance(to: 10.0 / 60)
            #expect(frames.timestamps.count == 2)
            link.isPaused = false
            clock.advance(to: 12.0 / 60)
            #expect(frames.timestamps.count == 4)
            link.remove(from: .main, forMode: .common)
            clock.advance(to: 20.0 / 60)
            #expect(frames.timestamps.count == 4)
            link.add(to: .main, forMode: .common)
            clock.advance(to: 22.0 / 60)
            #expect(frames.timestamps.count == 6)
            link.invalidate()
            clock.advance(to: 1)
            #expect(frames.timestamps.count == 6)
            // Invalidated for good: adding it again does nothing.
            link.add(to: .main, forMode: .common)
            clock.advance(to: 2)
            #expect(frames.timestamps.count == 6)
        }
    }

    /// Invalidating lets go of what the closure holds.
    @Test func invalidateReleasesTheClosure() {
        final class Owner {}
        weak var weakOwner: Owner?
        withManualClock { clock in
            var link: CADisplayLink?
            do {
                let owner = Owner()
                weakOwner = owner
                link = CADisplayLink { _ in _ = owner }
                link?.add(to: .main, forMode: .common)
            }
            clock.advance(to: 0.05)
            #expect(weakOwner != nil, "a scheduled link keeps its closure")
            link?.invalidate()
            #expect(weakOwner == nil, "invalidating lets go of the closure, the link still held")
            link = nil
            #expect(weakOwner == nil)
        }
    }

    /// Refreshes and animation events interleave in time order; an event at a refresh's
    /// moment comes first.
    @Test func refreshesAndAnimationEventsComeInTimeOrder() {
        final class Stops: CAAnimationDelegate {
            let frames: Frames
            init(_ frames: Frames) { self.frames = frames }
            func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
                frames.log.append("stop \(Int((CACurrentMediaTime() * 600).rounded()))/600")
            }
        }
        withManualClock { clock in
            let frames = Frames()
            let layer = CALayer()
            let link = link(recordingInto: frames)
            link.add(to: .main, forMode: .common)
            for (key, duration) in [("a", 2.5 / 60), ("b", 3.0 / 60)] {
                let animation = CABasicAnimation(keyPath: "opacity")
                animation.toValue = 0
                animation.duration = duration
                animation.delegate = Stops(frames)
                layer.add(animation, forKey: key)
            }
            CATransaction.flush()
            clock.advance(to: 4.0 / 60)
            #expect(frames.log == ["frame 1", "frame 2", "stop 25/600", "stop 30/600", "frame 3", "frame 4"])
            link.invalidate()
        }
    }

    /// An animation driven by a display link, as games and custom physics drive theirs: the
    /// closure moves a layer by its speed times each frame's length.
    @Test func aLinkDrivenAnimationIsTestableFrameByFrame() {
        withManualClock { clock in
            let layer = CALayer()
            CATransaction.setDisableActions(true)
            let link = CADisplayLink { link in
                CATransaction.setDisableActions(true)
                layer.position.x += 120 * (link.targetTimestamp - link.timestamp)
            }
            link.preferredFramesPerSecond = 30
            link.add(to: .main, forMode: .common)
            clock.advance(to: 0.5)
            expectClose(Double(layer.position.x), 120 * 15 * (2.0 / 60), within: 1e-9)
            clock.advance(to: 1)
            expectClose(Double(layer.position.x), 120, within: 1e-9)
            link.invalidate()
        }
    }

    /// The deprecated frame interval is 60 frames a second over it.
    @available(*, deprecated)
    @Test func theDeprecatedFrameIntervalSetsTheFrameRate() {
        withManualClock { clock in
            var fired = 0
            let link = CADisplayLink { _ in fired += 1 }
            #expect(link.frameInterval == 1)
            link.frameInterval = 3
            #expect(link.preferredFramesPerSecond == 20)
            link.add(to: .main, forMode: .common)
            clock.advance(to: 1)
            #expect(fired == 20, "every third refresh")
            link.invalidate()
        }
    }

    /// An animation's preferred frame rate range is kept and copied with it.
    @Test func anAnimationKeepsItsPreferredFrameRateRange() {
        let animation = CABasicAnimation(keyPath: "opacity")
        #expect(animation.preferredFrameRateRange == .default)
        animation.preferredFrameRateRange = CAFrameRateRange(minimum: 80, maximum: 120, preferred: 120)
        let copy = animation.copy() as? CABasicAnimation
        #expect(copy?.preferredFrameRateRange == CAFrameRateRange(minimum: 80, maximum: 120, preferred: 120))
    }
}
