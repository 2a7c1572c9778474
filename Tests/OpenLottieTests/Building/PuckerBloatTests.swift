import Foundation
import OpenLottie
import Testing

/// Pucker & Bloat (`pb`), drawn by the complete engine as lottie-web draws it: each vertex
/// moves towards the mean of the path's vertices by the amount (a fraction of the way), each
/// tangent's end as far away from it. The pixels below are lottie-web 5.12.2's (its SVG
/// renderer at 100 × 100): where it draws fully, nothing, or, marked, partly.
@Suite struct PuckerBloatTests {
    /// A red fill of `shape` (a JSON item) changed by `modifier` (a JSON item).
    static func filled(_ shape: String, _ modifier: String) -> Data {
        let fill = #"{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}"#
        return EffectAndMatteTests.composition([
            #"{"ty":4,"nm":"S","ip":0,"op":30,"st":0,"ks":{},"shapes":[{"ty":"gr","it":["#
                + [shape, modifier, fill, #"{"ty":"tr"}"#].joined(separator: ",") + "]}]}"
        ])
    }

    static func amount(_ value: Double) -> String { #"{"ty":"pb","a":{"a":0,"k":\#(value)}}"# }
    /// 0 at frame 0 to 100 at frame 30, straight.
    static let animatedAmount =
        #"{"ty":"pb","a":{"a":1,"k":[{"t":0,"s":[0],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":30,"s":[100]}]}}"#
    /// A 40-point square about (50, 50).
    static let square = #"{"ty":"rc","p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[40,40]},"r":{"a":0,"k":0}}"#
    /// A 60-point circle about (50, 50).
    static let circle = #"{"ty":"el","p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[60,60]}}"#

    /// Expects the alpha at each point: 255 inside, 0 outside.
    static func expect(
        _ data: Data, frame: Double = 0, engine: RenderingEngineOption = .complete, inside: [(Double, Double)],
        outside: [(Double, Double)], _ what: String
    ) throws {
        for (x, y) in inside {
            let alpha = try EffectAndMatteTests.pixel(data, engine: engine, frame: frame, x, y)[3]
            #expect(alpha == 255, "\(what): (\(x), \(y)) is drawn: \(alpha)")
        }
        for (x, y) in outside {
            let alpha = try EffectAndMatteTests.pixel(data, engine: engine, frame: frame, x, y)[3]
            #expect(alpha == 0, "\(what): (\(x), \(y)) is clear: \(alpha)")
        }
    }

    /// Bloat 50 %: the corners come half way in, to (40, 40)…, and each edge swings out to 5
    /// points beyond where it was (its middle at y = 25). Pucker 50 %: the corners go out to
    /// (20, 20)…, the edges' middles in to y = 35.
    @Test func aSquareBloatsAndPuckers() throws {
        try Self.expect(
            Self.filled(Self.square, Self.amount(50)), inside: [(50, 50), (50, 27), (27, 50)],
            outside: [(50, 23), (23, 50), (32, 32)], "bloated")
        try Self.expect(
            Self.filled(Self.square, Self.amount(-50)), inside: [(50, 50), (50, 37)], outside: [(50, 33), (18, 18)],
            "puckered")
        let tip = try EffectAndMatteTests.pixel(Self.filled(Self.square, Self.amount(-50)), 25, 25)[3]
        #expect(tip > 128, "the corner stretched out to (20, 20): \(tip) (lottie-web 223)")
    }

    /// A circle's four vertices (at 12, 3, 6 and 9 o'clock) come in when it bloats, leaving
    /// four lobes on the diagonals; when it puckers they go out to points.
    @Test func aCircleBloatsIntoLobesAndPuckersIntoPoints() throws {
        try Self.expect(
            Self.filled(Self.circle, Self.amount(50)), inside: [(50, 50), (29, 29), (35, 35)],
            outside: [(50, 22), (50, 28), (50, 32)], "bloated")
        try Self.expect(
            Self.filled(Self.circle, Self.amount(-50)), inside: [(50, 50), (50, 15), (50, 28)], outside: [(29, 29)],
            "puckered")
    }

    /// A star (a pentagon here) and a path from the file take it too; the path's centre is the
    /// mean of its three vertices, (50, 56.7).
    @Test func polygonsAndPathsTakeItToo() throws {
        let pentagon =
            #"{"ty":"sr","sy":2,"p":{"a":0,"k":[50,50]},"or":{"a":0,"k":30},"os":{"a":0,"k":0},"r":{"a":0,"k":0},"pt":{"a":0,"k":5}}"#
        try Self.expect(
            Self.filled(pentagon, Self.amount(-60)), inside: [(50, 50), (50, 40), (65, 45), (60, 60)],
            outside: [(72, 50), (50, 70), (50, 75)], "puckered pentagon")
        let triangle =
            #"{"ty":"sh","ks":{"a":0,"k":{"c":true,"i":[[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0]],"v":[[50,10],[90,80],[10,80]]}}}"#
        try Self.expect(
            Self.filled(triangle, Self.amount(40)), inside: [(50, 60), (50, 82), (30, 40), (75, 50)],
            outside: [(50, 20), (50, 86), (80, 50), (85, 78), (15, 78)], "bloated triangle")
    }

    /// An animated amount: 50 at frame 15, as the fixed 50 draws; 0 at frame 0, the square.
    @Test func anAnimatedAmountIsTakenAtEachFrame() throws {
        let data = Self.filled(Self.square, Self.animatedAmount)
        try Self.expect(
            data, frame: 15, inside: [(50, 50), (50, 27)], outside: [(50, 23), (32, 32)], "frame 15")
        try Self.expect(data, frame: 0, inside: [(32, 32), (50, 31)], outside: [(50, 28)], "frame 0")
    }

    /// lottie-ios does not read it: the square stays square.
    @Test func lottieIOSsEnginesDrawThePathUnchanged() throws {
        for engine in [RenderingEngineOption.coreAnimation, .mainThread] {
            try Self.expect(
                Self.filled(Self.square, Self.amount(50)), engine: engine, inside: [(32, 32)], outside: [(50, 27)],
                "\(engine)")
        }
        let animation = try LottieAnimation(data: Self.filled(Self.square, Self.amount(50)))
        #expect(animation.warnings(for: .coreAnimation).contains { $0.message.contains("pucker & bloat") })
        #expect(animation.warnings(for: .complete).isEmpty)
    }
}
