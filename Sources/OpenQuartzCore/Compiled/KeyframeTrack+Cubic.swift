import Foundation

/// The per-keyframe tension, continuity and bias of a Kochanek–Bartels spline.
///
/// `CAAnimation.h`: "Each keyframe may have a tension, continuity and bias value associated
/// with it, each in the range [-1, 1] … Any unspecified values default to zero (giving a
/// Catmull-Rom spline if all are unspecified)."
struct KochanekBartels {
    var tension: [Double]
    var continuity: [Double]
    var bias: [Double]

    init(tension: [Double]?, continuity: [Double]?, bias: [Double]?) {
        self.tension = tension ?? []
        self.continuity = continuity ?? []
        self.bias = bias ?? []
    }

    /// The weights of the chords into and out of keyframe `i` in its two tangents.
    ///
    /// With t, c, b the keyframe's parameters (Kochanek & Bartels 1984, as Wikipedia's
    /// "Kochanek–Bartels spline" gives them):
    /// outgoing = (1−t)(1+b)(1+c)/2 · (P[i] − P[i−1]) + (1−t)(1−b)(1−c)/2 · (P[i+1] − P[i]),
    /// incoming = (1−t)(1+b)(1−c)/2 · (P[i] − P[i−1]) + (1−t)(1−b)(1+c)/2 · (P[i+1] − P[i]).
    func weights(at i: Int) -> (outgoing: (Double, Double), incoming: (Double, Double)) {
        let t = i < tension.count ? tension[i] : 0
        let c = i < continuity.count ? continuity[i] : 0
        let b = i < bias.count ? bias[i] : 0
        let half = (1 - t) / 2
        return (
            outgoing: (half * (1 + b) * (1 + c), half * (1 - b) * (1 - c)),
            incoming: (half * (1 + b) * (1 - c), half * (1 - b) * (1 + c))
        )
    }
}

extension KeyframeSpline {
    /// The Kochanek–Bartels spline through `values`, or nil when their kind has no vector
    /// form (transforms, booleans, images, arrays, other objects) and cannot be splined.
    ///
    /// Segment i is the cubic Hermite curve from P[i] to P[i+1] with tangents
    /// outgoing(i) and incoming(i+1), written as a Bézier with controls P[i] + outgoing(i)/3
    /// and P[i+1] − incoming(i+1)/3. At the ends the missing neighbour is the end point itself
    /// (P[−1] = P[0], P[n] = P[n−1]), so the curve leaves the first value heading for the
    /// second at half the chord's speed, as a Catmull–Rom spline with duplicated end points does.
    /// Tangents do not depend on the key times: the curve is the same whatever its timing.
    init?(values: [AnimatableValue], parameters: KochanekBartels) {
        guard values.count > 1, let layout = VectorLayout(values[0].kind) else { return nil }
        var points: [[Double]] = []
        for value in values {
            guard let components = layout.components(of: value) else { return nil }
            points.append(components)
        }
        let n = points.count
        let d = layout.dimension
        // Tangents per keyframe, flattened: outgoing[i * d + j], incoming[i * d + j].
        var outgoing = [Double](repeating: 0, count: n * d)
        var incoming = [Double](repeating: 0, count: n * d)
        for i in 0..<n {
            let previous = points[max(i - 1, 0)]
            let next = points[min(i + 1, n - 1)]
            let (out, into) = parameters.weights(at: i)
            for j in 0..<d {
                let before = points[i][j] - previous[j]
                let after = next[j] - points[i][j]
                outgoing[i * d + j] = out.0 * before + out.1 * after
                incoming[i * d + j] = into.0 * before + into.1 * after
            }
        }
        var controls: [Double] = []
        controls.reserveCapacity((n - 1) * 4 * d)
        for i in 0..<(n - 1) {
            controls += points[i]
            controls += (0..<d).map { points[i][$0] + outgoing[i * d + $0] / 3 }
            controls += (0..<d).map { points[i + 1][$0] - incoming[(i + 1) * d + $0] / 3 }
            controls += points[i + 1]
        }
        self.init(layout: layout, controls: controls)
    }
}
