import Foundation
import OpenLottie
import OpenQuartzCore

/// What the fuzz target does with one input: read it as a Lottie animation, make its layer
/// tree, show it paused at its start, middle and end, then play it on a manual clock, reading
/// presentation values each time. Errors (`LottieError`) and warnings are expected for bad
/// input and dropped; a trap, a hang or a runaway allocation is the bug being looked for, and
/// a NaN in a presented geometry value is reported as a problem.
enum LottieExercise {
    /// At most this many layers are read per presentation check, so an animation of
    /// thousands of layers stays a quick input.
    static let layerLimit = 400

    /// The reader's limits with a twentieth of the usual layer tree cost and 2 s for a file's
    /// expressions: the fuzz target is a debug build with AddressSanitizer, well over ten times
    /// slower than a release build, and makes the tree three times, all within libFuzzer's 10 s
    /// timeout. The code paths are the same; only the budget is smaller.
    static let limits: ReadingLimits = {
        var limits = ReadingLimits.standard
        limits.maximumTreeCost /= 20
        limits.maximumExpressionSeconds = 2
        return limits
    }()

    /// What one run found.
    struct Outcome {
        /// Nil when the animation loaded, else the error it failed with.
        var error: LottieError?
        /// What went wrong after loading; empty when nothing did.
        var problems: [String] = []
    }

    /// Runs `data` through the reader and the layer tree. Time is a fresh manual clock;
    /// OpenQuartzCore's warnings are dropped. Only embedded images are decoded.
    static func run(_ data: Data) -> Outcome {
        let clock = CAManualClock(time: 0)
        return Warnings.$handler.withValue({ _ in }) {
            CAClock.$current.withValue(clock) {
                defer { CATransaction.flush() }
                let animation: LottieAnimation
                do throws(LottieError) {
                    animation = try LottieAnimation(data: data, name: "fuzz.json", limits: limits)
                } catch {
                    return Outcome(error: error)
                }
                var problems: [String] = []
                let layer = animation.makeLayer()
                layer.bounds = CGRect(x: 0, y: 0, width: 32, height: 32)
                for progress in [0, 0.5, 1] {
                    layer.currentProgress = progress
                    CATransaction.flush()
                    check(layer, at: "progress \(progress)", into: &problems)
                }
                // The complete engine: the file's expressions evaluated, within their limits.
                if animation.hasExpressions {
                    let complete = animation.makeLayer(configuration: LottieConfiguration(renderingEngine: .complete))
                    complete.bounds = layer.bounds
                    complete.currentProgress = 0.5
                    CATransaction.flush()
                    check(complete, at: "complete engine, progress 0.5", into: &problems)
                }
                // Playing makes the tree again, with running animations.
                layer.play(loopMode: .autoReverse, speed: 2)
                CATransaction.flush()
                clock.advance(by: 0.25)
                check(layer, at: "playing t=0.25", into: &problems)
                return Outcome(problems: problems)
            }
        }
    }

    /// Reads the presented geometry of the first layers under `root`; notes every NaN.
    private static func check(_ root: CALayer, at moment: String, into problems: inout [String]) {
        var visited = 0
        var pending = [root]
        while let layer = pending.popLast(), visited < layerLimit {
            visited += 1
            let shown = layer.presentation() ?? layer
            let t = shown.transform
            let numbers: [CGFloat] = [
                shown.position.x, shown.position.y, shown.bounds.origin.x, shown.bounds.origin.y,
                shown.bounds.size.width, shown.bounds.size.height, shown.anchorPoint.x, shown.anchorPoint.y,
                shown.zPosition, CGFloat(shown.opacity), t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24,
                t.m31, t.m32, t.m33, t.m34, t.m41, t.m42, t.m43, t.m44,
            ]
            if numbers.contains(where: \.isNaN) {
                problems.append("\(moment): layer \(layer.name ?? "unnamed") presents NaN in \(numbers)")
            }
            // A shape layer's presented path is evaluated too.
            _ = (shown as? CAShapeLayer)?.path?.boundingBoxOfPath
            pending += (layer.sublayers ?? []).reversed()
            if let mask = layer.mask { pending.append(mask) }
        }
    }
}
