import Foundation
import OpenCoreGraphics

// Compiling a `CAKeyframeAnimation`: converting its `[Any]` values once, and deciding what bad
// input means. Apple's documented behaviour is kept where there is one (invalid key times are
// ignored; see `KeyframeTrack.keyTimes(_:count:)`). Values of the wrong type or not finite make
// the animation have no effect, with a warning, since they may come from a file; a NaN among
// the animation's own parameters is a programmer error and traps with a message naming the key
// path. Either way NaN never reaches the presentation layer.

extension KeyframeTrack {
    /// Whether a keyframe `path` can animate `keyPath`, which holds `kind`: a point, or a
    /// translation's x and y (`transform.translation`, which lottie-ios moves layers with).
    package static func pathCanAnimate(_ kind: ValueKind, keyPath: String) -> Bool {
        kind == .point || (kind == .size && keyPath.hasSuffix("translation"))
    }

    /// The track for `animation`, whose property (or part of one) at `keyPath` holds values of
    /// `kind`; nil when the animation has nothing to animate (`values` nil or empty and no
    /// `path`), which Apple treats as no animation.
    ///
    /// Nil too, with a warning, when a value does not convert to `kind` or is not finite.
    ///
    /// - Precondition: no key time, timing parameter or
    ///   cubic parameter is NaN or infinite (key times outside [0, 1] are merely ignored);
    ///   a `path` has at least one point and animates a `CGPoint` or `transform.translation`.
    package static func make(for animation: CAKeyframeAnimation, kind: ValueKind, keyPath: String) -> KeyframeTrack? {
        let mode = CalculationMode(animation.calculationMode)
        let keyTimes = numbers(animation.keyTimes, named: "keyTimes", keyPath: keyPath, allowInfinite: true)
        let curves = animation.timingFunctions?.map(\.curve)
        if let path = animation.path {
            // A path gives points: a position's, or a translation's x and y (`transform.translation`).
            require(
                pathCanAnimate(kind, keyPath: keyPath),
                "CAKeyframeAnimation for key path '\(keyPath)': a path can only animate a CGPoint property "
                    + "or transform.translation, and '\(keyPath)' holds \(kind)")
            require(
                !PathOutline(path).points.isEmpty,
                "CAKeyframeAnimation for key path '\(keyPath)': the path has no points; "
                    + "add at least one point, or set values instead")
            // `CAAnimation.h`: the path "when non-nil overrides the `values' property".
            return KeyframeTrack(path: path, keyTimes: keyTimes, timingFunctions: curves, mode: mode)
        }
        // Apple: an animation with no values does nothing (it is still added and ends on time).
        guard let raw = animation.values, !raw.isEmpty else { return nil }
        // Measured on Apple (lottie-ios's snapshots of hold keyframes after the last eased
        // one): a discrete animation of one value between two key times shows the model value.
        if mode == .discrete, raw.count == 1, keyTimes?.count == 2 { return nil }
        var values: [AnimatableValue] = []
        values.reserveCapacity(raw.count)
        for (index, value) in raw.enumerated() {
            // As for a basic animation: a value of the wrong type or a NaN makes the animation
            // have no effect, with one warning (see `AnimationCompiler.compile`).
            guard let converted = AnimatableValue(converting: value, to: kind) else {
                Warnings.emit(
                    "CAKeyframeAnimation values[\(index)] for key path '\(keyPath)' must be \(kind), "
                        + "got \(describeType(value)); the animation has no effect on '\(keyPath)'")
                return nil
            }
            guard converted.hasOnlyFiniteNumbers else {
                Warnings.emit(
                    "CAKeyframeAnimation values[\(index)] for key path '\(keyPath)' is not finite: "
                        + "\(describeAnimationValue(value)); the animation has no effect on '\(keyPath)'")
                return nil
            }
            values.append(converted)
        }
        return KeyframeTrack(
            values: values, keyTimes: keyTimes, timingFunctions: curves, mode: mode,
            tension: numbers(animation.tensionValues, named: "tensionValues", keyPath: keyPath),
            continuity: numbers(animation.continuityValues, named: "continuityValues", keyPath: keyPath),
            bias: numbers(animation.biasValues, named: "biasValues", keyPath: keyPath))
    }

    /// The doubles of an `[NSNumber]` property, trapping on NaN (and on infinity unless
    /// `allowInfinite`: an infinite key time is outside [0, 1] and ignored like any other).
    private static func numbers(
        _ numbers: [NSNumber]?, named name: String, keyPath: String, allowInfinite: Bool = false
    ) -> [Double]? {
        numbers?.enumerated().map { index, number in
            let value = number.doubleValue
            require(
                !value.isNaN && (allowInfinite || value.isFinite),
                "CAKeyframeAnimation \(name)[\(index)] for key path '\(keyPath)' is \(value); it must be a finite number"
            )
            return value
        }
    }
}

extension AnimatableValue {
    /// Whether every number in the value is finite, so that interpolating it cannot make NaN.
    package var hasOnlyFiniteNumbers: Bool {
        func finite(_ numbers: CGFloat...) -> Bool { numbers.allSatisfy(\.isFinite) }
        func finite(_ color: ColorComponents?) -> Bool {
            guard let c = color else { return true }
            return [c.red, c.green, c.blue, c.alpha].allSatisfy(\.isFinite)
        }
        switch self {
        case .number(let n): return n.isFinite
        case .point(let p): return finite(p.x, p.y)
        case .size(let s): return finite(s.width, s.height)
        case .rect(let r): return finite(r.origin.x, r.origin.y, r.size.width, r.size.height)
        case .transform(let t):
            return finite(
                t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24,
                t.m31, t.m32, t.m33, t.m34, t.m41, t.m42, t.m43, t.m44)
        case .affineTransform(let t): return finite(t.a, t.b, t.c, t.d, t.tx, t.ty)
        case .color(let c): return finite(c)
        case .numbers(let numbers): return numbers.allSatisfy(\.isFinite)
        case .colors(let colors): return colors.allSatisfy { finite($0) }
        case .bool, .path, .image, .opaque: return true
        }
    }
}
