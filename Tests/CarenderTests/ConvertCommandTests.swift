import CAMLTestSupport
import Foundation
import OpenCAML
import OpenQuartzCore
import OpenQuartzCoreScenes
import QuartzTestSupport
import Testing

/// `carender convert`: CAML to normalised CAML, and every scene to a `.ca` bundle that reads
/// back as the same tree and renders the same frames.
@Suite struct ConvertCommandTests {
    /// Every scene, written as a bundle and read back, is the same tree (its ids aside), and
    /// what was read writes the same bytes again.
    @Test @MainActor func everySceneConvertsToABundleThatReadsBackTheSame() throws {
        let folder = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for definition in BuiltInScenes.all {
            let clock = CAManualClock()
            let scene = CAClock.$current.withValue(clock) { definition.start(on: clock) }
            let made = CAClock.$current.withValue(clock) { scene.makeCAMLPackage() }
            let bundle = folder.appendingPathComponent("\(definition.name).ca")
            let written = try withExtendedLifetime(scene) {
                try made.package.write(to: bundle, type: kCAPackageTypeCAMLBundle, options: nil)
                return try made.package.bundleFiles()
            }
            #expect(written.warnings.isEmpty, "\(definition.name): \(written.warnings)")
            let read = try withManualClock { _ in
                try CAPackage(contentsOf: bundle, type: kCAPackageTypeCAMLBundle, options: nil)
            }
            #expect(read.warnings.isEmpty, "\(definition.name): \(read.warnings)")
            #expect(read.isGeometryFlipped, "\(definition.name): a scene is laid out y down")
            expectSameCAMLTree(read, made.package, "\(definition.name):")
            let first = try made.package.bundleFiles().files
            let again = try read.bundleFiles().files
            #expect(first.map(\.path) == again.map(\.path), "\(definition.name)")
            for (one, other) in zip(first, again) {
                #expect(one.data == other.data, "\(definition.name): \(one.path) differs when written again")
            }
        }
    }

    @Test func aConvertedSceneRendersTheSameFrames() throws {
        let folder = try makeScratchFolder()
        let bundle = folder.appendingPathComponent("image-view.ca")
        let result = try carender(["convert", "image-view", bundle.path])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.contains("8 images in assets/"), "\(result.output)")
        for time in ["0", "0.35"] {
            let scene = folder.appendingPathComponent("scene-\(time).png")
            let converted = folder.appendingPathComponent("converted-\(time).png")
            #expect(try carender(["frame", "image-view", "--time", time, "--output", scene.path]).status == 0)
            #expect(try carender(["frame", bundle.path, "--time", time, "--output", converted.path]).status == 0)
            #expect(try Data(contentsOf: scene) == Data(contentsOf: converted), "at \(time) s")
        }
    }

    @Test func aSceneWithLaterChangesSaysTheyAreNotWritten() throws {
        let folder = try makeScratchFolder()
        let file = folder.appendingPathComponent("blocks.caml")
        let result = try carender(["convert", "additive-blocks", file.path])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.error.contains("changes its tree at 0.5 s"), "\(result.error)")
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.hasPrefix(#"<?xml version="1.0" encoding="UTF-8"?>"#))
        // A lone file says the scene is y down by flipping its root.
        #expect(text.contains(#"geometryFlipped="1""#))
    }

    @Test func aDocumentIsWrittenNormalised() throws {
        let folder = try makeScratchFolder()
        let input = folder.appendingPathComponent("in.caml")
        try DocumentCommandTests.write(
            DocumentCommandTests.header + """
                <CALayer bounds="0 0 100 80" position="50 40"><backgroundColor value="0 0 1"/><sublayers>
                <CALayer name="square" bounds="0 0 20 20" position="10 10" transform.rotation.z="0"><contents>
                <CGImage src="data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAE0lEQVR4nGP4z8DwHwyBNAg0AABJSQl4KKDbdwAAAABJRU5ErkJggg=="/>
                </contents></CALayer></sublayers></CALayer></caml>
                """, to: input)
        let bundle = folder.appendingPathComponent("out.ca")
        let result = try carender(["convert", input.path, bundle.path])
        #expect(result.status == 0, "\(result.error)")
        let main = try String(contentsOf: bundle.appendingPathComponent("main.caml"), encoding: .utf8)
        #expect(main.contains(#"<CALayer backgroundColor="0 0 1" bounds="0 0 100 80" position="50 40">"#))
        #expect(main.contains(#"<contents type="CGImage" src="assets/image-1.png"/>"#))
        // Converting what was written gives the same document.
        let again = folder.appendingPathComponent("again.ca")
        #expect(try carender(["convert", bundle.path, again.path]).status == 0)
        #expect(try Data(contentsOf: again.appendingPathComponent("main.caml")) == Data(main.utf8))
    }

    /// A Lottie file converted to a `.tendies` wallpaper: one bundle, the background, whose
    /// frames are the Lottie file's, byte for byte; converting again writes the same bytes.
    @Test func aLottieFileConvertsToAWallpaperThatDrawsTheSameFrames() throws {
        let (folder, lottie) = try LottieCommandTests.write(LottieCommandTests.slide(), as: "slide.json")
        let wallpaper = folder.appendingPathComponent("Slide.tendies")
        let result = try carender(["convert", lottie.path, wallpaper.path])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.contains("Wrote \(wallpaper.path)."), "\(result.output)")
        let package = try withManualClock { _ in
            try CAPackage(contentsOf: wallpaper, type: kCAPackageTypeTendies, options: nil)
        }
        #expect(package.wallpaperBundles.map(\.role) == [.background])
        #expect(package.documentSize == CGSize(width: 100, height: 50))
        for time in ["0", "0.5", "0.9"] {
            let direct = folder.appendingPathComponent("lottie-\(time).png")
            let converted = folder.appendingPathComponent("tendies-\(time).png")
            #expect(try carender(["frame", lottie.path, "--time", time, "--output", direct.path]).status == 0)
            #expect(try carender(["frame", wallpaper.path, "--time", time, "--output", converted.path]).status == 0)
            #expect(try Data(contentsOf: direct) == Data(contentsOf: converted), "at \(time) s")
        }
        let again = folder.appendingPathComponent("again/Slide.tendies")
        try FileManager.default.createDirectory(
            at: again.deletingLastPathComponent(), withIntermediateDirectories: true)
        #expect(try carender(["convert", lottie.path, again.path]).status == 0)
        #expect(try Data(contentsOf: again) == Data(contentsOf: wallpaper))
    }

    @Test func mistakesFailWithAMessageAndChangeNothing() throws {
        let folder = try makeScratchFolder()
        let unknown = try carender(["convert", "no-such-scene", folder.appendingPathComponent("x.ca").path])
        #expect(unknown.status == 1)
        #expect(unknown.error.contains("there is no scene called 'no-such-scene'"), "\(unknown.error)")
        let wrongExtension = try carender(["convert", "spring", folder.appendingPathComponent("x.mp4").path])
        #expect(wrongExtension.status == 1)
        #expect(wrongExtension.error.contains(".caml"))
        let malformed = folder.appendingPathComponent("bad.caml")
        try DocumentCommandTests.write(DocumentCommandTests.header + "<CALayer>", to: malformed)
        let broken = try carender(["convert", malformed.path, folder.appendingPathComponent("y.ca").path])
        #expect(broken.status == 1)
        #expect(broken.error.contains("bad.caml:1:"), "\(broken.error)")
        let notes = folder.appendingPathComponent("notes.ca")
        try FileManager.default.createDirectory(at: notes, withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: notes.appendingPathComponent("todo.txt"))
        let refused = try carender(["convert", "spring", notes.path])
        #expect(refused.status == 1)
        #expect(refused.error.contains("not a .ca bundle"), "\(refused.error)")
        #expect(try Data(contentsOf: notes.appendingPathComponent("todo.txt")) == Data("mine".utf8))
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(names == ["bad.caml", "notes.ca"])
    }
}
