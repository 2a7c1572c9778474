import OpenQuartzCore

/// The built-in scenes, in the order of the seed articles' experiments: the gallery's cards and
/// what `carender render NAME` renders.
public enum BuiltInScenes {
    @MainActor public static let all: [SceneDefinition] = [
        SceneDefinition(
            name: "view-vs-layer",
            summary:
                "Seeds 000 and 001: the same change to a standalone layer (top) animates implicitly for 0.25 s; "
                + "to a view's layer it jumps (middle), unless it is made inside UIView.animate (bottom).",
            size: CGSize(width: 240, height: 180), duration: 2.4, posterTime: 0.55, build: viewVersusLayerScene),
        SceneDefinition(
            name: "nested-transactions",
            summary:
                "Seed 001's nested transactions, row by row: the outer transaction's 0.25 s, an inner one of 1 s, "
                + "a UIView.animate block of 0.5 s, and an inner one with actions disabled (a jump).",
            size: CGSize(width: 240, height: 240), duration: 1.75, posterTime: 0.6, build: nestedTransactionsScene),
        SceneDefinition(
            name: "pop",
            summary:
                "Seed 000's custom block API, DR_popAnimation: a quarter turn with a sharp curve, then slowly back.",
            size: CGSize(width: 120, height: 120), duration: 1.2, posterTime: 0.15, build: popScene),
        SceneDefinition(
            name: "image-view",
            summary:
                "Seed 000's UIImageView: animationImages (eight generated CGImages) cycle as a discrete "
                + "keyframe animation on the layer's contents.",
            size: CGSize(width: 120, height: 120), duration: 1.6, posterTime: 0.35, build: imageViewScene),
        SceneDefinition(
            name: "spring",
            summary: "Seed 002's CASpringAnimation, run for its settlingDuration: the square overshoots and settles.",
            size: CGSize(width: 240, height: 120), duration: 2, posterTime: 0.5, build: springScene),
        SceneDefinition(
            name: "keyframe-circle",
            summary: "Seed 002's CAKeyframeAnimation along a circular path, turning with the tangent (rotateAuto).",
            size: CGSize(width: 240, height: 240), duration: 2, posterTime: 0.6, build: keyframeCircleScene),
        SceneDefinition(
            name: "group", summary: "Seed 002's group: rotation, an autoreversing scale and a path from 3 s, in 10 s.",
            size: CGSize(width: 240, height: 240), duration: 10, posterTime: 4, build: groupScene),
        SceneDefinition(
            name: "transition-fade",
            summary: "Seed 002's CATransition, type fade: the new colour and badge cross-fade over the old.",
            size: CGSize(width: 240, height: 120), duration: 2, posterTime: 0.9, build: fadeTransitionScene),
        SceneDefinition(
            name: "transition-move-in",
            summary: "CATransition, type moveIn from the top: the new content slides in over the old.",
            size: CGSize(width: 240, height: 120), duration: 2, posterTime: 0.9, build: moveInTransitionScene),
        SceneDefinition(
            name: "transition-push",
            summary: "CATransition, type push from the right: the new content pushes the old out.",
            size: CGSize(width: 240, height: 120), duration: 2, posterTime: 0.9, build: pushTransitionScene),
        SceneDefinition(
            name: "transition-reveal",
            summary: "CATransition, type reveal from the bottom: the old content slides away, uncovering the new.",
            size: CGSize(width: 240, height: 120), duration: 2, posterTime: 0.9, build: revealTransitionScene),
        SceneDefinition(
            name: "fill-modes",
            summary:
                "Seed 002's fill modes, rows removed, forwards, backwards, both: bars grow 60 → 200 pt from 0.6 s "
                + "to 2.1 s (the strip below); backwards and both show the start value early, forwards and both "
                + "keep the end.",
            size: CGSize(width: 240, height: 240), duration: 3, posterTime: 2.5, build: fillModesScene),
        SceneDefinition(
            name: "additive-blocks",
            summary: "Two UIView blocks: the second starts mid-flight and blends additively, without a jump.",
            size: CGSize(width: 240, height: 120), duration: 1.5, posterTime: 0.8, build: additiveBlocksScene),
        SceneDefinition(
            name: "emitter-fountain",
            summary:
                "A CAEmitterLayer fountain: drops from a sweeping nozzle keep the place and heading of their "
                + "birth, fall, fade and burst into sparks (a sub-cell); a pure function of time.",
            size: CGSize(width: 240, height: 240), duration: 4, posterTime: 2.5, build: emitterFountainScene),
    ]

    /// The names of the scenes, comma-separated, for help texts.
    @MainActor public static var nameList: String { all.map(\.name).joined(separator: ", ") }

    /// The scene called `name`, or an error listing the names.
    @MainActor
    public static func named(_ name: String) throws(SceneError) -> SceneDefinition {
        guard let scene = all.first(where: { $0.name == name }) else {
            throw SceneError.unknownScene(name, known: all.map(\.name))
        }
        return scene
    }
}
