import Foundation
import OpenQuartzCore
import QuartzTestSupport
import Testing

@testable import OpenQuartzCoreRenderer

/// Two masks are drawn without the groups a mask costs (`LayerPainter.paintFlat`): a shape
/// layer that fills its path with an opaque colour, over content that lays each pixel once,
/// becomes a clip to the path; a gradient masked by the alphas of a gradient of the same
/// geometry becomes one gradient. Both are how Lottie's gradient fills are drawn. Each scene is
/// drawn as it is and again with a sublayer added that takes the shortcut away; the two frames
/// must agree within the rounding of 8-bit groups.
@Suite struct MaskShortcutTests {
    enum Case: String, CaseIterable, CustomTestStringConvertible, Sendable {
        case gradientMaskedByEllipse, gradientMaskedByStar, gradientMaskedByTwoShapes
        case axialAlphaGradient, radialAlphaGradient, translucentAlphaGradient
        var testDescription: String { rawValue }
    }

    /// A 120 × 90 blue layer to draw the scenes over, its changes not animated.
    static func root() -> CALayer {
        CATransaction.setDisableActions(true)
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 120, height: 90)
        root.backgroundColor = CGColor(red: 0.2, green: 0.3, blue: 0.9, alpha: 1)
        return root
    }

    /// A gradient layer as Lottie draws one: reaching far beyond what shows of it (2,080 × 2,060
    /// points from (−1,000, −1,000)), so that its edges are never seen.
    static func paddedGradient() -> CAGradientLayer {
        let gradient = CAGradientLayer()
        gradient.anchorPoint = .zero
        gradient.bounds = CGRect(x: 0, y: 0, width: 2080, height: 2060)
        gradient.position = CGPoint(x: -1000, y: -1000)
        return gradient
    }

    /// A padded gradient of `colors` whose axis crosses the middle of what shows of it, a
    /// little turned.
    static func paddedGradient(colors: [CGColor]) -> CAGradientLayer {
        let gradient = paddedGradient()
        gradient.colors = colors
        gradient.startPoint = CGPoint(x: 0.4855, y: 0.4883)
        gradient.endPoint = CGPoint(x: 0.5163, y: 0.5029)
        return gradient
    }

    /// A turned 80 × 60 layer holding two translucent squares that overlap: content that needs
    /// its group.
    static func overlappingSquares() -> CALayer {
        let content = CALayer()
        content.frame = CGRect(x: 20.3, y: 10.6, width: 80, height: 60)
        content.transform = CATransform3DMakeRotation(0.3, 0, 0, 1)
        let colors = [CGColor(red: 1, green: 0, blue: 0, alpha: 0.7), CGColor(red: 0, green: 1, blue: 0.3, alpha: 0.6)]
        for (index, color) in colors.enumerated() {
            let square = CALayer()
            square.frame = CGRect(x: 5 + 25 * Double(index), y: 5 + 10 * Double(index), width: 45, height: 40)
            square.backgroundColor = color
            content.addSublayer(square)
        }
        return content
    }

    func frame(_ scene: Case, shortcut: Bool) -> (pixels: [UInt8], shortcuts: Int) {
        withManualClock { _ in
            let root = Self.root()
            let container = CALayer()
            container.frame = CGRect(x: 20.3, y: 10.6, width: 80, height: 60)
            root.addSublayer(container)
            let gradient = Self.paddedGradient(colors: [
                CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 1, green: 1, blue: 0, alpha: 1),
                CGColor(red: 0, green: 1, blue: 0.5, alpha: 1),
            ])
            gradient.locations = [0, 0.4, 1]
            container.addSublayer(gradient)
            switch scene {
            case .gradientMaskedByEllipse, .gradientMaskedByStar, .gradientMaskedByTwoShapes:
                container.transform = CATransform3DMakeRotation(0.3, 0, 0, 1)
                let mask = CAShapeLayer()
                mask.frame = container.bounds
                let path = CGMutablePath()
                switch scene {
                case .gradientMaskedByStar:
                    // A pentagram, its edges crossing, its middle a hole by the even-odd rule.
                    let points = (0..<5).map { index in
                        let angle = Double(index * 2) * 2 * .pi / 5 - .pi / 2
                        return CGPoint(x: 40 + 28 * cos(angle), y: 30 + 28 * sin(angle))
                    }
                    path.addLines(between: points)
                    path.closeSubpath()
                    mask.fillRule = .evenOdd
                default:
                    path.addEllipse(in: CGRect(x: 6, y: 4, width: 60, height: 44))
                    // Two subpaths that overlap are masked through groups.
                    if scene == .gradientMaskedByTwoShapes { path.addRect(CGRect(x: 30, y: 20, width: 40, height: 30)) }
                }
                mask.path = path
                container.mask = mask
                // Content drawn twice at a pixel takes the grouped way.
                if !shortcut { container.addSublayer(CATransformLayer()) }
            case .axialAlphaGradient, .radialAlphaGradient, .translucentAlphaGradient:
                if scene == .radialAlphaGradient { gradient.type = .radial }
                if scene == .translucentAlphaGradient {
                    // Colours with alphas of their own (a Lottie gradient set by a value provider).
                    gradient.colors = [
                        CGColor(red: 1, green: 0, blue: 0, alpha: 0.3), CGColor(red: 1, green: 1, blue: 0, alpha: 1),
                        CGColor(red: 0, green: 1, blue: 0.5, alpha: 0.6),
                    ]
                }
                let alpha = CAGradientLayer()
                alpha.anchorPoint = .zero
                alpha.bounds = gradient.bounds
                alpha.type = gradient.type
                alpha.startPoint = gradient.startPoint
                alpha.endPoint = gradient.endPoint
                alpha.colors = [
                    CGColor(red: 0, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 0, blue: 0, alpha: 0.2),
                    CGColor(red: 0, green: 0, blue: 0, alpha: 0.2), CGColor(red: 0, green: 0, blue: 0, alpha: 0.9),
                ]
                // A hard edge at 0.6.
                alpha.locations = [0.1, 0.6, 0.6, 0.95]
                gradient.mask = alpha
                // The gradients turned, and what shows of them clipped by whole pixels.
                gradient.anchorPoint = CGPoint(x: 0.5, y: 0.5)
                gradient.position = CGPoint(x: 40, y: 30)
                gradient.transform = CATransform3DMakeRotation(0.3, 0, 0, 1)
                container.frame = CGRect(x: 20, y: 10, width: 80, height: 60)
                container.masksToBounds = true
                if !shortcut { gradient.addSublayer(CALayer()) }
            }
            let renderer = render(root, scale: 2)
            return (renderer.premultipliedBGRA, renderer.resources.masksWithoutGroupsCount)
        }
    }

    @Test(arguments: Case.allCases)
    func theShortcutDrawsWhatTheMaskDoes(_ scene: Case) {
        let (fast, shortcuts) = frame(scene, shortcut: true)
        let (grouped, none) = frame(scene, shortcut: false)
        #expect((shortcuts, none) == (scene == .gradientMaskedByTwoShapes ? 0 : 1, 0))
        #expect(fast.count == 240 * 180 * 4)
        let largest = largestDifference(fast, grouped)
        // Through groups, a colour is rounded to 8 bits and then its product with the mask's
        // alpha again; as one gradient, once.
        let rounding = [.axialAlphaGradient, .radialAlphaGradient, .translucentAlphaGradient].contains(scene) ? 2 : 1
        #expect(largest <= rounding, "pixels differ by up to \(largest) levels")
        // The mask did cut: some pixels show the background only, some the gradient.
        let blue = stride(from: 0, to: fast.count, by: 4).filter { fast[$0] > 200 && fast[$0 + 2] < 70 }.count
        #expect(blue > 1000, "\(blue) pixels of the background")
        let warm = stride(from: 0, to: fast.count, by: 4).filter { fast[$0 + 2] > 150 }.count
        #expect(warm > 500, "\(warm) pixels of the gradient")
    }

    /// A translucent gradient alone is one gradient with its alphas multiplied by the opacity,
    /// drawn without the group a translucent layer needs; with a sublayer it takes the group.
    @Test func aTranslucentGradientIsDrawnWithoutAGroup() {
        func frame(withSublayer: Bool) -> [UInt8] {
            withManualClock { _ in
                let root = Self.root()
                let gradient = CAGradientLayer()
                gradient.frame = CGRect(x: 20.3, y: 10.6, width: 80, height: 60)
                gradient.transform = CATransform3DMakeRotation(0.3, 0, 0, 1)
                gradient.type = .radial
                gradient.startPoint = CGPoint(x: 0.5, y: 0.5)
                gradient.endPoint = CGPoint(x: 1, y: 1)
                gradient.colors = [
                    CGColor(red: 1, green: 1, blue: 0, alpha: 1), CGColor(red: 1, green: 0, blue: 0, alpha: 0.5),
                ]
                gradient.opacity = 0.4
                if withSublayer { gradient.addSublayer(CALayer()) }
                root.addSublayer(gradient)
                return render(root, scale: 2).premultipliedBGRA
            }
        }
        let alone = frame(withSublayer: false)
        let grouped = frame(withSublayer: true)
        let largest = largestDifference(alone, grouped)
        #expect(largest <= 2, "pixels differ by up to \(largest) levels")
        let tinted = stride(from: 0, to: alone.count, by: 4).filter { alone[$0 + 2] > 120 }.count
        #expect(tinted > 1000, "\(tinted) pixels tinted by the gradient")
    }

    /// A translucent layer that paints nothing itself and shows one sublayer hands its opacity
    /// down, through a mask of its own too: a Lottie layer's opacity over the containers of a
    /// gradient fill masked by its path reaches the gradient, drawn without a group. With a
    /// second sublayer (a transform layer, whose extent is not worked out) the groups return.
    @Test(arguments: [false, true])
    func aTranslucentContainerHandsItsOpacityToItsOneSublayer(turned: Bool) {
        func frame(handsDown: Bool) -> (pixels: [UInt8], handed: Int) {
            withManualClock { _ in
                let root = Self.root()
                let outer = CALayer()
                outer.frame = root.bounds
                outer.opacity = 0.6
                root.addSublayer(outer)
                let inner = CALayer()
                inner.frame = CGRect(x: 20.3, y: 10.6, width: 80, height: 60)
                if turned { inner.transform = CATransform3DMakeRotation(0.3, 0, 0, 1) }
                inner.opacity = 0.8
                let mask = CAShapeLayer()
                mask.frame = inner.bounds
                mask.path = CGPath(ellipseIn: CGRect(x: 6, y: 4, width: 60, height: 44), transform: nil)
                inner.mask = mask
                outer.addSublayer(inner)
                let gradient = Self.paddedGradient(colors: [
                    CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 1, green: 1, blue: 0, alpha: 0.5),
                ])
                inner.addSublayer(gradient)
                if !handsDown {
                    outer.addSublayer(CATransformLayer())
                    inner.addSublayer(CATransformLayer())
                }
                let renderer = render(root, scale: 2)
                return (renderer.premultipliedBGRA, renderer.resources.opacitiesHandedDownCount)
            }
        }
        let (handed, twice) = frame(handsDown: true)
        let (grouped, none) = frame(handsDown: false)
        #expect((twice, none) == (2, 0))
        let largest = largestDifference(handed, grouped)
        #expect(largest <= 2, "pixels differ by up to \(largest) levels")
        // Within the ellipse the gradient shows at 0.48 of its alpha over the blue.
        let tinted = stride(from: 0, to: handed.count, by: 4).filter { handed[$0 + 2] > 120 }.count
        #expect(tinted > 1000, "\(tinted) pixels tinted by the gradient")
    }

    /// An inverted matte as Lottie's are built — an opaque layer far larger than the content,
    /// reached through a container, with the matte composited onto it by `xor` — is taken out
    /// of the content's group (`LayerPainter.cutOut(by:)`): the same pixels as the mask drawn
    /// into a group of its own. An empty second sublayer of the opaque layer takes the
    /// shortcut away without changing what the mask is.
    @Test(arguments: [false, true])
    func anInvertedMatteIsCutOutOfTheContent(shadowed: Bool) {
        func frame(shortcut: Bool) -> (pixels: [UInt8], cuts: Int) {
            withManualClock { _ in
                let root = Self.root()
                let content = Self.overlappingSquares()
                if shadowed {
                    content.shadowOpacity = 0.8
                    content.shadowOffset = CGSize(width: 3, height: 4)
                    content.shadowRadius = 2
                }
                let container = CALayer()
                container.frame = content.bounds.offsetBy(dx: 1.5, dy: -2.25)
                let base = CALayer()
                base.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
                base.anchorPoint = .zero
                base.bounds = CGRect(x: -1000, y: -1000, width: 2080, height: 2060)
                base.position = CGPoint(x: -1000, y: -1000)
                let matte = CAShapeLayer()
                matte.frame = CGRect(x: 12.4, y: 8.7, width: 50, height: 36)
                matte.transform = CATransform3DMakeRotation(-0.5, 0, 0, 1)
                matte.path = CGPath(ellipseIn: matte.bounds, transform: nil)
                matte.fillColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
                matte.opacity = 0.85
                matte.compositingFilter = "xor"
                base.addSublayer(matte)
                if !shortcut { base.addSublayer(CALayer()) }
                container.addSublayer(base)
                content.mask = container
                root.addSublayer(content)
                let renderer = render(root, scale: 2)
                return (renderer.premultipliedBGRA, renderer.resources.masksCutOutCount)
            }
        }
        let (cut, cuts) = frame(shortcut: true)
        let (grouped, none) = frame(shortcut: false)
        #expect((cuts, none) == (1, 0))
        #expect(cut.count == 240 * 180 * 4)
        let largest = largestDifference(cut, grouped)
        #expect(largest == 0, "pixels differ by up to \(largest) levels")
        // The matte did cut: inside the ellipse only the background shows; outside it, the
        // squares do.
        let blue = stride(from: 0, to: cut.count, by: 4).filter { cut[$0] > 200 && cut[$0 + 1] < 100 }.count
        let squares = stride(from: 0, to: cut.count, by: 4).filter { cut[$0 + 2] > 150 || cut[$0 + 1] > 150 }.count
        #expect(blue > 20_000 && squares > 3000, "\(blue) pixels of the background, \(squares) of the squares")
    }

    /// A mask that only strokes its path in an opaque colour — how Lottie's gradient strokes
    /// are masked — has the content painted as the stroke's source
    /// (`LayerPainter.paintThroughStroke(_:of:)`): the same pixels as the stroke drawn into a
    /// mask's group. An empty sublayer of the mask takes the shortcut away.
    @Test(arguments: [false, true])
    func contentIsPaintedThroughAStrokeThatMasksIt(trimmed: Bool) {
        func frame(shortcut: Bool) -> (pixels: [UInt8], strokes: Int) {
            withManualClock { _ in
                let root = Self.root()
                let content = Self.overlappingSquares()
                let mask = CAShapeLayer()
                mask.frame = CGRect(x: 3.3, y: 2.1, width: 70, height: 50)
                mask.transform = CATransform3DMakeRotation(-0.2, 0, 0, 1)
                let path = CGMutablePath()
                path.move(to: CGPoint(x: 4, y: 40))
                path.addCurve(
                    to: CGPoint(x: 66, y: 36), control1: CGPoint(x: 20, y: -10), control2: CGPoint(x: 50, y: 70))
                path.addLine(to: CGPoint(x: 40, y: 6))
                mask.path = path
                mask.fillColor = nil
                mask.strokeColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
                mask.lineWidth = 9
                mask.lineCap = .round
                mask.lineJoin = .round
                if trimmed {
                    mask.strokeStart = 0.15
                    mask.strokeEnd = 0.8
                }
                if !shortcut { mask.addSublayer(CALayer()) }
                content.mask = mask
                root.addSublayer(content)
                let renderer = render(root, scale: 2)
                return (renderer.premultipliedBGRA, renderer.resources.masksStrokedCount)
            }
        }
        let (stroked, strokes) = frame(shortcut: true)
        let (grouped, none) = frame(shortcut: false)
        #expect((strokes, none) == (1, 0))
        #expect(stroked.count == 240 * 180 * 4)
        let largest = largestDifference(stroked, grouped)
        #expect(largest == 0, "pixels differ by up to \(largest) levels")
        // Only the stroke shows the squares.
        let squares = stride(from: 0, to: stroked.count, by: 4).filter {
            stroked[$0 + 2] > 150 || stroked[$0 + 1] > 150
        }
        #expect((1500...12_000).contains(squares.count), "\(squares.count) pixels of the squares")
    }

    /// The alphas of the mask multiply the colours where they lie, hard edges kept.
    @Test func aRampMaskedByAlphasKeepsColoursAndMultipliesAlphas() throws {
        let colors = try #require(
            ColorRamp(
                colors: [CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 0, blue: 1, alpha: 1)],
                locations: nil))
        let black = { (alpha: Double) in CGColor(red: 0, green: 0, blue: 0, alpha: alpha) }
        let alphas = try #require(
            ColorRamp(colors: [black(1), black(0), black(0.5), black(0.5)], locations: [0, 0.5, 0.5, 0.8]))
        let merged = colors.masked(by: alphas)
        let (quarter, _) = merged.colors(from: 0.25, to: 0.3)
        #expect(abs(quarter.red - 0.75) < 1e-12 && abs(quarter.blue - 0.25) < 1e-12)
        #expect(abs(quarter.alpha - 0.5) < 1e-12)
        let (_, belowEdge) = merged.colors(from: 0.4, to: 0.5)
        let (aboveEdge, _) = merged.colors(from: 0.5, to: 0.6)
        #expect(abs(belowEdge.alpha) < 1e-12 && abs(aboveEdge.alpha - 0.5) < 1e-12)
        let (end, _) = merged.colors(from: 1, to: 1.1)
        #expect(abs(end.blue - 1) < 1e-12 && abs(end.alpha - 0.5) < 1e-12)
        // Translucent colours: where both alphas change, their product bends between stops, and
        // the ramp follows it within a quarter of a level.
        let translucent = try #require(
            ColorRamp(
                colors: [CGColor(red: 1, green: 0, blue: 0, alpha: 0.2), CGColor(red: 0, green: 0, blue: 1, alpha: 1)],
                locations: nil))
        let bent = translucent.masked(by: alphas)
        for place in stride(from: 0.0, through: 0.49, by: 0.01) {
            let (color, _) = bent.colors(from: place, to: place + 1e-9)
            let product = (0.2 + 0.8 * place) * (1 - 2 * place)
            #expect(abs(color.alpha - product) <= 0.25 / 255, "alpha at \(place): \(color.alpha), not \(product)")
            #expect(abs(color.red - (1 - place)) < 1e-9, "red at \(place)")
        }
        #expect(bent.stops.count < translucent.stops.count + alphas.stops.count + 16, "\(bent.stops.count) stops")
    }
}
