import Foundation
import OpenQuartzCore

/// Moves layers between their states, animating with the matching transitions: Apple's
/// (private) `CAStateController`, following `CAStateController.mm` (FORMAT.md §8).
///
/// Entering a state sets its values (and those of the states it is `basedOn`) as model
/// values, without implicit animations, after undoing what the previous state set. With a
/// speed above 0, each matching transition's elements add a copy of their animation that
/// starts from the value on screen.
///
///     let controller = CAStateController(layer: package.rootLayer)
///     controller.setState(root.state(withName: "Locked"), of: root, transitionSpeed: 0)
///     controller.setState(root.state(withName: "Unlock"), of: root, transitionSpeed: 1)
///
/// Differs from Apple: no `CAAnimationGroup` is added under `"<from> <to>"` to time the
/// transition (it only feeds the controller's delegate, which is not built), and
/// `nextDelay`/`previousDelay` timers do not run.
public final class CAStateController {
    /// The layer whose tree the controller changes.
    public let layer: CALayer

    /// What the controller has done to one layer with states.
    private struct Record {
        let layer: CALayer
        /// The states in effect, root of the `basedOn` chain first, each with the undo of
        /// what it set (the previous values, in the order they were set).
        var applied: [(state: CAState, undo: [Change])]
    }

    /// One value set on a target, or the value to put back.
    private struct Change {
        let target: CALayer
        let keyPath: String
        let value: Any?
    }

    private var records: [ObjectIdentifier: Record] = [:]

    /// A controller for the tree under `layer`.
    public init(layer: CALayer) {
        self.layer = layer
    }

    /// The state `layer` is in, or nil when none has been set.
    public func state(of layer: CALayer) -> CAState? {
        records[ObjectIdentifier(layer)]?.applied.last?.state
    }

    /// Puts `layer` in `state` (one of `layer.states`; nil for the base values), animating
    /// with the matching transitions at `transitionSpeed` (0 or less jumps).
    ///
    /// A state not in `layer.states` is ignored with a warning, as on Apple. Transitions:
    /// the one from the old state's name to the new one's; without one, every
    /// `old → *` and then every `* → new` (a later element replaces an earlier one with the
    /// same key). A `* → *` transition matches neither, as in Apple's lookup.
    public func setState(_ state: CAState?, of layer: CALayer, transitionSpeed: Float) {
        require(!transitionSpeed.isNaN, "setState(_:of:transitionSpeed:): the speed is NaN")
        if let state, !(layer.states ?? []).contains(where: { $0 === state }) {
            Warnings.emit("CAStateController: trying to set state \"\(state.name)\" not in given layer")
            return
        }
        let id = ObjectIdentifier(layer)
        var record = records[id] ?? Record(layer: layer, applied: [])
        let old = record.applied.last?.state
        guard old !== state else { return }
        let animations =
            transitionSpeed > 0 ? plannedAnimations(of: layer, from: old, to: state, speed: transitionSpeed) : []

        CATransaction.begin()
        CATransaction.setDisableActions(true)
        defer { CATransaction.commit() }
        let chain = state.map { basedOnChain(of: $0, in: layer) } ?? []
        var kept = 0
        while kept < min(chain.count, record.applied.count), chain[kept] === record.applied[kept].state { kept += 1 }
        // Undo newest first, each state's changes in reverse, so every value returns to
        // what it was before the first of them.
        while record.applied.count > kept {
            for change in record.applied.removeLast().undo.reversed() {
                change.target.setValue(change.value, forKeyPath: change.keyPath)
            }
        }
        for entered in chain[kept...] {
            record.applied.append((entered, apply(entered)))
        }
        records[id] = record.applied.isEmpty ? nil : record
        for (animation, target, key) in animations { target.add(animation, forKey: key) }
    }

    /// Puts `layer` and each layer under it (sublayers and masks) that has a state marked
    /// `isInitial` in the first such state.
    public func setInitialStates(of layer: CALayer, transitionSpeed: Float) {
        // An explicit stack: trees can be deep.
        var pending = [layer]
        while let current = pending.popLast() {
            if let initial = current.states?.first(where: \.isInitial) {
                setState(initial, of: current, transitionSpeed: transitionSpeed)
            }
            pending += (current.sublayers ?? []).reversed()
            if let mask = current.mask { pending.append(mask) }
        }
    }

    /// Undoes every state change the controller made, leaving each layer in its base values
    /// and no state.
    public func removeAllStateChanges() {
        for record in records.values {
            setState(nil, of: record.layer, transitionSpeed: 0)
        }
    }

    /// `state` preceded by the states it is `basedOn`, root first. A missing or repeated
    /// name ends the chain, so a document's cycle cannot loop.
    private func basedOnChain(of state: CAState, in layer: CALayer) -> [CAState] {
        var chain = [state]
        while let name = chain[0].basedOn, !name.isEmpty, let base = layer.state(withName: name),
            !chain.contains(where: { $0 === base })
        {
            chain.insert(base, at: 0)
        }
        return chain
    }

    /// Sets the values of `state`'s own elements; answers how to undo them.
    private func apply(_ state: CAState) -> [Change] {
        var undo: [Change] = []
        for case let element as CAStateSetValue in state.elements {
            guard let target = element.target else { continue }
            undo.append(
                Change(target: target, keyPath: element.keyPath, value: target.value(forKeyPath: element.keyPath)))
            target.setValue(element.value, forKeyPath: element.keyPath)
        }
        return undo
    }

    /// The transitions to run going from `old` to `new` (FORMAT.md §8, rule 3).
    private func transitions(of layer: CALayer, from old: CAState?, to new: CAState?) -> [CAStateTransition] {
        let all = layer.stateTransitions ?? []
        if let old, let new, let exact = all.first(where: { $0.fromState == old.name && $0.toState == new.name }) {
            return [exact]
        }
        let leaving = old.map { old in all.filter { $0.fromState == old.name && $0.toState == "*" } } ?? []
        let entering = new.map { new in all.filter { $0.fromState == "*" && $0.toState == new.name } } ?? []
        return leaving + entering
    }

    /// The animations the transitions add, made before any value changes, so that an
    /// animation without from, to or by value starts from the value shown now and runs to
    /// the model value the new state sets.
    private func plannedAnimations(
        of layer: CALayer, from old: CAState?, to new: CAState?, speed: Float
    ) -> [(CAAnimation, CALayer, String)] {
        var planned: [(CAAnimation, CALayer, String)] = []
        for transition in transitions(of: layer, from: old, to: new) {
            for element in transition.elements where element.isEnabled {
                guard let target = element.target, let source = element.animation,
                    let animation = source.copy() as? CAAnimation
                else { continue }
                let now = target.convertTime(CACurrentMediaTime(), from: nil)
                animation.beginTime = now + source.beginTime / Double(speed)
                animation.speed = source.speed * speed
                animation.isRemovedOnCompletion = false
                if let property = animation as? CAPropertyAnimation, property.keyPath == nil {
                    property.keyPath = element.key
                }
                if let basic = animation as? CABasicAnimation, let keyPath = basic.keyPath,
                    basic.fromValue == nil, basic.toValue == nil, basic.byValue == nil
                {
                    basic.fromValue = (target.presentation() ?? target).value(forKeyPath: keyPath)
                }
                planned.append((animation, target, element.key))
            }
        }
        return planned
    }
}
