import Foundation
import OpenImageIO
import OpenLottie
import OpenQuartzCore
import QuartzTestSupport
import Testing
import ZipTestSupport

/// dotLottie packages (`.lottie`): the manifest's animation read from `animations/` (1.0) or
/// `a/` (2.0), its images from `images/` or `i/`, and every error naming the package and the
/// entry.
@Suite struct DotLottieTests {
    /// A 100 × 50 composition at 30 fps, frames 0–30: two shape layers, red and blue
    /// rectangles, the red one sliding. `size` replaces the red rectangle's size property.
    static func slide(size: String = #"{"a": 0, "k": [40, 20]}"#) -> String {
        """
        {"v": "5.7.4", "fr": 30, "ip": 0, "op": 30, "w": 100, "h": 50, "nm": "slide", "ddd": 0, "assets": [],
         "layers": [
          {"ddd": 0, "ind": 1, "ty": 4, "nm": "red", "sr": 1, "ip": 0, "op": 30, "st": 0, "bm": 0,
           "ks": {"o": {"a": 0, "k": 100}, "r": {"a": 0, "k": 0},
                  "p": {"a": 1, "k": [{"t": 0, "s": [25, 25, 0], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}},
                                      {"t": 30, "s": [75, 25, 0]}]},
                  "a": {"a": 0, "k": [50, 25, 0]}, "s": {"a": 0, "k": [100, 100, 100]}},
           "shapes": [{"ty": "rc", "nm": "rect", "d": 1, "s": \(size), "p": {"a": 0, "k": [50, 25]},
                       "r": {"a": 0, "k": 0}},
                      {"ty": "fl", "nm": "fill", "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 100}, "r": 1}]},
          {"ddd": 0, "ind": 2, "ty": 4, "nm": "blue", "sr": 1, "ip": 0, "op": 30, "st": 0, "bm": 0,
           "ks": {"o": {"a": 0, "k": 100}, "r": {"a": 0, "k": 0}, "p": {"a": 0, "k": [50, 25, 0]},
                  "a": {"a": 0, "k": [50, 25, 0]}, "s": {"a": 0, "k": [100, 100, 100]}},
           "shapes": [{"ty": "rc", "nm": "rect", "d": 1, "s": {"a": 0, "k": [100, 50]}, "p": {"a": 0, "k": [50, 25]},
                       "r": {"a": 0, "k": 0}},
                      {"ty": "fl", "nm": "fill", "c": {"a": 0, "k": [0, 0, 1, 1]}, "o": {"a": 0, "k": 100}, "r": 1}]}]}
        """
    }

    /// A 2 × 2 composition showing the image asset `image_0` (2 × 2, the file `p` in the
    /// folder `u`) for frames 0–10.
    static func picture(u: String, p: String = "img_0.png") -> String {
        """
        {"v": "5.7.4", "fr": 30, "ip": 0, "op": 10, "w": 2, "h": 2, "nm": "picture",
         "assets": [{"id": "image_0", "w": 2, "h": 2, "u": "\(u)", "p": "\(p)", "e": 0}],
         "layers": [{"ddd": 0, "ind": 1, "ty": 2, "nm": "photo", "refId": "image_0", "sr": 1, "ip": 0, "op": 10,
           "st": 0, "bm": 0,
           "ks": {"o": {"a": 0, "k": 100}, "r": {"a": 0, "k": 0}, "p": {"a": 0, "k": [0, 0, 0]},
                  "a": {"a": 0, "k": [0, 0, 0]}, "s": {"a": 0, "k": [100, 100, 100]}}}]}
        """
    }

    /// Red, green, blue and half-transparent white: straight RGBA.
    static let pixels: [UInt8] = [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 128]

    /// ``pixels`` as a PNG file's bytes.
    static func png() throws -> Data {
        let image = try #require(CGImage(width: 2, height: 2, rgbaPixels: pixels))
        let data = NSMutableData()
        let destination = try #require(CGImageDestinationCreateWithData(data, "public.png", 1, nil))
        CGImageDestinationAddImage(destination, image, nil)
        #expect(CGImageDestinationFinalize(destination))
        return data as Data
    }

    /// A new file `name` in a new scratch folder.
    static func scratchFile(_ name: String) throws -> URL {
        try ScratchSpace.makeFolder("dotlottie").appendingPathComponent(name)
    }

    /// A package `name` holding `entries` (path → text or bytes), deflated.
    static func package(_ name: String, _ entries: [(String, Data)]) throws -> URL {
        let url = try scratchFile(name)
        try writeZip(entries.map { (path: $0.0, data: $0.1) }, to: url)
        return url
    }

    /// The error reading `url` throws, or nil when it reads.
    static func readError(_ url: URL) -> LottieError? {
        do {
            _ = try LottieAnimation(contentsOf: url)
            return nil
        } catch {
            return error
        }
    }

    /// The first layer under `layer` (itself included) whose contents are an image.
    static func imageContents(under layer: CALayer) -> CGImage? {
        if let image = layer.contents as? CGImage { return image }
        return (layer.sublayers ?? []).lazy.compactMap { imageContents(under: $0) }.first
    }

    @Test func aVersion1PackageReadsAsItsAnimationsJSON() throws {
        let json = Data(Self.slide().utf8)
        let bare = try LottieAnimation(data: json, name: "slide.json")
        let manifest = #"{"version": "1.0", "generator": "tests", "animations": [{"id": "slide", "loop": true}]}"#
        let url = try Self.package(
            "slide.lottie", [("manifest.json", Data(manifest.utf8)), ("animations/slide.json", json)])
        // A zip is read as a package whatever its name says.
        let renamed = url.deletingLastPathComponent().appendingPathComponent("slide.bin")
        try FileManager.default.copyItem(at: url, to: renamed)
        for file in [url, renamed] {
            let animation = try LottieAnimation(contentsOf: file)
            #expect(animation.size == bare.size)
            #expect(animation.frameRate == bare.frameRate)
            #expect(animation.startFrame == bare.startFrame && animation.endFrame == bare.endFrame)
            #expect(animation.name == "slide")
            #expect(animation.warnings == bare.warnings)
            let layers = animation.makeLayer().contentLayer.sublayers ?? []
            let bareLayers = bare.makeLayer().contentLayer.sublayers ?? []
            #expect(layers.count == 2)
            #expect(layers.map(\.name) == bareLayers.map(\.name))
        }
    }

    @Test func aVersion2PackageReadsItsInitialAnimationFromAAndItsImageFromI() throws {
        let manifest = """
            {"version": "2", "generator": "tests", "animations": [{"id": "slide"}, {"id": "picture"}],
             "initial": {"animation": "picture"}}
            """
        let url = try Self.package(
            "picture.lottie",
            [
                ("manifest.json", Data(manifest.utf8)), ("a/slide.json", Data(Self.slide().utf8)),
                ("a/picture.json", Data(Self.picture(u: "/i/").utf8)), ("i/img_0.png", try Self.png()),
            ])
        let animation = try LottieAnimation(contentsOf: url)
        #expect(animation.name == "picture")
        #expect(animation.size == CGSize(width: 2, height: 2))
        #expect(animation.warnings.isEmpty, "\(animation.warnings)")
        let image = try #require(Self.imageContents(under: animation.makeLayer()))
        #expect(image.width == 2 && image.height == 2)
        #expect(image.rgbaPixels == Self.pixels)
    }

    @Test func anyAnimationOfAPackageIsReadByItsIDAndAnIDItLacksIsNamed() throws {
        let manifest = """
            {"version": "2", "animations": [{"id": "slide"}, {"id": "picture"}], "initial": {"animation": "picture"}}
            """
        let url = try Self.package(
            "two.lottie",
            [
                ("manifest.json", Data(manifest.utf8)), ("a/slide.json", Data(Self.slide().utf8)),
                ("a/picture.json", Data(Self.picture(u: "/i/").utf8)), ("i/img_0.png", try Self.png()),
            ])
        #expect(try LottieAnimation.animationIDs(inPackageAt: url) == ["slide", "picture"])
        #expect(try LottieAnimation(contentsOf: url, animationID: "slide").name == "slide")
        #expect(try LottieAnimation(contentsOf: url, animationID: nil).name == "picture")
        do {
            _ = try LottieAnimation(contentsOf: url, animationID: "intro")
            Issue.record("an id the manifest lacks reads")
        } catch {
            #expect(
                error.description
                    == "\(url.path): manifest.json: lists no animation \"intro\"; it lists \"slide\", \"picture\"")
        }
        let json = try Self.scratchFile("slide.json")
        try Data(Self.slide().utf8).write(to: json)
        #expect(try LottieAnimation.animationIDs(inPackageAt: json).isEmpty)
        #expect(throws: LottieError.self) { try LottieAnimation(contentsOf: json, animationID: "slide") }
    }

    @Test(arguments: ["/images/", "images/", ""])
    func aVersion1ImageIsFoundInImagesWhateverItsFolderSays(u: String) throws {
        let manifest = #"{"animations": [{"id": "picture"}], "activeAnimationId": "picture"}"#
        let url = try Self.package(
            "picture.lottie",
            [
                ("manifest.json", Data(manifest.utf8)), ("animations/picture.json", Data(Self.picture(u: u).utf8)),
                ("images/img_0.png", try Self.png()),
            ])
        let animation = try LottieAnimation(contentsOf: url)
        #expect(animation.warnings.isEmpty, "\(animation.warnings)")
        #expect(Self.imageContents(under: animation.makeLayer())?.rgbaPixels == Self.pixels)
    }

    @Test func anImageThePackageLacksIsAWarning() throws {
        let manifest = #"{"animations": [{"id": "picture"}]}"#
        let url = try Self.package(
            "picture.lottie",
            [
                ("manifest.json", Data(manifest.utf8)),
                ("animations/picture.json", Data(Self.picture(u: "/images/").utf8)),
            ])
        let animation = try LottieAnimation(contentsOf: url)
        #expect(animation.warnings.map(\.path) == ["assets[0]"])
        #expect(animation.warnings.first?.message.contains("/images/img_0.png is missing") == true)
    }

    @Test func aFileThatIsNotAZipIsAnErrorNamingThePackage() throws {
        let url = try Self.scratchFile("slide.lottie")
        try Data(Self.slide().utf8).write(to: url)
        let error = try #require(Self.readError(url))
        #expect(error.file == url.path && error.path == "", "\(error)")
        #expect(error.message.hasPrefix("is not a zip archive"), "\(error)")
    }

    @Test func aPackageWithoutAManifestIsAnErrorNamingTheManifest() throws {
        let url = try Self.package("slide.lottie", [("animations/slide.json", Data(Self.slide().utf8))])
        let error = try #require(Self.readError(url))
        #expect(
            error
                == LottieError(
                    file: url.path, path: "manifest.json",
                    message: "is missing (a dotLottie package lists its animations in manifest.json)"))
    }

    @Test func aManifestNamingAMissingAnimationIsAnErrorNamingItsEntry() throws {
        let manifest = #"{"version": "1", "animations": [{"id": "gone"}]}"#
        let url = try Self.package(
            "slide.lottie",
            [("manifest.json", Data(manifest.utf8)), ("animations/slide.json", Data(Self.slide().utf8))])
        let error = try #require(Self.readError(url))
        #expect(
            error
                == LottieError(
                    file: url.path, path: "animations/gone.json",
                    message: "is missing, though manifest.json names the animation \"gone\""))

        let empty = try Self.package("empty.lottie", [("manifest.json", Data(#"{"animations": []}"#.utf8))])
        #expect(
            Self.readError(empty)
                == LottieError(file: empty.path, path: "manifest.json: animations", message: "lists no animation"))
    }

    @Test func anErrorInTheAnimationNamesItsEntryBeforeItsJSONPath() throws {
        let manifest = #"{"animations": [{"id": "slide"}]}"#
        let url = try Self.package(
            "slide.lottie",
            [
                ("manifest.json", Data(manifest.utf8)),
                ("animations/slide.json", Data(Self.slide(size: #"{"a": 0, "k": "big"}"#).utf8)),
            ])
        let error = try #require(Self.readError(url))
        #expect(error.file == url.path, "\(error)")
        #expect(error.path == "animations/slide.json: layers[0].shapes[0].s.k", "\(error)")
    }

    @Test func anEntryInflatingPastItsDeclaredSizeIsAnErrorNamingIt() throws {
        let json = Data(Self.slide().utf8)
        let manifest = Data(#"{"animations": [{"id": "slide"}]}"#.utf8)
        let url = try Self.scratchFile("slide.lottie")
        try rawZip([
            RawZipEntry(name: "manifest.json", data: manifest),
            RawZipEntry(
                name: "animations/slide.json", method: 8, data: try RawZipEntry.deflated(json),
                crc32: RawZipEntry.crc32(of: json), uncompressedSize: 100),
        ]).write(to: url)
        #expect(
            Self.readError(url)
                == LottieError(
                    file: url.path, path: "animations/slide.json",
                    message: "inflates to more than the 100 bytes it declares"))
    }

    @Test func anAbsurdlyLargeEntryIsRefusedBeforeItIsRead() throws {
        let manifest = Data(#"{"animations": [{"id": "slide"}]}"#.utf8)
        let url = try Self.scratchFile("slide.lottie")
        // Four gigabytes of zeros, the entry says; it holds a few bytes.
        try rawZip([
            RawZipEntry(name: "manifest.json", data: manifest),
            RawZipEntry(
                name: "animations/slide.json", method: 8, data: try RawZipEntry.deflated(Data(count: 10)),
                uncompressedSize: 0xFFFF_FFF0),
        ]).write(to: url)
        let error = try #require(Self.readError(url))
        #expect(error.file == url.path && error.path == "animations/slide.json", "\(error)")
        #expect(error.message.hasPrefix("holds 4294967280 bytes, more than the"), "\(error)")
    }

    @Test func aDamagedImageIsAnErrorNamingItsEntryNotTheAnimations() throws {
        let png = try Self.png()
        let manifest = Data(#"{"version": "2", "animations": [{"id": "picture"}]}"#.utf8)
        let url = try Self.scratchFile("picture.lottie")
        try rawZip([
            RawZipEntry(name: "manifest.json", data: manifest),
            RawZipEntry(name: "a/picture.json", data: Data(Self.picture(u: "/i/").utf8)),
            RawZipEntry(name: "i/img_0.png", data: png, crc32: RawZipEntry.crc32(of: png) ^ 1),
        ]).write(to: url)
        #expect(
            Self.readError(url)
                == LottieError(file: url.path, path: "i/img_0.png", message: "fails its CRC-32 check"))
    }
}
