import Foundation
import OpenCoreGraphics
import OpenLottie
import OpenQuartzCoreRenderer
import Testing
import ZipTestSupport

/// `carender frame` and `inspect` given a Lottie file: `--frame`, `--progress`, `--size` filling
/// the picture, `--background`, and the reader's errors and warnings.
@Suite struct LottieCommandTests {
    /// A 100 × 50 composition at 30 fps, frames 0–30: one shape layer, a 40 × 20 red rectangle
    /// drawn around its anchor, the layer's position moving linearly from (25, 25) at frame 0 to
    /// (75, 25) at frame 30, so that the rectangle's centre is at x = 25 + 50 · frame / 30.
    /// `rotation` replaces the layer's rotation property, `size` the rectangle's size property.
    static func slide(rotation: String = #"{"a": 0, "k": 0}"#, size: String = #"{"a": 0, "k": [40, 20]}"#)
        -> String
    {
        """
        {"v": "5.7.4", "fr": 30, "ip": 0, "op": 30, "w": 100, "h": 50, "nm": "slide", "ddd": 0, "assets": [],
         "layers": [{"ddd": 0, "ind": 1, "ty": 4, "nm": "box", "sr": 1, "ip": 0, "op": 30, "st": 0, "bm": 0,
           "ks": {"o": {"a": 0, "k": 100}, "r": \(rotation),
                  "p": {"a": 1, "k": [{"t": 0, "s": [25, 25, 0], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}},
                                      {"t": 30, "s": [75, 25, 0]}]},
                  "a": {"a": 0, "k": [50, 25, 0]}, "s": {"a": 0, "k": [100, 100, 100]}},
           "shapes": [{"ty": "rc", "nm": "rect", "d": 1, "s": \(size), "p": {"a": 0, "k": [50, 25]},
                       "r": {"a": 0, "k": 0}},
                      {"ty": "fl", "nm": "red", "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 100}, "r": 1}]}]}
        """
    }

    /// The slide with its rectangle's red fill colour marked as the slot `id`.
    static func slide(fillSlot id: String) -> String {
        slide().replacingOccurrences(
            of: #""c": {"a": 0, "k": [1, 0, 0, 1]}"#, with: #""c": {"a": 0, "k": [1, 0, 0, 1], "sid": ""# + id + #""}"#)
    }

    /// Writes `text` as `name` in a new scratch folder; answers the folder and the file.
    static func write(_ text: String, as name: String, test: String = #function) throws -> (folder: URL, file: URL) {
        let folder = try makeScratchFolder(test)
        let file = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: file)
        return (folder, file)
    }

    /// The RGBA of pixel (x, y), counted from the top left.
    static func pixel(_ x: Int, _ y: Int, of image: CGImage) -> [Int] {
        let start = (y * image.width + x) * 4
        return image.rgbaPixels[start..<start + 4].map(Int.init)
    }

    /// Whether every channel of `pixel` is within `tolerance` of `expected`'s.
    static func isClose(_ pixel: [Int], to expected: [Int], tolerance: Int) -> Bool {
        zip(pixel, expected).allSatisfy { abs($0 - $1) <= tolerance }
    }

    static let red = [255, 0, 0, 255]
    /// Antialiasing aside, the rectangle's inside is exactly red and the empty picture exactly
    /// clear: a channel may differ by this much.
    static let tolerance = 2

    @Test func frameWritesStraightAlphaRGBAFillingTheSize() throws {
        let (folder, lottie) = try Self.write(Self.slide(), as: "slide.json")
        let output = folder.appendingPathComponent("out.png")
        let result = try carender([
            "frame", lottie.path, "--frame", "15", "--size", "200x100", "--background", "none", "-o", output.path,
        ])
        #expect(result.status == 0, "\(result.error)")
        // IHDR: bit depth 8, colour type 6 (RGBA).
        #expect(file(output, has: [8, 6], at: 24))
        let image = try readPNG(at: output)
        #expect(image.width == 200 && image.height == 100)
        // Scale 2 to fit 200 × 100; at frame 15 the rectangle's centre is at (50, 25) points,
        // (100, 50) pixels, and it spans x 60–140, y 30–70.
        #expect(Self.isClose(Self.pixel(100, 50, of: image), to: Self.red, tolerance: Self.tolerance))
        #expect(Self.isClose(Self.pixel(135, 50, of: image), to: Self.red, tolerance: Self.tolerance))
        #expect(Self.pixel(55, 50, of: image)[3] == 0)
        #expect(Self.pixel(145, 50, of: image)[3] == 0)
        for (x, y) in [(0, 0), (199, 0), (0, 99), (199, 99)] {
            #expect(Self.pixel(x, y, of: image) == [0, 0, 0, 0], "corner (\(x), \(y))")
        }
    }

    @Test func progressAndTimeNameTheSameFrameAsFrame() throws {
        let (folder, file) = try Self.write(Self.slide(), as: "slide.json")
        var images: [String: CGImage] = [:]
        for (name, option) in [
            ("frame", ["--frame", "15"]), ("progress", ["--progress", "0.5"]), ("time", ["--time", "0.5"]),
        ] {
            let output = folder.appendingPathComponent("\(name).png")
            let result = try carender(["frame", file.path, "--size", "200x100", "--output", output.path] + option)
            #expect(result.status == 0, "\(name): \(result.error)")
            images[name] = try readPNG(at: output)
        }
        // The same scene time, so the same picture, byte for byte (tolerance 0).
        #expect(images["progress"]?.rgbaPixels == images["frame"]?.rgbaPixels)
        #expect(images["time"]?.rgbaPixels == images["frame"]?.rgbaPixels)
    }

    /// The command line the outside comparison script runs.
    @Test func comparisonScriptCommandLineFillsTheSize() throws {
        let (folder, file) = try Self.write(Self.slide(), as: "slide.json")
        let late = folder.appendingPathComponent("late.png")
        let result = try carender([
            "frame", file.path, "--frame", "37.5", "--size", "834x1000", "--scale", "1", "--background", "none",
            "-o", late.path,
        ])
        #expect(result.status == 0, "\(result.error)")
        let image = try readPNG(at: late)
        #expect(image.width == 834 && image.height == 1000)
        // Scale 8.34 to fit the width; the 834 × 417 animation starts 291 pixels down. Frame
        // 37.5 is past the end (30): the last frame, the rectangle's centre at (75, 25)
        // points, (625.5, 499.5) pixels.
        #expect(Self.isClose(Self.pixel(625, 499, of: image), to: Self.red, tolerance: Self.tolerance))
        #expect(Self.pixel(417, 499, of: image)[3] == 0)
        #expect(Self.pixel(0, 0, of: image)[3] == 0)
        #expect(Self.pixel(625, 100, of: image)[3] == 0)

        let quarter = folder.appendingPathComponent("quarter.png")
        let progress = try carender([
            "frame", file.path, "--progress", "0.25", "--size", "834x1000", "--scale", "1", "--background", "none",
            "--output", quarter.path,
        ])
        #expect(progress.status == 0, "\(progress.error)")
        // Frame 7.5: the centre at x = 37.5 points, 312.75 pixels.
        let early = try readPNG(at: quarter)
        #expect(Self.isClose(Self.pixel(312, 499, of: early), to: Self.red, tolerance: Self.tolerance))
        #expect(Self.pixel(625, 499, of: early)[3] == 0)
    }

    @Test func backgroundColourFillsThePictureBeneathTheAnimation() throws {
        let (folder, file) = try Self.write(Self.slide(), as: "slide.json")
        let output = folder.appendingPathComponent("blue.png")
        // `#` starts a comment in an unquoted shell word; an argument list needs no quoting.
        let result = try carender([
            "frame", file.path, "--frame", "15", "--size", "200x120", "--background", "#0000ff", "-o", output.path,
        ])
        #expect(result.status == 0, "\(result.error)")
        let image = try readPNG(at: output)
        // The margins above and below the animation are blue too.
        #expect(Self.pixel(0, 0, of: image) == [0, 0, 255, 255])
        #expect(Self.pixel(199, 119, of: image) == [0, 0, 255, 255])
        #expect(Self.isClose(Self.pixel(100, 60, of: image), to: Self.red, tolerance: Self.tolerance))
    }

    @Test func badLottieFileFailsWithItsPathAndWritesNothing() throws {
        let (folder, file) = try Self.write(#"{"w": 10}"#, as: "bad.json")
        let output = folder.appendingPathComponent("bad.png")
        let missing = try carender(["frame", file.path, "--frame", "1", "-o", output.path])
        #expect(missing.status == 1)
        #expect(missing.error.contains("bad.json: the required field \"h\" is missing"), "\(missing.error)")
        #expect(!FileManager.default.fileExists(atPath: output.path))

        let wrong = folder.appendingPathComponent("wrong.json")
        try Data(Self.slide(size: #"{"a": 0, "k": "big"}"#).utf8).write(to: wrong)
        let typed = try carender(["frame", wrong.path, "-o", output.path])
        #expect(typed.status == 1)
        #expect(typed.error.contains("wrong.json: layers[0].shapes[0].s.k: "), "\(typed.error)")
        #expect(!FileManager.default.fileExists(atPath: output.path))
        #expect(leftovers(in: folder).isEmpty)
    }

    @Test func dotLottiePackageRendersAsItsJSON() throws {
        let (folder, json) = try Self.write(Self.slide(), as: "slide.json")
        let package = folder.appendingPathComponent("slide.lottie")
        try writeZip(
            [
                ("manifest.json", Data(#"{"version": "2", "animations": [{"id": "slide"}]}"#.utf8)),
                ("a/slide.json", Data(Self.slide().utf8)),
            ], to: package)
        var images: [CGImage] = []
        for (file, name) in [(json, "json.png"), (package, "lottie.png")] {
            let output = folder.appendingPathComponent(name)
            let result = try carender(["frame", file.path, "--frame", "15", "--size", "200x100", "-o", output.path])
            #expect(result.status == 0, "\(file.lastPathComponent): \(result.error)")
            images.append(try readPNG(at: output))
        }
        #expect(images[1].width == 200 && images[1].height == 100)
        #expect(images[1].rgbaPixels == images[0].rgbaPixels)
        #expect(Self.isClose(Self.pixel(100, 50, of: images[1]), to: Self.red, tolerance: Self.tolerance))
    }

    /// `render` plays a Lottie file at its own frame rate over its own frames; `--frames A..B`
    /// picks frames by their numbers, `--loops N` plays it N times. (A render that starts
    /// mid-way draws its first frame directly where a whole render composites the content it
    /// cached: a channel may differ by 2.)
    @Test func renderTakesTheFilesFrameRateFramesAndLoops() throws {
        let (folder, lottie) = try Self.write(Self.slide(), as: "slide.json")
        func render(_ name: String, _ options: [String]) throws -> [CGImage] {
            let frames = folder.appendingPathComponent(name + "/")
            let result = try carender(["render", lottie.path, "-o", frames.path + "/"] + options)
            #expect(result.status == 0, "\(result.error)")
            let names = try FileManager.default.contentsOfDirectory(atPath: frames.path).sorted()
            return try names.map { try readPNG(at: frames.appendingPathComponent($0)) }
        }
        func same(_ a: CGImage, _ b: CGImage) -> Bool {
            zip(a.rgbaPixels, b.rgbaPixels).allSatisfy { abs(Int($0) - Int($1)) <= 2 }
        }
        let whole = try render("whole", [])
        #expect(whole.count == 30, "frames 0 to 29 at the file's 30 fps")
        #expect(!same(whole[10], whole[11]), "the frames differ")
        let part = try render("part", ["--frames", "10..20"])
        #expect(part.count == 10)
        #expect(same(part[0], whole[10]) && same(part[9], whole[19]), "frames 10 to 19")
        let twice = try render("twice", ["--loops", "2"])
        #expect(twice.count == 60)
        #expect(same(twice[30], whole[0]) && same(twice[45], whole[15]), "the second play shows the first's frames")
        let slower = try render("slower", ["--fps", "15"])
        #expect(slower.count == 15 && same(slower[5], whole[10]), "--fps overrides the file's rate")
    }

    @Test(arguments: [
        (["frame", "spring", "--frame", "3"], "--frame applies to Lottie files"),
        (["frame", "spring", "--progress", "0.5"], "--progress applies to Lottie files"),
        (["frame", "LOTTIE", "--frame", "3", "--progress", "0.5"], "not --frame and --progress"),
        (["frame", "LOTTIE", "--frame", "3", "--time", "1"], "not --time and --frame"),
        (["frame", "LOTTIE", "--progress", "1.5"], "--progress must be a number from 0 to 1"),
        (["frame", "LOTTIE", "--frame", "inf"], "--frame must be a finite frame number"),
        (["frame", "LOTTIE", "--background", "purple"], "--background must be none, white, black"),
        (["inspect", "spring", "--progress", "0.5"], "--progress applies to Lottie files"),
        (["render", "spring", "--frames", "0..10"], "--frames and --loops apply to Lottie files"),
        (["render", "LOTTIE", "--frames", "20..10"], "--frames must be A..B with A before B"),
        (["render", "LOTTIE", "--frames", "0..10", "--from", "1"], "give --frames or --from"),
        (
            ["render", "LOTTIE", "--frames", "40..60"],
            "--frames 40..60 is outside the file's frames 0–30 (its ip and op)"
        ),
        (["render", "LOTTIE", "--frames", "20..31"], "--frames 20..31 is outside the file's frames 0–30"),
        (["render", "LOTTIE", "--loops", "0"], "--loops must be a whole number from 1 to 1000"),
        (["frame", "LOTTIE", "--fonts", "/nowhere/fonts"], "--fonts: there is no folder at '/nowhere/fonts'"),
        (["frame", "spring", "--fonts", "/tmp"], "--fonts applies to Lottie files"),
    ])
    func frameOptionsAreRefusedWhereTheyDoNotApply(arguments: [String], message: String) throws {
        let (folder, file) = try Self.write(Self.slide(), as: "slide.json")
        let output = folder.appendingPathComponent("out.png")
        let command =
            arguments.map { $0 == "LOTTIE" ? file.path : $0 } + (arguments[0] == "inspect" ? [] : ["-o", output.path])
        let result = try carender(command)
        #expect(result.status == 64)
        #expect(result.error.contains(message), "\(result.error)")
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test func inspectPrintsTheLayersSizeFrameRateAndWarnings() throws {
        let (_, file) = try Self.write(Self.slide(), as: "slide.json")
        let result = try carender(["inspect", file.path, "--progress", "0.5"])
        #expect(result.status == 0, "\(result.error)")
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(
            lines.first?.contains(
                "at frame 15 (t = 0.5 s): Lottie animation \"slide\", 100 × 50 points, 30 fps, frames 0–30 (1 s)")
                == true, "\(lines.first ?? "")")
        #expect(lines.contains { $0.hasPrefix("LottieAnimationLayer: ") })
        #expect(lines.contains { $0.contains("CALayer (name \"box\")") })
        #expect(lines.last == "No warnings.")

        let (_, expression) = try Self.write(Self.slide(rotation: #"{"a": 0, "k": 0, "x": "time * 2"}"#), as: "x.json")
        let warned = try carender(["inspect", expression.path, "--engine", "automatic"])
        #expect(warned.status == 0, "\(warned.error)")
        #expect(warned.output.contains("1 warning:\n  layers[0].ks.r.x: "), "\(warned.output)")
        let evaluated = try carender(["inspect", expression.path])
        #expect(evaluated.output.hasSuffix("Drawn with the complete engine.\nNo warnings.\n"), "\(evaluated.output)")
    }

    /// Text in a font no folder has and the machine lacks: drawn in fontconfig's nearest, with a
    /// warning naming both on standard error (frame, render) or in the report (inspect).
    @Test func aFontFoundNowhereIsAWarningNamingBothFamilies() throws {
        let text =
            #"{"v": "5.7.4", "fr": 30, "ip": 0, "op": 30, "w": 200, "h": 60, "fonts": {"list": [{"fName": "#
            + #""BrandGrotesk-Bold", "fFamily": "Brand Grotesk", "fStyle": "Bold", "ascent": 75}]}, "layers": [{"#
            + #""ty": 5, "ind": 1, "ks": {"p": {"a": 0, "k": [10, 40]}}, "ip": 0, "op": 30, "st": 0, "t": {"d": {"#
            + #""k": [{"s": {"t": "Hello", "s": 30, "f": "BrandGrotesk-Bold", "fc": [1, 0, 0], "j": 0}, "t": 0}]}}}]}"#
        let (folder, file) = try Self.write(text, as: "text.json")
        let warning =
            #"fonts.list[0]: the font "Brand Grotesk" (BrandGrotesk-Bold) is not installed: its text is set in "#
            + #""DejaVu Sans""#
        let output = folder.appendingPathComponent("out.png")
        let drawn = try carender(["frame", file.path, "--background", "none", "-o", output.path])
        #expect(drawn.status == 0, "\(drawn.error)")
        #expect(drawn.error == "carender: warning: \(warning)\n")
        let image = try readPNG(at: output)
        #expect((0..<200).contains { Self.isClose(Self.pixel($0, 30, of: image), to: Self.red, tolerance: 2) })
        let folderGiven = try carender(["frame", file.path, "--fonts", folder.path, "-o", output.path])
        #expect(folderGiven.error.contains("is in no font folder and not installed"), "\(folderGiven.error)")
        let inspected = try carender(["inspect", file.path])
        #expect(inspected.output.contains("1 warning:\n  \(warning)\n"), "\(inspected.output)")
        // lottie-ios's engines draw it with CATextLayer: nothing to warn about.
        let automatic = try carender(["frame", file.path, "--engine", "automatic", "-o", output.path])
        #expect(automatic.error.isEmpty, "\(automatic.error)")
    }
}
