import Foundation
import OpenQuartzCoreRenderer
import Testing

/// The demos the gallery has, in its order: the goldens and these tests cover each.
let galleryDemos = [
    "view-vs-layer", "nested-transactions", "pop", "image-view", "spring", "keyframe-circle", "group",
    "transition-fade", "transition-move-in", "transition-push", "transition-reveal", "fill-modes", "additive-blocks",
    "emitter-fountain",
]

/// The `id`s of the demo cards in an index page, in order.
private func cardNames(in html: String) -> [String] {
    html.components(separatedBy: "<figure id=\"").dropFirst().compactMap {
        $0.split(separator: "\"").first.map(String.init)
    }
}

@Suite("carender gallery")
struct GalleryCommandTests {
    @Test func writesEveryDemoAsMP4GIFAndPosterWithAnIndex() throws {
        let scratch = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let folder = scratch.appendingPathComponent("new/gallery")  // made when missing
        // Small and few frames, to keep the suite quick; the files are real all the same.
        let result = try carender(["gallery", "--output", folder.path, "--fps", "4", "--scale", "0.25"])
        #expect(result.status == 0, "\(result.error)")
        let index = folder.appendingPathComponent("index.html")
        #expect(result.output.contains("open \(index.path) in a browser"), "\(result.output)")
        let html = try String(contentsOf: index, encoding: .utf8)
        #expect(cardNames(in: html) == galleryDemos)
        for name in galleryDemos {
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
        }
        #expect(html.contains("<video autoplay loop muted playsinline"))
        #expect(!html.contains("http://") && !html.contains("https://"), "no outside resources")
    }

    @Test func onlyRendersTheDemosNamed() throws {
        let folder = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try carender([
            "gallery", "-o", folder.path, "--only", "pop, spring", "--fps", "5", "--scale", "0.5",
        ])
        #expect(result.status == 0, "\(result.error)")
        let html = try String(contentsOf: folder.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(cardNames(in: html) == ["pop", "spring"], "in the gallery's order")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(files == ["index.html", "pop.gif", "pop.mp4", "pop.png", "spring.gif", "spring.mp4", "spring.png"])
        let poster = try readPNG(at: folder.appendingPathComponent("spring.png"))
        #expect(poster.width == 120 && poster.height == 60)
    }

    @Test func badArgumentsSayWhatIsWrong() throws {
        let unknown = try carender(["gallery", "--only", "spring,nope"])
        #expect(unknown.status != 0 && unknown.error.contains("there is no demo called 'nope'"))
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
