import Foundation
import OpenQuartzCore
import OpenQuartzCoreRenderer
import QuartzTestSupport
import Testing

/// One shape of the span tests: a layer's frame, turn, radius and opacity.
struct SpanCase: CustomTestStringConvertible, Sendable {
    let name: String
    var frame = CGRect(x: 20, y: 16, width: 60, height: 40)
    var degrees: CGFloat = 0
    var radius: CGFloat = 12
    var corners: CACornerMask = [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner]
    var opacity: Float = 1
    var alpha: CGFloat = 0.6
    var testDescription: String { name }

    static let all: [SpanCase] = [
        SpanCase(name: "axis-aligned"),
        SpanCase(name: "turned 10°", degrees: 10),
        SpanCase(name: "turned 33°", degrees: 33),
        SpanCase(name: "turned 45°", degrees: 45),
        SpanCase(name: "turned 90°", degrees: 90),
        SpanCase(name: "turned 137°", degrees: 137),
        SpanCase(name: "sub-pixel offset", frame: CGRect(x: 20.3, y: 16.7, width: 60.45, height: 40.2)),
        SpanCase(name: "sub-pixel turned", frame: CGRect(x: 20.3, y: 16.7, width: 60.45, height: 40.2), degrees: 21),
        SpanCase(name: "tiny", frame: CGRect(x: 40.25, y: 30.5, width: 2.5, height: 1.75), degrees: 30, radius: 0.6),
        SpanCase(name: "huge", frame: CGRect(x: -400, y: -300, width: 900, height: 700), degrees: 7, radius: 300),
        SpanCase(name: "clipped at the edges", frame: CGRect(x: -10.5, y: -8.25, width: 130, height: 100), radius: 20),
        SpanCase(name: "partly off-screen turned", frame: CGRect(x: 60, y: 50, width: 80, height: 60), degrees: 60),
        SpanCase(name: "radius 0", degrees: 17, radius: 0),
        SpanCase(name: "radius half the side", degrees: 17, radius: 20),
        SpanCase(name: "opacity 0.3", degrees: 25, opacity: 0.3),
        SpanCase(name: "two corners", degrees: 12, corners: [.layerMinXMinYCorner, .layerMaxXMaxYCorner]),
        SpanCase(name: "opaque", degrees: 28, alpha: 1),
    ]
}

/// Our span rasteriser against Cairo on the same layer: each drawn on a transparent 100 × 80
/// bitmap, compared in premultiplied pixels.
///
/// Cairo's scan converter samples 15 sub-rows a pixel, so a pixel an edge crosses gets a
/// coverage up to 1/15 from its true area, and more where its flattened arcs cut inside the
/// circle; ours is the exact area of chords within 0.02 px of the arc. So a channel of a colour
/// at alpha `a` may differ from Cairo's by up to `255 × a × 2/15 + 1` (measured: 8–29 of 255),
/// while against the true areas (Cairo's coverage on an 8× finer grid, averaged) ours stays
/// within `255 × a / 40 + 2` (measured 3–6, part of it that reference's own sampling). Inside
/// and outside the shape the pixels are Cairo's exactly, and the total coverage is within 0.5 %
/// of the true one and of Cairo's (but for a shape of a few pixels, where Cairo's sampling
/// error is a larger share).
@Suite struct SpanFillTests {
    @Test(arguments: SpanCase.all)
    func spansMatchCairo(_ shape: SpanCase) throws {
        let ours = try draw(shape, withSpans: true)
        let cairo = try draw(shape, withSpans: false)
        #expect(ours.count == cairo.count)
        var largest = 0
        var (ourAlpha, cairoAlpha) = (0, 0)
        for index in ours.indices {
            largest = max(largest, abs(Int(ours[index]) - Int(cairo[index])))
            if index % 4 == 3 {
                ourAlpha += Int(ours[index])
                cairoAlpha += Int(cairo[index])
            }
        }
        let alpha = Double(shape.alpha) * Double(shape.opacity)
        let bound = Int((255 * alpha * 2 / 15).rounded(.up)) + 1
        #expect(largest <= bound, "largest channel difference \(largest), bound \(bound)")
        // Against the true areas, Cairo's coverage of an 8× finer grid averaged, ours is
        // within rounding.
        let fine = try draw(shape, withSpans: false, scale: 8)
        var exact = [Int](repeating: 0, count: ours.count)
        for y in 0..<640 {
            for x in 0..<800 {
                for channel in 0..<4 {
                    exact[((y / 8) * 100 + x / 8) * 4 + channel] += Int(fine[(y * 800 + x) * 4 + channel])
                }
            }
        }
        let errors = zip(ours, exact).map { abs(Int($0) - ($1 + 32) / 64) }
        let fromExact = errors.max() ?? 0
        let exactBound = Int((255 * alpha / 40).rounded(.up)) + 2
        #expect(fromExact <= exactBound, "largest channel difference from the true areas \(fromExact) (Cairo's \(largest))")
        #expect(cairoAlpha > 0)
        let exactAlpha = stride(from: 3, to: exact.count, by: 4).reduce(0) { $0 + exact[$1] } / 64
        let share = Double(ourAlpha - exactAlpha) / Double(max(exactAlpha, 1))
        #expect(abs(share) <= 0.005, "total coverage differs from the true areas' by \(share * 100) %")
        if shape.frame.width > 10 {
            let fromCairo = Double(ourAlpha - cairoAlpha) / Double(cairoAlpha)
            #expect(abs(fromCairo) <= 0.005, "total coverage differs from Cairo's by \(fromCairo * 100) %")
        }
    }

    /// Inside the shape, away from its edges, the pixels are Cairo's exactly: the same colour
    /// bytes and the same blend.
    @Test func spansBlendTheInteriorAsCairoDoes() throws {
        let shape = SpanCase(name: "interior", frame: CGRect(x: 10, y: 10, width: 80, height: 60), radius: 0)
        let ours = try draw(shape, withSpans: true, background: CGColor(red: 0.2, green: 0.7, blue: 0.9, alpha: 0.8))
        let cairo = try draw(
            shape, withSpans: false, background: CGColor(red: 0.2, green: 0.7, blue: 0.9, alpha: 0.8))
        #expect(ours == cairo)
    }

    /// A whole-pixel clip of a `masksToBounds` ancestor is kept to; a rounded one leaves the
    /// drawing to Cairo, so both match Cairo.
    @Test(arguments: [0, 9] as [CGFloat])
    func spansKeepToAClippingAncestor(radius: CGFloat) throws {
        func frame(withSpans: Bool) -> [UInt8] {
            CATransaction.setDisableActions(true)
            let root = CALayer()
            root.frame = CGRect(x: 0, y: 0, width: 100, height: 80)
            let clip = CALayer()
            clip.frame = CGRect(x: 10, y: 12, width: 50, height: 40)
            clip.masksToBounds = true
            clip.cornerRadius = radius
            root.addSublayer(clip)
            let inner = CALayer()
            inner.frame = CGRect(x: -5.5, y: 8.25, width: 70, height: 20)
            inner.cornerRadius = 6
            inner.transform = CATransform3DMakeRotation(0.3, 0, 0, 1)
            inner.backgroundColor = CGColor(red: 0.1, green: 0.4, blue: 0.8, alpha: 0.7)
            clip.addSublayer(inner)
            let renderer = CARenderer(width: 100, height: 80)
            renderer.drawsWithSpans = withSpans
            return render(root, renderer: renderer).premultipliedBGRA
        }
        let ours = frame(withSpans: true)
        let cairo = frame(withSpans: false)
        let largest = zip(ours, cairo).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(largest <= Int((255 * 0.7 * 2 / 15).rounded(.up)) + 1)
        // Nothing outside the clip's box.
        for y in 0..<80 {
            for x in 0..<100 where x < 10 || x >= 60 || y < 12 || y >= 52 {
                #expect(ours[(y * 100 + x) * 4 + 3] == 0, "pixel (\(x), \(y)) outside the clip")
            }
        }
    }

    private func draw(
        _ shape: SpanCase, withSpans: Bool, background: CGColor? = nil, scale: CGFloat = 1
    ) throws -> [UInt8] {
        CATransaction.setDisableActions(true)
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 80)
        root.backgroundColor = background
        let layer = CALayer()
        layer.frame = shape.frame
        layer.cornerRadius = shape.radius
        layer.maskedCorners = shape.corners
        layer.opacity = shape.opacity
        layer.transform = CATransform3DMakeRotation(shape.degrees * .pi / 180, 0, 0, 1)
        layer.backgroundColor = CGColor(red: 0.9, green: 0.3, blue: 0.1, alpha: shape.alpha)
        root.addSublayer(layer)
        let renderer = CARenderer(width: Int(100 * scale), height: Int(80 * scale), scale: scale)
        renderer.drawsWithSpans = withSpans
        return render(root, renderer: renderer).premultipliedBGRA
    }
}
