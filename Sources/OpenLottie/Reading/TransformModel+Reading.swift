import Foundation

extension TransformModel {
    /// Reads a layer's `ks` or a shape group's `tr`.
    init(reading node: JSONNode) throws(LottieError) {
        self = .identity
        anchor = try node.keyframes("a", default: LottieVector([0, 0, 0])) { n throws(LottieError) in try n.vector() }
        if let position = node["p"], position.isObject, try position.bool("s") {
            positionX = try position.required("x").keyframeGroup { n throws(LottieError) in try n.scalar() }
            positionY = try position.required("y").keyframeGroup { n throws(LottieError) in try n.scalar() }
            do {
                positionZ = try position["z"].map { z throws(LottieError) in
                    try z.keyframeGroup { n throws(LottieError) in try n.scalar() }
                }
            } catch {
                position.warn("the position's depth cannot be read (\(error.message)) and is left out")
            }
            self.position = nil
        } else {
            self.position = try node.keyframes("p", default: LottieVector([0, 0, 0])) { n throws(LottieError) in
                try n.vector()
            }
        }
        scale = try node.keyframes("s", default: LottieVector([100, 100, 100])) { n throws(LottieError) in
            try n.vector()
        }
        let rotationKey = node["rz"] != nil ? "rz" : "r"
        rotation = try node.keyframes(rotationKey, default: 0) { n throws(LottieError) in try n.scalar() }
        rotationX = try node.keyframes("rx", default: 0) { n throws(LottieError) in try n.scalar() }
        rotationY = try node.keyframes("ry", default: 0) { n throws(LottieError) in try n.scalar() }
        // Orientation has no spatial path: lottie-web drops its tangents too. Only the complete
        // engine draws it: one it cannot read is left out with a warning, not refused.
        do {
            orientation = try node.keyframes("or", default: LottieVector([0, 0, 0])) { n throws(LottieError) in
                try n.vector()
            }
        } catch {
            node.warn("the orientation cannot be read (\(error.message)) and is left out")
        }
        orientation.keyframes = orientation.keyframes.map { keyframe in
            var keyframe = keyframe
            keyframe.spatialInTangent = nil
            keyframe.spatialOutTangent = nil
            return keyframe
        }
        opacity = try node.keyframes("o", default: 100) { n throws(LottieError) in try n.scalar() }
        skew = try node.keyframes("sk", default: 0) { n throws(LottieError) in try n.scalar() }
        skewAxis = try node.keyframes("sa", default: 0) { n throws(LottieError) in try n.scalar() }
        if rotationX.keyframes.contains(where: { $0.value != 0 })
            || rotationY.keyframes.contains(where: { $0.value != 0 })
        {
            node.use(.rotationOutOfPlane)
        }
    }
}
