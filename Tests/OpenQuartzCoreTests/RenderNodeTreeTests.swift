import Foundation
import OpenQuartzCore
import QuartzTestSupport
import Testing

/// The renderer's nodes (``RenderNodeTree``, one evaluation of the whole tree) against what
/// `presentation()` reports, layer by layer, at the same times.
@Suite struct RenderNodeTreeTests {
    /// Every layer's evaluated node equals the node read from its presentation copy.
    static func expectNodesMatchPresentation(of root: CALayer, at time: CFTimeInterval, _ label: String) {
        let nodes = RenderNodeTree(roots: [root])
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
            var random = SeededRandom(seed: seed)
            CATransaction.setDisableActions(true)
            let root = CALayer()
            root.bounds = CGRect(x: 0, y: 0, width: 200, height: 200)
            var layers = [root]
            for _ in 0..<random.int(below: 14) + 4 {
                let layer = Self.randomLayer(&random)
                let parent = layers[random.int(below: layers.count)]
                if random.int(below: 8) == 0, parent.mask == nil {
                    parent.mask = layer
                } else {
                    parent.addSublayer(layer)
                }
                layers.append(layer)
            }
            CATransaction.flush()
            for layer in layers { Self.addRandomAnimations(to: layer, &random) }
            CATransaction.flush()
            #expect(RenderTree(roots: [root]).animationCount > 0 || layers.count < 6, "seed \(seed) animates nothing")
            for time in [0.0, 0.13, 0.5, 0.91, 1.7, 3.2] {
                clock.advance(to: time)
                Self.expectNodesMatchPresentation(of: root, at: time, "seed \(seed)")
            }
        }
    }

    static func randomLayer(_ random: inout SeededRandom) -> CALayer {
        let layer: CALayer
        switch random.int(below: 6) {
        case 0:
            let shape = CAShapeLayer()
            shape.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 30, height: 20), transform: nil)
            shape.strokeColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
            shape.lineWidth = random.double(in: 0...4)
            layer = shape
        case 1:
            let gradient = CAGradientLayer()
            gradient.colors = [CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 1, blue: 0, alpha: 1)]
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
        layer.zPosition = Double(random.int(below: 3))
        if random.int(below: 4) == 0 { layer.beginTime = random.double(in: -0.5...0.5) }
        if random.int(below: 4) == 0 { layer.speed = Float(random.double(in: 0.5...2)) }
        if random.int(below: 4) == 0 { layer.timeOffset = random.double(in: 0...0.5) }
        return layer
    }

    static func addRandomAnimations(to layer: CALayer, _ random: inout SeededRandom) {
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
        for index in 0..<random.int(below: 4) {
            let (keyPath, value) = keyPaths[random.int(below: keyPaths.count)]
            let animation: CAAnimation
            switch random.int(below: 4) {
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
            if random.int(below: 3) == 0 { animation.repeatCount = 2; animation.autoreverses = true }
            if random.int(below: 3) == 0 { animation.fillMode = .both; animation.isRemovedOnCompletion = false }
            if random.int(below: 4) == 0, let property = animation as? CAPropertyAnimation { property.isAdditive = true }
            layer.add(animation, forKey: "random\(index)")
        }
        if let shape = layer as? CAShapeLayer, random.int(below: 2) == 0 {
            let draw = CABasicAnimation(keyPath: "strokeEnd")
            draw.fromValue = 0.0
            draw.duration = 1
            shape.add(draw, forKey: "draw")
        }
    }

    /// A tree changed between two evaluations is captured again: a new tree shows the change.
    @Test func nodeTreeSeesModelChangeAfterRebuild() {
        withManualClock { _ in
            CATransaction.setDisableActions(true)
            let root = CALayer()
            let child = CALayer()
            root.addSublayer(child)
            CATransaction.flush()
            let before = layerTreeGeneration.load(ordering: .relaxed)
            CATransaction.setDisableActions(true)
            child.opacity = 0.25
            CATransaction.flush()
            #expect(layerTreeGeneration.load(ordering: .relaxed) != before)
            let nodes = RenderNodeTree(roots: [root])
            nodes.evaluate(at: 0)
            #expect(nodes.node(of: child)?.opacity == 0.25)
        }
    }
}

/// SplitMix64: the same numbers for a seed on every platform.
struct SeededRandom {
    private var state: UInt64
    init(seed: UInt64) { state = seed &+ 0x9E37_79B9_7F4A_7C15 }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func int(below bound: Int) -> Int { Int(next() % UInt64(bound)) }
    mutating func double(in range: ClosedRange<Double>) -> Double {
        range.lowerBound + Double(next() >> 11) / Double(1 << 53) * (range.upperBound - range.lowerBound)
    }
}
