import CGIF
import Foundation
import OpenCoreGraphics

/// A GIF read into memory: the canvas size and each frame's rectangle, colour indices,
/// palette, transparency, disposal and delay. giflib parses the file; composing frames onto
/// the canvas is ours, in ``GIFAnimation/image(at:)``.
struct GIFAnimation: Sendable {
    /// What happens to a frame's rectangle before the next frame is drawn (GIF89a, section 23).
    enum Disposal: Sendable {
        /// Left in place (also the meaning of "unspecified").
        case keep
        /// Cleared to transparent, as browsers and ImageIO do rather than to the background colour.
        case clear
        /// Restored to what was there before the frame was drawn.
        case restore
    }

    /// One image of the file, as stored: a rectangle of the canvas.
    struct Frame: Sendable {
        var left: Int
        var top: Int
        var width: Int
        var height: Int
        /// `width × height` colour indices, rows from the top, de-interlaced by giflib.
        var indices: [UInt8]
        /// Red, green, blue for each palette entry.
        var palette: [UInt8]
        var transparentIndex: Int?
        var disposal: Disposal
        /// The delay after the frame in seconds, as stored (hundredths of a second).
        var delay: Double
    }

    let width: Int
    let height: Int
    let frames: [Frame]

    /// Reads a GIF, or `nil` when it is corrupt, truncated, has no image, has an image without
    /// a palette, or has a canvas beyond the limits.
    init?(data: Data) {
        guard let parsed = data.withUnsafeBytes({ Self.parse($0) }) else { return nil }
        (width, height, frames) = parsed
    }

    /// The canvas after frame `index` is drawn, every earlier frame drawn and disposed of in
    /// turn, or `nil` when there is no such frame.
    func image(at index: Int) -> CGImage? {
        guard frames.indices.contains(index) else { return nil }
        var canvas = [UInt8](repeating: 0, count: width * height * 4)
        for frame in frames[..<index] {
            let before = frame.disposal == .restore ? canvas : nil
            draw(frame, onto: &canvas)
            switch frame.disposal {
            case .keep: break
            case .clear: clear(frame, on: &canvas)
            case .restore: canvas = before ?? canvas
            }
        }
        draw(frames[index], onto: &canvas)
        return CGImage(width: width, height: height, rgbaPixels: canvas)
    }

    /// The part of the frame's rectangle that lies on the canvas, in canvas pixels.
    private func visibleRange(of frame: Frame) -> (rows: Range<Int>, columns: Range<Int>) {
        let rows = max(frame.top, 0)..<max(min(frame.top + frame.height, height), max(frame.top, 0))
        let columns = max(frame.left, 0)..<max(min(frame.left + frame.width, width), max(frame.left, 0))
        return (rows, columns)
    }

    private func draw(_ frame: Frame, onto canvas: inout [UInt8]) {
        let (rows, columns) = visibleRange(of: frame)
        let colourCount = frame.palette.count / 3
        for y in rows {
            for x in columns {
                let colour = Int(frame.indices[(y - frame.top) * frame.width + (x - frame.left)])
                // An index past the palette's end draws nothing, as a transparent one does.
                guard colour != frame.transparentIndex, colour < colourCount else { continue }
                let pixel = (y * width + x) * 4
                canvas[pixel] = frame.palette[colour * 3]
                canvas[pixel + 1] = frame.palette[colour * 3 + 1]
                canvas[pixel + 2] = frame.palette[colour * 3 + 2]
                canvas[pixel + 3] = 255
            }
        }
    }

    private func clear(_ frame: Frame, on canvas: inout [UInt8]) {
        let (rows, columns) = visibleRange(of: frame)
        for y in rows where !columns.isEmpty {
            canvas.replaceSubrange(
                (y * width + columns.lowerBound) * 4..<(y * width + columns.upperBound) * 4,
                with: repeatElement(0, count: columns.count * 4))
        }
    }

    /// Where giflib's read callback finds the bytes: `UserData` points at one of these.
    private struct Reader {
        var bytes: UnsafeRawBufferPointer
        var offset = 0
    }

    private static func parse(_ bytes: UnsafeRawBufferPointer) -> (Int, Int, [Frame])? {
        var reader = Reader(bytes: bytes)
        return withUnsafeMutablePointer(to: &reader) { readerPointer -> (Int, Int, [Frame])? in
            var error: Int32 = 0
            let file = DGifOpen(readerPointer, { file, buffer, length in
                guard let file, let buffer, length > 0,
                    let reader = file.pointee.UserData?.assumingMemoryBound(to: Reader.self)
                else { return 0 }
                let count = min(Int(length), reader.pointee.bytes.count - reader.pointee.offset)
                guard count > 0, let base = reader.pointee.bytes.baseAddress else { return 0 }
                UnsafeMutableRawPointer(buffer).copyMemory(from: base + reader.pointee.offset, byteCount: count)
                reader.pointee.offset += count
                return Int32(count)
            }, &error)
            guard let file else { return nil }
            defer { DGifCloseFile(file, &error) }
            // The screen size is known before any image is read: a huge one is refused before
            // giflib allocates anything for it.
            let screenWidth = Int(file.pointee.SWidth)
            let screenHeight = Int(file.pointee.SHeight)
            guard screenWidth <= DecodingLimits.maximumSide, screenHeight <= DecodingLimits.maximumSide,
                DGifSlurp(file) == GIF_OK, file.pointee.ImageCount > 0,
                let images = file.pointee.SavedImages
            else { return nil }
            let globalPalette = palette(file.pointee.SColorMap)
            var frames: [Frame] = []
            for index in 0..<Int(file.pointee.ImageCount) {
                let image = images[index]
                let description = image.ImageDesc
                let width = Int(description.Width)
                let height = Int(description.Height)
                guard let colours = palette(description.ColorMap) ?? globalPalette else { return nil }
                var control = GraphicsControlBlock()
                // Without a control extension giflib leaves the defaults: no transparency,
                // no delay, disposal unspecified.
                DGifSavedExtensionToGCB(file, Int32(index), &control)
                let indices = image.RasterBits.map { Array(UnsafeBufferPointer(start: $0, count: width * height)) }
                frames.append(
                    Frame(
                        left: Int(description.Left), top: Int(description.Top), width: width, height: height,
                        indices: indices ?? [], palette: colours,
                        transparentIndex: control.TransparentColor == NO_TRANSPARENT_COLOR
                            ? nil : Int(control.TransparentColor),
                        disposal: control.DisposalMode == DISPOSE_BACKGROUND
                            ? .clear : control.DisposalMode == DISPOSE_PREVIOUS ? .restore : .keep,
                        delay: Double(control.DelayTime) / 100))
                guard frames[index].indices.count == width * height else { return nil }
            }
            // A screen of 0 × 0 (some encoders write it) takes the first frame's extent, as
            // browsers do.
            let first = frames[0]
            let canvasWidth = screenWidth > 0 ? screenWidth : first.left + first.width
            let canvasHeight = screenHeight > 0 ? screenHeight : first.top + first.height
            guard DecodingLimits.accepts(width: canvasWidth, height: canvasHeight) else { return nil }
            return (canvasWidth, canvasHeight, frames)
        }
    }

    private static func palette(_ map: UnsafeMutablePointer<ColorMapObject>?) -> [UInt8]? {
        guard let map, let colours = map.pointee.Colors, map.pointee.ColorCount > 0 else { return nil }
        return (0..<Int(map.pointee.ColorCount)).flatMap { index in
            [colours[index].Red, colours[index].Green, colours[index].Blue]
        }
    }
}
