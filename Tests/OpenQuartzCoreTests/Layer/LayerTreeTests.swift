import OpenQuartzCore
import QuartzTestSupport
import Testing

@Suite("The layer tree and timing nodes")
struct LayerTreeTests {
    @Test func sublayersKeepTheirOrder() {
        withManualClock { _ in
            let root = CALayer()
            let (a, b, c, d) = (CALayer(), CALayer(), CALayer(), CALayer())
            root.addSublayer(a)
            root.addSublayer(b)
            root.insertSublayer(c, at: 0)
            #expect(root.sublayers?.map(ObjectIdentifier.init) == [c, a, b].map(ObjectIdentifier.init))
            root.insertSublayer(d, above: a)
            #expect(root.sublayers?.map(ObjectIdentifier.init) == [c, a, d, b].map(ObjectIdentifier.init))
            root.insertSublayer(b, below: c)
            #expect(root.sublayers?.map(ObjectIdentifier.init) == [b, c, a, d].map(ObjectIdentifier.init))
            let e = CALayer()
            root.replaceSublayer(a, with: e)
            #expect(root.sublayers?.map(ObjectIdentifier.init) == [b, c, e, d].map(ObjectIdentifier.init))
            #expect(a.superlayer == nil)
            #expect(e.superlayer === root)
            d.removeFromSuperlayer()
            #expect(root.sublayers?.count == 3)
            let other = CALayer()
            other.addSublayer(c)
            #expect(c.superlayer === other)
            #expect(root.sublayers?.count == 2, "adding to another layer moves it")
        }
    }

    @Test func pointsAndRectsConvertBetweenLayers() {
        withManualClock { _ in
            let root = CALayer()
            root.bounds = CGRect(x: 0, y: 0, width: 400, height: 400)
            let child = CALayer()
            child.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
            child.position = CGPoint(x: 150, y: 150)
            root.addSublayer(child)
            let grandchild = CALayer()
            grandchild.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
            grandchild.position = CGPoint(x: 50, y: 50)
            child.addSublayer(grandchild)
            #expect(child.convert(CGPoint(x: 0, y: 0), to: root) == CGPoint(x: 100, y: 100))
            #expect(root.convert(CGPoint(x: 100, y: 100), to: child) == CGPoint(x: 0, y: 0))
            #expect(grandchild.convert(CGPoint(x: 5, y: 5), to: root) == CGPoint(x: 150, y: 150))
            #expect(
                child.convert(CGRect(x: 0, y: 0, width: 10, height: 10), from: grandchild)
                    == CGRect(x: 45, y: 45, width: 10, height: 10))
            child.transform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
            let rotated = child.convert(CGPoint(x: 100, y: 50), to: root)
            expectClose(rotated, CGPoint(x: 150, y: 200), within: 1e-9)
        }
    }

    @Test func aFreedTimedSuperlayerIsNotRememberedByTheLayerBelow() {
        withManualClock { _ in
            let child = CALayer()
            do {
                let parent = CALayer()
                parent.speed = 2
                parent.addSublayer(child)
                // The child learns its timing chain: the parent is the nearest timed layer.
                #expect(child.convertTime(10, from: nil) == 20)
                CATransaction.flush()
            }
            // The parent is freed; the child, still held, has no superlayer and no timing. Before,
            // it went on using the freed layer it remembered (its old speed, or a crash).
            #expect(child.superlayer == nil)
            #expect(child.convertTime(10, from: nil) == 10)
            #expect(child.convertTime(10, to: nil) == 10)
        }
    }

    @Test func convertTimeFollowsTheTimingChain() {
        withManualClock(startingAt: 10) { _ in
            let root = CALayer()
            let child = CALayer()
            root.addSublayer(child)
            root.speed = 2
            root.beginTime = 4
            child.timeOffset = 1
            // root: (10 − 4) × 2 = 12; child: 12 + 1 = 13.
            #expect(root.convertTime(10, from: nil) == 12)
            #expect(child.convertTime(10, from: nil) == 13)
            #expect(child.convertTime(13, to: nil) == 10)
            #expect(child.convertTime(12, from: root) == 13)
        }
    }

    /// Apple's QA1673: pause a layer's animations by stopping its time, resume them later.
    @Test func pausingAndResumingALayerFollowsQA1673() throws {
        try withManualClock { clock in
            let layer = CALayer()
            CATransaction.flush()
            let recorder = AnimationDelegateRecorder()
            let move = CABasicAnimation(keyPath: "position.x")
            move.fromValue = 0
            move.toValue = 100
            move.duration = 1
            move.timingFunction = CAMediaTimingFunction(name: .linear)
            move.delegate = recorder
            layer.add(move, forKey: "move")
            CATransaction.flush()
            clock.advance(by: 0.25)

            let pausedTime = layer.convertTime(CACurrentMediaTime(), from: nil)
            layer.speed = 0
            layer.timeOffset = pausedTime
            clock.advance(by: 5)
            expectClose(try #require(layer.presentation()).position.x, 25, within: 1e-9)
            #expect(recorder.events == [.start(at: 0)], "a paused animation does not end")

            let resumedFrom = layer.timeOffset
            layer.speed = 1
            layer.timeOffset = 0
            layer.beginTime = 0
            layer.beginTime = layer.convertTime(CACurrentMediaTime(), from: nil) - resumedFrom
            clock.advance(by: 0.25)
            expectClose(try #require(layer.presentation()).position.x, 50, within: 1e-9)
            clock.advance(by: 1)
            #expect(recorder.events == [.start(at: 0), .stop(finished: true, at: 6)])
        }
    }

    @Test func sublayerAnimationsRunInTheirParentsTime() throws {
        try withManualClock { clock in
            let root = CALayer()
            let child = CALayer()
            root.addSublayer(child)
            root.speed = 2
            CATransaction.flush()
            let move = CABasicAnimation(keyPath: "position.x")
            move.fromValue = 0
            move.toValue = 100
            move.duration = 1
            move.timingFunction = CAMediaTimingFunction(name: .linear)
            child.add(move, forKey: "move")
            CATransaction.flush()
            clock.advance(by: 0.25)
            expectClose(try #require(child.presentation()).position.x, 50, within: 1e-9)
        }
    }

    @Test func renderTreeEvaluatesLikePresentation() throws {
        try withManualClock { clock in
            let root = CALayer()
            let child = CALayer()
            root.addSublayer(child)
            CATransaction.flush()
            child.position = CGPoint(x: 100, y: 50)
            let extra = CABasicAnimation(keyPath: "position.y")
            extra.byValue = 10
            extra.isAdditive = true
            extra.duration = 1
            child.add(extra, forKey: "extra")
            CATransaction.flush()
            clock.advance(by: 0.1)
            let tree = RenderTree(roots: [root])
            #expect(tree.layerCount == 2)
            #expect(tree.animationCount == 2)
            tree.evaluate(at: CACurrentMediaTime())
            let evaluated = try #require(tree.presentationValue(of: child, forKeyPath: "position") as? CGPoint)
            expectClose(evaluated, try #require(child.presentation()).position, within: 1e-12)
            let x = try #require(tree.presentationValue(of: child, forKeyPath: "position.x") as? CGFloat)
            expectClose(x, evaluated.x, within: 1e-12)
            #expect(
                tree.presentationValue(of: root, forKeyPath: "opacity") as? Float == 1,
                "boxed as the property's own type, as value(forKey:) does")
        }
    }
}
