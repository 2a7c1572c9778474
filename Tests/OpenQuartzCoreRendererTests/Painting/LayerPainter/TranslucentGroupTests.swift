import Foundation
import OpenQuartzCore
import OpenQuartzCoreRenderer
import QuartzTestSupport
import Testing

/// A translucent or masked layer that paints only within a known box is composited through a
/// group of that box's whole pixels rather than one as large as the frame (`LayerPainter`'s
/// `paintedExtent(of:)`). The box must change no pixel: each scene is drawn as it is, and again
/// with an empty `CATransformLayer` added to the layer, whose extent the painter does not work
/// out, so that it uses a group as large as the frame; the two frames must be the same, byte
/// for byte, but for a level of rounding where an image is resampled.
@Suite struct TranslucentGroupTests {
    enum Case: String, CaseIterable, CustomTestStringConvertible, Sendable {
        case plainWithBorder, shapeBeyondItsBounds, contentsImage, containerOfTurnedSublayers, wideGradientMaskedByPath
        var testDescription: String { rawValue }
    }

    @Test(arguments: Case.allCases)
    func aSmallGroupChangesNoPixel(_ scene: Case) throws {
        func frame(withEmptySublayer: Bool) -> [UInt8] {
            withManualClock { _ in
                CATransaction.setDisableActions(true)
                let root = CALayer()
                root.frame = CGRect(x: 0, y: 0, width: 120, height: 90)
                root.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
                let layer: CALayer
                switch scene {
                case .plainWithBorder:
                    layer = CALayer()
                    layer.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 0.8)
                    layer.borderWidth = 3
                    layer.borderColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
                    layer.cornerRadius = 6
                case .shapeBeyondItsBounds:
                    let shape = CAShapeLayer()
                    shape.path = CGPath(ellipseIn: CGRect(x: -15, y: -10, width: 70, height: 50), transform: nil)
                    shape.fillColor = CGColor(red: 1, green: 1, blue: 0, alpha: 1)
                    shape.strokeColor = CGColor(red: 1, green: 0, blue: 1, alpha: 1)
                    shape.lineWidth = 5
                    layer = shape
                case .contentsImage:
                    layer = CALayer()
                    var pixels: [UInt8] = []
                    for y in 0..<16 {
                        for x in 0..<16 { pixels += [UInt8(x * 16), UInt8(y * 16), 128, (x + y) % 3 == 0 ? 255 : 160] }
                    }
                    layer.contents = CGImage(width: 16, height: 16, rgbaPixels: pixels)
                    layer.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 0.5)
                case .containerOfTurnedSublayers:
                    // A container that draws nothing itself, its sublayers beyond its bounds.
                    layer = CALayer()
                    let shape = CAShapeLayer()
                    shape.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 30, height: 20), transform: nil)
                    shape.fillColor = CGColor(red: 1, green: 1, blue: 0, alpha: 1)
                    shape.frame = CGRect(x: 40, y: -12, width: 30, height: 20)
                    shape.transform = CATransform3DMakeRotation(-0.6, 0, 0, 1)
                    let plain = CALayer()
                    plain.frame = CGRect(x: -10, y: 20, width: 25, height: 25)
                    plain.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
                    plain.transform = CATransform3DMakeScale(1.3, 0.8, 1)
                    layer.addSublayer(shape)
                    layer.addSublayer(plain)
                case .wideGradientMaskedByPath:
                    // As a Lottie gradient fill is drawn: a gradient far larger than the frame,
                    // masked by the path it fills.
                    layer = CALayer()
                    let gradient = CAGradientLayer()
                    gradient.frame = CGRect(x: -5000, y: -5000, width: 10050, height: 10035)
                    gradient.colors = [
                        CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 1, blue: 0, alpha: 1),
                    ]
                    gradient.startPoint = CGPoint(x: 0.4999, y: 0.5)
                    gradient.endPoint = CGPoint(x: 0.5051, y: 0.5)
                    layer.addSublayer(gradient)
                    let mask = CAShapeLayer()
                    mask.path = CGPath(ellipseIn: CGRect(x: 2, y: 3, width: 44, height: 30), transform: nil)
                    mask.frame = CGRect(x: 0, y: 0, width: 50, height: 35)
                    layer.mask = mask
                }
                layer.frame = CGRect(x: 30.3, y: 20.6, width: 50, height: 35)
                layer.transform = CATransform3DMakeRotation(0.35, 0, 0, 1)
                layer.opacity = scene == .wideGradientMaskedByPath ? 1 : 0.45
                if withEmptySublayer { layer.addSublayer(CATransformLayer()) }
                root.addSublayer(layer)
                return render(root, scale: 2).premultipliedBGRA
            }
        }
        let boxed = frame(withEmptySublayer: false)
        let whole = frame(withEmptySublayer: true)
        #expect(boxed.count == 240 * 180 * 4)
        // Pixman resamples an image, and steps a gradient along a row, from the destination's
        // origin: a group of another origin may round a level the other way inside the image
        // or the gradient. Anything else is exact.
        let largest = zip(boxed, whole).map { abs(Int($0) - Int($1)) }.max() ?? 0
        let rounds = scene == .contentsImage || scene == .wideGradientMaskedByPath
        #expect(largest <= (rounds ? 1 : 0), "pixels differ by up to \(largest) levels")
        // Something was drawn over the blue (premultiplied BGRA: green or red above 0).
        let drawn = stride(from: 0, to: boxed.count, by: 4).filter { boxed[$0 + 1] != 0 || boxed[$0 + 2] != 0 }.count
        #expect(drawn > 500, "\(drawn) pixels drawn over the blue")
    }
}
