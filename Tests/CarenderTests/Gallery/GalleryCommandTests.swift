import CAMLTestSupport
import Foundation
import OpenQuartzCoreRenderer
import QuartzTestSupport
import Testing

/// The scenes the gallery has, in its order: the goldens and these tests cover each.
let galleryScenes = [
    "view-vs-layer", "nested-transactions", "pop", "image-view", "spring", "keyframe-circle", "group",
    "transition-fade", "transition-move-in", "transition-push", "transition-reveal", "fill-modes", "additive-blocks",
    "emitter-fountain",
]

/// The `id`s of the scene cards in an index page, in order.
private func cardNames(in html: String) -> [String] {
    html.components(separatedBy: "<figure id=\"").dropFirst().compactMap {
        $0.split(separator: "\"").first.map(String.init)
    }
}

@Suite("carender gallery")
struct GalleryCommandTests {
    @Test func writesEverySceneAsMP4GIFAndPosterWithAnIndex() throws {
        let scratch = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let folder = scratch.appendingPathComponent("new/gallery")  // made when missing
        // Small and few frames, to keep the suite quick; the files are real all the same.
        let result = try carender(["gallery", "--output", folder.path, "--fps", "4", "--scale", "0.25"])
        #expect(result.status == 0, "\(result.error)")
        let index = folder.appendingPathComponent("index.html")
        #expect(result.output.contains("open \(index.path) in a browser"), "\(result.output)")
        let html = try String(contentsOf: index, encoding: .utf8)
        #expect(cardNames(in: html) == galleryScenes)
        for name in galleryScenes {
            #expect(html.contains("<h2>\(name)</h2>"))
            #expect(html.contains("poster=\"\(name).png\""))
            #expect(html.contains("<source src=\"\(name).mp4\" type=\"video/mp4\">"))
            #expect(html.contains("src=\"\(name).gif\""))
            let mp4 = folder.appendingPathComponent("\(name).mp4")
            let gif = folder.appendingPathComponent("\(name).gif")
            let poster = folder.appendingPathComponent("\(name).png")
            #expect(fileSize(mp4) > 0 && file(mp4, has: Magic.mp4, at: 4), "\(name).mp4")
            #expect(fileSize(gif) > 0 && file(gif, has: Magic.gif), "\(name).gif")
            #expect(fileSize(poster) > 0 && file(poster, has: Magic.png), "\(name).png")
            let bundle = folder.appendingPathComponent("\(name).ca")
            #expect(
                FileManager.default.fileExists(atPath: bundle.appendingPathComponent("main.caml").path), "\(name).ca")
        }
        #expect(html.contains("<video autoplay loop muted playsinline"))
        #expect(!html.contains("http://") && !html.contains("https://"), "no outside resources")
    }

    @Test func onlyRendersTheScenesNamed() throws {
        let folder = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try carender([
            "gallery", "-o", folder.path, "--only", "pop, spring", "--fps", "5", "--scale", "0.5",
        ])
        #expect(result.status == 0, "\(result.error)")
        let html = try String(contentsOf: folder.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(cardNames(in: html) == ["pop", "spring"], "in the gallery's order")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(
            files == [
                "index.html", "pop.ca", "pop.gif", "pop.mp4", "pop.png", "spring.ca", "spring.gif", "spring.mp4",
                "spring.png",
            ])
        #expect(html.contains(#"<a href="spring.ca/">CAML (.ca)</a>"#))
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("spring.ca/main.caml").path))
        let poster = try readPNG(at: folder.appendingPathComponent("spring.png"))
        #expect(poster.width == 120 && poster.height == 60)
    }

    /// `--caml DIR`: a card per document found under DIR, its states named and cycled; one that
    /// does not load gets a card with its error, and the others still render.
    @Test func camlDocumentsGetCardsWithTheirStatesOrTheirError() throws {
        let scratch = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let documents = scratch.appendingPathComponent("docs/nested")
        try FileManager.default.createDirectory(at: documents, withIntermediateDirectories: true)
        let glyph =
            DocumentCommandTests.header + """
                <CALayer bounds="0 0 100 80" position="50 40" backgroundColor="0 0 1"><sublayers>
                <CALayer id="sq" bounds="0 0 20 20" position="20 20" backgroundColor="1 0 0"/></sublayers>
                <states><LKState name="Off"><elements/></LKState><LKState name="On"><elements>
                <LKStateSetValue targetId="sq" keyPath="position.x"><value type="integer" value="80"/></LKStateSetValue>
                </elements></LKState></states>
                <stateTransitions><LKStateTransition fromState="*" toState="On"><elements>
                <LKStateTransitionElement key="position.x" targetId="sq">
                <animation type="CABasicAnimation" keyPath="position.x" duration="0.5"/></LKStateTransitionElement>
                </elements></LKStateTransition></stateTransitions></CALayer></caml>
                """
        try DocumentCommandTests.write(glyph, to: documents.appendingPathComponent("glyph.caml"))
        try DocumentCommandTests.write(
            DocumentCommandTests.header + "<CALayer>", to: scratch.appendingPathComponent("docs/broken.caml"))
        try WallpaperFixture.write(to: scratch.appendingPathComponent("docs/wall.tendies"))
        let folder = scratch.appendingPathComponent("gallery")
        let result = try carender([
            "gallery", "-o", folder.path, "--only", "pop", "--fps", "2", "--scale", "0.25", "--caml",
            scratch.appendingPathComponent("docs").path,
        ])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.contains("1 scenes and 3 CAML documents"), "\(result.output)")
        let html = try String(contentsOf: folder.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(cardNames(in: html) == ["pop", "caml-broken.caml", "caml-nested_glyph.caml", "caml-wall.tendies"])
        // A wallpaper package's bundles switch together, starting Locked.
        #expect(html.contains("States: <code>Locked</code> → "), "the package's states")
        #expect(fileSize(folder.appendingPathComponent("caml-wall.tendies.mp4")) > 0)
        #expect(html.contains("<h2>nested/glyph.caml</h2>"))
        #expect(html.contains("States: <code>Off</code> → <code>On</code>"))
        #expect(html.contains("broken.caml:1:"), "the error names the file and place")
        for suffix in ["mp4", "gif", "png"] {
            let url = folder.appendingPathComponent("caml-nested_glyph.caml.\(suffix)")
            #expect(fileSize(url) > 0, "\(url.lastPathComponent)")
        }
        // The poster, after the switch to On (1.5 s, 0.5 s long): the square is on the right.
        let poster = try readPNG(at: folder.appendingPathComponent("caml-nested_glyph.caml.png"))
        #expect(poster.width == 25 && poster.height == 20)
        let right = (poster.height - 5) * poster.width * 4 + 20 * 4
        #expect(poster.rgbaPixels[right] > 200 && poster.rgbaPixels[right + 2] < 60, "red at the bottom right")
    }

    /// `--lottie DIR`: a card per Lottie file found under DIR, the animation fitted and played
    /// once; one that does not read gets a card with its error, and the others still render.
    @Test func lottieFilesGetCardsOrTheirError() throws {
        let scratch = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let files = scratch.appendingPathComponent("anims/nested")
        try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
        try Data(LottieCommandTests.slide().utf8).write(to: files.appendingPathComponent("slide.json"))
        try Data(#"{"v": "5.7.4", "fr": 30, "layers": []}"#.utf8).write(
            to: scratch.appendingPathComponent("anims/broken.json"))
        try Data("notes".utf8).write(to: scratch.appendingPathComponent("anims/notes.txt"))
        let folder = scratch.appendingPathComponent("gallery")
        let result = try carender([
            "gallery", "-o", folder.path, "--only", "pop", "--fps", "10", "--lottie",
            scratch.appendingPathComponent("anims").path,
        ])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.contains("1 scenes and 2 Lottie files"), "\(result.output)")
        let html = try String(contentsOf: folder.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(cardNames(in: html) == ["pop", "lottie-broken.json", "lottie-nested_slide.json"])
        #expect(html.contains("<h1>Lottie animations</h1>"))
        #expect(html.contains("<h2>nested/slide.json</h2>"))
        #expect(html.contains("broken.json: the required field"), "the error names the file: \(html)")
        for suffix in ["mp4", "gif", "png"] {
            let url = folder.appendingPathComponent("lottie-nested_slide.json.\(suffix)")
            #expect(fileSize(url) > 0, "\(url.lastPathComponent)")
        }
        // The poster, at the middle (frame 15): the red rectangle's centre at x = 50 of 100.
        let poster = try readPNG(at: folder.appendingPathComponent("lottie-nested_slide.json.png"))
        #expect(poster.width == 100 && poster.height == 50)
        let middle = (25 * poster.width + 50) * 4
        #expect(Array(poster.rgbaPixels[middle..<middle + 4]) == [255, 0, 0, 255], "red in the middle")
    }

    @Test func badArgumentsSayWhatIsWrong() throws {
        let unknown = try carender(["gallery", "--only", "spring,nope"])
        #expect(unknown.status != 0 && unknown.error.contains("there is no scene called 'nope'"))
        let badFPS = try carender(["gallery", "--fps", "0"])
        #expect(badFPS.status != 0 && badFPS.error.contains("--fps must be a whole number from 1 to 120"))

        let folder = try makeScratchFolder()

        defer { try? FileManager.default.removeItem(at: folder) }
        let blocker = folder.appendingPathComponent("file")
        try Data("x".utf8).write(to: blocker)
        let unwritable = try carender(["gallery", "-o", blocker.appendingPathComponent("gallery").path])
        #expect(unwritable.status != 0)
        #expect(unwritable.error.contains("cannot create the gallery folder"), "\(unwritable.error)")
        #expect(unwritable.error.contains("'\(blocker.path)' is a file, not a folder"), "\(unwritable.error)")
        #expect(unwritable.error.contains("Choose another with --output"))
    }

    @Test func helpSaysWhereItWrites() throws {
        let help = try carender(["gallery", "--help"])
        #expect(help.status == 0)
        let text = help.output.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(text.contains("gallery/ in the current folder by default"))
        #expect(help.output.contains("index.html"))
    }

    /// Issue 11: a gallery whose ffmpeg fails replaces none of the files already there.
    @Test func aFailingFFmpegLeavesTheGalleryAsItWas() throws {
        let scratch = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        try writeFakeFFmpeg("cat > /dev/null\nexit 1", in: scratch)
        let folder = scratch.appendingPathComponent("gallery")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let names = ["spring.mp4", "spring.gif", "spring.png", "index.html"]
        for name in names { try Data("old \(name)".utf8).write(to: folder.appendingPathComponent(name)) }
        let result = try carender(
            ["gallery", "-o", folder.path, "--only", "spring", "--fps", "5", "--scale", "0.25"],
            environment: ["PATH": scratch.path + ":/usr/bin:/bin", "TMPDIR": scratch.path])
        #expect(result.status == 1)
        #expect(result.error.contains("ffmpeg exited with status 1"), "\(result.error)")
        for name in names {
            #expect(try Data(contentsOf: folder.appendingPathComponent(name)) == Data("old \(name)".utf8), "\(name)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == names.sorted())
        #expect(leftovers(in: scratch).isEmpty)
    }
}
