import Foundation
import OpenCoreGraphics
import OpenImageIO
import OpenQuartzCore
import QuartzTestSupport
import Testing

@testable import OpenQuartzCoreRenderer

/// A format of the transparency tests, named for the test list.
struct AlphaFormat: CustomTestStringConvertible, Sendable {
    let format: CAMovieFormat
    let fileName: String
    /// How far a decoded channel may be from the drawn one: lossy video rounds through Y′CbCr.
    let tolerance: Int
    var testDescription: String { fileName }

    static let all = [
        AlphaFormat(format: .apng, fileName: "scene.apng", tolerance: 0),
        AlphaFormat(format: .gif, fileName: "scene.gif", tolerance: 0),
        AlphaFormat(format: .proRes4444, fileName: "scene.mov", tolerance: 2),
        AlphaFormat(format: .webm(), fileName: "scene.webm", tolerance: 3),
        AlphaFormat(format: .webp, fileName: "scene.webp", tolerance: 0),
    ]
}

/// Every format that carries alpha, written and decoded again: transparent where nothing is
/// drawn, opaque where the scene is, and opaque everywhere over a background colour.
///
/// The scene: a 64 × 32 transparent root with a 32 × 16 box at (16, 8), drawn orange, exported
/// at 10 fps for 0.3 s. The files are decoded by ffmpeg (VP9 through libvpx, whose decoder
/// reads WebM's alpha) and, for animated WebP, which ffmpeg does not decode, by libwebp
/// through OpenImageIO.
@Suite(.serialized)
@MainActor
struct TransparentExportTests {
    static let orange: [Int] = [240, 128, 32]

    private func export(_ format: AlphaFormat, background: CGColor?) throws -> (URL, URL)? {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/ffmpeg") else {
            print("Skipping: no ffmpeg (Scripts/install-dependencies.sh installs it)")
            return nil
        }
        let folder = try ScratchSpace.makeFolder("transparent-export")
        let clock = CAManualClock()
        let root = CAClock.$current.withValue(clock) {
            CATransaction.setDisableActions(true)
            let root = CALayer()
            root.frame = CGRect(x: 0, y: 0, width: 64, height: 32)
            let box = CALayer()
            box.frame = CGRect(x: 16, y: 8, width: 32, height: 16)
            box.backgroundColor = CGColor(
                red: CGFloat(Self.orange[0]) / 255, green: CGFloat(Self.orange[1]) / 255,
                blue: CGFloat(Self.orange[2]) / 255, alpha: 1)
            root.addSublayer(box)
            CATransaction.flush()
            return root
        }
        let exporter = CAMovieExporter(
            layer: root, clock: clock, frames: CAFrameSpan(from: 0, to: 0.3, fps: 10),
            size: CGSize(width: 64, height: 32))
        exporter.ffmpeg = URL(fileURLWithPath: "/usr/bin/ffmpeg")
        exporter.backgroundColor = background
        let file = folder.appendingPathComponent(format.fileName)
        try exporter.exportSynchronously(to: [CAMovieExporter.Output(path: file.path, format: format.format)])
        return (folder, file)
    }

    /// The second frame of `file`, straight RGBA, 64 × 32.
    private func secondFrame(of file: URL, _ format: AlphaFormat) throws -> [UInt8] {
        if case .webp = format.format {
            // libwebp's encoder merges identical frames: the still scene is one frame of 0.3 s.
            let source = try #require(CGImageSourceCreateWithURL(file, nil))
            return try #require(CGImageSourceCreateImageAtIndex(source, CGImageSourceGetCount(source) > 1 ? 1 : 0, nil))
                .rgbaPixels
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/ffmpeg")
        let decoder: [String] = if case .webm = format.format { ["-c:v", "libvpx-vp9"] } else { [] }
        // The videos are BT.709 Y′CbCr, limited range, as players read them; ffmpeg's scaler
        // takes an untagged stream for BT.601.
        let toRGB =
            format.format.pixelFormat.rawValue.hasPrefix("yuv") ? "scale=in_color_matrix=bt709:in_range=tv," : ""
        process.arguments =
            ["-v", "error"] + decoder + ["-i", file.path, "-vf", toRGB + "select=eq(n\\,1)", "-frames:v", "1"]
            + ["-f", "rawvideo", "-pix_fmt", "rgba", "-"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return [UInt8](data)
    }

    @Test(arguments: AlphaFormat.all)
    func transparentWhereNothingIsDrawn(_ format: AlphaFormat) throws {
        #expect(format.format.pixelFormat.hasAlpha)
        guard let (folder, file) = try export(format, background: nil) else { return }
        defer { try? FileManager.default.removeItem(at: folder) }
        let pixels = try secondFrame(of: file, format)
        try #require(pixels.count == 64 * 32 * 4)
        func pixel(_ x: Int, _ y: Int) -> [Int] { (0..<4).map { Int(pixels[(y * 64 + x) * 4 + $0]) } }
        for (x, y) in [(2, 2), (61, 29), (8, 16), (56, 4)] {
            #expect(pixel(x, y)[3] == 0, "(\(x), \(y)) outside the box is transparent: \(pixel(x, y))")
        }
        for (x, y) in [(32, 16), (20, 11), (44, 21)] {
            let drawn = pixel(x, y)
            #expect(drawn[3] == 255, "(\(x), \(y)) in the box is opaque: \(drawn)")
            for channel in 0..<3 {
                #expect(abs(drawn[channel] - Self.orange[channel]) <= format.tolerance, "(\(x), \(y)): \(drawn)")
            }
        }
    }

    @Test(arguments: AlphaFormat.all)
    func opaqueOverABackground(_ format: AlphaFormat) throws {
        let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        guard let (folder, file) = try export(format, background: blue) else { return }
        defer { try? FileManager.default.removeItem(at: folder) }
        let pixels = try secondFrame(of: file, format)
        try #require(pixels.count == 64 * 32 * 4)
        #expect(stride(from: 3, to: pixels.count, by: 4).allSatisfy { pixels[$0] == 255 })
        #expect(abs(Int(pixels[2]) - 255) <= format.tolerance && Int(pixels[0]) <= format.tolerance, "blue corner")
    }

    /// ffmpeg can exit 0 with a cut-off file (a full disk at the end): a written file is checked
    /// by its own structure, and the same file cut short is refused, naming why.
    @Test(
        arguments: AlphaFormat.all.filter {
            $0.fileName.hasSuffix(".mov") || $0.fileName.hasSuffix(".webm") || $0.fileName.hasSuffix(".webp")
        })
    func aCutOffFileIsTold(_ format: AlphaFormat) throws {
        guard let (folder, file) = try export(format, background: nil) else { return }
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(format.format.incompleteness(ofFileAt: file.path) == nil)
        let data = try Data(contentsOf: file)
        try data.prefix(data.count - 7).write(to: file)
        let reason = format.format.incompleteness(ofFileAt: file.path)
        #expect(reason != nil, "a file 7 bytes short is complete?")
    }

    /// MP4's frames go through ffmpeg's pad filter, which copies each frame, only when a side is
    /// odd: even frames reach x264 as they are (the same file, 1 % less of x264's time).
    @Test func onlyAnOddSizeIsPadded() {
        let mp4 = CAMovieFormat.mp4(.init(crf: 23, preset: "veryfast"))
        let pad = "pad=ceil(iw/2)*2:ceil(ih/2)*2"
        #expect(!mp4.ffmpegOutputArguments(to: "a.mp4", width: 1920, height: 1080).contains(pad))
        #expect(!mp4.ffmpegOutputArguments(to: "a.mp4", width: 1920, height: 1080).contains("-vf"))
        #expect(mp4.ffmpegOutputArguments(to: "a.mp4", width: 33, height: 20).contains(pad))
        #expect(mp4.ffmpegOutputArguments(to: "a.mp4", width: 32, height: 21).contains(pad))
    }

    /// VP9's speed is libvpx's `-cpu-used`, given only when set; its quality always.
    @Test func webmTakesItsQualityAndSpeed() {
        let plain = CAMovieFormat.webm().ffmpegOutputArguments(to: "a.webm", width: 32, height: 32)
        #expect(!plain.contains("-cpu-used"))
        #expect(plain.joined(separator: " ").contains("-crf 31 -b:v 0"))
        let fast = CAMovieFormat.webm(crf: 40, speed: 6).ffmpegOutputArguments(to: "a.webm", width: 32, height: 32)
        #expect(fast.joined(separator: " ").contains("-crf 40 -b:v 0"))
        #expect(fast.joined(separator: " ").contains("-cpu-used 6"))
    }
}
