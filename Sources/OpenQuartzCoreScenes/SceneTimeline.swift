import OpenQuartzCore

/// Changes a scene makes after it starts, at given media times.
@MainActor
public final class SceneTimeline {
    public struct Change {
        public let time: CFTimeInterval
        public let change: @MainActor () -> Void
    }

    private(set) var changes: [Change] = []
    private(set) var kept: [AnyObject] = []

    init() {}

    /// Runs `change` when the clock reaches `time`.
    public func at(_ time: CFTimeInterval, _ change: @escaping @MainActor () -> Void) {
        changes.append(Change(time: time, change: change))
    }

    /// Keeps `object` alive while the scene runs: views, which their layers point to only
    /// weakly (a view is its layer's delegate), so that a later change still asks them.
    public func keep(_ object: AnyObject) {
        kept.append(object)
    }
}
