import OpenQuartzCore
import QuartzTestSupport
import Testing

import OpenQuartzCoreRenderer

@Suite("CARenderer: colour filters (luminanceToAlpha, colorMatrix, falseColor)", .serialized)
struct ColourFilterTests {
    /// Whether each channel of `pixel` is within `tolerance` of `expected`.
    private func near(_ pixel: [Int], _ expected: [Int], _ tolerance: Int = 2) -> Bool {
        zip(pixel, expected).allSatisfy { abs($0 - $1) <= tolerance }
    }

    @Test func aMaskWithLuminanceToAlphaMasksByItsLuminance() {
        withManualClock { _ in
            let layer = root()
            let masked = box(CGRect(x: 0, y: 0, width: 96, height: 96), red, in: layer)
            let mask = CALayer()
            mask.frame = masked.bounds
            box(CGRect(x: 0, y: 0, width: 32, height: 96), white, in: mask)
            box(CGRect(x: 32, y: 0, width: 32, height: 96), CGColor(gray: 0.5, alpha: 1), in: mask)
            // Pure blue: luminance 0.0721; half-transparent white: 0.5.
            box(CGRect(x: 64, y: 0, width: 32, height: 48), blue, in: mask)
            box(CGRect(x: 64, y: 48, width: 32, height: 48), CGColor(gray: 1, alpha: 0.5), in: mask)
            mask.filters = [CAFilter(type: "luminanceToAlpha")]
            masked.mask = mask
            let image = render(layer).image
            #expect(image.pixel(x: 16, y: 50) == redPixel, "white: the whole of the red")
            // Red over white at α: (255, 255 (1 − α), 255 (1 − α)).
            #expect(near(image.pixel(x: 48, y: 50), [255, 127, 127, 255]), "grey 0.5: half \(image.pixel(x: 48, y: 50))")
            #expect(near(image.pixel(x: 80, y: 20), [255, 237, 237, 255]), "blue: 0.0721 \(image.pixel(x: 80, y: 20))")
            #expect(near(image.pixel(x: 80, y: 70), [255, 127, 127, 255]), "white at half: half")

            mask.filters = []
            let byAlpha = render(layer).image
            #expect(byAlpha.pixel(x: 48, y: 50) == redPixel, "without the filter the mask is its alpha")
        }
    }

    @Test func aColourMatrixMapsStraightColoursAndKeepsTransparentPixels() {
        withManualClock { _ in
            let layer = root()
            let tinted = box(CGRect(x: 16, y: 16, width: 32, height: 32), red, in: layer)
            box(CGRect(x: 16, y: 0, width: 16, height: 32), CGColor(red: 0, green: 0, blue: 1, alpha: 0.5), in: tinted)
            // Every colour becomes (0, 0.6, 0.2); alpha is halved. A bias on alpha only
            // changes what the layer paints: the white around it stays.
            let matrix = CAFilter(type: "colorMatrix")
            matrix.setValue(
                [0, 0, 0, 0, 0.0, 0, 0, 0, 0, 0.6, 0, 0, 0, 0, 0.2, 0, 0, 0, 0.5, 0] as [Double],
                forKey: "inputColorMatrix")
            tinted.filters = [matrix]
            let image = render(layer).image
            // (0, 0.6, 0.2) at 0.5 over white: (127.5, 204, 153).
            #expect(near(image.pixel(x: 20, y: 40), [128, 204, 153, 255]), "\(image.pixel(x: 20, y: 40))")
            // The half-transparent blue square (at 32…48) over the red: opaque, so halved as
            // the red is.
            #expect(near(image.pixel(x: 40, y: 40), [128, 204, 153, 255]), "\(image.pixel(x: 40, y: 40))")
            #expect(image.pixel(x: 8, y: 8) == whitePixel, "beyond what the layer paints")

            matrix.setValue([1, 2, 3] as [Double], forKey: "inputColorMatrix")
            tinted.filters = [matrix]
            #expect(render(layer).image.pixel(x: 20, y: 40) == redPixel, "a matrix of the wrong size is left out")
        }
    }

    @Test func falseColourMapsGreyLevelsAlongItsRampAndMixesByItsAmount() {
        withManualClock { _ in
            let layer = root()
            let swatches = box(CGRect(x: 0, y: 0, width: 96, height: 32), nil, in: layer)
            box(CGRect(x: 0, y: 0, width: 32, height: 32), white, in: swatches)
            box(CGRect(x: 32, y: 0, width: 32, height: 32), black, in: swatches)
            box(CGRect(x: 64, y: 0, width: 32, height: 32), red, in: swatches)
            let ramp = CAFilter(type: "falseColor")
            ramp.setValue(blue, forKey: "inputColor0")
            ramp.setValue(CGColor(red: 1, green: 1, blue: 0, alpha: 1), forKey: "inputColor1")
            swatches.filters = [ramp]
            var image = render(layer).image
            #expect(image.pixel(x: 16, y: 16) == yellowPixel, "white to the ramp's end")
            #expect(image.pixel(x: 48, y: 16) == bluePixel, "black to its start")
            // Red: linear (1 + 0 + 0) / 3 = 0.333, 0.6130 in sRGB, along blue → yellow.
            #expect(near(image.pixel(x: 80, y: 16), [156, 156, 99, 255]), "\(image.pixel(x: 80, y: 16))")

            ramp.setValue(0.5, forKey: "inputAmount")
            swatches.filters = [ramp]
            image = render(layer).image
            #expect(near(image.pixel(x: 48, y: 16), [0, 0, 128, 255]), "black half way to blue")

            // Three colours: the grey level 0.5 of the middle one.
            let three = CAFilter(type: "falseColor")
            three.setValue(black, forKey: "inputColor0")
            three.setValue(green, forKey: "inputColor1")
            three.setValue(white, forKey: "inputColor2")
            swatches.filters = [three]
            image = render(layer).image
            #expect(image.pixel(x: 16, y: 16) == whitePixel)
            #expect(image.pixel(x: 48, y: 16) == blackPixel)
            // 0.6130 is 0.226 of the way from green to white.
            #expect(near(image.pixel(x: 80, y: 16), [58, 255, 58, 255]), "\(image.pixel(x: 80, y: 16))")
        }
    }
}
