import OpenQuartzCore
import OpenUIKit

/// One animated scene of the gallery: a layer tree whose animations start at media time 0 on a
/// manual clock.
struct GalleryDemo {
    /// The name on the command line (`carender frame spring …`).
    let name: String
    /// One line saying what it shows.
    let summary: String
    /// The canvas in points.
    let size: CGSize
    /// How long it runs.
    let duration: CFTimeInterval
    /// Builds the tree and adds its animations at time 0; later changes go on the timeline.
    let build: @MainActor (DemoTimeline) -> CALayer

    /// Builds the scene on `clock` and moves the clock to `time`, running the timeline's
    /// changes and delivering the animation events on the way.
    @MainActor
    func scene(on clock: CAManualClock, at time: CFTimeInterval) -> CALayer {
        CAClock.$current.withValue(clock) {
            let timeline = DemoTimeline()
            let root = build(timeline)
            CATransaction.flush()
            for (when, change) in timeline.changes.sorted(by: { $0.time < $1.time }) where when <= time {
                clock.advance(to: max(when, clock.now))
                change()
                CATransaction.flush()
            }
            if time > clock.now { clock.advance(to: time) }
            return root
        }
    }
}

/// Changes a demo makes after it starts, at given media times.
@MainActor
final class DemoTimeline {
    fileprivate(set) var changes: [(time: CFTimeInterval, change: @MainActor () -> Void)] = []

    /// Runs `change` when the clock reaches `time`.
    func at(_ time: CFTimeInterval, _ change: @escaping @MainActor () -> Void) {
        changes.append((time, change))
    }
}

/// The built-in demos.
enum Gallery {
    @MainActor static let demos: [GalleryDemo] = [
        GalleryDemo(
            name: "spring", summary: "Seed 002's CASpringAnimation: a square springs across and overshoots.",
            size: CGSize(width: 240, height: 120), duration: 2, build: springDemo),
        GalleryDemo(
            name: "keyframe-circle",
            summary: "A CAKeyframeAnimation along a circular path, turning with the tangent (rotateAuto).",
            size: CGSize(width: 240, height: 240), duration: 2, build: keyframeCircleDemo),
        GalleryDemo(
            name: "group", summary: "Seed 002's group: rotation, an autoreversing scale and a path from 3 s, in 10 s.",
            size: CGSize(width: 240, height: 240), duration: 10, build: groupDemo),
        GalleryDemo(
            name: "additive-blocks",
            summary: "Two UIView blocks: the second starts mid-flight and blends additively, without a jump.",
            size: CGSize(width: 240, height: 120), duration: 1.5, build: additiveBlocksDemo),
        GalleryDemo(
            name: "pop", summary: "Seed 000's pop animation: to the new value with a sharp curve and slowly back.",
            size: CGSize(width: 120, height: 120), duration: 0.7, build: popDemo),
    ]

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
