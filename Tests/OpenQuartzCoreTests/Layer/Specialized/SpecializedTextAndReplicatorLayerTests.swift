import OpenQuartzCore
import QuartzTestSupport
import Testing

@Suite("CATextLayer")
struct SpecializedTextLayerTests {
    @Test func textLayerDefaultsMatchApple() throws {
        try withManualClock { _ in
            let text = CATextLayer()
            #expect(text.string == nil)
            #expect(text.font as? String == "Helvetica")
            #expect(text.fontSize == 36)
            expectClose(try rgbaComponents(text.foregroundColor), [1, 1, 1, 1], within: 0)  // opaque white
            #expect(!text.isWrapped)
            #expect(text.truncationMode == .none)
            #expect(text.alignmentMode == .natural)
            #expect(!text.allowsFontSubpixelQuantization)
            #expect(
                [CATextLayerTruncationMode.none, .start, .end, .middle].map(\.rawValue)
                    == ["none", "start", "end", "middle"])
            #expect(
                [CATextLayerAlignmentMode.natural, .left, .right, .center, .justified].map(\.rawValue)
                    == ["natural", "left", "right", "center", "justified"])
        }
    }

    @Test func foregroundColorAnimatesImplicitly() throws {
        try withManualClock { clock in
            let text = CATextLayer()
            CATransaction.flush()  // committed first: Core Animation animates only committed layers
            text.foregroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
            CATransaction.flush()
            clock.advance(by: 0.125)
            let f = defaultCurveAtHalf
            let color = try #require(text.presentation()).foregroundColor
            expectClose(try rgbaComponents(color), [1 - f, 1 - f, 1 - f, 1], within: 1e-6)
        }
    }

    @Test func textPropertiesThatAreNotAnimatableChangeAtOnce() {
        withManualClock { _ in
            let text = CATextLayer()
            text.string = "Hello"
            text.font = "Courier"
            text.isWrapped = true
            text.truncationMode = .end
            text.alignmentMode = .center
            text.allowsFontSubpixelQuantization = true
            CATransaction.flush()
            #expect(text.animationKeys() == nil)
        }
    }

    @Test func keyValueCodingRoundTrips() {
        withManualClock { _ in
            let text = CATextLayer()
            let gray = CGColor(red: 0.5, green: 0.5, blue: 0.5, alpha: 1)
            text.setValue("Hi", forKey: "string")
            text.setValue("Menlo", forKey: "font")
            text.setValue(gray, forKey: "foregroundColor")
            text.setValue(true, forKey: "wrapped")
            text.setValue("middle", forKey: "truncationMode")
            text.setValue(CATextLayerAlignmentMode.justified, forKey: "alignmentMode")
            text.setValue(true, forKey: "allowsFontSubpixelQuantization")
            #expect(text.string as? String == "Hi" && text.value(forKey: "string") as? String == "Hi")
            #expect(text.font as? String == "Menlo" && text.value(forKey: "font") as? String == "Menlo")
            #expect(text.foregroundColor == gray && text.value(forKey: "foregroundColor") as? CGColor == gray)
            #expect(text.isWrapped && text.value(forKey: "wrapped") as? Bool == true)
            #expect(text.truncationMode == .middle && text.value(forKey: "truncationMode") as? String == "middle")
            #expect(text.alignmentMode == .justified && text.value(forKey: "alignmentMode") as? String == "justified")
            #expect(text.allowsFontSubpixelQuantization)
            #expect(text.value(forKey: "allowsFontSubpixelQuantization") as? Bool == true)
        }
    }

    @Test func presentationCarriesTextValues() throws {
        try withManualClock { _ in
            let text = CATextLayer()
            text.string = "Hello"
            text.alignmentMode = .right
            text.isWrapped = true
            CATransaction.flush()
            let presentation = try #require((text as CALayer).presentation() as? CATextLayer)
            #expect(presentation.string as? String == "Hello")
            #expect(presentation.alignmentMode == .right)
            #expect(presentation.isWrapped)
        }
    }
}

@Suite("CAReplicatorLayer")
struct SpecializedReplicatorLayerTests {
    @Test func replicatorLayerDefaultsMatchApple() throws {
        try withManualClock { _ in
            let replicator = CAReplicatorLayer()
            #expect(replicator.instanceCount == 1)
            #expect(!replicator.preservesDepth)
            #expect(replicator.instanceDelay == 0)
            #expect(CATransform3DIsIdentity(replicator.instanceTransform))
            expectClose(try rgbaComponents(replicator.instanceColor), [1, 1, 1, 1], within: 0)  // opaque white
            #expect(replicator.instanceRedOffset == 0 && replicator.instanceGreenOffset == 0)
            #expect(replicator.instanceBlueOffset == 0 && replicator.instanceAlphaOffset == 0)
        }
    }

    @Test func instanceTransformAndColorAnimateImplicitly() throws {
        try withManualClock { clock in
            let replicator = CAReplicatorLayer()
            CATransaction.flush()  // committed first: Core Animation animates only committed layers
            replicator.instanceTransform = CATransform3DMakeTranslation(100, 0, 0)
            replicator.instanceColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            CATransaction.flush()
            clock.advance(by: 0.125)
            let presentation = try #require(replicator.presentation())
            let f = defaultCurveAtHalf
            expectClose(presentation.instanceTransform.m41, 100 * f, within: 1e-6)
            expectClose(try rgbaComponents(presentation.instanceColor), [1, 1 - f, 1 - f, 1], within: 1e-6)
        }
    }

    @Test func instanceCountAnimatesAndTruncates() {
        withManualClock { clock in
            let replicator = CAReplicatorLayer()
            CATransaction.flush()  // committed first: Core Animation animates only committed layers
            replicator.instanceCount = 11
            CATransaction.flush()
            #expect(replicator.animation(forKey: "instanceCount") != nil, "CAReplicatorLayer.h marks it Animatable")
            clock.advance(by: 0.125)
            // 1 + 10 × 0.8024 = 9.02 copies: nine are drawn.
            #expect(replicator.presentation()?.instanceCount == 9)
        }
    }

    @Test func preservesDepthChangesAtOnce() {
        withManualClock { _ in
            let replicator = CAReplicatorLayer()
            replicator.preservesDepth = true
            CATransaction.flush()
            #expect(replicator.animationKeys() == nil)
        }
    }

    @Test func keyValueCodingRoundTrips() throws {
        try withManualClock { _ in
            let replicator = CAReplicatorLayer()
            let shift = CATransform3DMakeTranslation(0, 20, 0)
            let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
            replicator.setValue(4, forKey: "instanceCount")
            replicator.setValue(true, forKey: "preservesDepth")
            replicator.setValue(NSValue(caTransform3D: shift), forKey: "instanceTransform")
            replicator.setValue(blue, forKey: "instanceColor")
            #expect(replicator.instanceCount == 4)
            #expect(replicator.value(forKey: "instanceCount") as? Int == 4, "read back as an Int")
            #expect(replicator.preservesDepth && replicator.value(forKey: "preservesDepth") as? Bool == true)
            #expect(CATransform3DEqualToTransform(replicator.instanceTransform, shift))
            let transform = try #require(replicator.value(forKey: "instanceTransform") as? CATransform3D)
            #expect(CATransform3DEqualToTransform(transform, shift))
            #expect(replicator.instanceColor == blue && replicator.value(forKey: "instanceColor") as? CGColor == blue)
            replicator.setValue(0.3, forKey: "instanceDelay")
            replicator.setValue(-0.25, forKey: "instanceAlphaOffset")
            #expect(replicator.value(forKey: "instanceDelay") as? CFTimeInterval == 0.3, "as a CFTimeInterval")
            #expect(replicator.value(forKey: "instanceAlphaOffset") as? Float == -0.25, "read back as a Float")
        }
    }

    @Test func presentationCarriesReplicatorValues() throws {
        try withManualClock { _ in
            let replicator = CAReplicatorLayer()
            applyWithoutActions {
                replicator.instanceCount = 5
                replicator.preservesDepth = true
                replicator.instanceAlphaOffset = -0.2
            }
            let presentation = try #require((replicator as CALayer).presentation() as? CAReplicatorLayer)
            #expect(presentation.instanceCount == 5)
            #expect(presentation.preservesDepth)
            #expect(presentation.instanceAlphaOffset == -0.2)
        }
    }
}
