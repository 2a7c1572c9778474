import OpenQuartzCore
import QuartzTestSupport
import Testing

/// A closed triangle whose corners scale with `size`: every size gives the same elements.
private func triangle(_ size: CGFloat) -> CGPath {
    let path = CGMutablePath()
    path.move(to: CGPoint(x: 0, y: 0))
    path.addLine(to: CGPoint(x: size, y: 0))
    path.addLine(to: CGPoint(x: size, y: size))
    path.closeSubpath()
    return path
}

/// The end points of a path's elements (`closeSubpath` has none).
private func endPoints(of path: CGPath) -> [CGPoint] {
    path.elements.compactMap { element in
        switch element {
        case .move(let to), .line(let to), .quadCurve(let to, _), .curve(let to, _, _): to
        case .closeSubpath: nil
        }
    }
}

@Suite("CAShapeLayer")
struct SpecializedShapeLayerTests {
    @Test func shapeLayerDefaultsMatchApple() throws {
        try withManualClock { _ in
            let shape = CAShapeLayer()
            #expect(shape.path == nil)
            expectClose(try rgbaComponents(shape.fillColor), [0, 0, 0, 1], within: 0)  // opaque black
            #expect(shape.fillRule == .nonZero)
            #expect(shape.strokeColor == nil)
            #expect(shape.strokeStart == 0)
            #expect(shape.strokeEnd == 1)
            #expect(shape.lineWidth == 1)
            #expect(shape.miterLimit == 10)
            #expect(shape.lineCap == .butt)
            #expect(shape.lineJoin == .miter)
            #expect(shape.lineDashPhase == 0)
            #expect(shape.lineDashPattern == nil)
        }
    }

    @Test func constantsKeepApplesRawValues() {
        withManualClock { _ in
            #expect(CAShapeLayerFillRule.nonZero.rawValue == "non-zero")
            #expect(CAShapeLayerFillRule.evenOdd.rawValue == "even-odd")
            #expect([CAShapeLayerLineCap.butt, .round, .square].map(\.rawValue) == ["butt", "round", "square"])
            #expect([CAShapeLayerLineJoin.miter, .round, .bevel].map(\.rawValue) == ["miter", "round", "bevel"])
        }
    }

    @Test func pathDoesNotAnimateImplicitly() throws {
        withManualClock { _ in
            let shape = CAShapeLayer()
            applyWithoutActions { shape.path = triangle(10) }
            shape.path = triangle(100)
            CATransaction.flush()
            #expect(shape.animation(forKey: "path") == nil)
            #expect(shape.animationKeys() == nil)
            #expect(shape.presentation()?.path == triangle(100), "the new path shows at once")
        }
    }

    /// A shape whose triangle grows from a side of 20 to 100 in a second, linearly, committed.
    private func growingTriangle() -> CAShapeLayer {
        let shape = CAShapeLayer()
        shape.path = triangle(100)
        let animation = CABasicAnimation(keyPath: "path")
        animation.fromValue = triangle(20)
        animation.toValue = triangle(100)
        animation.duration = 1
        animation.timingFunction = CAMediaTimingFunction(name: .linear)
        shape.add(animation, forKey: "morph")
        CATransaction.flush()
        return shape
    }

    @Test func pathAnimatesExplicitlyPointByPoint() throws {
        try withManualClock { clock in
            let shape = growingTriangle()
            clock.advance(by: 0.5)
            let path = try #require(shape.presentation()?.path)
            #expect(path.elements.count == 4)
            let corners = endPoints(of: path)
            #expect(corners.count == 3)
            expectClose(corners[1], CGPoint(x: 60, y: 0), within: 1e-9)
            expectClose(corners[2], CGPoint(x: 60, y: 60), within: 1e-9)
            clock.advance(by: 0.5)
            #expect(shape.presentation()?.path == triangle(100), "the model path once the animation ends")
        }
    }

    /// A curve's handles turn as the path animates: a quarter turn of a 10-point handle is,
    /// half-way, the same handle at 45°, in the presentation layer and in the render tree.
    @Test func pathAnimationTurnsCurveHandles() throws {
        try withManualClock { clock in
            func bump(_ handle: CGPoint) -> CGPath {
                let path = CGMutablePath()
                path.move(to: .zero)
                path.addCurve(to: CGPoint(x: 100, y: 0), control1: handle, control2: CGPoint(x: 100, y: 0))
                return path
            }
            let shape = CAShapeLayer()
            shape.path = bump(CGPoint(x: 0, y: 10))
            let animation = CABasicAnimation(keyPath: "path")
            animation.fromValue = bump(CGPoint(x: 10, y: 0))
            animation.duration = 1
            animation.timingFunction = CAMediaTimingFunction(name: .linear)
            shape.add(animation, forKey: "turn")
            CATransaction.flush()
            let tree = RenderTree(roots: [shape])
            clock.advance(by: 0.5)
            tree.evaluate(at: 0.5)
            let presented = try #require(shape.presentation()?.path)
            let rendered = try #require(tree.presentationValue(of: shape, forKeyPath: "path") as? CGPath)
            for path in [presented, rendered] {
                guard case let .curve(_, handle, _) = path.elements[1] else {
                    Issue.record("not a curve: \(path.elements)")
                    continue
                }
                expectClose(handle, CGPoint(x: 10 / 2.0.squareRoot(), y: 10 / 2.0.squareRoot()), within: 1e-9)
            }
        }
    }

    /// A render tree playing a path animation writes each frame's path into one it made on an
    /// earlier frame once nothing else holds that one; a path someone holds never changes.
    @Test func aPlayingPathAnimationReusesOnlyPathsNobodyHolds() throws {
        try withManualClock { clock in
            let shape = growingTriangle()
            let tree = RenderTree(roots: [shape])
            func presentedPath(at time: Double) throws -> CGPath {
                tree.evaluate(at: time)
                return try #require(tree.presentationValue(of: shape, forKeyPath: "path") as? CGPath)
            }
            let held = try presentedPath(at: 0.25)
            var seen: Set<ObjectIdentifier> = [ObjectIdentifier(held)]
            for (step, time) in [0.5, 0.625, 0.75, 0.875].enumerated() {
                let path = try presentedPath(at: time)
                expectClose(endPoints(of: path)[1], CGPoint(x: 20 + 80 * time, y: 0), within: 1e-9)
                #expect(path !== held, "step \(step): the held path is not written over")
                seen.insert(ObjectIdentifier(path))
            }
            expectClose(endPoints(of: held)[1], CGPoint(x: 40, y: 0), within: 1e-9)
            #expect(seen.count == 3, "the held path, and two the tree takes turns with: \(seen.count)")
        }
    }

    @Test func pathIsCopiedOnAssignment() {
        withManualClock { _ in
            let shape = CAShapeLayer()
            let path = CGMutablePath()
            path.addRect(CGRect(x: 0, y: 0, width: 10, height: 10))
            shape.path = path
            path.addLine(to: CGPoint(x: 50, y: 50))
            #expect(shape.path?.elements.count == 5, "later changes to the mutable path do not reach the layer")
        }
    }

    @Test func strokeEndExplicitAnimationAtSeveralTimes() throws {
        try withManualClock { clock in
            let shape = CAShapeLayer()
            let animation = CABasicAnimation(keyPath: "strokeEnd")
            animation.fromValue = 0
            animation.toValue = 1
            animation.duration = 2
            animation.timingFunction = CAMediaTimingFunction(name: .linear)
            shape.add(animation, forKey: "draw")
            CATransaction.flush()
            for (time, expected) in [(0.5, 0.25), (0.5, 0.5), (0.5, 0.75), (0.25, 0.875)] {
                clock.advance(by: time)
                expectClose(try #require(shape.presentation()).strokeEnd, expected, within: 1e-9)
            }
            clock.advance(by: 0.25)
            #expect(shape.animationKeys() == nil)
            #expect(shape.presentation()?.strokeEnd == 1)
        }
    }

    @Test func strokeEndFromZeroFollowsTheDefaultCurve() throws {
        try withManualClock { clock in
            let shape = CAShapeLayer()
            applyWithoutActions { shape.strokeEnd = 0 }
            shape.strokeEnd = 1
            CATransaction.flush()
            #expect(shape.strokeEnd == 1, "the model changes at once")
            clock.advance(by: 0.125)
            expectClose(try #require(shape.presentation()).strokeEnd, defaultCurveAtHalf, within: 1e-6)
        }
    }

    @Test func colorsAnimateImplicitly() throws {
        try withManualClock { clock in
            let shape = CAShapeLayer()
            applyWithoutActions { shape.strokeColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1) }
            shape.fillColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
            shape.strokeColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
            CATransaction.flush()
            clock.advance(by: 0.125)
            let presentation = try #require(shape.presentation())
            let f = defaultCurveAtHalf
            expectClose(try rgbaComponents(presentation.fillColor), [0, 0, f, 1], within: 1e-6)
            expectClose(try rgbaComponents(presentation.strokeColor), [1 - f, f, 0, 1], within: 1e-6)
        }
    }

    @Test func dashPatternAnimatesElementByElement() throws {
        try withManualClock { clock in
            let shape = CAShapeLayer()
            applyWithoutActions { shape.lineDashPattern = [2, 4] }
            shape.lineDashPattern = [12, 24]
            CATransaction.flush()
            #expect(shape.animation(forKey: "lineDashPattern") != nil)
            clock.advance(by: 0.125)
            let pattern = try #require(shape.presentation()?.lineDashPattern).map(\.doubleValue)
            expectClose(pattern, [2 + 10 * defaultCurveAtHalf, 4 + 20 * defaultCurveAtHalf], within: 1e-6)
        }
    }

    @Test func nonAnimatablePropertiesChangeAtOnce() {
        withManualClock { _ in
            let shape = CAShapeLayer()
            shape.fillRule = .evenOdd
            shape.lineCap = .round
            shape.lineJoin = .bevel
            CATransaction.flush()
            #expect(shape.animationKeys() == nil)
        }
    }

    @Test func keyValueCodingRoundTrips() {
        withManualClock { _ in
            let shape = CAShapeLayer()
            let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            shape.setValue(triangle(5), forKey: "path")
            shape.setValue(red, forKey: "fillColor")
            shape.setValue(red, forKey: "strokeColor")
            shape.setValue("even-odd", forKey: "fillRule")
            shape.setValue(CAShapeLayerLineCap.square, forKey: "lineCap")
            shape.setValue("round", forKey: "lineJoin")
            shape.setValue([3, 1] as [NSNumber], forKey: "lineDashPattern")
            #expect(shape.path == triangle(5))
            #expect(shape.value(forKey: "path") as? CGPath == triangle(5))
            #expect(shape.fillColor == red && shape.value(forKey: "fillColor") as? CGColor == red)
            #expect(shape.strokeColor == red && shape.value(forKey: "strokeColor") as? CGColor == red)
            #expect(shape.fillRule == .evenOdd && shape.value(forKey: "fillRule") as? String == "even-odd")
            #expect(shape.lineCap == .square && shape.value(forKey: "lineCap") as? String == "square")
            #expect(shape.lineJoin == .round && shape.value(forKey: "lineJoin") as? String == "round")
            #expect(shape.lineDashPattern == [3, 1])
            #expect((shape.value(forKey: "lineDashPattern") as? [NSNumber])?.map(\.doubleValue) == [3, 1])
            shape.setValue(nil, forKey: "lineDashPattern")
            shape.setValue(nil, forKey: "path")
            #expect(shape.lineDashPattern == nil && shape.value(forKey: "lineDashPattern") == nil)
            #expect(shape.path == nil && shape.value(forKey: "path") == nil)
        }
    }

    @Test func presentationCarriesShapeValues() throws {
        try withManualClock { _ in
            let shape = CAShapeLayer()
            // A pattern set where there was none switches half-way through its implicit
            // animation, so the values are set without actions.
            applyWithoutActions {
                shape.path = triangle(30)
                shape.fillRule = .evenOdd
                shape.lineJoin = .round
                shape.lineDashPattern = [1, 2]
            }
            let presentation = try #require((shape as CALayer).presentation() as? CAShapeLayer)
            #expect(presentation.path == triangle(30))
            #expect(presentation.fillRule == .evenOdd)
            #expect(presentation.lineJoin == .round)
            #expect(presentation.lineDashPattern == [1, 2])
        }
    }
}
