import Foundation
import OpenCoreGraphics
import QuartzTestSupport
import Testing

@testable import OpenQuartzCore

@Suite("The render tree's fast lanes take key-path components and colours")
struct RenderTreeComponentLaneTests {
    /// Key paths the random animations pick from, with the kind of value they animate.
    static let keyPaths: [(path: String, base: String)] = [
        ("position", "position"), ("position.x", "position"), ("position.y", "position"),
        ("bounds.size.width", "bounds"), ("bounds.origin", "bounds"), ("bounds.size", "bounds"),
        ("opacity", "opacity"), ("backgroundColor", "backgroundColor"),
        ("transform.rotation.z", "transform"), ("transform.rotation", "transform"),
        ("transform.scale", "transform"), ("transform.scale.x", "transform"),
        ("transform.translation.x", "transform"), ("transform.translation", "transform"),
        ("transform.rotation.x", "transform"),
    ]

    static func value(for path: String, _ random: inout SplitMix64) -> Any {
        func number(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &random) }
        switch path {
        case "position", "bounds.origin": return CGPoint(x: number(-50...50), y: number(-50...50))
        case "bounds.size", "transform.translation": return CGSize(width: number(1...80), height: number(1...80))
        case "opacity": return number(0...1)
        case "backgroundColor":
            return CGColor(red: number(0...1), green: number(0...1), blue: number(0...1), alpha: number(0...1))
        case "transform.scale", "transform.scale.x": return number(0.2...2)
        case "transform.rotation.z", "transform.rotation", "transform.rotation.x": return number(-6...6)
        default: return number(-100...100)
        }
    }

    static func animation(on path: String, _ random: inout SplitMix64) -> CAAnimation {
        let animation: CABasicAnimation
        if Bool.random(using: &random) {
            animation = CABasicAnimation(keyPath: path)
            let curves: [CAMediaTimingFunction?] = [
                nil, CAMediaTimingFunction(name: .easeInEaseOut), CAMediaTimingFunction(name: .easeIn),
                CAMediaTimingFunction(
                    controlPoints: Float.random(in: 0...1, using: &random), Float.random(in: -0.5...1.5, using: &random),
                    Float.random(in: 0...1, using: &random), Float.random(in: -0.5...1.5, using: &random)),
            ]
            animation.timingFunction = curves.randomElement(using: &random)!
            animation.duration = Double.random(in: 0.2...2, using: &random)
        } else {
            let spring = CASpringAnimation(keyPath: path)
            spring.damping = Double.random(in: 2...20, using: &random)
            spring.duration = Double.random(in: 0.5...2, using: &random)
            animation = spring
        }
        animation.fromValue = value(for: path, &random)
        animation.toValue = value(for: path, &random)
        animation.beginTime = Double.random(in: 0...0.5, using: &random)
        if Int.random(in: 0..<4, using: &random) == 0 {
            animation.repeatCount = 2
            animation.autoreverses = Bool.random(using: &random)
        }
        if Bool.random(using: &random) {
            animation.fillMode = .both
            animation.isRemovedOnCompletion = false
        }
        return animation
    }

    /// A committed layer whose model transform and colour are random (sometimes none).
    static func layer(_ random: inout SplitMix64) -> CALayer {
        let layer = committedLayer(position: CGPoint(x: 3, y: 4))
        // Without implicit animations: the tests count the lanes of their own animations.
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        defer { CATransaction.commit() }
        layer.bounds = CGRect(x: 1, y: 2, width: 30, height: 40)
        if Bool.random(using: &random) {
            let angle = CGFloat(Double.random(in: -3...3, using: &random))
            let scale = CGFloat(Double.random(in: 0.5...1.5, using: &random))
            layer.transform = CATransform3DScale(CATransform3DMakeRotation(angle, 0, 0, 1), scale, scale, 1)
        }
        if Bool.random(using: &random) { layer.backgroundColor = CGColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 1) }
        return layer
    }

    /// The numbers of a boxed value, to compare two of them.
    static func numbers(_ value: Any?) -> [Double] {
        switch value {
        case nil: return []
        case let point as CGPoint: return [point.x, point.y].map(Double.init)
        case let size as CGSize: return [size.width, size.height].map(Double.init)
        case let rect as CGRect: return [rect.minX, rect.minY, rect.width, rect.height].map(Double.init)
        case let t as CATransform3D:
            return [t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24, t.m31, t.m32, t.m33, t.m34,
                    t.m41, t.m42, t.m43, t.m44].map(Double.init)
        case let color as CGColor: return (color.components ?? []).map(Double.init)
        case let number as CGFloat: return [Double(number)]
        case let number as Double: return [number]
        case let number as Float: return [Double(number)]
        default: return [.nan]
        }
    }

    /// Compares the render tree with `presentation()` at many times, for the animated key
    /// paths and their whole values.
    static func expectTreeMatchesPresentation(
        _ layers: [(CALayer, [String])], clock: CAManualClock, tree: RenderTree
    ) throws {
        for step in 0...60 {
            let time = Double(step) * 0.05 + 0.013
            clock.advance(to: time)
            tree.evaluate(at: time)
            for (layer, paths) in layers {
                let shown = try #require(layer.presentation())
                for path in paths + Self.keyPaths.filter({ paths.contains($0.path) }).map(\.base) {
                    let expected = numbers(shown.value(forKeyPath: path))
                    let actual = numbers(tree.presentationValue(of: layer, forKeyPath: path))
                    #expect(actual.count == expected.count, "\(path) at \(time): \(actual) vs \(expected)")
                    for (a, e) in zip(actual, expected) {
                        expectClose(a, e, within: 1e-9, "\(path) at \(time): \(actual) vs \(expected)")
                    }
                }
            }
        }
    }

    @Test func componentsAndColoursEvaluateInTheVectorLaneAsPresentationShows() throws {
        try withManualClock { clock in
            var random = SplitMix64(state: 13)
            var layers: [(CALayer, [String])] = []
            for index in 0..<120 {
                let layer = Self.layer(&random)
                let path = Self.keyPaths[index % Self.keyPaths.count].path
                layer.add(Self.animation(on: path, &random), forKey: "a")
                layers.append((layer, [path]))
            }
            CATransaction.flush()
            let tree = RenderTree(roots: layers.map(\.0))
            let counts = tree.laneCounts
            #expect(counts.vector == layers.count && counts.keyframe == 0 && counts.general == 0, "\(counts)")
            try Self.expectTreeMatchesPresentation(layers, clock: clock, tree: tree)
        }
    }

    @Test func severalComponentsOfOneValueComposeInOrderAsPresentationShows() throws {
        try withManualClock { clock in
            var random = SplitMix64(state: 7)
            let pairs: [[String]] = [
                ["position.x", "position.y"], ["transform.rotation.z", "transform.scale"],
                ["bounds.size.width", "bounds.origin"], ["position", "position.y"],
                ["transform.translation.x", "transform.rotation.z"], ["backgroundColor", "backgroundColor"],
            ]
            var layers: [(CALayer, [String])] = []
            for index in 0..<48 {
                let layer = Self.layer(&random)
                let paths = pairs[index % pairs.count]
                for (order, path) in paths.enumerated() {
                    layer.add(Self.animation(on: path, &random), forKey: "a\(order)")
                }
                layers.append((layer, paths))
            }
            CATransaction.flush()
            let tree = RenderTree(roots: layers.map(\.0))
            // The first animation of each (layer, key) runs in the vector lane.
            #expect(tree.laneCounts.vector == layers.count, "\(tree.laneCounts)")
            try Self.expectTreeMatchesPresentation(layers, clock: clock, tree: tree)
        }
    }

    @Test func colourKeyframesRunInTheKeyframeLane() throws {
        try withManualClock { clock in
            let layer = committedLayer()
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            layer.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
            CATransaction.commit()
            let keyframes = CAKeyframeAnimation(keyPath: "backgroundColor")
            keyframes.values = [
                CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 1, blue: 0, alpha: 0.5),
                CGColor(red: 0, green: 0, blue: 1, alpha: 1),
            ]
            keyframes.duration = 1
            layer.add(keyframes, forKey: "tint")
            CATransaction.flush()
            let tree = RenderTree(roots: [layer])
            #expect(tree.laneCounts.keyframe == 1)
            try Self.expectTreeMatchesPresentation([(layer, ["backgroundColor"])], clock: clock, tree: tree)
        }
    }
}
