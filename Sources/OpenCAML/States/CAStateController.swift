import Foundation
import OpenQuartzCore

/// Moves layers between their states, animating with the matching transitions: Apple's
/// (private) `CAStateController`, following `CAStateController.mm` (FORMAT.md §8).
///
/// Entering a state sets its values (and those of the states it is `basedOn`) as model
/// values, without implicit animations, after undoing what the previous state set. With a
/// speed above 0, each matching transition runs as Apple runs it: a `CAAnimationGroup`
/// timing the whole transition is added to the layer under `"<from> <to>"`, and each element
/// adds a copy of its animation, timed to the transition, that starts from the value on
/// screen (see ``CAStateTransition/duration``).
///
///     let controller = CAStateController(layer: package.rootLayer)
///     controller.setState(root.state(withName: "Locked"), of: root, transitionSpeed: 0)
///     controller.setState(root.state(withName: "Unlock"), of: root, transitionSpeed: 1)
///
/// Differs from Apple: `nextDelay`/`previousDelay` timers do not run, and a transition that
/// never ends has a group of duration 1 repeating for ever (`repeatDuration` +∞), as
/// `CAAnimation.duration` must be finite here.
public final class CAStateController {
    /// The layer whose tree the controller changes.
    public let layer: CALayer

    /// Told when transitions start and stop and when a layer's state is set. Weak, as
    /// Apple's.
    public weak var delegate: (any CAStateControllerDelegate)?

    /// What the controller has done to one layer with states.
    private struct Record {
        let layer: CALayer
        /// The states in effect, root of the `basedOn` chain first.
        var applied: [AppliedState]
    }

    /// One state in effect: what undoes its values (the previous values, in the order they
    /// were set), and the transitions that entered it, which stop when it is left (Apple
    /// keeps them on the state's undo record).
    private struct AppliedState {
        let state: CAState
        var undo: [Change]
        var transitions: [StateTransitionRun] = []
    }

    /// One value set on a target, or the value to put back.
    private struct Change {
        let target: CALayer
        let keyPath: String
        let value: Any?
    }

    private var records: [ObjectIdentifier: Record] = [:]
    /// The animations a swipe added, by the layer whose state it changed; removed when that
    /// layer's state changes again.
    var swipeAnimations: [ObjectIdentifier: [StateTransitionRun.Added]] = [:]
    /// The swipes held part-way, by the layer whose state they change: the state each started
    /// from and the one it goes to, so that holding the same swipe elsewhere starts again
    /// from where it started.
    var heldSwipes: [ObjectIdentifier: (from: CAState?, to: CAState?)] = [:]

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
    /// A state not in `layer.states` is ignored with a warning, as on Apple. Transitions
    /// (`-setState:ofLayer:transitionSpeed:`): the first from the old state's name to the new
    /// one's; without one, for each state left (the old state and its `basedOn` ancestors
    /// down to the one the new state shares) the first `left → *`, then for each state
    /// entered (from that shared ancestor down to the new state) the first `* → entered`.
    /// A later element replaces an earlier one with the same key. A `* → *` transition
    /// matches neither.
    public func setState(_ state: CAState?, of layer: CALayer, transitionSpeed: Float) {
        require(!transitionSpeed.isNaN, "setState(_:of:transitionSpeed:): the speed is NaN")
        heldSwipes[ObjectIdentifier(layer)] = nil
        changeState(to: state, of: layer, transitionSpeed: transitionSpeed, swipe: nil)
    }

    /// Changes the state of `layer`: with `swipe`, following it (see ``swipe(to:of:duration:)``),
    /// with every transition timed within it; otherwise with the transitions at
    /// `transitionSpeed`.
    func changeState(to state: CAState?, of layer: CALayer, transitionSpeed: Float, swipe: StateSwipe?) {
        if let state, !(layer.states ?? []).contains(where: { $0 === state }) {
            Warnings.emit("CAStateController: trying to set state \"\(state.name)\" not in given layer")
            return
        }
        let id = ObjectIdentifier(layer)
        var record = records[id] ?? Record(layer: layer, applied: [])
        let old = record.applied.last?.state
        guard old !== state else { return }
        let chain = state.map { basedOnChain(of: $0, in: layer) } ?? []
        var kept = 0
        while kept < min(chain.count, record.applied.count), chain[kept] === record.applied[kept].state { kept += 1 }
        let left = record.applied[kept...].reversed().map(\.state)
        let entered = Array(chain[kept...])
        // Planned before any value changes, so that an animation without from, to or by
        // value starts from the value shown now and runs to the model value set below.
        let plans =
            swipe != nil || transitionSpeed > 0
            ? transitionPlans(
                of: layer, from: old, to: state, left: left, entered: entered, speed: transitionSpeed, swipe: swipe)
            : []
        // What the swipe moves: every value a state left or entered sets, from where it is now.
        let swept = swipe == nil ? [] : sweptValues(of: left + entered)
        removeSwipeAnimations(of: layer)

        CATransaction.begin()
        CATransaction.setDisableActions(true)
        // The transitions that entered the states being left stop (their animations are
        // removed unless a newer transition has replaced them).
        for applied in record.applied[kept...] {
            for run in applied.transitions { run.invalidate() }
        }
        // Undo newest first, each state's changes in reverse, so every value returns to
        // what it was before the first of them.
        while record.applied.count > kept {
            for change in record.applied.removeLast().undo.reversed() {
                change.target.setValue(change.value, forKeyPath: change.keyPath)
            }
        }
        for state in entered {
            record.applied.append(AppliedState(state: state, undo: apply(state)))
        }
        CATransaction.commit()
        for plan in plans {
            let run = start(plan, on: layer)
            // A `* → S` transition belongs to S, and stops when S is left.
            if let owner = plan.owner, let index = record.applied.lastIndex(where: { $0.state === owner }) {
                record.applied[index].transitions.append(run)
            }
        }
        if let swipe {
            swipeAnimations[id] = follow(swipe, moving: swept)
        }
        records[id] = record.applied.isEmpty ? nil : record
        delegate?.stateController(self, didSetStateOf: layer)
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
        var seen: Set<ObjectIdentifier> = [ObjectIdentifier(state)]
        while let name = chain[chain.count - 1].basedOn, !name.isEmpty, let base = layer.state(withName: name),
            seen.insert(ObjectIdentifier(base)).inserted
        {
            chain.append(base)
        }
        return chain.reversed()
    }

    /// The values the elements of `states` set, each target and key path once, as they are
    /// shown now, before the change (a swipe that starts while another is under way starts
    /// from where that one is).
    private func sweptValues(of states: [CAState]) -> [SweptValue] {
        var seen: Set<SweptValue.Key> = []
        var values: [SweptValue] = []
        for state in states {
            for case let element as CAStateSetValue in state.elements {
                guard let target = element.target,
                    seen.insert(SweptValue.Key(target: ObjectIdentifier(target), keyPath: element.keyPath)).inserted
                else { continue }
                let shown = (target.presentation() ?? target).value(forKeyPath: element.keyPath)
                values.append(SweptValue(target: target, keyPath: element.keyPath, from: shown))
            }
        }
        return values
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
}

/// Hears what a ``CAStateController`` does: Apple's (private) `CAStateControllerDelegate`.
/// Every method has an empty default.
public protocol CAStateControllerDelegate: AnyObject {
    /// A transition's animations were added, at `speed`.
    func stateController(
        _ controller: CAStateController, transitionDidStart transition: CAStateTransition, speed: Float)
    /// A transition ended: `completed` is true when it ran its whole duration, false when a
    /// state change or a removal stopped it first.
    func stateController(
        _ controller: CAStateController, transitionDidStop transition: CAStateTransition, completed: Bool)
    /// `setState(_:of:transitionSpeed:)` changed the state of `layer`.
    func stateController(_ controller: CAStateController, didSetStateOf layer: CALayer)
}

extension CAStateControllerDelegate {
    public func stateController(
        _ controller: CAStateController, transitionDidStart transition: CAStateTransition, speed: Float
    ) {}
    public func stateController(
        _ controller: CAStateController, transitionDidStop transition: CAStateTransition, completed: Bool
    ) {}
    public func stateController(_ controller: CAStateController, didSetStateOf layer: CALayer) {}
}
