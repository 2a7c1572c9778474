import Foundation
import OpenQuartzCore
import OpenQuartzCoreRenderer
import QuartzTestSupport
import Testing

/// `ffprobe`'s view of a file's first video stream: `key=value` pairs.
private func probe(_ url: URL) throws -> [String: String] {
    let result = try run(
        URL(fileURLWithPath: "/usr/bin/env"),
        [
            "ffprobe", "-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries",
            "stream=codec_name,width,height,pix_fmt,nb_read_frames,color_space,color_primaries,color_transfer,color_range",
            "-of", "default=noprint_wrappers=1", url.path,
        ])
    #expect(result.status == 0, "ffprobe: \(result.error)")
    var fields: [String: String] = [:]
    for line in result.output.split(separator: "\n") {
        let parts = line.split(separator: "=", maxSplits: 1)
        if parts.count == 2 { fields[String(parts[0])] = String(parts[1]) }
    }
    return fields
}

@Suite("carender render")
struct RenderCommandTests {
    private let small = ["--size", "64x32", "--fps", "10", "--duration", "0.5"]

    @Test func mp4IsH264InYUV420WithEveryFrame() throws {
        let folder = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("spring.mp4")
        let result = try carender(["render", "spring", "--output", url.path] + small)
        #expect(result.status == 0, "\(result.error)")
        #expect(result.error.isEmpty, "no progress bar when standard error is not a terminal")
        #expect(result.output.contains("5 frames of 64×32 pixels at 10 fps"))
        #expect(file(url, has: Magic.mp4, at: 4))
        let stream = try probe(url)
        #expect(stream["codec_name"] == "h264")
        #expect(stream["pix_fmt"] == "yuv420p")
        #expect(stream["width"] == "64" && stream["height"] == "32")
        #expect(stream["nb_read_frames"] == "5")
        #expect(stream["color_space"] == "bt709" && stream["color_primaries"] == "bt709")
        #expect(stream["color_transfer"] == "iec61966-2-1" && stream["color_range"] == "tv")
    }

    /// The renderer's Y′CbCr and the video's colour tags agree: ffmpeg, converting the video
    /// back to RGB by its tags, gives the colours of the PNG frame. Compared as the mean of
    /// each colour's flat areas, where compression noise averages out: a BT.601 or full-range
    /// reading is 5 to 19 off in the scene's blue, orange, green, purple or paper.
    @Test func mp4ColoursComeBackThroughItsTags() throws {
        let folder = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let png = folder.appendingPathComponent("frame.png")
        let video = folder.appendingPathComponent("frame.mp4")
        let decoded = folder.appendingPathComponent("frame.rgb")
        let frame = ["--from", "0.5", "--duration", "0.1", "--fps", "10", "--scale", "2"]
        let still = try carender(["render", "fill-modes", "-o", png.path] + frame)
        #expect(still.status == 0, "\(still.error)")
        let movie = try carender(["render", "fill-modes", "-o", video.path] + frame)
        #expect(movie.status == 0, "\(movie.error)")
        // Rounded accurately and with chroma at full resolution, so that the decoder adds no
        // error of its own.
        let decoding = try run(
            URL(fileURLWithPath: "/usr/bin/env"),
            [
                "ffmpeg", "-v", "error", "-i", video.path, "-frames:v", "1", "-vf",
                "scale=flags=accurate_rnd+full_chroma_int", "-f", "rawvideo", "-pix_fmt", "rgb24", decoded.path,
            ])
        #expect(decoding.status == 0, "ffmpeg: \(decoding.error)")
        let image = try readPNG(at: png)
        let (width, height) = (image.width, image.height)
        let actual = [UInt8](try Data(contentsOf: decoded))
        try #require(actual.count == width * height * 3)
        // The PNG over black, as video has no alpha, a colour as one number.
        let expected = image.rgbaPixels
        let colours = (0..<width * height).map { index in
            (0..<3).reduce(0) { $0 << 8 | Int(expected[index * 4 + $1]) * Int(expected[index * 4 + 3]) / 255 }
        }
        // Flat pixels, 4 pixels or more from any edge, where neither shared chroma nor the
        // compression of an edge reaches: first along rows, then down columns.
        let reach = 4
        var flatAlongRow = [Bool](repeating: false, count: colours.count)
        for y in 0..<height {
            for x in reach..<width - reach {
                let index = y * width + x
                flatAlongRow[index] = (x - reach...x + reach).allSatisfy { colours[y * width + $0] == colours[index] }
            }
        }
        var sums: [Int: (count: Int, red: Int, green: Int, blue: Int)] = [:]
        for y in reach..<height - reach {
            for x in reach..<width - reach {
                let index = y * width + x
                let isFlat = (y - reach...y + reach).allSatisfy {
                    flatAlongRow[$0 * width + x] && colours[$0 * width + x] == colours[index]
                }
                guard isFlat else { continue }
                let sum = sums[colours[index], default: (0, 0, 0, 0)]
                sums[colours[index]] = (
                    sum.count + 1, sum.red + Int(actual[index * 3]), sum.green + Int(actual[index * 3 + 1]),
                    sum.blue + Int(actual[index * 3 + 2])
                )
            }
        }
        var saturated = 0
        for (colour, sum) in sums where sum.count >= 200 {
            let original = [colour >> 16, colour >> 8 & 0xFF, colour & 0xFF]
            let mean = [sum.red, sum.green, sum.blue].map { Double($0) / Double(sum.count) }
            for channel in 0..<3 {
                expectClose(
                    mean[channel], Double(original[channel]), within: 2, "colour \(original), channel \(channel)")
            }
            if original.max()! - original.min()! > 80 { saturated += 1 }
        }
        #expect(saturated >= 4, "the flat areas include the scene's blue, orange, green and purple")
    }

    @Test func mp4PadsAnOddSizeToEven() throws {
        let folder = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("odd.mp4")
        let result = try carender([
            "render", "pop", "-o", url.path, "--size", "33x21", "--fps", "5", "--duration", "0.4",
        ])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.contains("padded to even 34×22"))
        let stream = try probe(url)
        #expect(stream["width"] == "34" && stream["height"] == "22")
        #expect(stream["nb_read_frames"] == "2")
    }

    @Test func gifIsAnAnimatedGIF() throws {
        let folder = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("spring.gif")
        let result = try carender(["render", "spring", "--output", url.path] + small)
        #expect(result.status == 0, "\(result.error)")
        #expect(file(url, has: Magic.gif))
        let stream = try probe(url)
        #expect(stream["codec_name"] == "gif")
        #expect(stream["nb_read_frames"] == "5")
    }

    @Test func apngIsAnAnimatedPNG() throws {
        let folder = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("spring.apng")
        let result = try carender(["render", "spring", "--output", url.path] + small)
        #expect(result.status == 0, "\(result.error)")
        #expect(file(url, has: Magic.png))
        let data = try Data(contentsOf: url)
        #expect(data.range(of: Data("acTL".utf8)) != nil, "the animation control chunk of APNG")
        #expect(try probe(url)["nb_read_frames"] == "5")
    }

    /// The formats with alpha for editors and browsers, each by its extension: a ProRes 4444
    /// QuickTime file, VP9 with alpha in WebM, an animated WebP. (`TransparentExportTests`
    /// decodes them and reads the alpha back.)
    @Test(arguments: [
        ("spring.mov", "prores", "yuva444p12le"), ("spring.webm", "vp9", "yuv420p"), ("spring.webp", nil, nil),
    ])
    func transparentFormatsComeFromTheExtension(name: String, codec: String?, pixels: String?) throws {
        let folder = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent(name)
        let result = try carender(["render", "spring", "--output", url.path, "--background", "none"] + small)
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.contains("5 frames of 64×32 pixels at 10 fps"), "\(result.output)")
        guard let codec else {
            let data = try Data(contentsOf: url)
            #expect(data.prefix(4).elementsEqual("RIFF".utf8) && data[8..<12].elementsEqual("WEBP".utf8))
            #expect(data.range(of: Data("ANIM".utf8)) != nil, "the animation chunk of an animated WebP")
            return
        }
        let stream = try probe(url)
        #expect(stream["codec_name"] == codec)
        // ffmpeg's own VP9 decoder leaves the alpha stream out; the file says it has one.
        #expect(stream["pix_fmt"] == pixels)
        #expect(stream["nb_read_frames"] == "5")
        if codec == "vp9" {
            let tags = try run(
                URL(fileURLWithPath: "/usr/bin/env"),
                ["ffprobe", "-v", "error", "-show_entries", "stream_tags=alpha_mode", "-of", "csv=p=0", url.path])
            #expect(tags.output.trimmingCharacters(in: .whitespacesAndNewlines) == "1", "alpha_mode: \(tags.output)")
        }
    }

    @Test func aFolderGetsNumberedPNGFrames() throws {
        let folder = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let frames = folder.appendingPathComponent("frames/")
        let result = try carender(["render", "spring", "--output", frames.path + "/"] + small)
        #expect(result.status == 0, "\(result.error)")
        let names = try FileManager.default.contentsOfDirectory(atPath: frames.path).sorted()
        #expect(names == (0..<5).map { "frame-0000\($0).png" })
        for name in names {
            let image = try readPNG(at: frames.appendingPathComponent(name))
            #expect(image.width == 64 && image.height == 32)
        }
    }

    @Test func formatOverridesTheExtensionAndToSetsTheRange() throws {
        let folder = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let frames = folder.appendingPathComponent("sequence")
        let result = try carender([
            "render", "pop", "-o", frames.path, "--format", "png-sequence", "--from", "0.5", "--to", "1", "--fps", "10",
            "--scale", "0.25",
        ])
        #expect(result.status == 0, "\(result.error)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: frames.path).count == 5)
    }

    @Test func pngIsOneFrameAtFrom() throws {
        let folder = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let rendered = folder.appendingPathComponent("render.png")
        let framed = folder.appendingPathComponent("frame.png")
        let result = try carender(["render", "group", "-o", rendered.path, "--from", "4", "--scale", "0.5"])
        #expect(result.status == 0, "\(result.error)")
        #expect(try carender(["frame", "group", "--time", "4", "-o", framed.path, "--scale", "0.5"]).status == 0)
        let image = try readPNG(at: rendered)
        #expect(image.width == 120 && image.height == 120)
        #expect(image.rgbaPixels == (try readPNG(at: framed)).rgbaPixels, "frame and render step scenes alike")
    }

    @Test func sizeFitsTheSceneAndCentresIt() throws {
        let folder = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("square.png")
        // The 240 × 120 spring scene in a 120 × 120 picture: half size, a 30-point margin above
        // and below.
        let result = try carender(["render", "spring", "-o", url.path, "--size", "120x120"])
        #expect(result.status == 0, "\(result.error)")
        let image = try readPNG(at: url)
        #expect(image.width == 120 && image.height == 120)
        #expect(image.pixel(x: 60, y: 10)[3] == 0, "transparent margin above")
        #expect(image.pixel(x: 60, y: 110)[3] == 0, "transparent margin below")
        let paper = [245, 242, 235, 255]
        #expect(zip(image.pixel(x: 100, y: 32), paper).allSatisfy { abs($0 - $1) <= 2 }, "the scene's paper inside")
        #expect(image.pixel(x: 16, y: 60)[0] > 200, "the orange square at its start, scaled")
    }

    @Test func badArgumentsSayWhatIsWrongAndExitNonZero() throws {
        let cases: [(arguments: [String], message: String)] = [
            (["render", "nope", "-o", "x.mp4"], "there is no scene called 'nope'"),
            (["render", "spring", "-o", "x.mp4", "--size", "0x10"], "--size must be WIDTHxHEIGHT in points"),
            (["render", "spring", "-o", "x.mp4", "--size", "abc"], "got 'abc'"),
            (["render", "spring", "-o", "x.mp4", "--size", "100000x10"], "the most is 8192 each way"),
            (["render", "spring", "-o", "x.mp4", "--fps", "0"], "--fps must be a whole number from 1 to 240"),
            (["render", "spring", "-o", "x.mp4", "--fps", "fast"], "--fps"),
            (["render", "spring", "-o", "x.mp4", "--from", "2", "--to", "1"], "--to must be a time after --from"),
            (["render", "spring", "-o", "x.mp4", "--to", "1", "--duration", "1"], "give --to or --duration, not both"),
            (["render", "spring", "-o", "x.mp4", "--duration", "0"], "--duration must be a number of seconds above 0"),
            (["render", "spring", "-o", "x.mp4", "--scale", "0"], "--scale must be a number above 0"),
            (["render", "spring", "-o", "x.avi"], "cannot tell the format of --output 'x.avi'"),
            (["render", "spring", "-o", "x.webm", "--background", "pink"], "--background must be none, white"),
        ]
        for (arguments, message) in cases {
            let result = try carender(arguments)
            #expect(result.status != 0, "\(arguments)")
            #expect(result.error.contains(message), "\(arguments): \(result.error)")
        }
    }

    @Test(arguments: ["x.png", "x.mp4", "x.gif", "frames/"])
    func anUnwritableOutputFolderSaysWhatToDo(output: String) throws {
        // A folder inside a file cannot be made or written, not even by root.
        let folder = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let blocker = folder.appendingPathComponent("not-a-folder")
        try Data("x".utf8).write(to: blocker)
        let target = blocker.path + "/" + output
        let result = try carender(["render", "spring", "-o", target] + small)
        #expect(result.status != 0)
        #expect(result.error.contains("'\(blocker.path)'"), "names the culprit: \(result.error)")
        #expect(
            result.error.contains("Create the folder or choose another path")
                || result.error.contains("Choose a folder you can write to"), "\(result.error)")
    }

    @Test func withoutFFmpegVideoSaysHowToInstallItAndPNGStillWorks() throws {
        let folder = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let environment = ["PATH": folder.path]  // a folder without ffmpeg
        let video = folder.appendingPathComponent("x.mp4")
        let result = try carender(["render", "spring", "-o", video.path] + small, environment: environment)
        #expect(result.status != 0)
        #expect(result.error.contains("ffmpeg was not found on PATH"))
        #expect(result.error.contains("sudo apt-get install ffmpeg"))
        #expect(result.error.contains("PNG, APNG and GIF output work without it"))
        #expect(result.error.contains("--ffmpeg PATH") && result.error.contains("CARENDER_FFMPEG"))
        #expect(!FileManager.default.fileExists(atPath: video.path))

        // APNG is written without ffmpeg: 5 frames (spring's first 0.5 s at 10 fps), each in an
        // fcTL with its data, the first in IDAT and the others in fdAT.
        let animated = folder.appendingPathComponent("x.apng")
        let apng = try carender(
            ["render", "spring", "-o", animated.path, "--to", "0.5", "--fps", "10", "--scale", "0.25"],
            environment: environment)
        #expect(apng.status == 0, "\(apng.error)")
        let chunks = pngChunkTypes(try Data(contentsOf: animated))
        #expect(chunks.first == "IHDR" && chunks.dropFirst().first == "acTL" && chunks.last == "IEND")
        #expect(chunks.filter { $0 == "fcTL" }.count == 5)
        #expect(chunks.contains("IDAT") && chunks.contains("fdAT"))

        // So is GIF: a GIF89a that loops (NETSCAPE2.0), a frame each.
        let gif = folder.appendingPathComponent("x.gif")
        let looping = try carender(
            ["render", "spring", "-o", gif.path, "--to", "0.5", "--fps", "10", "--scale", "0.25"],
            environment: environment)
        #expect(looping.status == 0, "\(looping.error)")
        let gifBytes = try Data(contentsOf: gif)
        #expect(gifBytes.prefix(6) == Data("GIF89a".utf8))
        #expect(gifBytes.range(of: Data("NETSCAPE2.0".utf8)) != nil)
        #expect(gifBytes.filter { $0 == 0x2C }.count >= 5, "an image descriptor a frame at least")

        let png = folder.appendingPathComponent("x.png")
        let still = try carender(["render", "spring", "-o", png.path, "--from", "0.5"], environment: environment)
        #expect(still.status == 0, "\(still.error)")
        #expect(file(png, has: Magic.png))
        let frames = folder.appendingPathComponent("frames/")
        let sequence = try carender(["render", "spring", "-o", frames.path + "/"] + small, environment: environment)
        #expect(sequence.status == 0, "\(sequence.error)")

        let gallery = try carender(
            ["gallery", "-o", folder.appendingPathComponent("g").path], environment: environment)
        #expect(gallery.status != 0 && gallery.error.contains("sudo apt-get install ffmpeg"))
    }

    @Test func anFFmpegNamedByOptionOrVariableIsTheOneUsed() throws {
        let folder = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // A stand-in that says it ran and fails: its message shows that it was the one started.
        let fake = folder.appendingPathComponent("my-ffmpeg")
        try "#!/bin/sh\necho 'the named ffmpeg ran' >&2\nexit 3\n".write(to: fake, atomically: true, encoding: .utf8)
        chmod(fake.path, 0o755)
        let environment = ["PATH": folder.appendingPathComponent("empty").path]
        let video = folder.appendingPathComponent("x.mp4")
        let named = try carender(
            ["render", "spring", "-o", video.path, "--ffmpeg", fake.path] + small, environment: environment)
        #expect(named.status != 0 && named.error.contains("the named ffmpeg ran"), "\(named.error)")
        let variable = try carender(
            ["render", "spring", "-o", video.path] + small,
            environment: environment.merging(["CARENDER_FFMPEG": fake.path]) { $1 })
        #expect(variable.status != 0 && variable.error.contains("the named ffmpeg ran"), "\(variable.error)")
        #expect(!FileManager.default.fileExists(atPath: video.path))

        let missing = try carender(
            ["render", "spring", "-o", video.path, "--ffmpeg", folder.appendingPathComponent("none").path] + small,
            environment: environment)
        #expect(missing.status != 0 && missing.error.contains("--ffmpeg must name an executable file"))
    }

    @Test func aFailingFFmpegShowsWhatItPrinted() throws {
        let folder = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fake = folder.appendingPathComponent("ffmpeg")
        try writeExecutable("#!/bin/sh\necho 'Unknown encoder: libx264 (from the test)' >&2\nexit 1\n", to: fake)
        let video = folder.appendingPathComponent("x.mp4")
        let result = try carender(["render", "spring", "-o", video.path] + small, environment: ["PATH": folder.path])
        #expect(result.status != 0)
        #expect(result.error.contains("ffmpeg exited with status 1 while writing '\(video.path)'"), "\(result.error)")
        #expect(result.error.contains("Unknown encoder: libx264 (from the test)"))
        #expect(!FileManager.default.fileExists(atPath: video.path), "no partial output left")
    }

    @Test func helpExplainsFormatsAndListsTheScenes() throws {
        let help = try carender(["render", "--help"])
        #expect(help.status == 0)
        for text in [
            "FILE.mp4", "FILE.gif", "FILE.apng", "FILE.mov", "FILE.webm", "FILE.webp", "--background",
            "frame-00000.png", "sudo", "--size", "fill-modes",
        ] {
            #expect(help.output.contains(text), "\(text)")
        }
    }
}

/// `--crf` and `--preset`: the H.264 and VP9 encoders' quality and speed.
@Suite struct EncoderQualityOptionTests {
    @Test func aLowerQualityWritesASmallerVideoAndTheDefaultsAreTodays() throws {
        let folder = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        func render(_ name: String, _ options: [String]) throws -> Int {
            let output = folder.appendingPathComponent(name)
            let result = try carender(
                ["render", "spring", "-o", output.path, "--duration", "0.5", "--fps", "10"] + options)
            #expect(result.status == 0, "\(result.error)")
            return fileSize(output)
        }
        let standard = try render("standard.mp4", [])
        let explicit = try render("explicit.mp4", ["--crf", "18", "--preset", "medium"])
        let rough = try render("rough.mp4", ["--crf", "45", "--preset", "ultrafast"])
        #expect(standard == explicit, "crf 18 and medium are the defaults")
        #expect(rough < standard, "crf 45: \(rough) bytes; crf 18: \(standard)")
        let webm = try render("rough.webm", ["--crf", "60", "--preset", "veryfast"])
        let fineWebm = try render("fine.webm", ["--crf", "10"])
        #expect(webm < fineWebm, "VP9 crf 60: \(webm) bytes; crf 10: \(fineWebm)")
    }

    @Test(arguments: [
        (["render", "spring", "-o", "x.gif", "--crf", "20"], "--crf and --preset set the MP4 (H.264) and WebM (VP9)"),
        (["render", "spring", "-o", "x.mp4", "--crf", "52"], "--crf must be a whole number from 0 to 51 (H.264)"),
        (["render", "spring", "-o", "x.webm", "--crf", "64"], "--crf must be a whole number from 0 to 63 (VP9)"),
        (["render", "spring", "-o", "x.mp4", "--preset", "quick"], "--preset takes ultrafast, superfast"),
    ])
    func qualityOutOfRangeOrForAFormatWithoutAnEncoderIsAUsageError(arguments: [String], message: String) throws {
        let result = try carender(arguments)
        #expect(result.status != 0)
        #expect(result.error.contains(message), "\(result.error)")
    }
}

/// The chunk types of the PNG file `data`, in order.
private func pngChunkTypes(_ data: Data) -> [String] {
    let bytes = [UInt8](data)
    var types: [String] = []
    var offset = 8
    while offset + 12 <= bytes.count {
        let length = bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
        types.append(String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self))
        offset += 12 + length
    }
    return types
}
