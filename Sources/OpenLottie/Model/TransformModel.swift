import Foundation

/// A layer's or a shape group's transform, as the file animates it.
struct TransformModel: Sendable {
    var anchor: KeyframeGroup<LottieVector>
    /// The position, or nil when its dimensions are animated separately.
    var position: KeyframeGroup<LottieVector>?
    var positionX: KeyframeGroup<Double>?
    var positionY: KeyframeGroup<Double>?
    /// The depth, when the position's dimensions are separate and a 3D layer's has one.
    var positionZ: KeyframeGroup<Double>?
    /// Percent: 100 is the layer's own size.
    var scale: KeyframeGroup<LottieVector>
    /// Degrees about z.
    var rotation: KeyframeGroup<Double>
    var rotationX: KeyframeGroup<Double>
    var rotationY: KeyframeGroup<Double>
    /// A 3D layer's orientation: degrees about x, y and z (`or`), applied after the rotations.
    var orientation = KeyframeGroup(LottieVector([0, 0, 0]))
    /// Percent.
    var opacity: KeyframeGroup<Double>
    /// Degrees.
    var skew: KeyframeGroup<Double>
    var skewAxis: KeyframeGroup<Double>

    static let identity = TransformModel(
        anchor: KeyframeGroup(LottieVector([0, 0, 0])), position: KeyframeGroup(LottieVector([0, 0, 0])),
        scale: KeyframeGroup(LottieVector([100, 100, 100])), rotation: KeyframeGroup(0), rotationX: KeyframeGroup(0),
        rotationY: KeyframeGroup(0), opacity: KeyframeGroup(100), skew: KeyframeGroup(0), skewAxis: KeyframeGroup(0)
    )

    var hasSkew: Bool {
        skew.keyframes.contains { $0.value != 0 }
    }

    /// A skew that changes over time (its amount or its axis): Core Animation's interpolation
    /// of two skewed matrices does not turn the axis, so such a transform is worked out frame
    /// by frame, as lottie-ios does.
    /// Whether the layer turns about x or y at some keyframe.
    var turnsAboutXOrY: Bool {
        rotationX.keyframes.contains { $0.value != 0 } || rotationY.keyframes.contains { $0.value != 0 }
    }

    /// Whether the transform leaves the plane somewhere: it turns about x or y, or has an
    /// orientation about them.
    var leavesThePlane: Bool {
        turnsAboutXOrY || orientation.keyframes.contains { $0.value.x != 0 || $0.value.y != 0 }
    }

    var hasSkewAnimation: Bool {
        hasSkew && (skew.keyframes.count > 1 || skewAxis.keyframes.count > 1)
    }

    /// Whether some keyframe mirrors along x: such a transform is animated whole, as lottie-ios
    /// animates it (separate `transform.scale.x` animations do not carry the sign).
    var hasNegativeXScale: Bool {
        scale.keyframes.contains { $0.value.x < 0 }
    }
}
