import Foundation
import OpenQuartzCore
import OpenQuartzCoreRenderer
import QuartzTestSupport
import Testing

@testable import OpenLottie

/// lottie-ios's two rendering engines: the option that chooses one (`.automatic` by its
/// compatibility check), and what the Main Thread engine draws differently: trims that cut
/// filled paths, a group's trims reaching the groups inside it.
@Suite struct RenderingEngineTests {
    /// A 40-point red square centred at (50, 50) (corners at 30 and 70), filled, trimmed to
    /// the first half of its outline: the right side and the bottom, from the top right corner.
    static let trimmedSquare = CompatibilityTests.shapes(
        [CompatibilityTests.rectangle, CompatibilityTests.fill, CompatibilityTests.trim].joined(separator: ","))

    static func picture(_ animation: LottieAnimation, engine: RenderingEngineOption, frame: Double = 0) -> CGImage {
        let layer = animation.makeLayer(configuration: LottieConfiguration(renderingEngine: engine))
        return ValueProviderTests.picture(layer, frame: frame)
    }

    static func isRed(_ pixel: [Int]) -> Bool { TextLayerTests.isRed(pixel) }
    static func isEmpty(_ pixel: [Int]) -> Bool { TextLayerTests.isEmpty(pixel) }

    @Test func theOptionIsLottieIOSsAndAutomaticByDefault() {
        #expect(LottieConfiguration().renderingEngine == .automatic)
        #expect(RenderingEngineOption.mainThread == .specific(.mainThread))
        #expect(RenderingEngineOption(name: "main-thread") == .mainThread)
        #expect(RenderingEngineOption(name: "coreAnimation") == .coreAnimation)
        #expect(RenderingEngineOption(name: "metal") == nil)
        #expect(RenderingEngineOption.coreAnimation.description == "core-animation")
    }

    @Test func automaticDrawsWithCoreAnimationUnlessItsCheckDeclinesTheFile() throws {
        let trimmed = try LottieAnimation(data: Self.trimmedSquare)
        #expect(trimmed.renderingEngine(for: .automatic) == .mainThread)
        #expect(trimmed.renderingEngine(for: .coreAnimation) == .coreAnimation)
        #expect(trimmed.makeLayer(configuration: LottieConfiguration()).currentRenderingEngine == .mainThread)
        let plain = try LottieAnimation(
            data: CompatibilityTests.shapes(
                [CompatibilityTests.rectangle, CompatibilityTests.fill].joined(separator: ",")))
        #expect(plain.renderingEngine(for: .automatic) == .coreAnimation)
        #expect(plain.renderingEngine(for: .mainThread) == .mainThread)
    }

    @Test func theMainThreadEngineFillsTheTrimmedPathTheCoreAnimationOneTheWholeShape() throws {
        let animation = try LottieAnimation(data: Self.trimmedSquare)
        // The trimmed outline (right side, bottom) closes into the triangle below the diagonal
        // from (70, 30) to (30, 70).
        let mainThread = Self.picture(animation, engine: .mainThread)
        #expect(Self.isRed(ValueProviderTests.pixel(mainThread, 62, 62)))
        #expect(Self.isEmpty(ValueProviderTests.pixel(mainThread, 38, 38)))
        let coreAnimation = Self.picture(animation, engine: .coreAnimation)
        #expect(Self.isRed(ValueProviderTests.pixel(coreAnimation, 62, 62)))
        #expect(Self.isRed(ValueProviderTests.pixel(coreAnimation, 38, 38)), "fills are not trimmed")
        let automatic = Self.picture(animation, engine: .automatic)
        #expect(largestDifference(automatic, mainThread) == 0)
    }

    @Test func anAnimatedTrimCutsThePathAtTheFrameShown() throws {
        // The end goes from 0 % at frame 0 to 100 % at frame 20, linearly.
        let trim =
            #"{"ty":"tm","s":{"a":0,"k":0},"o":{"a":0,"k":0},"e":{"a":1,"k":["#
            + #"{"t":0,"s":[0],"i":{"x":[1],"y":[1]},"o":{"x":[0],"y":[0]}},{"t":20,"s":[100]}]}}"#
        let animation = try LottieAnimation(
            data: CompatibilityTests.shapes(
                [CompatibilityTests.rectangle, CompatibilityTests.fill, trim].joined(separator: ",")))
        #expect(Self.isEmpty(ValueProviderTests.pixel(Self.picture(animation, engine: .mainThread, frame: 0), 62, 62)))
        // Frame 10: half the outline, the triangle below the diagonal; frame 12: 60 %, on up
        // the left side to (30, 54), the fill closing from there to (70, 30).
        let half = Self.picture(animation, engine: .mainThread, frame: 10)
        #expect(Self.isRed(ValueProviderTests.pixel(half, 62, 62)))
        #expect(Self.isEmpty(ValueProviderTests.pixel(half, 38, 38)))
        let more = Self.picture(animation, engine: .mainThread, frame: 12)
        #expect(Self.isRed(ValueProviderTests.pixel(more, 34, 62)))
        #expect(Self.isEmpty(ValueProviderTests.pixel(more, 34, 45)))
    }

    @Test func aTrimWhoseStartMeetsItsEndOnTheLastFrameDrawsNothingThere() throws {
        // The end reaches 100 % at frame 15, the start at frame 30, the last of 31: a 10-point
        // round-capped stroke shows at frame 29 and is gone at frame 30 (issue_1847's ring).
        let eased = #""i":{"x":[0.58],"y":[1]},"o":{"x":[0.42],"y":[0]}"#
        let trim =
            #"{"ty":"tm","o":{"a":0,"k":0},"m":2,"s":{"a":1,"k":[{"t":0,"s":[0],"# + eased
            + #"},{"t":30,"s":[100]}]},"e":{"a":1,"k":[{"t":0,"s":[0],"# + eased + #"},{"t":15,"s":[100]}]}}"#
        let stroke = #"{"ty":"st","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":10},"lc":2}"#
        let text = String(decoding: CompatibilityTests.shapes([CompatibilityTests.rectangle, stroke, trim].joined(separator: ",")), as: UTF8.self)
            .replacingOccurrences(of: #""op":30"#, with: #""op":31"#)
        let animation = try LottieAnimation(data: Data(text.utf8))
        func drawn(_ frame: Double) -> Int {
            let image = Self.picture(animation, engine: .complete, frame: frame)
            var count = 0
            for y in stride(from: 0.0, to: 100, by: 1) {
                for x in stride(from: 0.0, to: 100, by: 1) where !Self.isEmpty(ValueProviderTests.pixel(image, x, y)) {
                    count += 1
                }
            }
            return count
        }
        #expect(drawn(29) > 10, "the last piece of the outline")
        #expect(drawn(30) == 0)
    }

    @Test func aGroupsTrimReachesTheFilledPathsOfTheGroupsInside() throws {
        // The trim sits beside a group that holds another group with the square and its fill.
        let transform =
            #"{"ty":"tr","p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"#
            + #""r":{"a":0,"k":0},"o":{"a":0,"k":100}}"#
        let inner =
            #"{"ty":"gr","nm":"Inner","it":["# + CompatibilityTests.rectangle + "," + CompatibilityTests.fill
            + "," + transform + "]}"
        let text =
            #"{"v":"5.7.4","fr":30,"ip":0,"op":30,"w":100,"h":100,"layers":[{"ty":4,"nm":"L","ind":1,"#
            + #""ip":0,"op":30,"st":0,"ks":{},"shapes":[{"ty":"gr","nm":"G","it":["# + inner + "," + transform + "]},"
            + CompatibilityTests.trim + "]}]}"
        let animation = try LottieAnimation(data: Data(text.utf8))
        #expect(
            animation.coreAnimationCompatibilityIssues().map(\.path) == ["layers[0].shapes[0].it[0].it[1]"],
            "lottie-ios's check finds the fill two groups in")
        let mainThread = Self.picture(animation, engine: .mainThread)
        #expect(Self.isRed(ValueProviderTests.pixel(mainThread, 62, 62)))
        #expect(Self.isEmpty(ValueProviderTests.pixel(mainThread, 38, 38)))
    }

    // MARK: Cutting paths

    /// A 100-point line along x, and a 100-point square from (0, 0) clockwise (on screen).
    static let line = BezierShape(
        vertices: [CGPoint(x: 0, y: 0), CGPoint(x: 100, y: 0)].map {
            BezierShape.Vertex(point: $0, inTangent: .zero, outTangent: .zero)
        }, isClosed: false)
    static let square = BezierShape(
        vertices: [CGPoint(x: 0, y: 0), CGPoint(x: 100, y: 0), CGPoint(x: 100, y: 100), CGPoint(x: 0, y: 100)].map {
            BezierShape.Vertex(point: $0, inTangent: .zero, outTangent: .zero)
        }, isClosed: true)

    static func points(_ path: CGPath) -> [[Double]] {
        path.elements.compactMap { element -> [Double]? in
            switch element {
            case .move(let to), .line(let to), .curve(let to, _, _):
                [(to.x * 1000).rounded() / 1000, (to.y * 1000).rounded() / 1000]
            default: nil
            }
        }
    }

    static func subpaths(_ path: CGPath) -> Int {
        path.elements.filter { if case .move = $0 { true } else { false } }.count
    }

    @Test func aTrimCutsAtLengthsAlongThePath() {
        let middle = PathTrim.trimmed([Self.line], start: 25, end: 75, offset: 0, simultaneously: true)
        #expect(Self.points(middle) == [[25, 0], [75, 0]])
        // Start and end in either order.
        #expect(
            Self.points(PathTrim.trimmed([Self.line], start: 75, end: 25, offset: 0, simultaneously: true))
                == [[25, 0], [75, 0]])
        // A closed square is 400 points round, its closing side included: 10 % to 60 % is
        // from (40, 0) to (100, 100) and on to (60, 100).
        #expect(
            Self.points(PathTrim.trimmed([Self.square], start: 10, end: 60, offset: 0, simultaneously: true))
                == [[40, 0], [100, 0], [100, 100], [60, 100]])
        // Nothing when start and end meet; the path as it is from 0 to 100 %.
        #expect(PathTrim.trimmed([Self.square], start: 30, end: 30, offset: 0, simultaneously: true).isEmpty)
        let whole = PathTrim.trimmed([Self.square], start: 0, end: 100, offset: 90, simultaneously: true)
        #expect(whole.elements.last == .closeSubpath)
    }

    /// An ellipse's path ends on its first point, whose handle does not make the closing line
    /// a loop: half of a circle of radius 36 round from the top ends at the bottom (issue_1841's
    /// circles, which lottie-web and lottie-ios's Core Animation engine draw so).
    @Test func aTrimmedCircleEndsWhereItsLengthSays() throws {
        let circle = PathGeometry.ellipse(center: .zero, size: CGSize(width: 72, height: 72), counterClockwise: false)
        let half = try #require(Self.points(PathTrim.trimmed([circle], start: 0, end: 50, offset: 0, simultaneously: true)).last)
        #expect(abs(half[0]) < 0.05 && abs(half[1] - 36) < 0.05, "the bottom, not \(half)")
        let eighth = try #require(Self.points(PathTrim.trimmed([circle], start: 0, end: 12.5, offset: 0, simultaneously: true)).last)
        let expected = 36 * 0.5.squareRoot()
        #expect(abs(eighth[0] - expected) < 0.1 && abs(eighth[1] + expected) < 0.1, "45° round, not \(eighth)")
    }

    @Test func anOffsetPastTheEndWrapsIntoTwoPiecesTheStartsFirst() {
        // 80 % to 120 %: 0–20 % first, then 80–100 %.
        let wrapped = PathTrim.trimmed([Self.square], start: 50, end: 90, offset: 108, simultaneously: true)
        #expect(Self.subpaths(wrapped) == 2)
        #expect(Self.points(wrapped) == [[0, 0], [80, 0], [0, 80], [0, 0]])
    }

    @Test func simultaneousTrimsCutEachPathIndividualOnesAllAsOne() {
        let lines = [Self.line, Self.line]
        // Each line's first half, or the first line whole and nothing of the second.
        #expect(
            Self.points(PathTrim.trimmed(lines, start: 0, end: 50, offset: 0, simultaneously: true))
                == [[0, 0], [50, 0], [0, 0], [50, 0]])
        #expect(
            Self.points(PathTrim.trimmed(lines, start: 0, end: 50, offset: 0, simultaneously: false))
                == [[0, 0], [100, 0]])
    }

    @Test func curvesAreCutWhereTheLengthFalls() throws {
        // A quarter circle of radius 100 from (100, 0) to (0, 100): its half is at 45°.
        let handle = 100 * PathGeometry.ellipseHandle
        let arc = BezierShape(
            vertices: [
                BezierShape.Vertex(
                    point: CGPoint(x: 100, y: 0), inTangent: .zero, outTangent: CGPoint(x: 0, y: handle)),
                BezierShape.Vertex(
                    point: CGPoint(x: 0, y: 100), inTangent: CGPoint(x: handle, y: 0), outTangent: .zero),
            ], isClosed: false)
        let half = PathTrim.trimmed([arc], start: 0, end: 50, offset: 0, simultaneously: true)
        let end = try #require(Self.points(half).last)
        let diagonal = 100 / 2.0.squareRoot()
        #expect(abs(end[0] - diagonal) < 0.3 && abs(end[1] - diagonal) < 0.3, "\(end)")
    }

    @Test func aTimeRemappedLayerStartingAtFrame0ShowsAtFrame0() throws {
        // A precomposition whose time remapping holds its frame 0: its layer, from frame 0 on, shows.
        let text = #"""
            {"v":"5.7.4","fr":30,"ip":0,"op":30,"w":100,"h":100,
             "assets":[{"id":"c","layers":[{"ty":4,"nm":"L","ind":1,"ip":0,"op":30,"st":0,"ks":{},"shapes":[
               {"ty":"gr","it":[\#(CompatibilityTests.rectangle),\#(CompatibilityTests.fill)]}]}]}],
             "layers":[{"ty":0,"nm":"P","refId":"c","ind":1,"ip":0,"op":30,"st":0,"w":100,"h":100,"ks":{},
               "tm":{"a":1,"k":[{"t":0,"s":[0],"i":{"x":[1],"y":[1]},"o":{"x":[0],"y":[0]}},{"t":30,"s":[0.5]}]}}]}
            """#
        let animation = try LottieAnimation(data: Data(text.utf8))
        for engine in [RenderingEngineOption.coreAnimation, .mainThread] {
            #expect(Self.isRed(ValueProviderTests.pixel(Self.picture(animation, engine: engine), 50, 50)), "\(engine)")
        }
    }
}
