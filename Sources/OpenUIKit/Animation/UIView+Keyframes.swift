import Foundation

extension UIView {
    /// Runs `animateKeyframes(withDuration:delay:options:animations:completion:)`: the block's
    /// timing (inherited from an enclosing block unless the options override it), its context
    /// recording the keyframes, and the animations added when the block has run.
    static func runKeyframes(
        duration: TimeInterval, delay: TimeInterval, options: KeyframeAnimationOptions, animations: () -> Void,
        completion: ((Bool) -> Void)?
    ) {
        require(
            duration.isFinite && delay.isFinite,
            "UIView.animateKeyframes needs a finite duration and a finite delay; got \(duration), \(delay)")
        // As for `animate(withDuration:)`: UIKit takes a negative duration or delay as 0.
        let delay = max(delay, 0)
        let timing = inheritedTiming(duration: max(duration, 0), options: options.animationOptions)
        let state = UIViewKeyframeAnimationState(
            duration: timing.duration, delay: delay, curve: timing.curve,
            options: KeyframeAnimationOptions(rawValue: timing.options.rawValue), completion: completion)
        perform(in: state) {
            // Standalone layers changed in the block animate implicitly with it, as in `animate`.
            CATransaction.setAnimationDuration(timing.duration)
            CATransaction.setAnimationTimingFunction(timing.curve.timingFunction)
            animations()
            // Added in the block's own transaction, so that they commit with the changes.
            state.addRecordedAnimations()
        }
        state.blockDidEnd()
    }

    /// Records the keyframe of `addKeyframe(withRelativeStartTime:relativeDuration:animations:)`
    /// in the innermost keyframe block; outside one, or with a time outside [0, 1], it traps.
    static func recordKeyframe(start: Double, duration: Double, animations: () -> Void) {
        guard let state = currentAnimationContext as? UIViewKeyframeAnimationState else {
            misuse(
                "UIView.addKeyframe(withRelativeStartTime:relativeDuration:animations:) must be called inside the "
                    + "animations block of UIView.animateKeyframes(withDuration:delay:options:animations:completion:)")
        }
        require(
            start >= 0 && start <= 1,
            "UIView.addKeyframe: relativeStartTime must be a number in [0, 1], got \(start)")
        require(
            duration >= 0 && duration <= 1,
            "UIView.addKeyframe: relativeDuration must be a number in [0, 1], got \(duration)")
        state.recordKeyframe(start: start, end: min(start + duration, 1), animations)
    }
}

/// The state of one running keyframe block, and the context that records its changes: the
/// `delegate` UIKit gives its keyframe animations (`<UIViewKeyframeAnimationState: …>`).
///
/// While the block runs it answers no action for every change, and remembers for each
/// (layer, property) the value before the first change and the value each keyframe reaches.
/// When the block has run it adds one `CAKeyframeAnimation` per (layer, property), is their
/// delegate, and tells its ``UIViewAnimationBlockDelegate`` when the last one stops.
@preconcurrency @MainActor
public final class UIViewKeyframeAnimationState: NSObject, UIViewAnimationContext, InheritableBlockTiming {
    /// How long each animation of the block runs (0 or less: nothing animates).
    public let duration: TimeInterval
    /// How long after the block its animations start.
    public let delay: TimeInterval
    /// The curve that paces each whole animation.
    public let curve: UIView.AnimationCurve
    /// The block's options, with the repeat options it inherited.
    public let options: UIView.KeyframeAnimationOptions
    /// The completion handler's delegate.
    public let blockDelegate: UIViewAnimationBlockDelegate

    /// One property of one layer changed in the block.
    private struct Track {
        let layer: CALayer
        let key: String
        /// Where the animation starts: the model value before the first change, or the value
        /// shown then with `.beginFromCurrentState`.
        let startValue: Any?
        /// The animation under `key` before the first change, to tell apart one that an action
        /// added while the block ran.
        let animationBefore: CAAnimation?
        var keyframes: [Keyframe] = []
    }

    /// A value reached at `end`, moving from the previous one from `start` on.
    private struct Keyframe {
        let start: Double
        let end: Double
        var value: Any?
    }

    private struct TrackID: Hashable {
        let layer: ObjectIdentifier
        let key: String
    }

    /// A block whose changes are being recorded: the keyframe blocks running, innermost last,
    /// above the animations block itself, which is a keyframe from 0 to 1.
    private struct OpenFrame {
        let start: Double
        let end: Double
        /// Changed since the values were last read.
        var touched: Set<TrackID> = []
        /// Where each track's keyframe for this block is, once its value has been read.
        var recorded: [TrackID: Int] = [:]
    }

    private var tracks: [TrackID: Track] = [:]
    private var trackOrder: [TrackID] = []
    private var openFrames = [OpenFrame(start: 0, end: 1)]

    init(
        duration: TimeInterval, delay: TimeInterval, curve: UIView.AnimationCurve,
        options: UIView.KeyframeAnimationOptions, completion: ((Bool) -> Void)?
    ) {
        self.duration = duration
        self.delay = delay
        self.curve = curve
        self.options = options
        self.blockDelegate = UIViewAnimationBlockDelegate(completion: completion)
    }

    var repetition: UIView.AnimationOptions {
        options.animationOptions.intersection([.repeat, .autoreverse])
    }

    /// While keyframes are recorded the view answers nil, as UIKit's does (seed 000): the
    /// layer's own search goes on, and the keyframe animation replaces what it adds.
    public var stopsActionSearch: Bool { false }

    // MARK: Recording

    /// Records the change and answers no action: the animations are built when the block has
    /// run, once every keyframe's value is known.
    public func action(for layer: CALayer, forKey key: String, oldValue: Any?) -> (any CAAction)? {
        guard type(of: layer).isAnimatableProperty(key) else { return nil }
        let id = TrackID(layer: ObjectIdentifier(layer), key: key)
        if tracks[id] == nil {
            let start = options.contains(.beginFromCurrentState) ? layer.shownValue(forKey: key) ?? oldValue : oldValue
            tracks[id] = Track(layer: layer, key: key, startValue: start, animationBefore: layer.animation(forKey: key))
            trackOrder.append(id)
        }
        openFrames[openFrames.count - 1].touched.insert(id)
        return nil
    }

    /// Runs one keyframe's block and records the values its changes reach.
    func recordKeyframe(start: Double, end: Double, _ animations: () -> Void) {
        // The action comes before the change, so the values reached by the enclosing block
        // so far can only be read now, before this keyframe changes them again.
        readTouchedValues(ofFrameAt: openFrames.count - 1)
        openFrames.append(OpenFrame(start: start, end: end))
        animations()
        readTouchedValues(ofFrameAt: openFrames.count - 1)
        openFrames.removeLast()
    }

    private func readTouchedValues(ofFrameAt index: Int) {
        var frame = openFrames[index]
        for id in frame.touched {
            guard var track = tracks[id] else { continue }
            let value = track.layer.value(forKey: track.key)
            if let existing = frame.recorded[id] {
                track.keyframes[existing].value = value
            } else {
                frame.recorded[id] = track.keyframes.count
                track.keyframes.append(Keyframe(start: frame.start, end: frame.end, value: value))
            }
            tracks[id] = track
        }
        frame.touched = []
        openFrames[index] = frame
    }

    // MARK: Building the animations

    /// Adds one keyframe animation per recorded (layer, property).
    func addRecordedAnimations() {
        readTouchedValues(ofFrameAt: 0)
        for id in trackOrder {
            guard let track = tracks[id] else { continue }
            guard duration > 0, let animation = makeAnimation(for: track) else {
                discardActionAddedWhileRecording(track)
                continue
            }
            blockDelegate.animationAdded()
            track.layer.add(animation, forKey: track.key)
        }
        tracks = [:]
        trackOrder = []
    }

    private func makeAnimation(for track: Track) -> CAKeyframeAnimation? {
        guard let startValue = track.startValue, !track.keyframes.isEmpty else { return nil }
        var values = [startValue]
        var times = [0.0]
        // In order of their ends, so that the key times never decrease; an overlapping
        // keyframe moves on from where the one before it ended.
        let ordered = track.keyframes.enumerated().sorted {
            ($0.element.end, $0.offset) < ($1.element.end, $1.offset)
        }
        for (_, keyframe) in ordered {
            guard let value = keyframe.value else { return nil }
            if keyframe.start > times[times.count - 1] {
                times.append(keyframe.start)
                values.append(values[values.count - 1])
            }
            times.append(keyframe.end)
            values.append(value)
        }
        if times[times.count - 1] < 1 {
            times.append(1)
            values.append(values[values.count - 1])
        }
        let mode = options.calculationMode
        // A discrete value holds from its key time to the next: the last one needs an end.
        if mode == .discrete { times.append(1) }

        let animation = CAKeyframeAnimation(keyPath: track.key)
        animation.values = values
        animation.keyTimes = times.map { NSNumber(value: $0) }
        animation.calculationMode = mode
        animation.duration = duration
        animation.timingFunction = curve.timingFunction
        animation.fillMode = .both
        animation.delegate = self
        if delay > 0 {
            animation.beginTime = track.layer.convertTime(CACurrentMediaTime(), from: nil) + delay
        }
        if options.contains(.repeat) { animation.repeatCount = .infinity }
        if options.contains(.autoreverse) { animation.autoreverses = true }
        return animation
    }

    /// Removes the implicit animation the layer's own action search added for a change the
    /// block does not animate: a view answers nil while keyframes are recorded (seed 000), so
    /// the search goes on to the layer's default action. Where an animation is built, adding
    /// it under the same key replaces that one.
    private func discardActionAddedWhileRecording(_ track: Track) {
        guard let added = track.layer.animation(forKey: track.key), added !== track.animationBefore,
            let basic = added as? CABasicAnimation, basic.delegate == nil, basic.keyPath == track.key
        else { return }
        track.layer.removeAnimation(forKey: track.key)
    }

    // MARK: Completion

    /// The block has run (see ``UIViewAnimationBlockDelegate/blockDidEnd()``).
    func blockDidEnd() {
        blockDelegate.blockDidEnd()
    }
}

extension UIViewKeyframeAnimationState: @preconcurrency CAAnimationDelegate {
    /// Tells the block delegate that the block's first animation started.
    public func animationDidStart(_ anim: CAAnimation) {
        blockDelegate.animationDidStart()
    }

    /// Counts the animation as done; after the last, the completion runs.
    public func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        blockDelegate.animationDidStop(finished: flag)
    }
}
