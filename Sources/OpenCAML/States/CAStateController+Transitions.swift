import Foundation
import OpenQuartzCore

/// A transition ready to run: its timing group and its elements' animations, made before
/// the new state's values are set (FORMAT.md §8 rule 4).
struct StateTransitionPlan {
    let transition: CAStateTransition
    /// The state a `* → S` transition enters, which stops it when left; nil otherwise.
    let owner: CAState?
    let speed: Float
    /// `"<from> <to>"`, the key of the group on the layer whose state changes.
    let key: String
    var group: CAAnimationGroup?
    var elements: [(animation: CAAnimation, target: CALayer, key: String)]

    /// Holds the group and every animation where it is at media time `now`, as a swipe held
    /// part-way holds them, leaving out those that show nothing then.
    mutating func hold(atMediaTime now: CFTimeInterval, on layer: CALayer) {
        if let group, !group.hold(atLocalTime: layer.convertTime(now, from: nil)) {
            self.group = nil
        }
        elements.removeAll { element in
            !element.animation.hold(atLocalTime: element.target.convertTime(now, from: nil))
        }
    }
}

extension CAStateController {
    /// The transitions to run going from `old` to `new`, and the states they belong to
    /// (FORMAT.md §8 rule 3).
    func transitionPlans(
        of layer: CALayer, from old: CAState?, to new: CAState?, left: [CAState], entered: [CAState], speed: Float,
        swipe: StateSwipe? = nil
    ) -> [StateTransitionPlan] {
        let all = layer.stateTransitions ?? []
        func first(from: String, to: String) -> CAStateTransition? {
            all.first { $0.fromState == from && $0.toState == to }
        }
        var chosen: [(CAStateTransition, owner: CAState?)] = []
        if let old, let new, let exact = first(from: old.name, to: new.name) {
            chosen = [(exact, nil)]
        } else {
            chosen += left.compactMap { state in first(from: state.name, to: "*").map { ($0, nil) } }
            chosen += entered.compactMap { state in first(from: "*", to: state.name).map { ($0, state) } }
        }
        guard let swipe else {
            let now = CACurrentMediaTime()
            return chosen.map { transition, owner in
                plan(transition, owner: owner, on: layer, startingAt: now, speed: speed)
            }
        }
        // Within a swipe, each transition runs its whole duration in the swipe's (one that
        // never ends at its own speed).
        return chosen.map { transition, owner in
            let duration = transition.duration
            let rate = duration.isFinite && duration > 0 ? duration / swipe.duration : 1
            var planned = plan(transition, owner: owner, on: layer, startingAt: swipe.start, speed: Float(rate))
            if let now = swipe.heldAt {
                planned.hold(atMediaTime: now, on: layer)
            }
            return planned
        }
    }

    /// Times one transition from `start` (media time) at `speed`
    /// (`CAStateController.mm -_applyTransition:…`, `-_applyTransitionElement:…`).
    private func plan(
        _ transition: CAStateTransition, owner: CAState?, on layer: CALayer, startingAt start: CFTimeInterval,
        speed: Float
    ) -> StateTransitionPlan {
        let rate = Double(speed)
        // The group spans the transition in the layer's own time.
        var group: CAAnimationGroup?
        let groupBegin = layer.convertTime(start, from: nil)
        if groupBegin.isFinite {
            let made = CAAnimationGroup()
            made.beginTime = groupBegin
            let span = layer.convertTime(start + transition.duration / rate, from: nil) - groupBegin
            if span.isFinite, span >= 0 {
                made.duration = span
            } else {
                // Never ends (an element repeats for ever or has speed 0).
                made.duration = 1
                made.repeatDuration = .infinity
            }
            group = made
        }
        var elements: [(CAAnimation, CALayer, String)] = []
        for element in transition.elements where element.isEnabled {
            guard let target = element.target, let source = element.animation,
                let animation = timedCopy(of: source, on: target, startingAt: start, speed: rate)
            else { continue }
            if let basic = animation as? CABasicAnimation, basic.fromValue == nil, basic.toValue == nil,
                basic.byValue == nil
            {
                let keyPath = basic.keyPath ?? element.key
                basic.fromValue = (target.presentation() ?? target).value(forKeyPath: keyPath)
            }
            if let property = animation as? CAPropertyAnimation, property.keyPath == nil {
                property.keyPath = element.key
            }
            animation.isRemovedOnCompletion = false
            elements.append((animation, target, element.key))
        }
        return StateTransitionPlan(
            transition: transition, owner: owner, speed: speed, key: "\(transition.fromState) \(transition.toState)",
            group: group, elements: elements)
    }

    /// A copy of `source` that begins at `start` plus its own `beginTime` ÷ `speed`, and
    /// plays its duration in duration ÷ `speed` seconds of media time, whatever the timing
    /// of `target`'s ancestors; nil when that span is empty (a duration of 0, as Apple skips
    /// such an element) or cannot be timed.
    func timedCopy(
        of source: CAAnimation, on target: CALayer, startingAt start: CFTimeInterval, speed: Double
    ) -> CAAnimation? {
        let duration = source.duration
        let begin = start + source.beginTime / speed
        let localBegin = target.convertTime(begin, from: nil)
        let localEnd = target.convertTime(begin + duration / speed, from: nil)
        let span = localEnd - localBegin
        guard localBegin.isFinite, localEnd.isFinite, span > 0 else { return nil }
        let scaledSpeed = Float(duration * Double(source.speed) / span)
        guard scaledSpeed.isFinite, let copy = source.copy() as? CAAnimation else { return nil }
        copy.beginTime = localBegin
        if duration != span { copy.speed = scaledSpeed }
        return copy
    }

    /// Adds a planned transition's group to `layer` and its animations to their targets;
    /// answers the running transition.
    func start(_ plan: StateTransitionPlan, on layer: CALayer) -> StateTransitionRun {
        let run = StateTransitionRun(controller: self, transition: plan.transition, layer: layer, key: plan.key)
        if let group = plan.group {
            group.delegate = run
            layer.add(group, forKey: plan.key)
            run.group = layer.animation(forKey: plan.key)
        }
        for (animation, target, key) in plan.elements {
            target.add(animation, forKey: key)
            // CALayer.h: a transition is always added under `kCATransition`.
            let addedKey = animation is CATransition ? kCATransition : key
            run.animations.append(StateTransitionRun.Added(target: target, key: addedKey))
            run.animations[run.animations.count - 1].animation = target.animation(forKey: addedKey)
        }
        delegate?.stateController(self, transitionDidStart: plan.transition, speed: plan.speed)
        return run
    }
}

/// A transition that is running: Apple's `CAStateControllerTransition`. It is its group's
/// delegate; when the group ends (or is removed or replaced) it tells the controller's
/// delegate and removes the animations it added that are still its own, so the layers show
/// their model values, which hold the new state.
final class StateTransitionRun: CAAnimationDelegate {
    /// One animation the transition added: the layer's copy, held weakly, to tell whether a
    /// later animation under the same key replaced it.
    struct Added {
        weak var target: CALayer?
        let key: String
        weak var animation: CAAnimation?
    }

    /// Nil once the transition has stopped.
    private(set) weak var controller: CAStateController?
    private var isRunning = true
    let transition: CAStateTransition
    weak var layer: CALayer?
    let key: String
    weak var group: CAAnimation?
    var animations: [Added] = []

    init(controller: CAStateController, transition: CAStateTransition, layer: CALayer, key: String) {
        self.controller = controller
        self.transition = transition
        self.layer = layer
        self.key = key
    }

    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        guard isRunning else { return }
        group = nil
        if let controller {
            controller.delegate?.stateController(controller, transitionDidStop: transition, completed: flag)
        }
        invalidate()
    }

    /// Stops the transition: removes its group and its animations where they are still the
    /// ones it added; the controller's delegate hears `completed` false.
    func invalidate() {
        guard isRunning else { return }
        if let layer, let group, layer.animation(forKey: key) === group {
            CATransaction.begin()
            defer { CATransaction.commit() }
            // The group's removal calls `animationDidStop(_:finished: false)`, which tells
            // the delegate and comes back here.
            layer.removeAnimation(forKey: key)
            guard isRunning else { return }
            if let controller {
                controller.delegate?.stateController(controller, transitionDidStop: transition, completed: false)
            }
        }
        isRunning = false
        // An explicit transaction: this may run while the clock delivers events or while a
        // layer is freed, where an implicit one would stay open on the thread.
        CATransaction.begin()
        defer { CATransaction.commit() }
        for added in animations {
            guard let target = added.target, let animation = added.animation,
                target.animation(forKey: added.key) === animation
            else { continue }
            target.removeAnimation(forKey: added.key)
        }
        animations = []
        controller = nil
    }
}
