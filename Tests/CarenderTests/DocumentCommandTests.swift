import Foundation
import OpenCoreGraphics
import OpenQuartzCoreRenderer
import Testing

/// `carender render`, `frame` and `inspect` given a CAML document instead of a scene.
@Suite struct DocumentCommandTests {
    static let header = #"<?xml version="1.0" encoding="UTF-8"?><caml xmlns="http://www.apple.com/CoreAnimation/1.0">"#

    /// A 100 × 80 blue root with a 20 × 20 red square whose CAML position is (10, 10): the
    /// bottom-left corner, since CAML is y up unless the root is `geometryFlipped`.
    static func squareDocument(rootFlipped: Bool = false, square: String = #"backgroundColor="1 0 0""#) -> String {
        header + """
            <CALayer name="root" bounds="0 0 100 80" position="50 40" backgroundColor="0 0 1"\
             geometryFlipped="\(rootFlipped ? 1 : 0)"><sublayers>
            <CALayer id="#1" name="square" bounds="0 0 20 20" position="10 10" \(square)/>
            </sublayers></CALayer></caml>
            """
    }

    /// The RGBA of pixel (x, y), counted from the top left, of the PNG at `url`.
    static func pixel(_ x: Int, _ y: Int, of url: URL) throws -> [UInt8] {
        let image = try readPNG(at: url)
        let start = (y * image.width + x) * 4
        return Array(image.rgbaPixels[start..<start + 4])
    }

    static func write(_ text: String, to url: URL) throws {
        try Data(text.utf8).write(to: url)
    }

    @Test func frameDrawsCAMLYUpWithTheSquareAtTheBottomLeft() throws {
        let folder = try makeScratchFolder()
        let document = folder.appendingPathComponent("square.caml")
        try Self.write(Self.squareDocument(), to: document)
        let output = folder.appendingPathComponent("square.png")
        let result = try carender(["frame", document.path, "--output", output.path])
        #expect(result.status == 0, "\(result.error)")
        #expect(try readPNG(at: output).width == 100)
        #expect(try Self.pixel(5, 75, of: output) == [255, 0, 0, 255])
        #expect(try Self.pixel(5, 5, of: output) == [0, 0, 255, 255])
        #expect(try Self.pixel(95, 75, of: output) == [0, 0, 255, 255])
    }

    @Test func geometryFlippedRootPutsTheSquareAtTheTopLeft() throws {
        let folder = try makeScratchFolder()
        let document = folder.appendingPathComponent("flipped.caml")
        try Self.write(Self.squareDocument(rootFlipped: true), to: document)
        let output = folder.appendingPathComponent("flipped.png")
        let result = try carender(["render", document.path, "--output", output.path, "--scale", "2"])
        #expect(result.status == 0, "\(result.error)")
        #expect(try readPNG(at: output).width == 200)
        #expect(try Self.pixel(10, 10, of: output) == [255, 0, 0, 255])
        #expect(try Self.pixel(10, 150, of: output) == [0, 0, 255, 255])
    }

    @Test func bundleImageAssetRendersUpright() throws {
        let folder = try makeScratchFolder()
        let bundle = folder.appendingPathComponent("Image.ca")
        try FileManager.default.createDirectory(
            at: bundle.appendingPathComponent("assets"), withIntermediateDirectories: true)
        // 2 × 2: red, green / blue, white, written for this test.
        let png = try #require(
            Data(
                base64Encoded:
                    "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAE0lEQVR4nGP4z8DwHwyBNAg0AABJSQl4KKDbdwAAAABJRU5ErkJggg=="
            ))
        try png.write(to: bundle.appendingPathComponent("assets/dots.png"))
        try Self.write(
            Self.squareDocument(square: #"><contents type="CGImage" src="assets/dots.png"/></CALayer"#)
                .replacingOccurrences(of: "</CALayer/>", with: "</CALayer>"),
            to: bundle.appendingPathComponent("main.caml"))
        let output = folder.appendingPathComponent("image.png")
        let result = try carender(["frame", bundle.path, "--output", output.path])
        #expect(result.status == 0, "\(result.error)")
        // The square spans x 0–20, y 60–80 in the picture; the image's first row (red, green)
        // is its top half, as on a device.
        #expect(try Self.pixel(4, 63, of: output) == [255, 0, 0, 255])
        #expect(try Self.pixel(15, 63, of: output) == [0, 255, 0, 255])
        #expect(try Self.pixel(4, 76, of: output) == [0, 0, 255, 255])
    }

    @Test func inspectPrintsClassesNamesIDsAndWarnings() throws {
        let folder = try makeScratchFolder()
        let document = folder.appendingPathComponent("inspect.caml")
        try Self.write(
            Self.squareDocument(
                square: #"backgroundColor="1 0 0" mystery="1"><contents type="CGImage" src="gone.png"/></CALayer"#
            )
            .replacingOccurrences(of: "</CALayer/>", with: "</CALayer>"),
            to: document)
        let result = try carender(["inspect", document.path])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.contains("canvas 100 × 80 points, y up"))
        #expect(result.output.contains(#"CALayer (name "root"): position = (50, 40)"#))
        #expect(result.output.contains(##"  CALayer (name "square", id "#1"): position = (10, 10)"##))
        #expect(result.output.contains("2 warnings:"))
        #expect(result.output.contains("mystery"))
        #expect(result.output.contains("gone.png"))
    }

    @Test func malformedDocumentFailsWithFileLineAndColumn() throws {
        let folder = try makeScratchFolder()
        let document = folder.appendingPathComponent("broken.caml")
        try Self.write(Self.header + "\n<CALayer>\n<sublayers></CALayer></caml>", to: document)
        let output = folder.appendingPathComponent("broken.png")
        let result = try carender(["frame", document.path, "--output", output.path])
        #expect(result.status == 1)
        let lines = result.error.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix("Error: \(document.path):3:") == true, "\(result.error)")
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test func defaultDurationIsTheLongestAnimation() throws {
        let folder = try makeScratchFolder()
        let document = folder.appendingPathComponent("anim.caml")
        try Self.write(
            Self.header + """
                <CALayer bounds="0 0 10 10" position="5 5"><animations>
                <p key="fade" type="CABasicAnimation" keyPath="opacity" fromValue="1" toValue="0" duration="0.5" repeatCount="2"/>
                <p key="spin" type="CABasicAnimation" keyPath="transform.rotation.z" toValue="1" duration="0.3" repeatCount="inf"/>
                </animations></CALayer></caml>
                """, to: document)
        let frames = folder.appendingPathComponent("frames/")
        let result = try carender(["render", document.path, "--output", frames.path + "/", "--fps", "10"])
        #expect(result.status == 0, "\(result.error)")
        // 0.5 s × 2 repeats = 1 s at 10 fps.
        #expect(result.output.contains("Wrote 10 frames"), "\(result.output)")
    }

    @Test func missingDocumentIsAUsageError() throws {
        let result = try carender(["frame", "/nonexistent/Gone.ca", "--output", "/tmp/x.png"])
        #expect(result.status != 0)
        #expect(result.error.contains("there is no CAML document at '/nonexistent/Gone.ca'"))
    }

    /// The shared corpus (FORMAT.md), when present beside the package: every `.ca` bundle
    /// renders its first frame, except the one that is not well-formed XML.
    @Test func everyCorpusBundleRendersAFrame() throws {
        let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/caml-corpus/files")
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: corpus.path) else {
            print("carender corpus frames: skipped, \(corpus.path) is absent")
            return
        }
        let bundles = names.filter { $0.hasSuffix(".ca") }.sorted()
        let folder = try makeScratchFolder()
        var rendered = 0
        var failed: [String] = []
        for name in bundles {
            let output = folder.appendingPathComponent(name + ".png")
            let result = try carender(
                ["frame", corpus.appendingPathComponent(name).path, "--output", output.path, "--scale", "0.25"])
            if result.status == 0 && file(output, has: Magic.png) {
                rendered += 1
            } else {
                failed.append(name + ": " + result.error)
            }
        }
        print("carender corpus frames: \(rendered) of \(bundles.count) .ca bundles render at t = 0")
        for failure in failed { print("carender corpus frames: \(failure)") }
        #expect(bundles.count >= 49)
        // FORMAT.md §2: the one malformed bundle fails, with its file, line and column.
        #expect(failed.count == 1)
        #expect(failed.first?.hasPrefix("CAPlayground__template-tendies__Floating.ca: Error: ") == true)
        #expect(rendered == bundles.count - 1)
    }
}
