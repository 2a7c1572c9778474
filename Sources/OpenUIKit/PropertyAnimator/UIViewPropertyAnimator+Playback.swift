import Foundation

/// Carrying out what the lifecycle asks for: running blocks, moving, freezing and scrubbing
/// the tracks' animations, and writing values into the model.
extension UIViewPropertyAnimator {
    typealias Block = (animation: () -> Void, delayFactor: Double)

    func perform(
        _ effects: [PropertyAnimatorLifecycle.Effect], startDelay: TimeInterval = 0, scrubTo fraction: Double = 0,
        block: Block? = nil, newTiming: (parameters: (any UITimingCurveProvider)?, durationFactor: Double)? = nil
    ) {
        for effect in effects {
            switch effect {
            case .queueBlock: queuedBlocks.append(block!)
            case .activate: activate()
            case .runBlockNow: runNow(block!)
            case .play:
                play(at: max(CACurrentMediaTime() + startDelay, awaitedStartTime))
                awaitedStartTime = 0
            case .continueWithNewTiming:
                continueAnimation(with: newTiming!.parameters, durationFactor: newTiming!.durationFactor)
            case .freeze: freeze()
            case .scrub: scrub(to: fraction)
            case .keepShownValues: keepShownValues()
            case .finish(let position): finish(at: position)
            case .discard: discard()
            }
        }
    }

    var windowStarts: [Double] { tracks.map(\.windowStart) }

    /// The animator's own leg over all its tracks.
    func mainLeg() -> AnimatorLeg {
        AnimatorLeg.main(windowStarts: windowStarts, curve: mainCurve.curve, duration: mainCurve.duration)
    }

    // MARK: Blocks

    /// Runs the queued blocks and stands at the start (at the end when reversed).
    private func activate() {
        let blocks = queuedBlocks
        queuedBlocks = []
        for block in blocks {
            tracks += record(block.animation, windowStart: block.delayFactor)
        }
        positionsInModel = Array(repeating: 1, count: tracks.count)
        motion = .frozen(mainLeg(), u: reversed ? 1 : 0)
        installAnimations()
    }

    /// Runs a block added while active: its animations begin `delayFactor` × `duration`
    /// from now and end with the others.
    private func runNow(_ block: Block) {
        guard let current = motion else { return }
        let now = CACurrentMediaTime()
        let windowStart = min(current.fraction(at: now) + block.delayFactor, 1)
        let added = record(block.animation, windowStart: windowStart)
        var updated = current
        for track in added {
            updated = updated.addingTrack(windowStart: windowStart, windowStarts: windowStarts)
            tracks.append(track)
            positionsInModel.append(1)
        }
        motion = updated
        installAnimations(for: (tracks.count - added.count)..<tracks.count)
    }

    /// Runs `block` in a context that notes every animatable change to a view's layer, and
    /// makes a track of each property whose value changed.
    private func record(_ block: () -> Void, windowStart: Double) -> [AnimatorTrack] {
        let recorder = AnimatorBlockRecorder()
        UIView.perform(in: recorder) {
            // Standalone layers changed in the block animate implicitly with the animator's
            // duration and curve, as in a UIView animation block.
            CATransaction.setAnimationDuration(duration)
            if case .bezier(let function) = mainCurve.curve { CATransaction.setAnimationTimingFunction(function) }
            block()
        }
        var made: [AnimatorTrack] = []
        for change in recorder.changes {
            let newValue = change.property.read(change.layer)
            guard newValue != change.oldValue else { continue }
            made.append(
                AnimatorTrack(
                    layer: change.layer, key: change.key, property: change.property, startValue: change.oldValue,
                    endValue: newValue, isAdditive: change.isAdditive, windowStart: windowStart,
                    animationKey: "\(change.key)-animator-\(serial)-\(tracks.count + made.count)"))
        }
        return made
    }

    // MARK: Moving and standing still

    /// Moves on towards the end (the start when reversed) from media time `anchorTime`: along
    /// the current leg when it leads there, otherwise on a fresh leg with the animator's own
    /// timing over the time the original animation had left.
    private func play(at anchorTime: Double) {
        let target: Double = reversed ? 0 : 1
        switch motion {
        case .frozen(let leg, let u) where leg.endFraction == target:
            motion = .moving(leg, forward: true, anchorTime: anchorTime, anchorU: u)
        case .frozen(let leg, let u) where leg.startFraction == target:
            motion = .moving(leg, forward: false, anchorTime: anchorTime, anchorU: u)
        case .frozen, .scrubbed:
            let leg = freshLeg(toward: target, provider: curveProvider, durationFactor: 0)
            motion = .moving(leg, forward: true, anchorTime: anchorTime, anchorU: 0)
        case .moving, nil:
            return
        }
        installAnimations()
        scheduleEnd()
    }

    private func continueAnimation(with parameters: (any UITimingCurveProvider)?, durationFactor: Double) {
        guard parameters != nil || durationFactor > 0 else {
            play(at: CACurrentMediaTime())
            return
        }
        let leg = freshLeg(
            toward: reversed ? 0 : 1, provider: parameters ?? curveProvider, durationFactor: durationFactor)
        motion = .moving(leg, forward: true, anchorTime: CACurrentMediaTime(), anchorU: 0)
        installAnimations()
        scheduleEnd()
    }

    /// A leg from where the tracks stand now to `target`, paced by `provider` over
    /// `durationFactor` × `duration` seconds, or over the time the original animation had
    /// left to get there when the factor is 0.
    private func freshLeg(
        toward target: Double, provider: any UITimingCurveProvider, durationFactor: Double
    ) -> AnimatorLeg {
        let now = CACurrentMediaTime()
        let fraction = motion?.fraction(at: now) ?? 0
        let positions = motion?.positions(at: now, windowStarts: windowStarts) ?? []
        let seconds = durationFactor > 0 ? durationFactor * duration : abs(target - fraction) * duration
        let (curve, legDuration) = PacingCurve.resolve(provider, duration: seconds)
        return AnimatorLeg.fresh(
            from: fraction, positions: positions, windowStarts: windowStarts, toward: target, curve: curve,
            duration: legDuration)
    }

    private func freeze() {
        guard let (leg, u) = motion?.legPosition(at: CACurrentMediaTime()) else { return }
        endTimer.cancel()
        motion = .frozen(leg, u: u)
        installAnimations()
    }

    /// Moves paused animations to `fraction`: linearly from where they were paused, or along
    /// the animator's own timing.
    private func scrub(to fraction: Double) {
        guard let current = motion else { return }
        if scrubsLinearly {
            switch current {
            case .scrubbed(let anchor, _):
                motion = .scrubbed(anchor, fraction: fraction)
            case .moving, .frozen:
                let (leg, u) = current.legPosition(at: CACurrentMediaTime())!
                let anchor = ScrubAnchor(fraction: leg.fraction(at: u), positions: leg.positions(at: u))
                motion = .scrubbed(anchor, fraction: fraction)
            }
        } else {
            motion = .frozen(mainLeg(), u: fraction)
        }
        installAnimations()
    }

    /// Adds (or replaces) the animations of the tracks in `range` as the motion says.
    private func installAnimations(for range: Range<Int>? = nil) {
        guard let motion else { return }
        let indices = range ?? tracks.indices
        switch motion {
        case .moving(let leg, let forward, let anchorTime, let anchorU):
            for index in indices {
                let track = tracks[index]
                let course = leg.courses[index]
                let animation: CAAnimation
                if course.isResting || leg.duration <= 0 {
                    animation = track.restingAnimation(
                        atProgress: course.progress(at: forward ? 1 : 0, curve: leg.curve))
                } else {
                    let edge = forward ? course.windowStart - anchorU : anchorU - course.windowEnd
                    animation = track.movingAnimation(
                        course: course, curve: leg.curve, forward: forward, begin: anchorTime + edge * leg.duration,
                        seconds: (course.windowEnd - course.windowStart) * leg.duration)
                }
                track.layer.add(animation, forKey: track.animationKey)
            }
        case .frozen, .scrubbed:
            let positions = motion.positions(at: CACurrentMediaTime(), windowStarts: windowStarts)
            for index in indices {
                tracks[index].layer.add(
                    tracks[index].restingAnimation(atProgress: positions[index]), forKey: tracks[index].animationKey)
            }
        }
    }

    /// Arranges for the end of the current leg to be heard.
    private func scheduleEnd() {
        guard case .moving(let leg, let forward, let anchorTime, let anchorU)? = motion else { return }
        let remaining = (forward ? 1 - anchorU : anchorU) * leg.duration
        // The timer holds the animator until then, as UIKit holds a running animator.
        endTimer.schedule(at: anchorTime + remaining) { self.reachedEnd() }
    }

    private func reachedEnd() {
        guard case .moving(let leg, let forward, _, _)? = motion else { return }
        let fraction = forward ? leg.endFraction : leg.startFraction
        let effects = lifecycle.reachEnd(at: fraction >= 1 ? .end : .start, pausesOnCompletion: pausesOnCompletion)
        // Stand exactly at the end, whatever rounding the event time carried.
        if !effects.isEmpty { motion = .frozen(leg, u: forward ? 1 : 0) }
        perform(effects)
    }
}
