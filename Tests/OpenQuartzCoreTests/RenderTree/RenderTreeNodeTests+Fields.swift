import Foundation
import OpenQuartzCore
import QuartzTestSupport
import Testing

/// The render tree's typed node fields: lane values stored into them, the stores' offsets, the
/// descriptors that name them, and the readers that read them back.
extension RenderTreeNodeTests {
    /// Lane values written straight into typed fields — numbers, points, sizes, rectangles,
    /// components of each, colours to and from none — match `presentation()`, from the vector
    /// lane and the keyframe lane.
    @Test func laneValuesWrittenIntoFieldsMatchPresentation() {
        withManualClock { clock in
            CATransaction.setDisableActions(true)
            let root = CALayer()
            let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            let blue = CGColor(red: 0, green: 0.2, blue: 1, alpha: 0.5)
            let fields: [(String, Any?, Any?)] = [
                ("position.x", 10.0, 90.0), ("position.y", -5.0, 5.0),
                ("position", CGPoint(x: 1, y: 2), CGPoint(x: 50, y: 9)),
                ("anchorPoint", CGPoint(x: 0, y: 0), CGPoint(x: 1, y: 0.5)), ("anchorPointZ", 0.0, 4.0),
                ("zPosition", 0.0, 3.0), ("opacity", 0.0, 1.0), ("cornerRadius", 2.0, 12.0), ("borderWidth", 0.0, 3.0),
                ("contentsScale", 1.0, 3.0), ("shadowOpacity", 0.0, 0.9), ("shadowRadius", 1.0, 8.0),
                ("shadowOffset", CGSize(width: 0, height: -3), CGSize(width: 4, height: 6)),
                ("shadowOffset.width", 0.0, 7.0),
                ("bounds", CGRect(x: 0, y: 0, width: 10, height: 10), CGRect(x: 5, y: 5, width: 80, height: 40)),
                ("bounds.size.height", 4.0, 60.0), ("bounds.origin", CGPoint(x: 0, y: 0), CGPoint(x: 8, y: -8)),
                ("contentsRect", CGRect(x: 0, y: 0, width: 1, height: 1), CGRect(x: 0.25, y: 0, width: 0.5, height: 1)),
                (
                    "contentsCenter", CGRect(x: 0, y: 0, width: 1, height: 1),
                    CGRect(x: 0.1, y: 0.1, width: 0.8, height: 0.8)
                ),
                ("backgroundColor", red, blue), ("backgroundColor", nil, blue), ("borderColor", blue, nil),
                ("shadowColor", red, blue),
            ]
            var layers: [CALayer] = []
            for _ in 0..<fields.count * 2 {
                let layer = CALayer()
                layer.bounds = CGRect(x: 0, y: 0, width: 20, height: 30)
                layer.backgroundColor = blue
                root.addSublayer(layer)
                layers.append(layer)
            }
            CATransaction.flush()
            for (index, (keyPath, from, to)) in fields.enumerated() {
                for keyframes in [false, true] {
                    let layer = layers[index * 2 + (keyframes ? 1 : 0)]
                    let animation: CAPropertyAnimation
                    if keyframes, let from, let to {
                        let keyframe = CAKeyframeAnimation(keyPath: keyPath)
                        keyframe.values = [from, to, from]
                        keyframe.keyTimes = [0, 0.4, 1]
                        animation = keyframe
                    } else {
                        let basic = CABasicAnimation(keyPath: keyPath)
                        basic.fromValue = from
                        basic.toValue = to
                        animation = basic
                    }
                    animation.duration = 1 + Double(index) / 20
                    animation.timingFunction = CAMediaTimingFunction(name: .easeIn)
                    layer.add(animation, forKey: "field")
                }
            }
            CATransaction.flush()
            let lanes = RenderTree(roots: [root]).laneCounts
            #expect(lanes.vector >= 15 && lanes.keyframe >= 10, "lanes \(lanes)")
            for time in [0.0, 0.3, 0.7, 1.05, 2.0] {
                clock.advance(to: time)
                Self.expectNodesMatchPresentation(of: root, at: time, "fields")
            }
        }
    }

    /// A lane write packs its offset, part and store into 8 bytes and gives them back as made;
    /// one that does not fit is not made (its value takes the boxed write).
    @Test func laneWritesKeepTheirOffsetPartAndStore() {
        #expect(MemoryLayout<LaneWrite>.stride == 8)
        let stores: [LaneWrite.Store] = [.none, .cgFloat, .float, .point, .size, .rect, .color, .transformPart]
        for store in stores {
            for (offset, part) in [(0, 0), (824 * 99_999 + 16, 99_999), (Int(UInt32.max), (1 << 28) - 1)] {
                let write = LaneWrite(offset: offset, part: part, store: store)
                #expect(write?.offset == offset)
                #expect(write?.part == part)
                #expect(write?.store == store)
            }
            #expect(LaneWrite(offset: Int(UInt32.max) + 1, part: 0, store: store) == nil)
            #expect(LaneWrite(offset: 0, part: 1 << 28, store: store) == nil)
            #expect(LaneWrite(offset: -1, part: 0, store: store) == nil)
        }
        let opacityField = CALayer.propertyTable["opacity"]!.renderField!
        #expect(LaneWrite(node: 1 << 23, kind: .number, field: opacityField) == nil, "a node 6.9 GB into the buffer")
        let far = LaneWrite(node: 4_000_000, kind: .number, field: opacityField)
        let opacity = MemoryLayout<RenderNode>.offset(of: \.drawn.opacity) ?? -1
        #expect(far?.offset == 4_000_000 * MemoryLayout<RenderNode>.stride + opacity)
        #expect(far?.store == .float)
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
            let nodes = RenderTree(roots: [root])
            nodes.evaluate(at: 0)
            #expect(nodes.node(of: child)?.drawn.opacity == 0.25)
        }
    }

    /// Every field a render node has for an animated value is named by exactly one property
    /// descriptor of the layer classes that have it, under the key Core Animation uses; every
    /// field of a base layer's drawn values but the few `CALayer.h` does not mark Animatable
    /// is one of them (a field added without its descriptor fails here).
    @Test func everyRenderFieldIsNamedByOneDescriptor() {
        var named: [RenderNode.Field: [String]] = [:]
        for layerClass in [
            CALayer.self, CAShapeLayer.self, CAGradientLayer.self, CATextLayer.self, CAReplicatorLayer.self,
        ] {
            for (key, property) in layerClass.propertyTable.byKey {
                guard let field = property.renderField else { continue }
                if !(named[field]?.contains(key) ?? false) { named[field, default: []].append(key) }
            }
        }
        for (field, keys) in named {
            #expect(keys.count == 1, "\(field): \(keys)")
        }
        let payload: [RenderNode.Field] = [
            .contents, .shapePath, .fillColor, .strokeColor, .strokeStart, .strokeEnd, .lineWidth, .miterLimit,
            .lineDashPhase, .startPoint, .endPoint, .fontSize, .foregroundColor, .instanceTransform, .instanceColor,
            .instanceRedOffset, .instanceGreenOffset, .instanceBlueOffset, .instanceAlphaOffset,
        ]
        for field in payload {
            #expect(named[field]?.count == 1, "\(field): \(named[field] ?? [])")
        }
        let notAnimatable: Set = [
            "isGeometryFlipped", "maskedCorners", "cornerCurve", "contentsGravity", "minificationFilter",
            "magnificationFilter", "depthSortPoint",
        ]
        let drawnFields = Mirror(reflecting: DrawnValues()).children.compactMap(\.label)
        let animatableFields = drawnFields.filter { !notAnimatable.contains($0) }
        let namedDrawn = named.keys.filter { if case .drawn = $0 { true } else { false } }
        #expect(namedDrawn.count == animatableFields.count, "\(animatableFields.count) animatable drawn fields")
        #expect(Set(namedDrawn.map { if case .drawn(let d) = $0 { d.offset } else { -1 } }).count == namedDrawn.count)
        #expect(
            named[.drawn(DrawnField(\.isHidden))] == ["hidden"] && named[.shapePath] == ["path"]
                && named[.drawn(DrawnField(\.cornerRadius))] == ["cornerRadius"])
    }

    /// The tree's readers show the last evaluation, whether it wrote into the tree's own nodes
    /// or into a renderer's buffer: values stored straight into a node field (position, a
    /// planar rotation, a colour) are read back from the nodes, never from a stale lane.
    @Test func readersShowTheLastEvaluationWhereverItWrote() {
        withManualClock { clock in
            CATransaction.setDisableActions(true)
            let layer = CALayer()
            layer.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
            CATransaction.flush()
            let move = CABasicAnimation(keyPath: "position")
            move.fromValue = CGPoint(x: 0, y: 0)
            move.toValue = CGPoint(x: 100, y: 40)
            move.duration = 1
            move.timingFunction = CAMediaTimingFunction(name: .linear)
            layer.add(move, forKey: "move")
            let turn = CABasicAnimation(keyPath: "transform.rotation.z")
            turn.fromValue = 0.0
            turn.toValue = Double.pi
            turn.duration = 1
            turn.timingFunction = CAMediaTimingFunction(name: .linear)
            layer.add(turn, forKey: "turn")
            let tint = CABasicAnimation(keyPath: "backgroundColor")
            tint.fromValue = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
            tint.toValue = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            tint.duration = 1
            tint.timingFunction = CAMediaTimingFunction(name: .linear)
            layer.add(tint, forKey: "tint")
            CATransaction.flush()
            let tree = RenderTree(roots: [layer])
            #expect(tree.laneCounts.vector == 3 && tree.planarPartCount == 1, "\(tree.laneCounts)")
            func expectValues(at time: Double, _ label: String) {
                let position = tree.presentationValue(of: layer, forKeyPath: "position") as? CGPoint
                #expect(position?.x.isApproximatelyEqual(to: 100 * time, absoluteTolerance: 1e-9) == true, "\(label)")
                #expect(position?.y.isApproximatelyEqual(to: 40 * time, absoluteTolerance: 1e-9) == true, "\(label)")
                let rotation = tree.presentationValue(of: layer, forKeyPath: "transform.rotation.z")
                let angle = (rotation as? CGFloat).map(Double.init) ?? (rotation as? Double)
                #expect(
                    angle?.isApproximatelyEqual(to: .pi * time, absoluteTolerance: 1e-9) == true,
                    "\(label): \(angle ?? .nan)")
                let color = tree.presentationValue(of: layer, forKeyPath: "backgroundColor")
                let red = (color as! CGColor).components?.first ?? -1
                #expect(red.isApproximatelyEqual(to: time, absoluteTolerance: 1e-9), "\(label): red \(red)")
            }
            clock.advance(to: 0.25)
            tree.evaluate(at: 0.25)
            expectValues(at: 0.25, "own nodes")
            var buffer = tree.baseNodes
            clock.advance(to: 0.75)
            tree.evaluate(at: 0.75, into: &buffer)
            #expect(buffer[0].drawn.position.x.isApproximatelyEqual(to: 75, absoluteTolerance: 1e-9))
            expectValues(at: 0.75, "after an evaluation into a renderer's buffer")
        }
    }
}
