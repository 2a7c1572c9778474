import Foundation

/// A timer in step with the display's refresh: Apple's `CADisplayLink`.
///
/// Swift on Linux has no Objective-C selectors, so the link calls a closure instead of
/// `target`/`selector` (<doc:DifferencesFromApple> shows the edit). The clock it is added under
/// decides when it fires: under a ``CAManualClock`` it fires on every refresh the clock passes when advanced —
/// refreshes fall at whole 60ths of a second of media time — in time order with the
/// animation events due on the way (an event at the same moment as a refresh comes first),
/// with `CACurrentMediaTime()` at the refresh; under the system clock, a run-loop timer fires
/// it at the refresh rate.
///
///     let link = CADisplayLink { link in
///         progress += link.targetTimestamp - link.timestamp
///     }
///     link.add(to: .main, forMode: .common)
///
/// ``preferredFramesPerSecond`` or ``preferredFrameRateRange`` make it fire on every second,
/// third… refresh (the rate rounded to a divisor of 60). ``invalidate()`` stops it for good and
/// lets go of the closure.
open class CADisplayLink {
    /// The display's refresh rate: what `UIScreen.main.maximumFramesPerSecond` reports here.
    public static let refreshRate = 60

    /// What the link calls; nil once invalidated, which lets go of what it captured.
    private var handler: ((CADisplayLink) -> Void)?
    private var modes: Set<RunLoopRegistration> = []
    /// The run-loop timer firing the link under the system clock, and where it runs.
    private var timer: Timer?
    private var timerPlace: (runLoop: RunLoop, mode: RunLoop.Mode)?
    /// The manual clock firing the link, when it was added under one.
    private weak var manualClock: CAManualClock?

    /// Creates a link that calls `handler` on each frame once added to a run loop. An
    /// OpenQuartzCore addition: the form of `init(target:selector:)` Swift on Linux allows.
    public init(handler: @escaping (CADisplayLink) -> Void) {
        self.handler = handler
    }

    /// Creates a link that calls `selector`'s method on `target`, passing the link, on each
    /// frame: Apple's form, with the selector the porting step makes of `#selector(…)`. The
    /// link keeps `target` until it is invalidated, as Apple's does.
    public convenience init(target: Any, selector: Selector) {
        let target = target as AnyObject
        self.init { selector.perform(on: target, sender: $0) }
    }

    /// The time of the last refresh the link fired for (0 before it fires).
    open private(set) var timestamp: CFTimeInterval = 0

    /// The time of the next frame the link fires for: ``timestamp`` plus ``duration``.
    open var targetTimestamp: CFTimeInterval { timestamp + duration }

    /// The time between the frames the link fires for: a refresh interval (1/60 s) times the
    /// refreshes it waits between them.
    open var duration: CFTimeInterval {
        Double(refreshesPerFrame) / Double(Self.refreshRate)
    }

    /// Whether firing is suspended; the link stays in its run loop.
    open var isPaused = false

    /// The frame rate wanted; 0 (the default) is the display's.
    open var preferredFramesPerSecond = 0 {
        didSet {
            require(preferredFramesPerSecond >= 0, "CADisplayLink.preferredFramesPerSecond must be 0 or more")
            rescheduleTimer()
        }
    }

    /// Refreshes between two firings (deprecated since iOS 10): 1 fires at every refresh,
    /// 2 at every second. Setting it sets ``preferredFramesPerSecond`` to 60 over it.
    @available(*, deprecated, renamed: "preferredFramesPerSecond")
    open var frameInterval: Int {
        get { preferredFramesPerSecond > 0 ? max(1, Self.refreshRate / preferredFramesPerSecond) : 1 }
        set {
            require(newValue >= 1, "CADisplayLink.frameInterval must be 1 or more, got \(newValue)")
            preferredFramesPerSecond = max(1, Self.refreshRate / newValue)
        }
    }

    /// The range of frame rates wanted (iOS 15); over ``preferredFramesPerSecond`` when not
    /// ``CAFrameRateRange/default``.
    open var preferredFrameRateRange = CAFrameRateRange.default {
        didSet {
            require(
                preferredFrameRateRange.isValid,
                "CADisplayLink.preferredFrameRateRange \(preferredFrameRateRange) is not a valid range")
            rescheduleTimer()
        }
    }

    /// Refreshes between two frames: 60 over the rate asked for, rounded, at least 1.
    var refreshesPerFrame: Int {
        let rate =
            preferredFrameRateRange == .default
            ? Float(preferredFramesPerSecond) : preferredFrameRateRange.requestedRate
        guard rate > 0 else { return 1 }
        return max(1, Int((Float(Self.refreshRate) / min(rate, Float(Self.refreshRate))).rounded()))
    }

    /// Starts firing on `runloop` in `mode` (again after ``remove(from:forMode:)``); under a
    /// ``CAManualClock`` bound with `CAClock.$current`, the clock fires it instead.
    open func add(to runloop: RunLoop, forMode mode: RunLoop.Mode) {
        guard handler != nil else { return }
        let wasListed = !modes.isEmpty
        modes.insert(RunLoopRegistration(runLoop: ObjectIdentifier(runloop), mode: mode))
        guard !wasListed else { return }
        if let clock = CAClock.current as? CAManualClock {
            manualClock = clock
            clock.displayLinks.add(self, now: clock.now)
        } else {
            startTimer(on: runloop, mode: mode)
        }
    }

    /// Stops firing on `runloop` in `mode`; the link fires while it is in any mode.
    open func remove(from runloop: RunLoop, forMode mode: RunLoop.Mode) {
        modes.remove(RunLoopRegistration(runLoop: ObjectIdentifier(runloop), mode: mode))
        if modes.isEmpty { stop() }
    }

    /// Removes the link from every run loop and lets go of its closure's captures; it never
    /// fires again.
    open func invalidate() {
        handler = nil
        modes.removeAll()
        stop()
    }

    /// Fires for the refresh at `time`, when the link is in a run loop and not paused.
    func fire(at time: CFTimeInterval) {
        guard !modes.isEmpty, !isPaused, let handler else { return }
        timestamp = time
        handler(self)
    }

    private func stop() {
        timer?.invalidate()
        timer = nil
        timerPlace = nil
        manualClock?.displayLinks.remove(self)
        manualClock = nil
    }

    private func startTimer(on runloop: RunLoop, mode: RunLoop.Mode) {
        // The timer runs on the run loop the link was added to, whose thread uses the link.
        let target = Weak(self)
        let timer = Timer(timeInterval: duration, repeats: true) { _ in
            target.object?.fire(at: CACurrentMediaTime())
        }
        runloop.add(timer, forMode: mode)
        self.timer = timer
        timerPlace = (runloop, mode)
    }

    /// A new timer at the new interval, where the old one ran.
    private func rescheduleTimer() {
        guard let timer, let timerPlace, timer.timeInterval != duration else { return }
        timer.invalidate()
        startTimer(on: timerPlace.runLoop, mode: timerPlace.mode)
    }
}

/// One run loop and mode a display link was added to.
private struct RunLoopRegistration: Hashable {
    let runLoop: ObjectIdentifier
    let mode: RunLoop.Mode
}

/// The display links a ``CAManualClock`` fires: each with the refresh, counted in 60ths of a
/// second, it fires at next.
final class DisplayLinkSchedule: @unchecked Sendable {
    // Every access to `links` holds `lock`; the links fire on the thread that advances.
    private let lock = NSLock()
    private var links: [(link: CADisplayLink, nextRefresh: Int)] = []

    /// Lists `link`, due at the first refresh after `now`.
    func add(_ link: CADisplayLink, now: CFTimeInterval) {
        let refresh = Self.refresh(after: now)
        lock.withLock {
            guard !links.contains(where: { $0.link === link }) else { return }
            links.append((link, refresh))
        }
    }

    func remove(_ link: CADisplayLink) {
        lock.withLock { links.removeAll { $0.link === link } }
    }

    /// The time of the next refresh at which a link fires, if one falls at or before `target`.
    func nextFireTime(notAfter target: CFTimeInterval) -> CFTimeInterval? {
        lock.withLock {
            guard let refresh = links.map(\.nextRefresh).min() else { return nil }
            let time = Self.time(ofRefresh: refresh)
            return time <= target + TimingParameters.boundaryTolerance ? time : nil
        }
    }

    /// Fires, in the order they were added, the links due at the refresh at `time`; each then
    /// waits its frame interval (a paused one too, which does not fire).
    func fire(at time: CFTimeInterval) {
        let refresh = Int((time * Double(CADisplayLink.refreshRate)).rounded())
        let due: [CADisplayLink] = lock.withLock {
            var due: [CADisplayLink] = []
            for index in links.indices where links[index].nextRefresh <= refresh {
                due.append(links[index].link)
                links[index].nextRefresh = refresh + links[index].link.refreshesPerFrame
            }
            return due
        }
        for link in due { link.fire(at: time) }
    }

    /// The first refresh after `time` (a time within a microsecond of a refresh counts as
    /// on it: times reach the clock through sums of steps).
    private static func refresh(after time: CFTimeInterval) -> Int {
        let place = time * Double(CADisplayLink.refreshRate)
        return Int((place + 1e-6).rounded(.down)) + 1
    }

    private static func time(ofRefresh refresh: Int) -> CFTimeInterval {
        Double(refresh) / Double(CADisplayLink.refreshRate)
    }
}
