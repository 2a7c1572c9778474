import Foundation
import OpenQuartzCore

/// A state change that follows a swipe, as iOS changes a wallpaper from `Locked` to `Unlock`
/// under the finger: where it starts on the media clock, how long it takes, and, for a swipe
/// held part-way, the media time at which it is held.
struct StateSwipe {
    let start: CFTimeInterval
    let duration: CFTimeInterval
    let heldAt: CFTimeInterval?
}

/// A value a swipe moves: a state's target and key path, with the value it had before.
struct SweptValue {
    struct Key: Hashable {
        let target: ObjectIdentifier
        let keyPath: String
    }

    let target: CALayer
    let keyPath: String
    let from: Any?
}

extension CAStateController {
    /// Changes `layer` to `state` as the unlock swipe does on iOS, over `duration` seconds of
    /// media time from now: every value that the state left or the state entered sets moves
    /// from where it was to the new state's value in proportion to the swipe's progress — a
    /// linear animation of each value, on top of anything else animating it — and each
    /// matching transition still runs, its whole duration within the swipe's. When the swipe
    /// ends, the layers show the new state's values.
    ///
    /// Not in Apple's API: PosterBoard follows the finger with private API. The recordings of
    /// wallpapers caught mid-swipe show each value at `old + p · (new − old)` for the swipe's
    /// progress p, whatever the transitions' curves.
    ///
    /// Programmer misuse traps: a duration that is not a positive, finite number of seconds.
    public func swipe(to state: CAState?, of layer: CALayer, duration: CFTimeInterval) {
        require(
            duration.isFinite && duration > 0,
            "swipe(to:of:duration:): the duration must be a positive number of seconds, not \(duration)")
        heldSwipes[ObjectIdentifier(layer)] = nil
        let swipe = StateSwipe(start: CACurrentMediaTime(), duration: duration, heldAt: nil)
        changeState(to: state, of: layer, transitionSpeed: 1, swipe: swipe)
    }

    /// Holds `layer` part-way through the swipe to `state` at `progress` (0 the state it is
    /// in, 1 the new one), as a finger holds it: each value the states set shows
    /// `old + progress · (new − old)`, and each matching transition shows the moment
    /// `progress` of the way through it, until the state changes again. Holding the same swipe
    /// at another progress starts again from the state it started from, so a slider can scrub
    /// it. Not in Apple's API.
    ///
    /// Programmer misuse traps: a progress outside 0…1.
    public func swipe(to state: CAState?, of layer: CALayer, heldAt progress: Double) {
        require(
            progress >= 0 && progress <= 1, "swipe(to:of:heldAt:): the progress must be from 0 to 1, not \(progress)")
        // One transaction, so that the swipe shows as held once this returns.
        CATransaction.begin()
        defer { CATransaction.commit() }
        let id = ObjectIdentifier(layer)
        let from: CAState?
        if let held = heldSwipes[id], held.to === state {
            from = held.from
            changeState(to: from, of: layer, transitionSpeed: 0, swipe: nil)
        } else {
            from = self.state(of: layer)
        }
        // One second long (a held swipe looks the same whatever its length), started
        // `progress` seconds ago.
        let now = CACurrentMediaTime()
        let swipe = StateSwipe(start: now - progress, duration: 1, heldAt: now)
        changeState(to: state, of: layer, transitionSpeed: 1, swipe: swipe)
        heldSwipes[id] = (from, state)
    }

    /// Adds the linear animation of each value in `values` that the change moved, timed by
    /// `swipe`; answers what it added.
    func follow(_ swipe: StateSwipe, moving values: [SweptValue]) -> [StateTransitionRun.Added] {
        var added: [StateTransitionRun.Added] = []
        CATransaction.begin()
        defer { CATransaction.commit() }
        for value in values {
            // A value missing on either side has nothing to move between.
            guard let from = value.from, let to = value.target.value(forKeyPath: value.keyPath),
                !Self.same(from, to)
            else { continue }
            let linear = CABasicAnimation(keyPath: value.keyPath)
            linear.fromValue = from
            linear.toValue = to
            linear.duration = swipe.duration
            guard let timed = timedCopy(of: linear, on: value.target, startingAt: swipe.start, speed: 1) else {
                continue
            }
            if let now = swipe.heldAt, !timed.hold(atLocalTime: value.target.convertTime(now, from: nil)) {
                continue
            }
            // Under the key path, so that it replaces a transition's animation under the same
            // key, and lies above any under another.
            value.target.add(timed, forKey: value.keyPath)
            var record = StateTransitionRun.Added(target: value.target, key: value.keyPath)
            record.animation = value.target.animation(forKey: value.keyPath)
            added.append(record)
        }
        return added
    }

    /// Removes what the last swipe of `layer` added, where it is still on its layer.
    func removeSwipeAnimations(of layer: CALayer) {
        guard let added = swipeAnimations.removeValue(forKey: ObjectIdentifier(layer)), !added.isEmpty else { return }
        CATransaction.begin()
        defer { CATransaction.commit() }
        for record in added {
            guard let target = record.target, let animation = record.animation,
                target.animation(forKey: record.key) === animation
            else { continue }
            target.removeAnimation(forKey: record.key)
        }
    }

    /// Whether two key-value-coded values are the same, so that a swipe leaves them alone.
    private static func same(_ a: Any, _ b: Any) -> Bool {
        if let a = a as? AnyHashable, let b = b as? AnyHashable { return a == b }
        if let a = a as? NSObject, let b = b as? NSObject { return a.isEqual(b) }
        return false
    }
}

extension CAAnimation {
    /// Holds the animation where it is at `now` in its layer's time (speed 0, the time it had
    /// then as its offset); false when it shows nothing then — not yet begun without a
    /// backward fill, or over without a forward one — and should not be added.
    func hold(atLocalTime now: CFTimeInterval) -> Bool {
        var local = (now - beginTime) * Double(speed) + timeOffset
        let active = activeDuration
        let fillsBackwards = fillMode == .backwards || fillMode == .both
        let fillsForwards = fillMode == .forwards || fillMode == .both
        if local < 0 {
            guard fillsBackwards else { return false }
            local = 0
        } else if local >= active {
            // A time offset wraps within the active duration: the end is held a hair before it.
            guard fillsForwards, active.isFinite else { return false }
            local = active.nextDown
        }
        beginTime = now
        speed = 0
        timeOffset = local
        isRemovedOnCompletion = false
        return true
    }
}
