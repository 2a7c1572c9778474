import Foundation

/// Stopping and finishing: the views' model takes the values shown, or those at the start or
/// the end, the animator's animations go, and the completion handlers run.
extension UIViewPropertyAnimator {
    /// The model takes the values shown now; the animations go (`stopAnimation(_:)`).
    func keepShownValues() {
        let now = CACurrentMediaTime()
        if let motion {
            fractionWhenStopped = motion.fraction(at: now)
            let shown = motion.positions(at: now, windowStarts: windowStarts)
            writeModel(from: positionsInModel, to: shown, backToStart: false)
            positionsInModel = shown
        }
        removeAnimations()
        motion = nil
    }

    /// The model takes the values at `position`, the animations go, and the completion
    /// handlers run once with `position`, when the animator has already forgotten this run
    /// (so that a handler may start it again).
    func finish(at position: UIViewAnimatingPosition) {
        let now = CACurrentMediaTime()
        let target: [Double]
        switch position {
        case .end: target = Array(repeating: 1, count: tracks.count)
        case .start: target = Array(repeating: 0, count: tracks.count)
        case .current: target = motion?.positions(at: now, windowStarts: windowStarts) ?? positionsInModel
        }
        writeModel(from: positionsInModel, to: target, backToStart: position == .start)
        removeAnimations()
        let handlers = completions
        discard()
        fractionWhenStopped = 0
        for handler in handlers { handler(position) }
    }

    /// Forgets the tracks, blocks and completion handlers: UIKit invalidates them when an
    /// animator stops, "either naturally completing or explicitly".
    func discard() {
        endTimer.cancel()
        tracks = []
        positionsInModel = []
        queuedBlocks = []
        completions = []
        motion = nil
    }

    private func removeAnimations() {
        endTimer.cancel()
        for track in tracks {
            track.layer.removeAnimation(forKey: track.animationKey)
        }
    }

    /// Moves each animated property's model value from the tracks' progress `reference`
    /// (what the model holds now) to `target`, without animation. An additive track moves the
    /// model by its own change, so that what other animators and blocks added stays; a
    /// property whose tracks do not move is left alone. A non-additive property takes the
    /// last track's value, or the first track's start value when going `backToStart`.
    private func writeModel(from reference: [Double], to target: [Double], backToStart: Bool) {
        var groups: [[Int]] = []
        for (index, track) in tracks.enumerated() {
            if let group = groups.firstIndex(where: {
                tracks[$0[0]].layer === track.layer && tracks[$0[0]].key == track.key
            }) {
                groups[group].append(index)
            } else {
                groups.append([index])
            }
        }
        var values: [(AnimatorTrack, AnimatableValue)] = []
        for group in groups where group.contains(where: { reference[$0] != target[$0] }) {
            let last = tracks[group.last!]
            if !last.isAdditive {
                values.append(
                    (last, backToStart ? tracks[group[0]].startValue : last.value(atProgress: target[group.last!])))
                continue
            }
            var value = last.property.read(last.layer)
            for index in group {
                let track = tracks[index]
                value = value.adding(
                    track.value(atProgress: target[index]).subtracting(track.value(atProgress: reference[index])))
            }
            values.append((last, value))
        }
        UIView.performWithoutAnimation {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            for (track, value) in values {
                track.layer.setValue(track.property.box(value), forKey: track.key)
            }
            CATransaction.commit()
        }
    }
}

/// Tells a property animator when its animations reach their end, on the clock that times
/// them.
///
/// An animator may have no animation to wait for (its blocks changed nothing, or every track
/// ends early when running backwards), so it keeps a layer of its own, outside any tree, with
/// one empty animation that lasts until the end: its `animationDidStop` arrives when the
/// clock gets there (`CAManualClock.advance` in tests, the run loop otherwise). The
/// animation's delegate holds the animator, which keeps a running animator alive without
/// any other reference, as UIKit keeps `runningPropertyAnimator`'s.
@MainActor
final class AnimatorEndTimer {
    private let layer = CALayer()
    private var pending: EndTimerDelegate?
    private static let key = "end"

    /// Calls `onEnd` once, when media time reaches `time`. Replaces any earlier request.
    func schedule(at time: Double, _ onEnd: @escaping @MainActor () -> Void) {
        cancel()
        let delegate = EndTimerDelegate(onEnd)
        pending = delegate
        let now = CACurrentMediaTime()
        guard time > now else {
            // Nothing to wait for: end on the next turn of the run loop, as UIKit calls a
            // completion when nothing was animated.
            performOnNextTurn(of: CAClock.current) {
                MainActor.assumeIsolated { delegate.fire() }
            }
            return
        }
        let animation = CAAnimation()
        animation.beginTime = exactBeginTime(now)
        animation.duration = time - now
        animation.delegate = delegate
        layer.add(animation, forKey: Self.key)
    }

    /// Forgets the request, if any.
    func cancel() {
        pending?.disarm()
        pending = nil
        layer.removeAnimation(forKey: Self.key)
    }
}

/// The delegate of an end timer's animation: runs its handler once, when the animation
/// finishes, unless it was disarmed first.
@MainActor
private final class EndTimerDelegate: NSObject, @preconcurrency CAAnimationDelegate {
    private var onEnd: (@MainActor () -> Void)?

    init(_ onEnd: @escaping @MainActor () -> Void) {
        self.onEnd = onEnd
    }

    func disarm() {
        onEnd = nil
    }

    func fire() {
        guard let onEnd else { return }
        self.onEnd = nil
        onEnd()
    }

    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        if flag { fire() }
    }
}
