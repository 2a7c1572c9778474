import CGIF
import Foundation
import OpenCoreGraphics

/// Writes a looping GIF without ffmpeg, through giflib's encoder: each frame with a palette of
/// its own (up to 255 colours made for it by median cut, ``GIFPalette``) and one transparent
/// entry for the pixels under half opaque, shown for its share of whole hundredths of a second
/// (a GIF's unit) and cleared before the next (disposal: restore to background). The file is
/// written into a temporary file beside the destination and renamed over it when complete (see
/// ``CAOutputFile``).
final class GIFWriter: FrameSink {
    private let output: CAOutputFile
    private let frameCount: Int
    private let fps: Int
    private var temporary: CAOutputFile.TemporaryFile?
    private var gif: UnsafeMutablePointer<GifFileType>?
    private var framesWritten = 0

    init(_ output: CAOutputFile, frameCount: Int, fps: Int) {
        require(frameCount > 0 && fps > 0, "a GIF needs at least one frame and a positive frame rate")
        self.output = output
        self.frameCount = frameCount
        self.fps = fps
    }

    var pixelFormats: CAFrameRenderer.PixelFormats { .premultipliedBGRA }

    func write(_ frame: ExportFrame) throws(CAMovieExportError) {
        let width = frame.frame.width
        let height = frame.frame.height
        guard width <= Int(UInt16.max), height <= Int(UInt16.max) else {
            throw .cannotWrite(file: output.path, reason: "a GIF is at most 65535 pixels a side")
        }
        if gif == nil { try open(width: width, height: height) }
        let palette = GIFPalette(rgba: frame.frame.rgba)
        // Graphics control: disposal 2 (restore to background), a transparent index; the delay
        // in hundredths, each frame ending at the hundredth nearest its end.
        let delay =
            Self.hundredths(atFrame: framesWritten + 1, fps: fps) - Self.hundredths(atFrame: framesWritten, fps: fps)
        var control: [GifByteType] = [
            GifByteType(2 << 2 | 1), GifByteType(delay & 0xFF), GifByteType(delay >> 8),
            GifByteType(GIFPalette.transparent),
        ]
        try check(EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, 4, &control))
        var colors = palette.colors.map { GifColorType(Red: $0.red, Green: $0.green, Blue: $0.blue) }
        guard let map = GifMakeMapObject(256, &colors) else { throw failure("giflib could not make a colour map") }
        defer { GifFreeMapObject(map) }
        try check(EGifPutImageDesc(gif, 0, 0, Int32(width), Int32(height), false, map))
        var indices = palette.indices
        try check(EGifPutLine(gif, &indices, Int32(indices.count)))
        framesWritten += 1
    }

    func finish() throws(CAMovieExportError) {
        require(framesWritten == frameCount, "GIFWriter was promised \(frameCount) frames and given \(framesWritten)")
        guard let gif, let temporary else { return }
        self.gif = nil
        self.temporary = nil
        var error: Int32 = 0
        // Closes the file too.
        guard EGifCloseFile(gif, &error) == GIF_OK else {
            output.discard(temporary.path)
            throw failure("giflib could not finish the file (error \(error))")
        }
        try output.commit(temporary.path)
    }

    func abandon() {
        if let gif {
            var error: Int32 = 0
            _ = EGifCloseFile(gif, &error)
        }
        gif = nil
        if let temporary { output.discard(temporary.path) }
        temporary = nil
    }

    /// Opens the temporary file as a GIF89a of `width × height` that loops for ever.
    private func open(width: Int, height: Int) throws(CAMovieExportError) {
        let file = try output.makeTemporaryFile()
        temporary = file
        var error: Int32 = 0
        guard let opened = EGifOpenFileHandle(file.descriptor, &error) else {
            close(file.descriptor)
            abandon()
            throw failure("giflib could not start the file (error \(error))")
        }
        gif = opened
        EGifSetGifVersion(opened, true)
        try check(EGifPutScreenDesc(opened, Int32(width), Int32(height), 8, 0, nil))
        // The NETSCAPE2.0 application extension: loop 0 times more, for ever.
        try check(EGifPutExtensionLeader(opened, APPLICATION_EXT_FUNC_CODE))
        var application = Array("NETSCAPE2.0".utf8)
        try check(EGifPutExtensionBlock(opened, 11, &application))
        var loop: [GifByteType] = [1, 0, 0]
        try check(EGifPutExtensionBlock(opened, 3, &loop))
        try check(EGifPutExtensionTrailer(opened))
    }

    private func check(_ result: Int32) throws(CAMovieExportError) {
        guard result == GIF_OK else {
            let code = gif?.pointee.Error ?? 0
            abandon()
            throw failure("giflib could not write it (error \(code))")
        }
    }

    private func failure(_ reason: String) -> CAMovieExportError {
        .cannotWrite(file: output.path, reason: reason + ".")
    }

    /// The hundredth of a second nearest the start of frame `frame` at `fps`.
    static func hundredths(atFrame frame: Int, fps: Int) -> Int {
        (frame * 100 + fps / 2) / fps
    }
}

/// A frame's palette made by median cut: its opaque colours (alpha ≥ 128) counted at 5 bits a
/// channel, the boxes of that histogram split at their weighted median along their longest
/// side until there are 255, each box's colour the mean of the pixels in it. Index 255 is
/// transparent.
struct GIFPalette {
    static let transparent = 255

    struct Color: Equatable {
        var red: UInt8
        var green: UInt8
        var blue: UInt8
    }

    /// 256 colours, the last the transparent one (black).
    private(set) var colors: [Color]
    /// A palette index a pixel, the top row first.
    private(set) var indices: [UInt8]

    init(rgba: [UInt8]) {
        let pixels = rgba.count / 4
        var counts = [Int](repeating: 0, count: 1 << 15)
        var sums = [Int](repeating: 0, count: 3 << 15)
        var buckets = [Int32](repeating: -1, count: pixels)
        for pixel in 0..<pixels where rgba[pixel * 4 + 3] >= 128 {
            let red = Int(rgba[pixel * 4]), green = Int(rgba[pixel * 4 + 1]), blue = Int(rgba[pixel * 4 + 2])
            let bucket = (red >> 3) << 10 | (green >> 3) << 5 | blue >> 3
            buckets[pixel] = Int32(bucket)
            counts[bucket] += 1
            sums[bucket * 3] += red
            sums[bucket * 3 + 1] += green
            sums[bucket * 3 + 2] += blue
        }
        let used = counts.indices.filter { counts[$0] > 0 }
        var boxes = used.isEmpty ? [] : [Box(used, counts)]
        // Split the box whose longest side times its pixel count is largest, until 255.
        while boxes.count < Self.transparent,
            let split = boxes.indices.filter({ boxes[$0].buckets.count > 1 }).max(by: {
                boxes[$0].score < boxes[$1].score
            })
        {
            let (low, high) = boxes[split].cut(counts)
            boxes[split] = low
            boxes.append(high)
        }
        var map = [UInt8](repeating: 0, count: 1 << 15)
        colors = []
        for (index, box) in boxes.enumerated() {
            var total = 0, red = 0, green = 0, blue = 0
            for bucket in box.buckets {
                map[bucket] = UInt8(index)
                total += counts[bucket]
                red += sums[bucket * 3]
                green += sums[bucket * 3 + 1]
                blue += sums[bucket * 3 + 2]
            }
            colors.append(
                Color(
                    red: UInt8((red + total / 2) / total), green: UInt8((green + total / 2) / total),
                    blue: UInt8((blue + total / 2) / total)))
        }
        colors += [Color](repeating: Color(red: 0, green: 0, blue: 0), count: 256 - colors.count)
        indices = buckets.map { $0 < 0 ? UInt8(Self.transparent) : map[Int($0)] }
    }

    /// Histogram buckets, with their pixel count and their longest side measured once.
    private struct Box {
        let buckets: [Int]
        /// The channel the box is longest along (the first of equally long ones).
        let axis: Int
        /// The longest side times the pixels in the box: the box with the largest is cut next.
        let score: Int

        init(_ buckets: [Int], _ counts: [Int]) {
            var low = [31, 31, 31], high = [0, 0, 0], pixels = 0
            for bucket in buckets {
                pixels += counts[bucket]
                for axis in 0..<3 {
                    low[axis] = min(low[axis], channel(bucket, axis))
                    high[axis] = max(high[axis], channel(bucket, axis))
                }
            }
            let sides = (0..<3).map { high[$0] - low[$0] }
            axis = sides.indices.max { sides[$0] < sides[$1] } ?? 0
            self.buckets = buckets
            score = sides[axis] * pixels
        }

        /// The box cut across its longest side at the bucket where half its pixels are on each
        /// side.
        func cut(_ counts: [Int]) -> (Box, Box) {
            let sorted = buckets.sorted { (channel($0, axis), $0) < (channel($1, axis), $1) }
            let half = sorted.reduce(0) { $0 + counts[$1] } / 2
            var running = 0
            var split = 1
            for (index, bucket) in sorted.enumerated() {
                running += counts[bucket]
                if running >= half {
                    split = min(max(index + 1, 1), sorted.count - 1)
                    break
                }
            }
            return (Box(Array(sorted[..<split]), counts), Box(Array(sorted[split...]), counts))
        }
    }
}

/// The channel's 5-bit value of a histogram bucket: 0 red, 1 green, 2 blue.
private func channel(_ bucket: Int, _ axis: Int) -> Int {
    (bucket >> (10 - 5 * axis)) & 31
}
