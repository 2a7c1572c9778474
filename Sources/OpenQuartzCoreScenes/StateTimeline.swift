import Foundation
import OpenCAML
import OpenQuartzCore

/// `--states Locked,Unlock@1.5,Locked@4`: the state a CAML document starts in, set at 0 s
/// without a transition, then each change at its media time, animated by the document's
/// transitions at speed 1.
public struct StateTimeline: Equatable {
    public struct Change: Equatable {
        public let name: String
        public let time: CFTimeInterval

        public init(name: String, time: CFTimeInterval) {
            self.name = name
            self.time = time
        }
    }

    /// The state at 0 s.
    public let initial: String
    /// The later changes, in time order.
    public let changes: [Change]

    public init(initial: String, changes: [Change]) {
        self.initial = initial
        self.changes = changes
    }

    /// Every state name the timeline uses, each once, in order.
    public var names: [String] {
        var seen: Set<String> = []
        return ([initial] + changes.map(\.name)).filter { seen.insert($0).inserted }
    }

    /// The time of the last change, 0 without one.
    public var lastChange: CFTimeInterval { changes.last?.time ?? 0 }

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
        for change in changes {
            timeline.at(change.time) {
                controller.setState(named: change.name, in: package, transitionSpeed: 1)
            }
        }
    }

    /// How long after the last change the document still moves: its longest transition that
    /// ends (at speed 1), over every state layer.
    public static func longestTransition(in package: CAPackage) -> CFTimeInterval {
        package.stateLayers.flatMap { $0.stateTransitions ?? [] }.map(\.duration).filter(\.isFinite).max() ?? 0
    }
}
