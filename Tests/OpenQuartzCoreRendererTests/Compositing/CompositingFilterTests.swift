import Foundation
import OpenQuartzCore
import QuartzTestSupport
import Testing

@testable import OpenQuartzCoreRenderer

/// `compositingFilter` names a blend mode the layer is composited with onto what is below it
/// (Core Image's names, which CAML documents and Lottie files use, and `xor`).
@Suite("CARenderer: compositing filters", .serialized)
struct CompositingFilterTests {
    @Test func multiplyBlendModeMultipliesTheColoursBelow() {
        withManualClock { _ in
            let layer = root()
            box(CGRect(x: 0, y: 0, width: 96, height: 96), CGColor(red: 1, green: 0.5, blue: 1, alpha: 1), in: layer)
            let top = box(
                CGRect(x: 16, y: 16, width: 32, height: 32), CGColor(red: 0.5, green: 1, blue: 1, alpha: 1), in: layer)
            top.compositingFilter = "multiplyBlendMode"
            let image = render(layer).image
            let inside = image.pixel(x: 32, y: 32)
            #expect(abs(inside[0] - 128) <= 1 && abs(inside[1] - 128) <= 1 && inside[2] == 255, "\(inside)")
            #expect(image.pixel(x: 70, y: 70) == [255, 128, 255, 255])
        }
    }

    @Test func xorCutsTheLayerOutOfWhatIsBelowIt() {
        withManualClock { _ in
            // lottie-ios's inverted track matte: black with the matte xor-ed out of it.
            let layer = CALayer()
            CATransaction.setDisableActions(true)
            layer.frame = CGRect(x: 0, y: 0, width: 96, height: 96)
            layer.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
            let hole = box(CGRect(x: 16, y: 16, width: 32, height: 32), red, in: layer)
            hole.compositingFilter = "xor"
            let image = render(layer).image
            #expect(image.pixel(x: 32, y: 32)[3] == 0, "opaque over opaque: nothing left")
            #expect(image.pixel(x: 70, y: 70) == [0, 0, 0, 255])
        }
    }

    @Test func anUnknownFilterDrawsTheLayerNormally() {
        withManualClock { _ in
            let layer = root()
            let top = box(CGRect(x: 16, y: 16, width: 32, height: 32), red, in: layer)
            top.compositingFilter = "noSuchBlendMode"
            #expect(render(layer).image.pixel(x: 32, y: 32) == redPixel)
        }
    }
}
