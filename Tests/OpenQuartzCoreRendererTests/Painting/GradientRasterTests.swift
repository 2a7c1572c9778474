import Foundation
import OpenQuartzCore
import OpenQuartzCoreRenderer
import QuartzTestSupport
import Testing

/// One gradient layer of the comparison: its frame in a 100 × 80 root, turn, type, points,
/// colours and locations.
struct GradientCase: CustomTestStringConvertible, Sendable {
    let name: String
    var frame = CGRect(x: 12, y: 10, width: 70, height: 56)
    var degrees: CGFloat = 0
    var type: CAGradientLayerType = .axial
    var start = CGPoint(x: 0.1, y: 0.2)
    var end = CGPoint(x: 0.9, y: 0.7)
    var colors: [(CGFloat, CGFloat, CGFloat, CGFloat)] = [(1, 0.2, 0, 1), (0, 0.4, 1, 1)]
    var locations: [Double]?
    var radius: CGFloat = 0
    var scale: CGFloat = 1
    var testDescription: String { name }

    static let all: [GradientCase] = [
        GradientCase(name: "axial"),
        GradientCase(name: "axial turned 33°", degrees: 33),
        // t changes only across, or only down: each row the first, or each row one colour.
        GradientCase(name: "axial across", start: CGPoint(x: 0.1, y: 0.5), end: CGPoint(x: 0.8, y: 0.5)),
        GradientCase(name: "axial down", start: CGPoint(x: 0.3, y: 0.9), end: CGPoint(x: 0.3, y: 0.2)),
        GradientCase(name: "axial at scale 2, rounded", radius: 14, scale: 2),
        GradientCase(
            name: "axial through translucent stops",
            colors: [(1, 0, 0, 0.2), (0, 1, 0, 1), (0, 0, 1, 0)], locations: [0, 0.3, 1]),
        GradientCase(
            name: "axial with a hard edge",
            colors: [(1, 0, 0, 1), (1, 1, 0, 1), (0, 0, 1, 1), (0, 1, 1, 1)], locations: [0, 0.5, 0.5, 1]),
        // As lottie-ios pads its gradient layers: 10,000 points on each side, the ramp in the middle.
        GradientCase(
            name: "axial on a padded layer", frame: CGRect(x: -9_980, y: -9_990, width: 20_060, height: 20_060),
            start: CGPoint(x: 0.4995, y: 0.4998), end: CGPoint(x: 0.5022, y: 0.5021)),
        GradientCase(name: "radial", type: .radial, start: CGPoint(x: 0.5, y: 0.5), end: CGPoint(x: 1, y: 1)),
        GradientCase(
            name: "radial ellipse turned 20°", degrees: 20, type: .radial, start: CGPoint(x: 0.3, y: 0.6),
            end: CGPoint(x: 0.9, y: 0.8),
            colors: [(1, 1, 1, 1), (0.2, 0.6, 0.1, 0.7), (0, 0, 0, 0.1)], locations: [0.1, 0.6, 0.95]),
        GradientCase(
            name: "radial on a padded layer", frame: CGRect(x: -9_980, y: -9_990, width: 20_060, height: 20_060),
            type: .radial, start: CGPoint(x: 0.5005, y: 0.5004), end: CGPoint(x: 0.5025, y: 0.5024)),
    ]
}

/// Linear and radial gradients drawn from a colour table (``GradientRaster``) against Cairo's
/// gradient patterns, on the same layer: the premultiplied channels differ by at most 2 of 255
/// (a table entry rounds t to a 1,023rd of the ramp, and where a channel leaves black Core
/// Animation's Generic RGB blend climbs up to two levels from one entry to the next; pixman
/// rounds its floats its own way).
@Suite struct GradientRasterTests {
    @Test(arguments: GradientCase.all)
    func tableGradientsMatchCairo(_ gradient: GradientCase) {
        let (ours, tableFills) = draw(gradient, fromTables: true)
        let (cairo, _) = draw(gradient, fromTables: false)
        #expect(tableFills == 1, "the gradient is drawn from a table")
        #expect(ours.count == cairo.count)
        let largest = zip(ours, cairo).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(largest <= 2, "largest difference \(largest)")
        // The gradient shows: the two pictures are not both blank.
        #expect(ours.contains { $0 > 0 })
    }

    /// Gradients of other colours in one frame, one of them twice: each is drawn with its own
    /// colours, from a table made once for each ramp and kept for the next frame.
    @Test func gradientsOfOtherColoursEachGetTheirTable() {
        func draw(fromTables: Bool) -> (pixels: [UInt8], fills: Int, tables: Int, tablesAfterAnotherFrame: Int) {
            CATransaction.setDisableActions(true)
            let root = CALayer()
            root.frame = CGRect(x: 0, y: 0, width: 100, height: 80)
            let redToBlue = [(1.0, 0.0, 0.0), (0.0, 0.0, 1.0)]
            let greenToYellow = [(0.0, 1.0, 0.0), (1.0, 1.0, 0.0)]
            for (index, colors) in [redToBlue, greenToYellow, redToBlue].enumerated() {
                let layer = CAGradientLayer()
                layer.frame = CGRect(x: 4 + 32 * index, y: 10, width: 28, height: 60)
                layer.colors = colors.map { CGColor(red: $0.0, green: $0.1, blue: $0.2, alpha: 1) }
                root.addSublayer(layer)
            }
            let renderer = CARenderer(width: 100, height: 80)
            renderer.drawsGradientsFromTables = fromTables
            renderer.cachesContent = false
            let pixels = render(root, renderer: renderer).premultipliedBGRA
            let tables = renderer.gradientTablesMade
            _ = render(root, renderer: renderer, whole: true)
            return (pixels, renderer.gradientTableFillCount, tables, renderer.gradientTablesMade)
        }
        let ours = draw(fromTables: true)
        let cairo = draw(fromTables: false)
        #expect(ours.fills == 6)
        #expect(ours.tables == 2 && ours.tablesAfterAnotherFrame == 2)
        #expect((zip(ours.pixels, cairo.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0) <= 1)
    }

    /// The picture, and how many gradients were drawn from a table.
    private func draw(_ gradient: GradientCase, fromTables: Bool) -> (pixels: [UInt8], tableFills: Int) {
        CATransaction.setDisableActions(true)
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 80)
        let layer = CAGradientLayer()
        layer.frame = gradient.frame
        layer.transform = CATransform3DMakeRotation(gradient.degrees * .pi / 180, 0, 0, 1)
        layer.type = gradient.type
        layer.startPoint = gradient.start
        layer.endPoint = gradient.end
        layer.cornerRadius = gradient.radius
        layer.colors = gradient.colors.map { CGColor(red: $0.0, green: $0.1, blue: $0.2, alpha: $0.3) }
        layer.locations = gradient.locations.map { $0.map { NSNumber(value: $0) } }
        root.addSublayer(layer)
        let renderer = CARenderer(
            width: Int(100 * gradient.scale), height: Int(80 * gradient.scale), scale: gradient.scale)
        renderer.drawsGradientsFromTables = fromTables
        renderer.cachesContent = false
        let pixels = render(root, renderer: renderer).premultipliedBGRA
        return (pixels, renderer.gradientTableFillCount)
    }
}
