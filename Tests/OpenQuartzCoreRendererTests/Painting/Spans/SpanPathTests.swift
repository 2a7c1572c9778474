import Foundation
import OpenQuartzCore
import QuartzTestSupport
import Testing

@testable import OpenQuartzCoreRenderer

/// Shape layers' paths filled by our span rasteriser (curves flattened within 0.02 px, any
/// number of subpaths, the non-zero and even-odd rules), and the gradient of a Lottie gradient
/// fill drawn straight into its mask's path, each against the true areas: Cairo's drawing of
/// the same scene on an 8× finer grid, averaged.
@Suite struct SpanPathTests {
    enum Shape: String, CaseIterable, CustomTestStringConvertible, Sendable {
        case turnedEllipse, ringNonZero, ringEvenOdd, blob, twoApart, quadratic
        var testDescription: String { rawValue }

        var path: CGPath {
            let path = CGMutablePath()
            switch self {
            case .turnedEllipse:
                path.addEllipse(
                    in: CGRect(x: 14.3, y: 12.6, width: 66, height: 38),
                    transform: CGAffineTransform(translationX: 47, y: 31).rotated(by: 0.45).translatedBy(
                        x: -47, y: -31))
            case .ringNonZero, .ringEvenOdd:
                // The hole is wound the other way (non-zero leaves it empty) and the same way as
                // the outline by even-odd's lights.
                path.addEllipse(in: CGRect(x: 20.4, y: 8.2, width: 60, height: 60))
                let hole = CGRect(x: 35.7, y: 23.1, width: 30, height: 30)
                if self == .ringNonZero {
                    path.move(to: CGPoint(x: hole.maxX, y: hole.midY))
                    path.addArc(
                        center: CGPoint(x: hole.midX, y: hole.midY), radius: 15, startAngle: 0,
                        endAngle: -2 * .pi, clockwise: true)
                    path.closeSubpath()
                } else {
                    path.addEllipse(in: hole)
                }
            case .blob:
                path.move(to: CGPoint(x: 12.5, y: 40))
                path.addCurve(
                    to: CGPoint(x: 86, y: 22.25), control1: CGPoint(x: 20, y: -10), control2: CGPoint(x: 70, y: 5))
                path.addCurve(
                    to: CGPoint(x: 30, y: 70.5), control1: CGPoint(x: 99, y: 60), control2: CGPoint(x: 60, y: 80))
                path.closeSubpath()
            case .twoApart:
                path.addRect(CGRect(x: 8.25, y: 9.5, width: 30.5, height: 20.25))
                path.addEllipse(in: CGRect(x: 50.6, y: 30.3, width: 40, height: 36))
            case .quadratic:
                path.move(to: CGPoint(x: 10, y: 70))
                path.addQuadCurve(to: CGPoint(x: 90, y: 65.5), control: CGPoint(x: 48, y: -30))
                // A line after the close starts at the closed subpath's start.
                path.closeSubpath()
                path.addLine(to: CGPoint(x: 30, y: 78))
                path.addLine(to: CGPoint(x: 5, y: 78))
            }
            return path
        }

        var evenOdd: Bool { self == .ringEvenOdd }
    }

    /// A 100 × 80 picture of `shape` filled with a translucent colour over nothing.
    private func draw(_ shape: Shape, withSpans: Bool, scale: CGFloat = 1) -> [UInt8] {
        withManualClock { _ in
            CATransaction.setDisableActions(true)
            let root = CALayer()
            root.frame = CGRect(x: 0, y: 0, width: 100, height: 80)
            let layer = CAShapeLayer()
            layer.frame = root.bounds
            layer.path = shape.path
            layer.fillRule = shape.evenOdd ? .evenOdd : .nonZero
            layer.fillColor = CGColor(red: 0.9, green: 0.3, blue: 0.1, alpha: 0.8)
            root.addSublayer(layer)
            let renderer = CARenderer(width: Int(100 * scale), height: Int(80 * scale), scale: scale)
            renderer.drawsWithSpans = withSpans
            return render(root, renderer: renderer).premultipliedBGRA
        }
    }

    /// The true areas' picture: Cairo's at 8 × 8 samples a pixel, averaged.
    private func exact(_ shape: Shape) -> [Int] {
        let fine = draw(shape, withSpans: false, scale: 8)
        var sums = [Int](repeating: 0, count: 100 * 80 * 4)
        for y in 0..<640 {
            for x in 0..<800 {
                for channel in 0..<4 {
                    sums[((y / 8) * 100 + x / 8) * 4 + channel] += Int(fine[(y * 800 + x) * 4 + channel])
                }
            }
        }
        return sums.map { ($0 + 32) / 64 }
    }

    /// Every pixel within `255 × 0.8 / 40 + 2` of the true area's colour (Cairo's own scan
    /// converter is up to 2/15 of the alpha off), and the total coverage within 0.5 %.
    @Test(arguments: Shape.allCases)
    func pathFillsMatchTheTrueAreas(_ shape: Shape) {
        let ours = draw(shape, withSpans: true)
        let truth = exact(shape)
        let largest = zip(ours, truth).map { abs(Int($0) - $1) }.max() ?? 0
        #expect(largest <= Int((255 * 0.8 / 40).rounded(.up)) + 2, "largest difference from the true areas \(largest)")
        let ourAlpha = stride(from: 3, to: ours.count, by: 4).reduce(0) { $0 + Int(ours[$1]) }
        let trueAlpha = stride(from: 3, to: truth.count, by: 4).reduce(0) { $0 + truth[$1] }
        #expect(trueAlpha > 100 * 255)
        #expect(abs(Double(ourAlpha - trueAlpha)) / Double(trueAlpha) <= 0.005)
        // The rule: the ring's hole is empty by both rules.
        if shape == .ringNonZero || shape == .ringEvenOdd {
            #expect(ours[(38 * 100 + 50) * 4 + 3] == 0, "the hole")
            #expect(ours[(14 * 100 + 50) * 4 + 3] == 204, "the ring")
        }
    }

    /// Where two edges of one path cross inside a pixel (a pentagram's inner corners), that
    /// pixel's coverage is the sum of the edges' areas, as FreeType's and Blend2D's
    /// accumulation gives it: only those pixels stray from the true areas.
    @Test(arguments: [false, true])
    func crossingEdgesStrayOnlyWhereTheyCross(evenOdd: Bool) {
        func frame(scale: CGFloat, spans: Bool) -> [UInt8] {
            withManualClock { _ in
                CATransaction.setDisableActions(true)
                let root = CALayer()
                root.frame = CGRect(x: 0, y: 0, width: 96, height: 96)
                let star = CAShapeLayer()
                star.frame = root.bounds
                let path = CGMutablePath()
                path.addLines(
                    between: (0..<5).map { k in
                        let angle = (-90 + 144 * Double(k)) * .pi / 180
                        return CGPoint(x: 48 + 40 * cos(angle), y: 48 + 40 * sin(angle))
                    })
                path.closeSubpath()
                star.path = path
                star.fillRule = evenOdd ? .evenOdd : .nonZero
                star.fillColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
                root.addSublayer(star)
                let renderer = CARenderer(width: Int(96 * scale), height: Int(96 * scale), scale: scale)
                renderer.drawsWithSpans = spans
                return render(root, renderer: renderer).premultipliedBGRA
            }
        }
        let ours = frame(scale: 1, spans: true)
        let fine = frame(scale: 8, spans: false)
        // The five inner corners, where the edges cross.
        let crossings = (0..<5).map { k in
            let angle = (-54 + 72 * Double(k)) * .pi / 180
            let radius = 40 * cos(72 * Double.pi / 180) / cos(36 * Double.pi / 180)
            return (48 + radius * cos(angle), 48 + radius * sin(angle))
        }
        var strays = 0
        for y in 0..<96 {
            for x in 0..<96 {
                var sum = 0
                for fy in 0..<8 { for fx in 0..<8 { sum += Int(fine[((y * 8 + fy) * 768 + x * 8 + fx) * 4 + 3]) } }
                let difference = abs(Int(ours[(y * 96 + x) * 4 + 3]) - (sum + 32) / 64)
                guard difference > 8 else { continue }
                strays += 1
                let nearCrossing = crossings.contains {
                    abs($0.0 - Double(x) - 0.5) < 1.5 && abs($0.1 - Double(y) - 0.5) < 1.5
                }
                #expect(nearCrossing, "pixel (\(x), \(y)) is \(difference) levels from its true area")
            }
        }
        #expect(strays <= 10)
    }

    /// A Lottie gradient fill (a gradient far larger than what shows, masked by an opaque
    /// path) is drawn straight into the path's spans: inside the path the pixels are those of
    /// the gradient drawn through groups, byte for byte, and its edge within the scan
    /// converters' difference.
    @Test func aGradientFillsItsMasksPathStraight() {
        func frame(spans: Bool) -> (pixels: [UInt8], spanFills: Int) {
            withManualClock { _ in
                let root = MaskShortcutTests.root()
                let container = CALayer()
                container.frame = CGRect(x: 20.3, y: 10.6, width: 80, height: 60)
                container.transform = CATransform3DMakeRotation(0.3, 0, 0, 1)
                root.addSublayer(container)
                let gradient = MaskShortcutTests.paddedGradient(colors: [
                    CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 1, blue: 0.5, alpha: 1),
                ])
                container.addSublayer(gradient)
                let mask = CAShapeLayer()
                mask.frame = container.bounds
                mask.path = CGPath(ellipseIn: CGRect(x: 6, y: 4, width: 60, height: 44), transform: nil)
                container.mask = mask
                let renderer = CARenderer(width: 240, height: 180, scale: 2)
                renderer.drawsWithSpans = spans
                let drawn = render(root, renderer: renderer)
                return (drawn.premultipliedBGRA, drawn.resources.gradients.spanFillCount)
            }
        }
        let (ours, spanFills) = frame(spans: true)
        let (cairo, none) = frame(spans: false)
        #expect((spanFills, none) == (1, 0))
        var edges = 0
        for index in stride(from: 0, to: ours.count, by: 4) {
            let difference = (0..<4).map { abs(Int(ours[index + $0]) - Int(cairo[index + $0])) }.max()!
            if difference > 0 { edges += 1 }
            #expect(difference <= 35, "pixel \(index / 4) differs by \(difference)")
        }
        // Only the outline's pixels differ: fewer than its length, 2 × π × 52 × 2 points.
        #expect(edges < 700, "\(edges) pixels differ")
        let warm = stride(from: 0, to: ours.count, by: 4).filter { ours[$0 + 2] > 150 }.count
        #expect(warm > 2000)
    }

    /// Filling a path leaves Cairo's current path empty (it is not part of the saved state):
    /// the next layer's `masksToBounds` clip keeps to its own bounds.
    @Test func aClipAfterAGradientFillKeepsToItsBounds() {
        let (pixels, spanFills) = withManualClock { _ in
            let root = MaskShortcutTests.root()
            let container = CALayer()
            container.frame = CGRect(x: 10, y: 10, width: 40, height: 30)
            root.addSublayer(container)
            let gradient = CAGradientLayer()
            gradient.frame = CGRect(x: -1000, y: -1000, width: 2100, height: 2100)
            gradient.colors = [
                CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 1, green: 1, blue: 0, alpha: 1),
            ]
            container.addSublayer(gradient)
            let mask = CAShapeLayer()
            mask.frame = container.bounds
            mask.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 40, height: 30), transform: nil)
            container.mask = mask
            // A shape reaching beyond the bounds it is clipped to.
            let clipped = CAShapeLayer()
            clipped.frame = CGRect(x: 70, y: 50, width: 20, height: 20)
            clipped.masksToBounds = true
            clipped.path = CGPath(rect: CGRect(x: -60, y: -40, width: 100, height: 80), transform: nil)
            clipped.fillColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
            root.addSublayer(clipped)
            let drawn = render(root)
            return (drawn.premultipliedBGRA, drawn.resources.gradients.spanFillCount)
        }
        #expect(spanFills == 1)
        // Black inside the clipping layer only; the background's blue beside it.
        #expect(Array(pixels[((60 * 120) + 80) * 4..<((60 * 120) + 80) * 4 + 3]) == [0, 0, 0])
        #expect(pixels[((60 * 120) + 60) * 4] > 200, "left of the clipping layer")
        #expect(pixels[((20 * 120) + 100) * 4] > 200, "above it, to the right")
    }

    /// Edges reaching absurdly far (a path point at 10³⁰, a layer as large) are drawn within
    /// the picture, without trapping on the rows they would cross.
    @Test func edgesReachingFarAwayDrawWithoutTrapping() {
        let pixels = withManualClock { _ in
            CATransaction.setDisableActions(true)
            let root = CALayer()
            root.frame = CGRect(x: 0, y: 0, width: 40, height: 30)
            let shape = CAShapeLayer()
            shape.frame = root.bounds
            let path = CGMutablePath()
            path.move(to: CGPoint(x: 10, y: 10))
            path.addLine(to: CGPoint(x: 1e30, y: 1e30))
            path.addLine(to: CGPoint(x: -1e30, y: 1e30))
            path.closeSubpath()
            shape.path = path
            shape.fillColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
            root.addSublayer(shape)
            let huge = CALayer()
            huge.frame = CGRect(x: -1e30, y: 20, width: 2e30, height: 10)
            huge.cornerRadius = 3
            huge.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            root.addSublayer(huge)
            return render(root).premultipliedBGRA
        }
        // Below the path's tip it is black; the wide layer covers the rows from 20 to 30.
        #expect(Array(pixels[((15 * 40) + 10) * 4..<((15 * 40) + 10) * 4 + 4]) == [0, 0, 0, 255])
        #expect(Array(pixels[((25 * 40) + 30) * 4..<((25 * 40) + 30) * 4 + 4]) == [0, 0, 255, 255])
    }

    /// A gradient fill inside a mask (a Lottie track matte drawn by a gradient fill) is drawn
    /// into the mask's alpha group through spans too: the masked layer shows the gradient's
    /// alphas through the path, as Cairo draws them but for the edge's coverage.
    @Test func aGradientFillInsideAMaskDrawsItsAlphas() {
        func frame(spans: Bool) -> (pixels: [UInt8], spanFills: Int) {
            withManualClock { _ in
                let root = MaskShortcutTests.root()
                let content = CALayer()
                content.frame = CGRect(x: 10, y: 10, width: 100, height: 70)
                content.backgroundColor = CGColor(red: 1, green: 0.8, blue: 0, alpha: 1)
                root.addSublayer(content)
                // The matte: a gradient from opaque to clear, masked by an ellipse.
                let matte = CALayer()
                matte.frame = content.bounds
                let gradient = CAGradientLayer()
                gradient.frame = CGRect(x: -1000, y: -1000, width: 2100, height: 2070)
                gradient.colors = [
                    CGColor(red: 0, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 0, blue: 0, alpha: 0),
                ]
                gradient.startPoint = CGPoint(x: 0.476, y: 0.5)
                gradient.endPoint = CGPoint(x: 0.524, y: 0.5)
                matte.addSublayer(gradient)
                let path = CAShapeLayer()
                path.frame = matte.bounds
                path.path = CGPath(ellipseIn: CGRect(x: 5, y: 5, width: 90, height: 60), transform: nil)
                matte.mask = path
                content.mask = matte
                let renderer = CARenderer(width: 120, height: 90)
                renderer.drawsWithSpans = spans
                let drawn = render(root, renderer: renderer)
                return (drawn.premultipliedBGRA, drawn.resources.gradients.spanFillCount)
            }
        }
        let (ours, spanFills) = frame(spans: true)
        let (cairo, none) = frame(spans: false)
        #expect((spanFills, none) == (1, 0))
        var edges = 0
        for index in stride(from: 0, to: ours.count, by: 4) {
            let difference = (0..<4).map { abs(Int(ours[index + $0]) - Int(cairo[index + $0])) }.max()!
            if difference > 1 { edges += 1 }
            #expect(difference <= 40, "pixel \(index / 4) differs by \(difference)")
        }
        #expect(edges < 300, "\(edges) pixels differ")
        // The content shows through the left of the ellipse, and not right of the gradient.
        #expect(ours[((45 * 120) + 30) * 4 + 2] > 200, "left: the content's red")
        #expect(ours[((45 * 120) + 100) * 4 + 2] < 100, "right: the background's blue")
    }

    /// Solid fills take sixteen cells and pixels at a time where the processor has AVX-512, eight
    /// where it has AVX2, and four otherwise, and accumulate a steep edge's rows eight at a time
    /// with AVX-512; all give the same bytes, for both rules, translucent and opaque colours,
    /// edges of every slope and polygons reaching past the target's clip.
    @Test(arguments: [8, 16])
    func wideBlocksGiveTheBytesOfFourAtATime(widest: Int) {
        let (width, height) = (181, 123)
        let untouched = (0..<(width * height)).map { UInt32(truncatingIfNeeded: $0 &* 2_654_435_761) | 0xFF00_0000 }
        func picture(widest: Int) -> [UInt32] {
            var pixels = untouched
            let rasterizer = SpanRasterizer()
            rasterizer.widestBlocks = widest
            var seed: UInt64 = 7
            func next() -> Double {
                seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return Double(seed >> 11) / Double(1 << 53)
            }
            pixels.withUnsafeMutableBufferPointer { buffer in
                let target = SpanTarget(
                    pixels: buffer.baseAddress!, rowPixels: width, clipMinX: 3, clipMinY: 2, clipMaxX: width - 4,
                    clipMaxY: height - 1)
                for shape in 0..<60 {
                    rasterizer.beginPolygon()
                    for _ in 0..<(3 + shape % 7) {
                        rasterizer.add(SIMD2(next() * 220 - 20, next() * 160 - 20))
                    }
                    if shape % 4 == 0 {
                        rasterizer.closeContour()
                        for _ in 0..<4 { rasterizer.add(SIMD2(next() * 200, next() * 140)) }
                    }
                    let color = SpanColor(
                        red: next(), green: next(), blue: next(), alpha: shape % 5 == 0 ? 1 : next())
                    rasterizer.fill(with: color, evenOdd: shape % 3 == 0, into: target)
                }
            }
            return pixels
        }
        let four = picture(widest: 4)
        let wide = picture(widest: widest)
        #expect(zip(four, untouched).filter { $0 != $1 }.count > width * height / 2, "the fills drew")
        let differing = zip(four, wide).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset)
        let count = differing.count
        #expect(count == 0, "pixels differ, first \(differing.prefix(5))")
    }

    /// A rectangle on whole pixels along the axes is filled without cells
    /// (`SpanRasterizer.wholePixelRectangle`): the same bytes as the same rectangle with a fifth
    /// point halfway along a side, which goes through the cells, for both rules, both
    /// orientations, clipped or not, opaque or not, at every block width.
    @Test(arguments: [4, 8, 16])
    func rectanglesOnWholePixelsGiveTheBytesOfTheirCells(widest: Int) {
        let (width, height) = (97, 61)
        let untouched = (0..<(width * height)).map { UInt32(truncatingIfNeeded: $0 &* 2_654_435_761) | 0xFF00_0000 }
        let boxes: [(Double, Double, Double, Double)] = [
            (3, 4, 40, 30), (-10, -5, 50, 20), (60, 30, 130, 90), (20, 10, 21, 11), (0, 0, 97, 61), (33, 7, 90, 8),
        ]
        func picture(splitting: Bool) -> (pixels: [UInt32], shortcuts: Int) {
            var pixels = untouched
            let rasterizer = SpanRasterizer()
            rasterizer.widestBlocks = widest
            pixels.withUnsafeMutableBufferPointer { buffer in
                let target = SpanTarget(
                    pixels: buffer.baseAddress!, rowPixels: width, clipMinX: 2, clipMinY: 1, clipMaxX: width - 3,
                    clipMaxY: height)
                for (index, (minX, minY, maxX, maxY)) in boxes.enumerated() {
                    for turn in 0..<2 {
                        var corners = [SIMD2(minX, minY), SIMD2(maxX, minY), SIMD2(maxX, maxY), SIMD2(minX, maxY)]
                        if turn == 1 { corners.reverse() }
                        rasterizer.beginPolygon()
                        for (corner, point) in corners.enumerated() {
                            rasterizer.add(point)
                            if splitting, corner == 1 { rasterizer.add((point + corners[2]) / 2) }
                        }
                        let alpha = index % 3 == 0 ? 1 : 0.25 + 0.1 * Double(index)
                        let color = SpanColor(red: 0.9, green: 0.3 * Double(turn), blue: 0.5, alpha: alpha)
                        rasterizer.fill(with: color, evenOdd: (index + turn) % 2 == 0, into: target)
                    }
                }
                // Opaque across whole rows of an unclipped target: rows that follow each other,
                // filled as one run.
                let unclipped = SpanTarget(
                    pixels: buffer.baseAddress!, rowPixels: width, clipMinX: 0, clipMinY: 0, clipMaxX: width,
                    clipMaxY: height)
                let corners = [SIMD2(-3.0, 50), SIMD2(100, 50), SIMD2(100, 58), SIMD2(-3, 58)]
                rasterizer.beginPolygon()
                for (corner, point) in corners.enumerated() {
                    rasterizer.add(point)
                    if splitting, corner == 1 { rasterizer.add((point + corners[2]) / 2) }
                }
                rasterizer.fill(with: SpanColor(red: 0.2, green: 0.7, blue: 0.4, alpha: 1), into: unclipped)
            }
            return (pixels, rasterizer.wholePixelRectangles)
        }
        let (boxed, shortcuts) = picture(splitting: false)
        let (cells, none) = picture(splitting: true)
        #expect((shortcuts, none) == (2 * boxes.count + 1, 0))
        #expect(zip(boxed, untouched).filter { $0 != $1 }.count > width * height / 2, "the fills drew")
        let differing = zip(boxed, cells).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset)
        #expect(differing.count == 0, "pixels differ, first \(differing.prefix(5))")
    }
}

/// A rounded rectangle's outline turns one cosine and sine for its four arcs, each arc taking
/// them turned by quarter turns (`SpanRasterizer.fillRoundedRect`): the same points, to the bit,
/// as each arc turned on its own from its own start, so that pictures do not move.
@Suite struct RoundedOutlineTests {
    /// The outline as each arc turned on its own: from (0, −1), (1, 0), (0, 1), (−1, 0), by
    /// the chord's turn, landing on the next edge exactly.
    static func eachArcOnItsOwn(
        _ rect: CGRect, radius: Double, corners: CACornerMask, transform: CGAffineTransform, chords: Int
    ) -> [SIMD2<Double>] {
        let (turnCos, turnSin, outward) = SpanRasterizer.chordTurns[chords]
        let origin = SIMD2(Double(transform.tx), Double(transform.ty))
        let (across, down) = (
            SIMD2(Double(transform.a), Double(transform.b)), SIMD2(Double(transform.c), Double(transform.d))
        )
        func place(_ x: Double, _ y: Double) -> SIMD2<Double> { origin + across * x + down * y }
        let (minX, minY, maxX, maxY) = (Double(rect.minX), Double(rect.minY), Double(rect.maxX), Double(rect.maxY))
        let masks: [CACornerMask] = [
            .layerMaxXMinYCorner, .layerMaxXMaxYCorner, .layerMinXMaxYCorner, .layerMinXMinYCorner,
        ]
        let starts: [(Double, Double)] = [(0, -1), (1, 0), (0, 1), (-1, 0)]
        let ends: [(Double, Double)] = [(1, 0), (0, 1), (-1, 0), (0, -1)]
        var outline: [SIMD2<Double>] = []
        for corner in 0..<4 {
            let cornerX = corner == 0 || corner == 1 ? maxX : minX
            let cornerY = corner == 1 || corner == 2 ? maxY : minY
            guard corners.contains(masks[corner]) else {
                outline.append(place(cornerX, cornerY))
                continue
            }
            let centre = place(
                corner == 0 || corner == 1 ? maxX - radius : minX + radius,
                corner == 1 || corner == 2 ? maxY - radius : minY + radius)
            var (cosine, sine) = starts[corner]
            for index in 0...chords {
                let reach = index == 0 || index == chords ? 1 : outward
                if index == chords { (cosine, sine) = ends[corner] }
                outline.append(centre + (across * radius * cosine + down * radius * sine) * reach)
                (cosine, sine) = (cosine * turnCos - sine * turnSin, sine * turnCos + cosine * turnSin)
            }
        }
        return outline
    }

    @Test(
        arguments: [
            (CGRect(x: 3.25, y: -7.5, width: 80, height: 52.5), 12.0, CACornerMask(rawValue: 15), 0.37, 1.0),
            (CGRect(x: 0, y: 0, width: 200, height: 120), 40.0, CACornerMask(rawValue: 15), -2.1, 1.7),
            (CGRect(x: -20, y: 5, width: 30, height: 30), 15.0, CACornerMask(rawValue: 15), 0.0, 3.0),
            (CGRect(x: 10, y: 10, width: 64, height: 20), 6.5, CACornerMask(rawValue: 9), 1.2, 0.5),
            (CGRect(x: 10, y: 10, width: 64, height: 20), 0.6, CACornerMask(rawValue: 6), 4.0, 2.0),
        ] as [(CGRect, Double, CACornerMask, Double, Double)])
    func theFourArcsAreEachArcTurnedOnItsOwn(
        _ rect: CGRect, _ radius: Double, _ corners: CACornerMask, _ angle: Double, _ scale: Double
    ) {
        let transform = CGAffineTransform(rotationAngle: angle).scaledBy(x: scale, y: scale * 0.8)
            .concatenating(CGAffineTransform(translationX: 100.5, y: 80.25))
        let rasterizer = SpanRasterizer()
        var pixels = [UInt32](repeating: 0, count: 400 * 300)
        pixels.withUnsafeMutableBufferPointer { buffer in
            let target = SpanTarget(
                pixels: buffer.baseAddress!, rowPixels: 400, clipMinX: 0, clipMinY: 0, clipMaxX: 400, clipMaxY: 300)
            rasterizer.fillRoundedRect(
                rect, radius: radius, corners: corners, transform: transform,
                color: SpanColor(red: 0.3, green: 0.6, blue: 0.9, alpha: 0.7), into: target)
        }
        let drawn = Array(UnsafeBufferPointer(start: rasterizer.points, count: rasterizer.pointCount))
        let rounded = corners.rawValue.nonzeroBitCount
        let chords = (drawn.count - (4 - rounded)) / rounded - 1
        #expect(chords >= 1)
        let expected = Self.eachArcOnItsOwn(
            rect, radius: radius, corners: corners, transform: transform, chords: chords)
        #expect(drawn.count == expected.count)
        let differing = zip(drawn, expected).filter { $0 != $1 }.count
        #expect(differing == 0, "\(differing) of \(drawn.count) points differ")
        #expect(pixels.contains { $0 != 0 })
    }
}
