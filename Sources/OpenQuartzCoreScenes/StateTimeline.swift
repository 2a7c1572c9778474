import Foundation
import OpenCAML
import OpenQuartzCore

/// `--states Locked,Unlock@1.5,Locked@4`: the state a CAML document starts in, set at 0 s
/// without a transition, then each change at its media time, animated by the document's
/// transitions at speed 1 — or following a swipe (`Unlock@1.5~0.6`: a swipe of 0.6 s, see
/// `CAStateController.swipe(to:of:duration:)`). `frame --swipe 0.71` holds a swipe part-way
/// instead (``held``).
public struct StateTimeline: Equatable {
    public struct Change: Equatable {
        public let name: String
        public let time: CFTimeInterval
        /// The length of the swipe that makes the change; nil for a change by the transitions.
        public let swipe: CFTimeInterval?

        public init(name: String, time: CFTimeInterval, swipe: CFTimeInterval? = nil) {
            self.name = name
            self.time = time
            self.swipe = swipe
        }
    }

    /// A swipe into a state held part-way from 0 s on, as a finger holds it.
    public struct HeldSwipe: Equatable {
        public let name: String
        /// From 0 (the initial state) to 1 (the state `name`).
        public let progress: Double

        public init(name: String, progress: Double) {
            self.name = name
            self.progress = progress
        }
    }

    /// The state at 0 s.
    public let initial: String
    /// The later changes, in time order.
    public let changes: [Change]
    /// A swipe held from 0 s, after the initial state is set.
    public let held: HeldSwipe?

    public init(initial: String, changes: [Change], held: HeldSwipe? = nil) {
        self.initial = initial
        self.changes = changes
        self.held = held
    }

    /// Every state name the timeline uses, each once, in order.
    public var names: [String] {
        var seen: Set<String> = []
        return ([initial] + (held.map { [$0.name] } ?? []) + changes.map(\.name)).filter { seen.insert($0).inserted }
    }

    /// The time of the last change, 0 without one.
    public var lastChange: CFTimeInterval { changes.last?.time ?? 0 }

    /// When the last change has settled in `package`: the end of its swipe, or of its longest
    /// transition at speed 1; 0 without a change.
    public func settledTime(in package: CAPackage) -> CFTimeInterval {
        guard let last = changes.last else { return 0 }
        return last.time + (last.swipe ?? Self.longestTransition(in: package))
    }

    /// Checks that `package` has every state the timeline names.
    ///
    /// - Throws: ``SceneError`` naming the unknown state and listing the document's states.
    public func check(against package: CAPackage, document: String) throws(SceneError) {
        let known = package.stateNames
        guard !known.isEmpty else {
            throw SceneError("--states: \(document) has no states")
        }
        for name in names where !known.contains(name) {
            throw SceneError(
                "--states: \(document) has no state called '\(name)'; its states are: "
                    + known.joined(separator: ", "))
        }
    }

    /// Sets the initial state now (at speed 0, a jump) and puts each change on `timeline`
    /// (at speed 1, with the document's transitions), every state layer of `package` at once.
    @MainActor
    func schedule(on timeline: SceneTimeline, package: CAPackage, controller: CAStateController) {
        controller.setState(named: initial, in: package, transitionSpeed: 0)
        if let held {
            controller.swipe(toStateNamed: held.name, in: package, heldAt: held.progress)
        }
        for change in changes {
            timeline.at(change.time) {
                if let swipe = change.swipe {
                    controller.swipe(toStateNamed: change.name, in: package, duration: swipe)
                } else {
                    controller.setState(named: change.name, in: package, transitionSpeed: 1)
                }
            }
        }
    }

    /// How long after the last change the document still moves: its longest transition that
    /// ends (at speed 1), over every state layer.
    public static func longestTransition(in package: CAPackage) -> CFTimeInterval {
        package.stateLayers.flatMap { $0.stateTransitions ?? [] }.map(\.duration).filter(\.isFinite).max() ?? 0
    }
}
