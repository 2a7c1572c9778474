import OpenCoreGraphics
import OpenQuartzCore
import OpenUIKit

/// One animated scene of the gallery: a layer tree whose animations start at media time 0 on a
/// manual clock.
struct GalleryDemo {
    /// The name on the command line (`carender render spring …`).
    let name: String
    /// One line saying what it shows.
    let summary: String
    /// The canvas in points.
    let size: CGSize
    /// How long it runs.
    let duration: CFTimeInterval
    /// A moment that shows what the demo is about: the gallery's poster frame.
    let posterTime: CFTimeInterval
    /// Builds the tree and adds its animations at time 0; later changes go on the timeline.
    let build: @MainActor (DemoTimeline) -> CALayer

    /// Builds the scene on `clock` and moves the clock to `time`, running the timeline's
    /// changes and delivering the animation events on the way.
    @MainActor
    func scene(on clock: CAManualClock, at time: CFTimeInterval) -> CALayer {
        CAClock.$current.withValue(clock) {
            let run = DemoRun(self, on: clock)
            run.advance(to: time)
            return run.root
        }
    }
}

/// A demo started on a manual clock: its tree and the timeline changes still to come. Every
/// command steps demos through it: `frame` and `inspect` advance once, `render` and `gallery`
/// once per frame.
///
/// Make it and advance it inside `CAClock.$current.withValue(clock)`: the changes read the
/// media time.
@MainActor
final class DemoRun {
    /// The root of the demo's tree.
    let root: CALayer
    let clock: CAManualClock
    private var pending: [DemoTimeline.Change]
    /// Views the demo keeps: a layer points to its view only weakly, as its delegate.
    private let kept: [AnyObject]

    /// Builds `demo` at the clock's time and commits it.
    init(_ demo: GalleryDemo, on clock: CAManualClock) {
        require(CAClock.current === clock, "DemoRun must run inside CAClock.$current.withValue(clock)")
        self.clock = clock
        let timeline = DemoTimeline()
        root = demo.build(timeline)
        kept = timeline.kept
        CATransaction.flush()
        // Stable: changes at the same time run in the order the demo gave them.
        pending = timeline.changes.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }
            .map(\.element)
    }

    /// The timeline changes still to come, in the order they run; the run forgets them (an
    /// exporter runs them from now on).
    func takePendingChanges() -> [DemoTimeline.Change] {
        defer { pending = [] }
        return pending
    }

    /// The times of the timeline changes still to come.
    var pendingChangeTimes: [CFTimeInterval] { pending.map(\.time) }

    /// Moves the clock to `time`, stopping at each timeline change that falls due on the way to
    /// make it at its own time and commit it. Times before the clock's do nothing.
    func advance(to time: CFTimeInterval) {
        while let next = pending.first, next.time <= time {
            pending.removeFirst()
            if next.time > clock.now { clock.advance(to: next.time) }
            next.change()
            CATransaction.flush()
        }
        if time > clock.now { clock.advance(to: time) }
    }
}

/// Changes a demo makes after it starts, at given media times.
@MainActor
final class DemoTimeline {
    struct Change {
        let time: CFTimeInterval
        let change: @MainActor () -> Void
    }

    fileprivate(set) var changes: [Change] = []
    fileprivate(set) var kept: [AnyObject] = []

    /// Runs `change` when the clock reaches `time`.
    func at(_ time: CFTimeInterval, _ change: @escaping @MainActor () -> Void) {
        changes.append(Change(time: time, change: change))
    }

    /// Keeps `object` alive while the demo runs: views, which their layers point to only
    /// weakly (a view is its layer's delegate), so that a later change still asks them.
    func keep(_ object: AnyObject) {
        kept.append(object)
    }
}

/// The built-in demos, in the order of the seed articles' experiments.
enum Gallery {
    @MainActor static let demos: [GalleryDemo] = [
        GalleryDemo(
            name: "view-vs-layer",
            summary:
                "Seeds 000 and 001: the same change to a standalone layer (top) animates implicitly for 0.25 s; "
                + "to a view's layer it jumps (middle), unless it is made inside UIView.animate (bottom).",
            size: CGSize(width: 240, height: 180), duration: 2.4, posterTime: 0.55, build: viewVersusLayerDemo),
        GalleryDemo(
            name: "nested-transactions",
            summary:
                "Seed 001's nested transactions, row by row: the outer transaction's 0.25 s, an inner one of 1 s, "
                + "a UIView.animate block of 0.5 s, and an inner one with actions disabled (a jump).",
            size: CGSize(width: 240, height: 240), duration: 1.75, posterTime: 0.6, build: nestedTransactionsDemo),
        GalleryDemo(
            name: "pop",
            summary:
                "Seed 000's custom block API, DR_popAnimation: a quarter turn with a sharp curve, then slowly back.",
            size: CGSize(width: 120, height: 120), duration: 1.2, posterTime: 0.15, build: popDemo),
        GalleryDemo(
            name: "image-view",
            summary:
                "Seed 000's UIImageView: animationImages (eight generated CGImages) cycle as a discrete "
                + "keyframe animation on the layer's contents.",
            size: CGSize(width: 120, height: 120), duration: 1.6, posterTime: 0.35, build: imageViewDemo),
        GalleryDemo(
            name: "spring",
            summary: "Seed 002's CASpringAnimation, run for its settlingDuration: the square overshoots and settles.",
            size: CGSize(width: 240, height: 120), duration: 2, posterTime: 0.5, build: springDemo),
        GalleryDemo(
            name: "keyframe-circle",
            summary: "Seed 002's CAKeyframeAnimation along a circular path, turning with the tangent (rotateAuto).",
            size: CGSize(width: 240, height: 240), duration: 2, posterTime: 0.6, build: keyframeCircleDemo),
        GalleryDemo(
            name: "group", summary: "Seed 002's group: rotation, an autoreversing scale and a path from 3 s, in 10 s.",
            size: CGSize(width: 240, height: 240), duration: 10, posterTime: 4, build: groupDemo),
        GalleryDemo(
            name: "transition-fade",
            summary: "Seed 002's CATransition, type fade: the new colour and badge cross-fade over the old.",
            size: CGSize(width: 240, height: 120), duration: 2, posterTime: 0.9, build: fadeTransitionDemo),
        GalleryDemo(
            name: "transition-move-in",
            summary: "CATransition, type moveIn from the top: the new content slides in over the old.",
            size: CGSize(width: 240, height: 120), duration: 2, posterTime: 0.9, build: moveInTransitionDemo),
        GalleryDemo(
            name: "transition-push",
            summary: "CATransition, type push from the right: the new content pushes the old out.",
            size: CGSize(width: 240, height: 120), duration: 2, posterTime: 0.9, build: pushTransitionDemo),
        GalleryDemo(
            name: "transition-reveal",
            summary: "CATransition, type reveal from the bottom: the old content slides away, uncovering the new.",
            size: CGSize(width: 240, height: 120), duration: 2, posterTime: 0.9, build: revealTransitionDemo),
        GalleryDemo(
            name: "fill-modes",
            summary:
                "Seed 002's fill modes, rows removed, forwards, backwards, both: bars grow 60 → 200 pt from 0.6 s "
                + "to 2.1 s (the strip below); backwards and both show the start value early, forwards and both "
                + "keep the end.",
            size: CGSize(width: 240, height: 240), duration: 3, posterTime: 2.5, build: fillModesDemo),
        GalleryDemo(
            name: "additive-blocks",
            summary: "Two UIView blocks: the second starts mid-flight and blends additively, without a jump.",
            size: CGSize(width: 240, height: 120), duration: 1.5, posterTime: 0.8, build: additiveBlocksDemo),
        GalleryDemo(
            name: "emitter-fountain",
            summary:
                "A CAEmitterLayer fountain: drops from a sweeping nozzle keep the place and heading of their "
                + "birth, fall, fade and burst into sparks (a sub-cell); a pure function of time.",
            size: CGSize(width: 240, height: 240), duration: 4, posterTime: 2.5, build: emitterFountainDemo),
    ]

    /// The names of the demos, comma-separated, for help texts.
    @MainActor static var nameList: String { demos.map(\.name).joined(separator: ", ") }

    /// The demo called `name`, or an error listing the names.
    @MainActor
    static func demo(named name: String) throws -> GalleryDemo {
        guard let demo = demos.first(where: { $0.name == name }) else {
            throw GalleryError.unknownDemo(name, known: demos.map(\.name))
        }
        return demo
    }
}

/// Mistakes on the command line that name things the gallery does not have.
enum GalleryError: Error, CustomStringConvertible {
    case unknownDemo(String, known: [String])

    var description: String {
        switch self {
        case .unknownDemo(let name, let known):
            "there is no demo called '\(name)'; the demos are: \(known.joined(separator: ", "))"
        }
    }
}
