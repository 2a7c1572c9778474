import Foundation
import OpenCAML
import OpenQuartzCore

/// What the fuzz target and the mutation test do with one document: decode it, then switch
/// every layer's states with and without transitions and read presentation values on a
/// manual clock. Errors (`CAMLError`) and warnings are expected for bad input and dropped;
/// a trap or a hang is the bug being looked for, and a NaN in a presented geometry value is
/// reported as a problem.
enum CAMLExercise {
    /// At most this many layers are read per presentation check and this many states switched
    /// per layer, so a document of thousands of layers stays a quick input.
    static let layerLimit = 400
    static let stateLimit = 6

    /// What one run found.
    struct Outcome {
        /// Nil when the document loaded, else the error it failed with.
        var error: CAMLError?
        /// What went wrong after loading; empty when nothing did.
        var problems: [String] = []
    }

    /// Runs `data` through the reader and the state machine. Time is a fresh manual clock;
    /// warnings are dropped. Image `src` paths are relative to `baseURL`, a folder that does
    /// not exist by default.
    static func run(_ data: Data, baseURL: URL = URL(fileURLWithPath: "/nonexistent-caml-assets")) -> Outcome {
        let clock = CAManualClock(time: 0)
        return Warnings.$handler.withValue({ _ in }) {
            CAClock.$current.withValue(clock) {
                defer { CATransaction.flush() }
                let root: CALayer
                do throws(CAMLError) {
                    root = try CAPackage.decodeDocument(data, path: "fuzz.caml", baseURL: baseURL).rootLayer
                } catch {
                    return Outcome(error: error)
                }
                var problems: [String] = []
                CATransaction.flush()
                check(root, at: "loaded", into: &problems)
                clock.advance(by: 0.5)
                check(root, at: "t=0.5", into: &problems)
                switchStates(under: root, clock: clock, problems: &problems)
                return Outcome(problems: problems)
            }
        }
    }

    /// Every layer with states goes through its first states at speeds 1, 2, 0 and ½ (the
    /// later ones interrupting the earlier transitions), then back to no state.
    private static func switchStates(under root: CALayer, clock: CAManualClock, problems: inout [String]) {
        let layers = layersWithStates(under: root)
        guard !layers.isEmpty else { return }
        let controller = CAStateController(layer: root)
        controller.setInitialStates(of: root, transitionSpeed: 1)
        let speeds: [Float] = [1, 2, 0, 0.5]
        for layer in layers {
            for (index, state) in (layer.states ?? []).prefix(stateLimit).enumerated() {
                controller.setState(state, of: layer, transitionSpeed: speeds[index % speeds.count])
                CATransaction.flush()
                check(root, at: "state \(state.name) t=0", into: &problems)
                clock.advance(by: 0.1)
                check(root, at: "state \(state.name) t=0.1", into: &problems)
            }
            controller.setState(nil, of: layer, transitionSpeed: 1)
            clock.advance(by: 0.2)
            check(root, at: "no state t=0.2", into: &problems)
        }
        clock.advance(by: 30)
        check(root, at: "after 30 s", into: &problems)
        controller.removeAllStateChanges()
        CATransaction.flush()
    }

    /// The layers under `root` (sublayers and masks) that have states, in tree order.
    private static func layersWithStates(under root: CALayer) -> [CALayer] {
        var found: [CALayer] = []
        var visited = 0
        var pending = [root]
        while let layer = pending.popLast(), visited < layerLimit {
            visited += 1
            if !(layer.states ?? []).isEmpty { found.append(layer) }
            pending += (layer.sublayers ?? []).reversed()
            if let mask = layer.mask { pending.append(mask) }
        }
        return found
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
            pending += (layer.sublayers ?? []).reversed()
            if let mask = layer.mask { pending.append(mask) }
        }
    }
}
