import Foundation
import OpenLottie
import Testing

/// Expressions are deterministic (random numbers and wiggle seeded from the property and the
/// frame, never the clock) and bounded: one that throws, loops forever or allocates without
/// end keeps its keyframes and is one warning naming its JSON path.
@Suite struct ExpressionBoundsTests {
    typealias F = ExpressionFixture

    static func rotations(_ code: String, frames: [Double]) throws -> [Double] {
        let layer = try F.drawn([F.layer("Subject", index: 1, ["r": F.expression(code, value: "10")])])
        return try frames.map { frame in
            Double(try #require(layer.getValue(for: AnimationKeypath(keypath: "Subject.Transform.Rotation"), atFrame: frame) as? CGFloat))
        }
    }

    /// random() changes from frame to frame (After Effects' default; seedRandom(n, true) holds
    /// it), stays in its range, and is the same on every run.
    @Test func randomNumbersAreTheSameOnEveryRunAndChangeWithTheFrame() throws {
        let frames: [Double] = [0, 1, 2, 30]
        let first = try Self.rotations("random(20, 30)", frames: frames)
        #expect(try Self.rotations("random(20, 30)", frames: frames) == first)
        #expect(first.allSatisfy { (20..<30).contains($0) })
        #expect(Set(first).count == first.count, "a new value each frame: \(first)")
        let held = try Self.rotations("seedRandom(5, true); random(100)", frames: frames)
        #expect(Set(held).count == 1 && (0..<100).contains(held[0]))
        let reseeded = try Self.rotations("seedRandom(6, true); random(100)", frames: [0])
        #expect(reseeded[0] != held[0], "another seed, another value")
        let gauss = try Self.rotations("gaussRandom(0, 10)", frames: Array(stride(from: 0.0, through: 59, by: 1)))
        #expect(gauss.allSatisfy(\.isFinite) && gauss.filter { (0...10).contains($0) }.count >= 40, "about 90 % in range")
    }

    /// wiggle(2, 5) stays within 5 of the value, moves smoothly (a few degrees a frame at two
    /// wiggles a second) and is the same on every run.
    @Test func wiggleShakesTheValueWithinItsAmplitudeTheSameOnEveryRun() throws {
        let frames = Array(stride(from: 0.0, through: 59, by: 1))
        let wiggled = try Self.rotations("wiggle(2, 5)", frames: frames)
        #expect(try Self.rotations("wiggle(2, 5)", frames: frames) == wiggled)
        #expect(wiggled.allSatisfy { abs($0 - 10) <= 5 + 1e-9 })
        #expect(Set(wiggled).count > 30, "it moves")
        #expect(zip(wiggled, wiggled.dropFirst()).allSatisfy { abs($0 - $1) < 3 }, "smoothly: \(wiggled)")
        let noise = try Self.rotations("noise(time) * 100", frames: [0, 15])
        #expect(noise.allSatisfy { abs($0) <= 100 })
    }

    @Test func anExpressionThatThrowsKeepsItsKeyframesWithOneWarning() throws {
        let layer = F.layer("Subject", index: 1, ["r": F.keyframes([(0, "[0]"), (30, "[90]")], expression: "var $bm_rt = nothing + 1;")])
        let animation = try LottieAnimation(data: F.document([layer]))
        let evaluated = animation.evaluatingExpressions()
        #expect(evaluated.warnings.map(\.description) == [
            "layers[0].ks.r.x: the expression throws ReferenceError: Can't find variable: nothing; the keyframes are played"
        ])
        let shown = evaluated.makeLayer(configuration: LottieConfiguration(renderingEngine: .complete))
        let value = try #require(shown.getValue(for: AnimationKeypath(keypath: "Subject.Transform.Rotation"), atFrame: 15) as? CGFloat)
        #expect(abs(value - 45) < 1e-9, "the keyframes play")
        // A syntax error and a result that is not a number are warnings too.
        let broken = try F.baked([F.layer("Subject", index: 1, ["r": F.expression("var $bm_rt = (;")])])
        #expect(broken.warnings.count == 1 && broken.warnings[0].message.contains("SyntaxError"))
        let notANumber = try F.baked([F.layer("Subject", index: 1, ["r": F.expression("var $bm_rt = time > 1 ? NaN : 3;")])])
        #expect(notANumber.warnings.map(\.description) == [
            "layers[0].ks.r.x: the expression gives a value that is not a number (first at frame 31); the keyframes' "
                + "value is used there"
        ])
    }

    /// An endless loop and an endless allocation each stop at the limits; the file is drawn
    /// with their keyframes and the other expressions evaluated.
    @Test func runawayExpressionsStopAtTheirLimits() throws {
        let layers = [
            F.layer("Loop", index: 1, ["r": F.expression("while (true) {}", value: "7")]),
            F.layer("Hoard", index: 2, ["o": F.expression("var a = []; while (true) a.push(new Array(1e6).fill(1));", value: "50")]),
            F.layer("Fine", index: 3, ["r": F.expression("time * 30")]),
        ]
        let animation = try LottieAnimation(data: F.document(layers)).evaluatingExpressions()
        let limits = "the expression runs past its limits (1 s of processor time, 1024 MiB of memory); the keyframes are played"
        #expect(animation.warnings.map(\.description) == ["layers[0].ks.r.x: " + limits, "layers[1].ks.o.x: " + limits])
        let layer = animation.makeLayer(configuration: LottieConfiguration(renderingEngine: .complete))
        #expect(layer.getValue(for: AnimationKeypath(keypath: "Loop.Transform.Rotation"), atFrame: 10) as? CGFloat == 7)
        #expect(layer.getValue(for: AnimationKeypath(keypath: "Hoard.Transform.Opacity"), atFrame: 10) as? CGFloat == 50)
        #expect(layer.getValue(for: AnimationKeypath(keypath: "Fine.Transform.Rotation"), atFrame: 10) as? CGFloat == 10)
    }

    /// A file's expressions share one budget of processor time: past it, those not yet
    /// evaluated keep their keyframes, each with a warning, and the file is drawn.
    @Test func aFilesExpressionsStopTogetherPastTheFilesBudget() throws {
        let layers = [
            F.layer("Loop", index: 1, ["r": F.expression("while (true) {}", value: "7")]),
            F.layer("Fine", index: 2, ["r": F.expression("time * 30", value: "3")]),
        ]
        var limits = ReadingLimits.standard
        limits.maximumExpressionSeconds = 0.5
        let animation = try LottieAnimation(data: F.document(layers), limits: limits).evaluatingExpressions()
        #expect(animation.warnings.map(\.description) == [
            "layers[0].ks.r.x: the expression runs past its limits (1 s of processor time, 1024 MiB of memory); the "
                + "keyframes are played",
            "layers[1].ks.r.x: the expression is not evaluated: the file's expressions ran past 0.5 s of processor time "
                + "together; the keyframes are played",
        ])
        let layer = animation.makeLayer(configuration: LottieConfiguration(renderingEngine: .complete))
        #expect(layer.getValue(for: AnimationKeypath(keypath: "Fine.Transform.Rotation"), atFrame: 10) as? CGFloat == 3)
    }

    /// Baking writes the same bytes every time, and a baked file read again has no expressions.
    @Test func bakingIsDeterministicAndLeavesNoExpressions() throws {
        let layers = [
            F.layer("A", index: 1, ["r": F.expression("wiggle(3, 20) + random(5)"), "p": F.expression("[time * 40, 50, 0]", value: "[0,0,0]")]),
            F.layer("B", index: 2, ["o": F.expression("thisComp.layer('A').rotation", value: "100")]),
        ]
        let animation = try LottieAnimation(data: F.document(layers))
        #expect(animation.hasExpressions)
        let first = animation.bakingExpressions()
        #expect(first.warnings.isEmpty)
        #expect(try LottieAnimation(data: F.document(layers)).bakingExpressions().json == first.json)
        let baked = try LottieAnimation(data: first.json)
        #expect(!baked.hasExpressions)
        #expect(baked.warnings.isEmpty)
        #expect(try !LottieAnimation(data: F.document([F.layer("Plain", index: 1)])).hasExpressions)
    }

    /// Files evaluated one after another in one process share JavaScriptCore's machines but
    /// nothing else: a global one file's expression makes is not there for the next file.
    @Test func aFilesGlobalsDoNotReachTheNextFile() throws {
        let leaking = F.document([F.layer("A", index: 1, ["r": F.expression("leaked = 30; leaked")])])
        let reading = F.document([
            F.layer("B", index: 1, ["r": F.expression("typeof leaked === 'undefined' ? 5 : leaked")])
        ])
        let complete = LottieConfiguration(renderingEngine: .complete)
        let rotation = { (data: Data, name: String) throws -> CGFloat? in
            try LottieAnimation(data: data).makeLayer(configuration: complete)
                .getValue(for: AnimationKeypath(keypath: "\(name).Transform.Rotation"), atFrame: 10) as? CGFloat
        }
        for _ in 0..<3 {
            #expect(try rotation(leaking, "A") == 30)
            #expect(try rotation(reading, "B") == 5, "the second file sees no global of the first")
        }
    }

    /// The automatic engine draws as lottie-ios does: expressions ignored, with a warning.
    @Test func lottieIOSsEnginesPlayTheKeyframes() throws {
        let animation = try LottieAnimation(data: F.document([F.layer("Subject", index: 1, ["r": F.expression("45")])]))
        #expect(animation.warnings.map(\.message) == ["After Effects expressions are not evaluated; the keyframes are played"])
        let automatic = animation.makeLayer(configuration: LottieConfiguration())
        #expect(automatic.getValue(for: AnimationKeypath(keypath: "Subject.Transform.Rotation"), atFrame: 0) as? CGFloat == 0)
        let complete = animation.makeLayer(configuration: LottieConfiguration(renderingEngine: .complete))
        #expect(complete.currentRenderingEngine == .complete)
        #expect(complete.getValue(for: AnimationKeypath(keypath: "Subject.Transform.Rotation"), atFrame: 0) as? CGFloat == 45)
        #expect(RenderingEngineOption(name: "complete") == .complete)
        #expect(LottieConfiguration().renderingEngine == .automatic, "the API's default stays lottie-ios's")
    }
}
