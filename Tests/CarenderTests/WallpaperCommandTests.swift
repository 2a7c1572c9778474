import CAMLTestSupport
import Foundation
import OpenCoreGraphics
import OpenQuartzCoreRenderer
import QuartzTestSupport
import Testing

/// `carender render`, `frame` and `inspect` given a `.tendies` wallpaper package, and the
/// `--states` timeline. The package is ``WallpaperFixture``'s: blue background with a yellow
/// sun, a red logo, a green badge in front.
@Suite struct WallpaperCommandTests {
    static let blue: [UInt8] = [0, 0, 255, 255]
    static let red: [UInt8] = [255, 0, 0, 255]
    static let green: [UInt8] = [0, 255, 0, 255]
    static let yellow: [UInt8] = [255, 255, 0, 255]

    /// The fixture package in a new folder.
    static func package() throws -> (folder: URL, package: URL) {
        let folder = try makeScratchFolder()
        let package = folder.appendingPathComponent("Fixture.tendies")
        try WallpaperFixture.write(to: package)
        return (folder, package)
    }

    /// The RGBA at (x, y) points, y down from the top, of a picture drawn at scale 0.5.
    static func pixel(_ x: Double, _ y: Double, of url: URL) throws -> [UInt8] {
        try DocumentCommandTests.pixel(Int(x / 2), Int(y / 2), of: url)
    }

    @Test func frameDrawsTheBundlesStackedBackToFront() throws {
        let (folder, package) = try Self.package()
        let output = folder.appendingPathComponent("locked.png")
        let result = try carender(["frame", package.path, "--output", output.path, "--scale", "0.5"])
        #expect(result.status == 0, "\(result.error)")
        let image = try readPNG(at: output)
        #expect(image.width == 195 && image.height == 422)
        // The badge (front) over the logo (middle) over the background, at the centre.
        #expect(try Self.pixel(195, 422, of: output) == Self.green)
        #expect(try Self.pixel(235, 422, of: output) == Self.red)
        #expect(try Self.pixel(20, 20, of: output) == Self.blue)
        // The sun at y 100 from the bottom, as CAML is y up.
        #expect(try Self.pixel(195, 844 - 100, of: output) == Self.yellow)

        // The same with the Locked state set: the document's values are Locked's.
        let locked = folder.appendingPathComponent("locked-state.png")
        let stated = try carender(
            ["frame", package.path, "--output", locked.path, "--scale", "0.5", "--states", "Locked"])
        #expect(stated.status == 0, "\(stated.error)")
        #expect(try Data(contentsOf: locked) == Data(contentsOf: output))
    }

    /// `convert` writes a package's stacked tree, with every bundle's states, as one `.ca`
    /// bundle that draws the same frames of the same timeline.
    @Test func convertWritesAPackageAsOneBundleThatDrawsTheSame() throws {
        let (folder, package) = try Self.package()
        let bundle = folder.appendingPathComponent("Fixture.ca")
        let converted = try carender(["convert", package.path, bundle.path])
        #expect(converted.status == 0, "\(converted.error)")
        for (source, name) in [(package, "from-package.png"), (bundle, "from-bundle.png")] {
            let result = try carender([
                "frame", source.path, "--output", folder.appendingPathComponent(name).path, "--scale", "0.5",
                "--time", "0.5", "--states", "Locked,Unlock@0.25",
            ])
            #expect(result.status == 0, "\(result.error)")
        }
        #expect(
            try Data(contentsOf: folder.appendingPathComponent("from-package.png"))
                == Data(contentsOf: folder.appendingPathComponent("from-bundle.png")))
    }

    @Test func theStateTimelineAnimatesEveryBundleWithItsTransitions() throws {
        let (folder, package) = try Self.package()
        func frame(at time: String) throws -> URL {
            let output = folder.appendingPathComponent("t\(time).png")
            let result = try carender([
                "frame", package.path, "--output", output.path, "--scale", "0.5", "--time", time,
                "--states", "Locked,Unlock@0.5",
            ])
            #expect(result.status == 0, "\(result.error)")
            return output
        }
        // Half-way through Unlock's one-second linear transitions: the logo at x 145 (95–195),
        // the badge at half opacity, the sun at y 400.
        let middle = try frame(at: "1")
        #expect(try Self.pixel(100, 380, of: middle) == Self.red)
        #expect(try Self.pixel(235, 380, of: middle) == Self.blue)
        #expect(try Self.pixel(220, 844 - 400, of: middle) == Self.yellow)
        // Settled in Unlock: the badge gone, the logo at x 95, the sun at y 700.
        let unlocked = try frame(at: "2")
        #expect(try Self.pixel(195, 422, of: unlocked) == Self.blue)
        #expect(try Self.pixel(60, 422, of: unlocked) == Self.red)
        #expect(try Self.pixel(195, 844 - 700, of: unlocked) == Self.yellow)
        #expect(try Self.pixel(195, 844 - 100, of: unlocked) == Self.blue)
    }

    /// `frame --time T` gives, byte for byte, frame T of `render` with the same timeline: the
    /// changes run at their own times whichever frames come before.
    @Test func frameAndRenderGiveTheSameFrameOfATimeline() throws {
        let (folder, package) = try Self.package()
        let timeline = "Locked,Unlock@0.35,Locked@0.8"
        let frames = folder.appendingPathComponent("frames/")
        let render = try carender([
            "render", package.path, "--output", frames.path + "/", "--fps", "10", "--to", "1.5", "--scale", "0.25",
            "--states", timeline,
        ])
        #expect(render.status == 0, "\(render.error)")
        #expect(render.output.contains("Wrote 15 frames"), "\(render.output)")
        for index in [3, 7, 10, 14] {
            let output = folder.appendingPathComponent("frame-\(index).png")
            let result = try carender([
                "frame", package.path, "--output", output.path, "--time", "\(Double(index) / 10)", "--scale", "0.25",
                "--states", timeline,
            ])
            #expect(result.status == 0, "\(result.error)")
            let rendered = frames.appendingPathComponent(String(format: "frame-%05d.png", index))
            #expect(try Data(contentsOf: output) == Data(contentsOf: rendered), "frame \(index)")
        }
        // Frames 7 (Unlock under way) and 10 (Locked again, from where Unlock had got to) differ
        // from the start.
        let first = try Data(contentsOf: frames.appendingPathComponent("frame-00000.png"))
        #expect(try Data(contentsOf: frames.appendingPathComponent("frame-00007.png")) != first)
        #expect(try Data(contentsOf: frames.appendingPathComponent("frame-00010.png")) != first)
    }

    @Test func theDefaultLengthRunsPastTheLastTransition() throws {
        let (folder, package) = try Self.package()
        let frames = folder.appendingPathComponent("frames/")
        let result = try carender([
            "render", package.path, "--output", frames.path + "/", "--fps", "4", "--scale", "0.1",
            "--states", "Locked,Unlock@1",
        ])
        #expect(result.status == 0, "\(result.error)")
        // Unlock at 1 s, its transitions 1 s long, then a second: 3 s at 4 fps.
        #expect(result.output.contains("Wrote 12 frames"), "\(result.output)")
    }

    /// `Unlock@0.5~2`: a swipe of 2 s from 0.5 s. A second in, a quarter of the way: the logo
    /// at x 170 (195 → 95), the sun at y 250 (100 → 700); the one-second transitions run
    /// within the swipe, so they agree.
    @Test func aSwipeMovesEveryValueInProportion() throws {
        let (folder, package) = try Self.package()
        let output = folder.appendingPathComponent("swipe.png")
        let result = try carender([
            "frame", package.path, "--output", output.path, "--scale", "0.5", "--time", "1",
            "--states", "Locked,Unlock@0.5~2",
        ])
        #expect(result.status == 0, "\(result.error)")
        #expect(try Self.pixel(124, 380, of: output) == Self.red)
        #expect(try Self.pixel(116, 380, of: output) == Self.blue)
        #expect(try Self.pixel(180, 844 - 250, of: output) == Self.yellow)
        #expect(try Self.pixel(180, 844 - 100, of: output) == Self.blue)
        // Held at the same progress: the same picture.
        let held = folder.appendingPathComponent("held.png")
        let holding = try carender(["frame", package.path, "--output", held.path, "--scale", "0.5", "--swipe", "0.25"])
        #expect(holding.status == 0, "\(holding.error)")
        #expect(try Data(contentsOf: held) == Data(contentsOf: output))
    }

    @Test func aBadSwipeIsAUsageErrorSayingHowToWriteIt() throws {
        let (folder, package) = try Self.package()
        let output = folder.appendingPathComponent("x.png").path
        for (arguments, message) in [
            (
                ["--states", "Locked,Unlock@1~0"],
                "the swipe after ~ in 'Unlock@1~0' must be a number of seconds above 0"
            ),
            (["--states", "Locked,Unlock@1~x"], "must be a number of seconds above 0, at most 3600; got 'x'"),
            (["--swipe", "1.5"], "--swipe is the swipe's progress, from 0 to 1; got 1.5"),
            (["--swipe", "0.5", "--states", "Locked"], "--swipe holds the swipe from Locked to Unlock"),
        ] {
            let result = try carender(["frame", package.path, "--output", output] + arguments)
            #expect(result.status != 0)
            #expect(result.error.contains(message), "\(result.error)")
        }
        let scene = try carender(["frame", "group", "--output", output, "--swipe", "0.5"])
        #expect(
            scene.error.contains("--swipe applies to CAML documents (.caml, .ca, .tendies), not to the scene 'group'"))
    }

    /// caplayground's icon, held 71 % of the way from Locked to Unlock (Apple's recording of
    /// the swipe caught it there), is the document drawn with its size set by hand to Locked's
    /// plus 0.71 of the way to Unlock's.
    @Test func caplaygroundHeldMidSwipeIsItsInterpolatedValuesSetByHand() throws {
        guard CAMLCorpus.isPresent(for: "caplaygroundHeldMidSwipeIsItsInterpolatedValuesSetByHand") else { return }
        let bundle = CAMLCorpus.folder.appendingPathComponent("CAPlayground__caplayground__Floating.ca")
        let folder = try makeScratchFolder()
        let swiped = folder.appendingPathComponent("swiped.png")
        let result = try carender(["frame", bundle.path, "--output", swiped.path, "--swipe", "0.71"])
        #expect(result.status == 0, "\(result.error)")

        // Locked sets the icon 249.13… × 238.37… points, Unlock 390 × 390.
        let byHand = folder.appendingPathComponent("ByHand.ca")
        try FileManager.default.copyItem(at: bundle, to: byHand)
        let main = byHand.appendingPathComponent("main.caml")
        var text = try String(contentsOf: main, encoding: .utf8)
        for locked in ["249.13297477104322", "238.37061593490714"] {
            let value = Double(locked)!
            let between = value + (390 - value) * 0.71
            #expect(text.contains(locked))
            text = text.replacingOccurrences(of: "value=\"\(locked)\"", with: "value=\"\(between)\"")
        }
        try text.write(to: main, atomically: true, encoding: .utf8)
        let set = folder.appendingPathComponent("set.png")
        let setResult = try carender(["frame", byHand.path, "--output", set.path, "--states", "Locked"])
        #expect(setResult.status == 0, "\(setResult.error)")
        #expect(try Data(contentsOf: swiped) == Data(contentsOf: set))
        // And it lies between the two states' pictures.
        let locked = folder.appendingPathComponent("locked.png")
        _ = try carender(["frame", bundle.path, "--output", locked.path, "--states", "Locked"])
        #expect(try Data(contentsOf: locked) != Data(contentsOf: swiped))
    }

    @Test func anUnknownStateIsAnErrorListingTheStates() throws {
        let (folder, package) = try Self.package()
        let output = folder.appendingPathComponent("x.png")
        let result = try carender(["frame", package.path, "--output", output.path, "--states", "Locked,Home@1"])
        #expect(result.status == 1)
        #expect(
            result.error.contains("has no state called 'Home'; its states are: Locked, Unlock, Sleep"),
            "\(result.error)")
        #expect(!FileManager.default.fileExists(atPath: output.path))

        let document = folder.appendingPathComponent("plain.caml")
        try DocumentCommandTests.write(DocumentCommandTests.squareDocument(), to: document)
        let stateless = try carender(["frame", document.path, "--output", output.path, "--states", "Locked"])
        #expect(stateless.status == 1)
        #expect(stateless.error.contains("\(document.path) has no states"), "\(stateless.error)")
    }

    @Test(arguments: [
        ("Locked,Unlock", "each state after the first needs @SECONDS"),
        ("Locked@1", "the first entry is the initial state"),
        ("Locked,Unlock@soon", "must be a number of seconds"),
        ("Locked,Unlock@2,Locked@1", "must be in time order"),
        ("Locked,@2", "names no state before @"),
        ("", "needs the initial state's name first"),
    ])
    func aMalformedTimelineIsAUsageError(timeline: String, message: String) throws {
        let (folder, package) = try Self.package()
        let result = try carender([
            "render", package.path, "--output", folder.appendingPathComponent("x.png").path, "--states", timeline,
        ])
        #expect(result.status != 0)
        #expect(result.error.contains(message), "\(result.error)")
    }

    @Test func statesAreForDocumentsOnly() throws {
        let result = try carender(["frame", "spring", "--output", "/tmp/never.png", "--states", "Locked"])
        #expect(result.status != 0)
        #expect(result.error.contains("--states applies to CAML documents"), "\(result.error)")
    }

    @Test func inspectShowsEachBundleWithItsStatesTransitionsAndWarnings() throws {
        let (_, package) = try Self.package()
        let result = try carender(["inspect", package.path, "--time", "1", "--states", "Locked,Unlock@0.5"])
        #expect(result.status == 0, "\(result.error)")
        let output = result.output
        #expect(
            output.contains("wallpaper package of 3 bundles, back to front; canvas 390 × 844 points, y up"), "\(output)"
        )
        for role in ["Background", "Floating", "Foreground"] {
            #expect(output.contains("\(role): \(WallpaperFixture.folder)/\(WallpaperFixture.bundleName(role))"))
        }
        #expect(
            output.contains(
                #"States of CALayer (name "Root Layer", id "root"): Locked (1 change), Unlock (1 change), Sleep (0 changes)"#
            ))
        #expect(
            output.contains(
                """
                    * → Unlock:
                      position.x on name "logo", id "logo" (CABasicAnimation, 1 s)
                """), "\(output)")
        #expect(output.contains("Unlock → *\n"))
        // The logo half-way to Unlock's x.
        #expect(output.contains(#"CALayer (name "logo", id "logo"): position = (145, 422)"#), "\(output)")
        #expect(output.components(separatedBy: "No warnings.").count == 4)
    }
}
