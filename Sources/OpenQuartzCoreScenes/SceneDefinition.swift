import OpenCAML
import OpenLottie
import OpenQuartzCore

/// What a scene is before it runs: a layer tree whose animations start at media time 0 on a
/// manual clock, with its name, canvas, length and the changes it makes later. The built-in
/// scenes (``BuiltInScenes``), loaded documents (``document(at:type:states:)``) and Lottie animations
/// (``lottie(at:loops:values:animationID:theme:slots:configuration:)``) are definitions;
/// ``start(on:)`` runs one as a ``Scene``.
public struct SceneDefinition {
    /// The name on the command line (`carender render spring …`) or the document's file name.
    public let name: String
    /// One line saying what it shows.
    public let summary: String
    /// The canvas in points.
    public let size: CGSize
    /// How long it plays.
    public let duration: CFTimeInterval
    /// A moment that shows what the scene is about: the gallery's poster frame.
    public let posterTime: CFTimeInterval
    /// Builds the tree and adds its animations at time 0; later changes go on the timeline.
    public let build: @MainActor (SceneTimeline) -> CALayer
    /// The document the scene shows, with the controller its states run through; nil for a
    /// built-in scene.
    public let document: SceneDocument?
    /// The Lottie animation the scene plays, with the warnings its reading gave; nil for a
    /// built-in scene or a CAML document.
    public let animation: LottieAnimation?

    public init(
        name: String, summary: String, size: CGSize, duration: CFTimeInterval, posterTime: CFTimeInterval,
        document: SceneDocument? = nil, animation: LottieAnimation? = nil,
        build: @escaping @MainActor (SceneTimeline) -> CALayer
    ) {
        self.name = name
        self.summary = summary
        self.size = size
        self.duration = duration
        self.posterTime = posterTime
        self.document = document
        self.animation = animation
        self.build = build
    }

    /// Builds the scene on `clock` at the clock's time and commits it. Call it inside
    /// `CAClock.$current.withValue(clock)`.
    @MainActor
    public func start(on clock: CAManualClock) -> Scene {
        Scene(self, on: clock)
    }

    /// Builds the scene on a new manual clock at media time 0 and commits it.
    @MainActor
    public func start() -> Scene {
        let clock = CAManualClock()
        return CAClock.$current.withValue(clock) { start(on: clock) }
    }

    /// Builds the scene on `clock` and moves the clock to `time`, running the timeline's
    /// changes and delivering the animation events on the way.
    @MainActor
    public func scene(on clock: CAManualClock, at time: CFTimeInterval) -> CALayer {
        CAClock.$current.withValue(clock) {
            let scene = start(on: clock)
            scene.advance(to: time)
            return scene.root
        }
    }
}
