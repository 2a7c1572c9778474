import Foundation
import OpenLottie
import OpenQuartzCore
@_spi(Benchmarks) import OpenQuartzCoreRenderer

/// A sample playing (speed 1, looping) on a manual clock, sized as its snapshot, with its
/// render tree built once; with `captures`, the `CARenderer` whose frames capture it instead.
/// Each frame is 1/60 s after the last.
public final class LottiePlayingScene {
    public let clock = CAManualClock()
    public let layer: LottieAnimationLayer
    public let tree: RenderTree
    public let renderer: CARenderer?

    public init(_ sample: LottieSample, captures: Bool) throws {
        let animation = try LottieSamples.read(try Data(contentsOf: sample.url), of: sample)
        let size = LottieSamples.snapshotSize(of: animation)
        let values = try sample.values.map { try LottieValues(contentsOf: $0) }
        (layer, tree) = CAClock.$current.withValue(clock) {
            let layer = animation.makeLayer()
            layer.anchorPoint = .zero
            layer.bounds = CGRect(origin: .zero, size: size.points)
            layer.position = .zero
            values?.apply(to: layer)
            layer.play(loopMode: .loop)
            CATransaction.flush()
            return (layer, RenderTree(roots: [layer]))
        }
        if captures {
            let renderer = CARenderer(width: size.width, height: size.height, scale: 2)
            renderer.layer = layer
            self.renderer = renderer
        } else {
            renderer = nil
        }
        checkThatFramesDoWork(duration: animation.duration)
        // Warm: the first capture builds the node tree, the second makes the buffer its own.
        for _ in 0..<3 {
            advance()
            CAClock.$current.withValue(clock) { evaluateFrame() }
        }
    }

    /// Turns the clock 1/60 s, delivering what falls due.
    public func advance() {
        clock.advance(by: 1.0 / 60)
    }

    /// The frame at the clock's time: the render tree evaluated, or the renderer's capture
    /// (which evaluates its own tree and writes the frame's nodes). Call it on the scene's clock.
    public func evaluateFrame() {
        if let renderer {
            renderer.captureFrame(atTime: clock.now)
        } else {
            tree.evaluate(at: clock.now)
        }
    }

    /// Guards against measuring a tree with nothing to do: it has animations, and from a quarter
    /// to half of the animation some animated value changes.
    private func checkThatFramesDoWork(duration: Double) {
        precondition(tree.animationCount > 0, "the playing tree has no animations")
        var animated: [(CALayer, String)] = []
        var pending: [CALayer] = [layer]
        while let next = pending.popLast() {
            pending += next.sublayers ?? []
            if let mask = next.mask { pending.append(mask) }
            for key in next.animationKeys() ?? [] {
                var animations = next.animation(forKey: key).map { [$0] } ?? []
                while let animation = animations.popLast() {
                    if let group = animation as? CAAnimationGroup { animations += group.animations ?? [] }
                    if let property = animation as? CAPropertyAnimation, let keyPath = property.keyPath {
                        animated.append((next, keyPath))
                    }
                }
            }
        }
        func values(at time: Double) -> [String] {
            tree.evaluate(at: time)
            return animated.map { String(describing: tree.presentationValue(of: $0.0, forKeyPath: $0.1)) }
        }
        let changed = zip(values(at: duration * 0.25), values(at: duration * 0.5)).filter { $0 != $1 }.count
        precondition(changed > 0, "none of the \(animated.count) animated values changes from 25 % to 50 %")
        let keyPaths = Dictionary(grouping: animated.map(\.1), by: { $0 }).mapValues(\.count)
        print(
            "\(tree.layerCount) layers, \(tree.animationCount) animations (",
            keyPaths.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "),
            "), \(changed) values change from 25 % to 50 %", separator: "")
    }
}
