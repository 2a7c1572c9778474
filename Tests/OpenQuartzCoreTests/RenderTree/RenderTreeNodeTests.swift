import Foundation
import OpenQuartzCore
import QuartzTestSupport
import Testing

/// The renderer's nodes (``RenderTree``, one evaluation of the whole tree) against what
/// `presentation()` reports, layer by layer, at the same times.
@Suite struct RenderTreeNodeTests {
    /// Every layer's evaluated node equals the node read from its presentation copy.
    static func expectNodesMatchPresentation(of root: CALayer, at time: CFTimeInterval, _ label: String) {
        let nodes = RenderTree(roots: [root])
        nodes.evaluate(at: time)
        for (index, layer) in nodes.layers.enumerated() {
            guard let presented = layer.presentation() else {
                Issue.record("\(label): a layer has no presentation copy")
                continue
            }
            let differences = valueDifferences(
                nodes.nodes[index], RenderNode(presenting: presented), tolerance: 1e-9, path: "node \(index)")
            #expect(differences.isEmpty, "\(label) at \(time): \(differences)")
        }
    }

    @Test(arguments: 0..<12)
    func randomTreesMatchPresentation(seed: UInt64) {
        withManualClock { clock in
            var random = SplitMix64(state: seed)
            let (root, layerCount) = Self.randomAnimatedTree(&random)
            #expect(RenderTree(roots: [root]).animationCount > 0 || layerCount < 6, "seed \(seed) animates nothing")
            for time in [0.0, 0.13, 0.5, 0.91, 1.7, 3.2] {
                clock.advance(to: time)
                Self.expectNodesMatchPresentation(of: root, at: time, "seed \(seed)")
            }
        }
    }

    /// Each layer's animated keys are its own: two layers animating one key read back their
    /// own values, and of two animations on one key of a layer the later, on top, is read.
    @Test func eachLayerReadsItsOwnTopmostAnimation() throws {
        try withManualClock { clock in
            CATransaction.setDisableActions(true)
            let root = CALayer()
            let first = CALayer()
            let second = CALayer()
            root.addSublayer(first)
            root.addSublayer(second)
            CATransaction.flush()
            func fade(_ layer: CALayer, from: Double, to: Double, key: String) {
                let animation = CABasicAnimation(keyPath: "opacity")
                (animation.fromValue, animation.toValue, animation.duration) = (from, to, 1)
                layer.add(animation, forKey: key)
            }
            fade(first, from: 0, to: 1, key: "under")
            fade(first, from: 0, to: 0.5, key: "over")
            fade(second, from: 1, to: 0, key: "under")
            CATransaction.flush()
            clock.advance(to: 0.5)
            let tree = RenderTree(roots: [root])
            tree.evaluate(at: 0.5)
            let values = try [first, second, root].map { layer in
                guard case .number(let opacity) = tree.presentedValue(of: layer, forKey: "opacity") else {
                    throw CocoaError(.coderValueNotFound)
                }
                return opacity
            }
            #expect(abs(values[0] - 0.25) < 1e-9, "the animation on top: \(values[0])")
            #expect(abs(values[1] - 0.5) < 1e-9, "the other layer's own: \(values[1])")
            #expect(values[2] == 1, "no animation: the model value, \(values[2])")
        }
    }

    /// A committed random tree (`randomLayer`s under a root, some as masks) with random
    /// animations on its layers, and its number of layers.
    static func randomAnimatedTree(_ random: inout SplitMix64) -> (root: CALayer, layerCount: Int) {
        CATransaction.setDisableActions(true)
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 200, height: 200)
        var layers = [root]
        for _ in 0..<random.below(14) + 4 {
            let layer = Self.randomLayer(&random)
            let parent = layers[random.below(layers.count)]
            if random.below(8) == 0, parent.mask == nil {
                parent.mask = layer
            } else {
                parent.addSublayer(layer)
            }
            layers.append(layer)
        }
        CATransaction.flush()
        for layer in layers { Self.addRandomAnimations(to: layer, &random) }
        CATransaction.flush()
        return (root, layers.count)
    }

    /// The renderer evaluates every frame into a buffer an earlier frame wrote, setting back
    /// only the fields that need it (lane values are stored whole as they are evaluated).
    /// Frames written one after another into one buffer — forward, back in time, before
    /// animations begin, after they end, through fills and repeats — equal a tree's first
    /// evaluation into its model nodes at each time, field for field.
    @Test(arguments: 0..<8)
    func framesWrittenIntoOneBufferMatchFirstEvaluation(seed: UInt64) {
        withManualClock { _ in
            var random = SplitMix64(state: seed + 1_000)
            let (root, _) = Self.randomAnimatedTree(&random)
            // Beside it, distinct timings on the four key paths of issue 13's scene, in a chain.
            var parent = root
            for index in 0..<8 {
                let layer = CALayer()
                parent.addSublayer(layer)
                parent = layer
                let keyPath = ["position", "opacity", "transform.rotation.z", "backgroundColor"][index % 4]
                let animation = CABasicAnimation(keyPath: keyPath)
                switch index % 4 {
                case 0: (animation.fromValue, animation.toValue) = (CGPoint(x: 1, y: 2), CGPoint(x: 90, y: -40))
                case 1: (animation.fromValue, animation.toValue) = (0.2, 0.9)
                case 2: (animation.fromValue, animation.toValue) = (-2.5, 1.5)
                default:
                    animation.fromValue = CGColor(red: 1, green: 0.5, blue: 0, alpha: 1)
                    animation.toValue = CGColor(red: 0, green: 0.25, blue: 1, alpha: 0.5)
                }
                animation.beginTime = random.double(in: 0...0.5)
                animation.duration = random.double(in: 0.5...2)
                animation.timingFunction = CAMediaTimingFunction(
                    controlPoints: Float(random.double(in: 0...1)), Float(random.double(in: 0...1)),
                    Float(random.double(in: 0...1)), Float(random.double(in: 0...1)))
                layer.add(animation, forKey: "distinct")
            }
            CATransaction.flush()
            let tree = RenderTree(roots: [root])
            var buffer = tree.baseNodes
            for time in [0.6, 0.61, 1.7, 0.13, 3.2, 0.0, 0.91, 2.2, 0.4] {
                tree.evaluate(at: time, into: &buffer)
                let first = RenderTree(roots: [root])
                first.evaluate(at: time)
                #expect(buffer.count == first.nodes.count)
                for index in buffer.indices {
                    let differences = valueDifferences(
                        buffer[index], first.nodes[index], tolerance: 1e-9, path: "node \(index)")
                    #expect(differences.isEmpty, "seed \(seed) at \(time): \(differences)")
                }
            }
        }
    }

    static func randomLayer(_ random: inout SplitMix64) -> CALayer {
        let layer: CALayer
        switch random.below(6) {
        case 0:
            let shape = CAShapeLayer()
            shape.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 30, height: 20), transform: nil)
            shape.strokeColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
            shape.lineWidth = random.double(in: 0...4)
            layer = shape
        case 1:
            let gradient = CAGradientLayer()
            gradient.colors = [
                CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 1, blue: 0, alpha: 1),
            ]
            layer = gradient
        case 2:
            let text = CATextLayer()
            text.string = "node"
            layer = text
        case 3:
            let replicator = CAReplicatorLayer()
            replicator.instanceCount = 3
            replicator.instanceTransform = CATransform3DMakeTranslation(5, 0, 0)
            layer = replicator
        case 4: layer = CATransformLayer()
        default: layer = CALayer()
        }
        layer.bounds = CGRect(x: 0, y: 0, width: random.double(in: 5...80), height: random.double(in: 5...80))
        layer.position = CGPoint(x: random.double(in: 0...200), y: random.double(in: 0...200))
        layer.opacity = Float(random.double(in: 0.2...1))
        layer.cornerRadius = random.double(in: 0...10)
        layer.backgroundColor = CGColor(red: random.double(in: 0...1), green: 0.5, blue: 0.25, alpha: 1)
        layer.zPosition = Double(random.below(3))
        if random.below(4) == 0 { layer.beginTime = random.double(in: -0.5...0.5) }
        if random.below(4) == 0 { layer.speed = Float(random.double(in: 0.5...2)) }
        if random.below(4) == 0 { layer.timeOffset = random.double(in: 0...0.5) }
        return layer
    }

    static func addRandomAnimations(to layer: CALayer, _ random: inout SplitMix64) {
        let keyPaths: [(String, () -> Any)] = [
            ("position", { CGPoint(x: 10, y: 20) }),
            ("position.x", { 42.0 }),
            ("position.y", { -8.0 }),
            ("opacity", { 0.1 }),
            ("transform.rotation.z", { Double.pi / 3 }),
            ("transform.scale", { 1.5 }),
            ("bounds.size.width", { 12.0 }),
            ("bounds", { CGRect(x: 0, y: 0, width: 33, height: 44) }),
            ("backgroundColor", { CGColor(red: 0, green: 0, blue: 1, alpha: 0.5) }),
            ("cornerRadius", { 7.0 }),
            ("borderWidth", { 3.0 }),
            ("shadowOpacity", { 0.8 }),
        ]
        for index in 0..<random.below(4) {
            let (keyPath, value) = keyPaths[random.below(keyPaths.count)]
            let animation: CAAnimation
            switch random.below(4) {
            case 0:
                let basic = CABasicAnimation(keyPath: keyPath)
                basic.toValue = value()
                basic.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
                animation = basic
            case 1:
                let spring = CASpringAnimation(keyPath: keyPath)
                spring.toValue = value()
                spring.damping = 8
                animation = spring
            case 2:
                let keyframes = CAKeyframeAnimation(keyPath: keyPath)
                keyframes.values = [value(), value(), value()]
                keyframes.keyTimes = [0, 0.3, 1]
                animation = keyframes
            default:
                let child = CABasicAnimation(keyPath: keyPath)
                child.toValue = value()
                child.duration = 0.6
                child.beginTime = 0.2
                let group = CAAnimationGroup()
                group.animations = [child]
                animation = group
            }
            animation.duration = random.double(in: 0.4...2)
            if random.below(3) == 0 { animation.repeatCount = 2; animation.autoreverses = true }
            if random.below(3) == 0 { animation.fillMode = .both; animation.isRemovedOnCompletion = false }
            if random.below(4) == 0, let property = animation as? CAPropertyAnimation {
                property.isAdditive = true
            }
            layer.add(animation, forKey: "random\(index)")
        }
        if let shape = layer as? CAShapeLayer, random.below(2) == 0 {
            let draw = CABasicAnimation(keyPath: "strokeEnd")
            draw.fromValue = 0.0
            draw.duration = 1
            shape.add(draw, forKey: "draw")
        }
    }

    /// Transform parts written from the decomposition made when the tree is built (a z rotation
    /// as one sine and cosine) match `presentation()`, on model transforms with scale,
    /// translation, rotation about other axes, perspective, and none (a singular one).
    @Test(arguments: 0..<6)
    func transformPartsOnComposedModelsMatchPresentation(model: Int) {
        withManualClock { clock in
            CATransaction.setDisableActions(true)
            let root = CALayer()
            var transform = CATransform3DMakeTranslation(30, -12, 4)
            switch model {
            case 0: transform = CATransform3DScale(transform, 2, 0.5, 1)
            case 1: transform = CATransform3DRotate(CATransform3DScale(transform, 1.5, 3, 1), 0.7, 1, 0.3, 0)
            case 2: transform = CATransform3DRotate(transform, 2.5, 0, 1, 0)
            case 3: transform.m34 = -1 / 500
            case 4: transform = CATransform3DScale(transform, 0, 1, 1)
            default: transform = CATransform3DScale(transform, -1, 2, 1)
            }
            let parts: [(String, Any, Any)] = [
                ("transform.rotation.z", -0.4, 2.9), ("transform.rotation.x", 0.2, 1.1),
                ("transform.rotation.y", -1.0, 0.3), ("transform.rotation", 0.5, -2.0),
                ("transform.scale.x", 0.5, 2.0), ("transform.scale.y", 3.0, 1.0), ("transform.scale", 1.0, 0.25),
                ("transform.translation.x", -20.0, 40.0), ("transform.translation.z", 0.0, 9.0),
                ("transform.translation", CGSize(width: 5, height: 6), CGSize(width: -7, height: 8)),
                ("sublayerTransform.rotation.z", 0.1, 1.9),
            ]
            let layers = parts.map { _ in CALayer() }
            for layer in layers {
                layer.transform = transform
                layer.sublayerTransform = transform
                root.addSublayer(layer)
            }
            CATransaction.flush()
            for (index, (keyPath, from, to)) in parts.enumerated() {
                let layer = layers[index]
                let animation = CABasicAnimation(keyPath: keyPath)
                animation.fromValue = from
                animation.toValue = to
                animation.duration = 1 + Double(index) / 10
                layer.add(animation, forKey: "part")
            }
            CATransaction.flush()
            #expect(RenderTree(roots: [root]).laneCounts.general == 0)
            for time in [0.0, 0.25, 0.6, 0.99, 3.0] {
                clock.advance(to: time)
                Self.expectNodesMatchPresentation(of: root, at: time, "model \(model)")
            }
        }
    }

    /// A tree with more vector entries than one thread evaluates (`vectorLaneSplitCount`):
    /// the lane is evaluated in two parts on two threads, runs of entries sharing a timing
    /// included, and z rotations and x scales on untransformed layers write four entries of
    /// the transform (planar parts). Every node still matches `presentation()`, frame after
    /// frame in one buffer.
    @Test func largeTreesEvaluatedOnTwoThreadsMatchPresentation() {
        withManualClock { clock in
            CATransaction.setDisableActions(true)
            var random = SplitMix64(state: 41)
            let keyPaths = [
                "position", "opacity", "transform.rotation.z", "backgroundColor", "transform.scale.x",
                "transform.scale", "sublayerTransform.rotation.z",
            ]
            let count = RenderTree.vectorLaneSplitCount + 3_000
            var layers: [CALayer] = []
            var animation = CABasicAnimation()
            for index in 0..<count {
                let layer = CALayer()
                if index % 50 == 7 { layer.transform = CATransform3DMakeScale(2, 0.5, 1) }
                let keyPath = keyPaths[index % keyPaths.count]
                // Every third layer shares the timing of the one before: runs of equal timings.
                let shares = index % 3 != 0
                let begin = shares ? animation.beginTime : random.double(in: 0...0.5)
                let duration = shares ? animation.duration : random.double(in: 0.5...2)
                let curve =
                    shares
                    ? animation.timingFunction
                    : CAMediaTimingFunction(
                        controlPoints: Float(random.double(in: 0...1)), Float(random.double(in: 0...1)),
                        Float(random.double(in: 0...1)), Float(random.double(in: 0...1)))
                animation = CABasicAnimation(keyPath: keyPath)
                switch keyPath {
                case "position":
                    animation.fromValue = CGPoint(x: random.double(in: 0...50), y: 0)
                    animation.toValue = CGPoint(x: 100, y: random.double(in: 0...50))
                case "backgroundColor":
                    animation.fromValue = CGColor(red: random.double(in: 0...1), green: 0.2, blue: 0.3, alpha: 1)
                    animation.toValue = CGColor(red: 0.9, green: random.double(in: 0...1), blue: 0.1, alpha: 0.5)
                default:
                    animation.fromValue = random.double(in: -2...0.5)
                    animation.toValue = random.double(in: 0.6...3)
                }
                animation.beginTime = begin
                animation.duration = duration
                animation.timingFunction = curve
                layer.add(animation, forKey: "a")
                layers.append(layer)
            }
            let root = CALayer()
            root.sublayers = layers
            CATransaction.flush()
            let nodes = RenderTree(roots: [root])
            #expect(
                nodes.laneCounts.vector >= RenderTree.vectorLaneSplitCount,
                "\(nodes.laneCounts), \(nodes.planarPartCount)")
            // Rotations and x scales (3 of the 7 key paths), less those on scaled layers
            // whose recomposed model is not exactly theirs.
            #expect(nodes.planarPartCount > count * 3 / 7 - count / 50, "\(nodes.laneCounts), \(nodes.planarPartCount)")
            var buffer = nodes.baseNodes
            for time in [0.0, 0.77, 1.4, 2.6] {
                clock.advance(to: time)
                nodes.evaluate(at: time, into: &buffer)
                var mismatches = 0
                for (index, layer) in nodes.layers.enumerated() {
                    guard let presented = layer.presentation() else { continue }
                    let expected = RenderNode(presenting: presented)
                    // Every node's animated fields; every 61st node whole (compared by
                    // reflection, which is slow).
                    let differences =
                        index % 61 == 0
                        ? valueDifferences(buffer[index], expected, tolerance: 1e-9, path: "node \(index)")
                        : Self.animatedFieldDifferences(buffer[index], expected, index: index)
                    if !differences.isEmpty {
                        mismatches += 1
                        if mismatches <= 3 { Issue.record("at \(time): \(differences)") }
                    }
                }
                #expect(mismatches == 0, "\(mismatches) of \(count + 1) nodes differ at \(time)")
            }
        }
    }

    /// Where the fields the large tree's animations write differ by more than 1e-9.
    static func animatedFieldDifferences(_ actual: RenderNode, _ expected: RenderNode, index: Int) -> [String] {
        var numbers: [(String, Double, Double)] = [
            ("position.x", actual.drawn.position.x, expected.drawn.position.x),
            ("position.y", actual.drawn.position.y, expected.drawn.position.y),
            ("opacity", Double(actual.drawn.opacity), Double(expected.drawn.opacity)),
        ]
        for (name, a, e) in [
            ("transform", actual.drawn.transform, expected.drawn.transform),
            ("sublayerTransform", actual.drawn.sublayerTransform, expected.drawn.sublayerTransform),
        ] {
            let entries = { (t: CATransform3D) in
                [
                    t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24, t.m31, t.m32, t.m33, t.m34, t.m41, t.m42,
                    t.m43, t.m44,
                ]
            }
            for (entry, (x, y)) in zip(entries(a), entries(e)).enumerated() {
                numbers.append(("\(name)[\(entry)]", x, y))
            }
        }
        var differences = numbers.filter { abs($0.1 - $0.2) > 1e-9 }.map { "node \(index) \($0.0): \($0.1) vs \($0.2)" }
        switch (actual.drawn.backgroundColor, expected.drawn.backgroundColor) {
        case (nil, nil): break
        case let (a?, e?):
            let pairs = [(a.red, e.red), (a.green, e.green), (a.blue, e.blue), (a.alpha, e.alpha)]
            if pairs.contains(where: { abs($0 - $1) > 1e-9 }) || a.isGray != e.isGray {
                differences.append("node \(index) backgroundColor: \(a) vs \(e)")
            }
        default:
            differences.append(
                "node \(index) backgroundColor: \(String(describing: actual.drawn.backgroundColor)) vs \(String(describing: expected.drawn.backgroundColor))"
            )
        }
        return differences
    }
}
