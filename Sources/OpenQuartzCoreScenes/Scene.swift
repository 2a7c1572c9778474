import OpenCAML
import OpenQuartzCore

/// A scene running on its manual clock: the tree of a built-in scene, a loaded document or a
/// Lottie animation, and the timeline changes still to come. `carender` steps scenes through
/// it (`frame` and `inspect` advance once, `render` and `gallery` once per frame), and the
/// preview plays one per browser tab, building it again when the page goes back in time (a
/// manual clock only moves forward) or the file changes.
///
/// Make it (``SceneDefinition/start(on:)``) and advance it inside
/// `CAClock.$current.withValue(clock)`: the changes read the media time.
@MainActor
public final class Scene {
    /// What the scene was made from.
    public let definition: SceneDefinition
    /// The root of the scene's tree, drawn at the origin.
    public let root: CALayer
    /// The clock the tree's animations run on.
    public let clock: CAManualClock
    private var pending: TimelineReplay<@MainActor () -> Void>
    /// Views the scene keeps: a layer points to its view only weakly, as its delegate.
    private let kept: [AnyObject]
    /// Every layer id of the document, the bundles' of a `.tendies` package included.
    private let ids: [ObjectIdentifier: String]

    /// Builds `definition` at the clock's time and commits it.
    init(_ definition: SceneDefinition, on clock: CAManualClock) {
        require(CAClock.current === clock, "a scene must start inside CAClock.$current.withValue(clock)")
        self.definition = definition
        self.clock = clock
        let timeline = SceneTimeline()
        root = definition.build(timeline)
        kept = timeline.kept
        CATransaction.flush()
        pending = TimelineReplay(timeline.changes.map { (time: $0.time, change: $0.change) })
        var ids = definition.document?.package.layerIDs ?? [:]
        for bundle in definition.document?.package.wallpaperBundles ?? [] {
            ids.merge(bundle.package.layerIDs) { first, _ in first }
        }
        self.ids = ids
    }

    /// The canvas in points.
    public var size: CGSize { definition.size }
    /// How long the scene plays, in seconds.
    public var duration: CFTimeInterval { definition.duration }
    /// The names of the document's states, each once; empty for a scene.
    public var stateNames: [String] { definition.document?.package.stateNames ?? [] }

    /// The timeline changes still to come, in the order they run; the scene forgets them (an
    /// exporter runs them from now on).
    public func takePendingChanges() -> [SceneTimeline.Change] {
        pending.takeAll().map { SceneTimeline.Change(time: $0.time, change: $0.change) }
    }

    /// The times of the timeline changes still to come.
    public var pendingChangeTimes: [CFTimeInterval] { pending.times }

    /// Moves the clock to `time`, stopping at each timeline change that falls due on the way to
    /// make it at its own time and commit it. Times before the clock's do nothing.
    public func advance(to time: CFTimeInterval) {
        pending.advance(clock, to: time) { change in change() }
    }

    /// Enters the document's state called `name` now, animating with its transitions at
    /// `transitionSpeed` (0 jumps); nothing for a scene.
    public func setState(named name: String, transitionSpeed: Float) {
        guard let document = definition.document else { return }
        document.controller.setState(named: name, in: document.package, transitionSpeed: transitionSpeed)
    }

    /// Holds the document `progress` (0…1) of the way through the swipe from its state called
    /// `from` to its state called `to`, as a finger holds the unlock swipe (see
    /// `CAStateController.swipe(to:of:heldAt:)`); nothing for a scene.
    public func holdSwipe(from: String, to: String, progress: Double) {
        guard let document = definition.document else { return }
        document.controller.setState(named: from, in: document.package, transitionSpeed: 0)
        document.controller.swipe(toStateNamed: to, in: document.package, heldAt: progress)
    }

    /// Makes a Lottie scene fill a picture of `size` points drawn one point to a point: its
    /// root takes the bounds `size` at the origin, without animating, and lays the animation out
    /// in them (aspect fit, centred), as lottie-ios's view does. A scene or a CAML document keeps
    /// its own geometry: an exporter scales its canvas to fit the picture instead.
    public func layOut(toFill size: CGSize) {
        guard definition.animation != nil else { return }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        root.bounds = CGRect(origin: .zero, size: size)
        root.position = CGPoint(x: size.width / 2, y: size.height / 2)
        CATransaction.commit()
    }

    /// The id the document gives `layer`, nil when it has none.
    public func layerID(of layer: CALayer) -> String? {
        ids[ObjectIdentifier(layer)]
    }
}
