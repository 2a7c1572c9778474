import Foundation
import OpenQuartzCore
import QuartzTestSupport
import Testing

/// `drawsAsynchronously`, `edgeAntialiasingMask`, `contentsFormat`, `preferredFrameSize()` and
/// `setNeedsDisplay(_:)` (issue 28): Apple's defaults, key-value coding, no implicit animation.
@Suite struct LayerMiscPropertyTests {
    @Test func defaultsAreApplesAndKeyValueCodingReachesThem() {
        withManualClock { _ in
            let layer = CALayer()
            #expect(layer.drawsAsynchronously == false)
            #expect(layer.edgeAntialiasingMask == [.layerLeftEdge, .layerRightEdge, .layerBottomEdge, .layerTopEdge])
            #expect(layer.edgeAntialiasingMask.rawValue == 15)
            #expect(layer.contentsFormat == .RGBA8Uint)
            layer.setValue(true, forKey: "drawsAsynchronously")
            layer.setValue(5, forKey: "edgeAntialiasingMask")
            layer.setValue("RGBAh", forKey: "contentsFormat")
            #expect(layer.drawsAsynchronously)
            #expect(layer.edgeAntialiasingMask == [.layerLeftEdge, .layerBottomEdge])
            #expect(layer.contentsFormat == .RGBA16Float)
            #expect(layer.value(forKey: "drawsAsynchronously") as? Bool == true)
        }
    }

    /// None of them is animatable: set on a committed standalone layer, they change at once.
    @Test func theyChangeWithoutAnimating() {
        withManualClock { _ in
            let layer = CALayer()
            CATransaction.flush()
            layer.drawsAsynchronously = true
            layer.edgeAntialiasingMask = [.layerTopEdge]
            layer.contentsFormat = .gray8Uint
            CATransaction.flush()
            #expect(layer.animationKeys() == nil)
            let shown = layer.presentation()
            #expect(shown?.drawsAsynchronously == true)
            #expect(shown?.edgeAntialiasingMask == [.layerTopEdge])
            #expect(shown?.contentsFormat == .gray8Uint)
        }
    }

    @Test func preferredFrameSizeIsTheBoundsThroughTheTransform() {
        let layer = CALayer()
        layer.bounds = CGRect(x: 10, y: 10, width: 40, height: 20)
        #expect(layer.preferredFrameSize() == CGSize(width: 40, height: 20))
        layer.setAffineTransform(CGAffineTransform(rotationAngle: .pi / 2).scaledBy(x: 2, y: 1))
        let size = layer.preferredFrameSize()
        expectClose(Double(size.width), 20, within: 1e-9)
        expectClose(Double(size.height), 80, within: 1e-9)
    }

    @Test func setNeedsDisplayInARectMarksTheLayer() {
        let layer = CALayer()
        #expect(!layer.needsDisplay())
        layer.setNeedsDisplay(CGRect(x: 0, y: 0, width: 4, height: 4))
        #expect(layer.needsDisplay())
    }

    @Test func extendedRangeSettingsAreKeptAndKeyValueCoded() throws {
        try withManualClock { _ in
            let layer = CALayer()
            #expect(!layer.wantsExtendedDynamicRangeContent && layer.toneMapMode == .automatic)
            CATransaction.setDisableActions(true)
            layer.wantsExtendedDynamicRangeContent = true
            layer.setValue("ifSupported", forKey: "toneMapMode")
            #expect(layer.toneMapMode == .ifSupported)
            #expect(layer.value(forKey: "wantsExtendedDynamicRangeContent") as? Bool == true)
            CATransaction.flush()
            let shown = try #require(layer.presentation())
            #expect(shown.wantsExtendedDynamicRangeContent && shown.toneMapMode == .ifSupported)
        }
    }
}
