import Foundation
import NIOCore
import OpenQuartzCoreRenderer

/// A frame as the server sends it: one binary WebSocket message of a 40-byte header and
/// straight RGBA8 pixels, either the whole picture (a full frame) or only the pixels that
/// changed since a frame the page has (a delta). Raw pixels, not PNG: on the loopback
/// interface they cost less than compressing them (see the article "The preview").
///
/// The header, little-endian:
///
/// | offset | field |
/// | ---: | --- |
/// | 0 | `OQCF` |
/// | 4, 8 | width and height in pixels (UInt32) |
/// | 12 | the request's number (UInt32) |
/// | 16 | how many requests the server skipped before this one (UInt32) |
/// | 20 | the base: 0 for a full frame, else the number of the frame this one patches (UInt32) |
/// | 24 | the media time (Float64) |
/// | 32 | this frame's number, from 1 (UInt32) |
/// | 36 | how many spans a delta has, 0 for a full frame (UInt32) |
///
/// A full frame's pixels follow, top row first, `width × height × 4` bytes: the page puts
/// them on its canvas as they are (`new ImageData(…)`). A delta has a table of spans, each the
/// index of its first pixel in the frame (row × width + column) and its length in pixels
/// (UInt32 each; a span may run on into the next rows), then the spans' pixels one after the
/// other: the page copies each span over its own pixels (`TypedArray.set`).
public enum FrameEncoding {
    /// The header's length in bytes.
    public static let headerLength = 40
    package static let magic: [UInt8] = Array("OQCF".utf8)
}

/// Makes a tab's frame messages: keeps the pixels of the last frame it sent (premultiplied
/// BGRA, as drawn) and its number, and sends a delta against it when the page says it has that
/// frame; otherwise, or when the frame's size changed, or when most of it changed, a full frame.
///
/// The deltas are found by comparing the new frame with the last one a row at a time (a row
/// that did not change is one `memcmp`), then a pixel (a 32-bit word) at a time within the rows
/// that did; runs of changed pixels less than ``mergeGap`` apart become one span.
final class FrameEncoder {
    /// The number of the last frame sent; 0 before the first.
    private(set) var sequence: UInt32 = 0
    private var width = 0
    private var height = 0
    /// The last frame sent, premultiplied BGRA8, rows packed.
    private var previous: [UInt8] = []
    /// The spans of the frame being encoded, kept to reuse the storage.
    private var spans: [(start: Int, count: Int)] = []
    /// The next frame goes whole whatever the page has.
    var sendsFullFrameNext = false

    /// Unchanged pixels between two runs of changed ones up to this many join them into one
    /// span: a span's 8 bytes in the table cost 2 pixels, and each span costs the page a copy.
    static let mergeGap = 16

    /// A delta goes only while it is smaller than this share of a full frame.
    static let deltaLimit = 0.75

    /// The message for the frame in `pixels` (premultiplied BGRA8, `bytesPerRow` apart),
    /// converted to straight RGBA, for a page showing frame `pageHas` (0: none). Only
    /// `drawnRows` can differ from the last frame encoded (the renderer drew no others since).
    func encode(
        pixels: UnsafeRawPointer, bytesPerRow: Int, width: Int, height: Int, time: Double, request: UInt32,
        skipped: UInt32, pageHas: UInt32, drawnRows: Range<Int>? = nil, allocator: ByteBufferAllocator
    ) -> ByteBuffer {
        let patchable =
            pageHas != 0 && pageHas == sequence && width == self.width && height == self.height
            && bytesPerRow == width * 4 && !sendsFullFrameNext
        let base = sequence
        sequence = sequence == .max ? 1 : sequence + 1
        sendsFullFrameNext = false
        if patchable, findSpans(in: pixels, width: width, height: height, rows: drawnRows ?? 0..<height) {
            let pixelCount = spans.reduce(0) { $0 + $1.count }
            var buffer = allocator.buffer(capacity: FrameEncoding.headerLength + spans.count * 8 + pixelCount * 4)
            Self.writeHeader(
                into: &buffer, width: width, height: height, request: request, skipped: skipped, base: base,
                time: time, sequence: sequence, spanCount: spans.count)
            writeSpans(of: pixels, pixelCount: pixelCount, into: &buffer)
            return buffer
        }
        return full(
            pixels: pixels, bytesPerRow: bytesPerRow, width: width, height: height, time: time, request: request,
            skipped: skipped, allocator: allocator)
    }

    /// Finds the spans of pixels in `rows` that differ from `previous`; false when they would
    /// make a delta too large to be worth it.
    private func findSpans(in pixels: UnsafeRawPointer, width: Int, height: Int, rows: Range<Int>) -> Bool {
        spans.removeAll(keepingCapacity: true)
        let limit = Int(Double(width * height) * Self.deltaLimit)
        let rowBytes = width * 4
        var covered = 0
        var spanStart = -1
        var lastChanged = -1
        return previous.withUnsafeBytes { previous in
            let before = previous.baseAddress!
            for y in rows.clamped(to: 0..<height) {
                let offset = y * rowBytes
                if memcmp(pixels + offset, before + offset, rowBytes) == 0 { continue }
                let new = (pixels + offset).assumingMemoryBound(to: UInt32.self)
                let old = (before + offset).assumingMemoryBound(to: UInt32.self)
                let rowStart = y * width
                for x in 0..<width where new[x] != old[x] {
                    let index = rowStart + x
                    if spanStart >= 0, index - lastChanged <= Self.mergeGap {
                        lastChanged = index
                        continue
                    }
                    if spanStart >= 0 {
                        spans.append((spanStart, lastChanged + 1 - spanStart))
                        covered += lastChanged + 1 - spanStart
                    }
                    spanStart = index
                    lastChanged = index
                }
                // Judged a row at a time: a frame that mostly changed stops early.
                if covered + (spanStart >= 0 ? lastChanged + 1 - spanStart : 0) + spans.count * 2 > limit {
                    return false
                }
            }
            if spanStart >= 0 { spans.append((spanStart, lastChanged + 1 - spanStart)) }
            return true
        }
    }

    /// Writes the spans found: their table, then their pixels converted to straight RGBA; they
    /// also become part of `previous`.
    private func writeSpans(of pixels: UnsafeRawPointer, pixelCount: Int, into buffer: inout ByteBuffer) {
        for span in spans {
            buffer.writeInteger(UInt32(span.start), endianness: .little)
            buffer.writeInteger(UInt32(span.count), endianness: .little)
        }
        guard pixelCount > 0 else { return }
        let spans = spans
        previous.withUnsafeMutableBytes { previous in
            _ = buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: pixelCount * 4) { target in
                var at = 0
                for span in spans {
                    let source = pixels + span.start * 4
                    convertPremultipliedBGRAToStraightRGBA(source, into: target.baseAddress! + at, pixels: span.count)
                    previous.baseAddress!.advanced(by: span.start * 4).copyMemory(
                        from: source, byteCount: span.count * 4)
                    at += span.count * 4
                }
                return pixelCount * 4
            }
        }
    }

    /// A full frame, which becomes `previous`.
    private func full(
        pixels: UnsafeRawPointer, bytesPerRow: Int, width: Int, height: Int, time: Double, request: UInt32,
        skipped: UInt32, allocator: ByteBufferAllocator
    ) -> ByteBuffer {
        let rowBytes = width * 4
        var buffer = allocator.buffer(capacity: FrameEncoding.headerLength + rowBytes * height)
        Self.writeHeader(
            into: &buffer, width: width, height: height, request: request, skipped: skipped, base: 0, time: time,
            sequence: sequence, spanCount: 0)
        if previous.count != rowBytes * height { previous = [UInt8](repeating: 0, count: rowBytes * height) }
        self.width = width
        self.height = height
        previous.withUnsafeMutableBytes { previous in
            _ = buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: rowBytes * height) { target in
                for y in 0..<height {
                    let source = pixels + y * bytesPerRow
                    convertPremultipliedBGRAToStraightRGBA(
                        source, into: target.baseAddress! + y * rowBytes, pixels: width)
                    previous.baseAddress!.advanced(by: y * rowBytes).copyMemory(from: source, byteCount: rowBytes)
                }
                return rowBytes * height
            }
        }
        return buffer
    }

    private static func writeHeader(
        into buffer: inout ByteBuffer, width: Int, height: Int, request: UInt32, skipped: UInt32, base: UInt32,
        time: Double, sequence: UInt32, spanCount: Int
    ) {
        buffer.writeBytes(FrameEncoding.magic)
        buffer.writeInteger(UInt32(width), endianness: .little)
        buffer.writeInteger(UInt32(height), endianness: .little)
        buffer.writeInteger(request, endianness: .little)
        buffer.writeInteger(skipped, endianness: .little)
        buffer.writeInteger(base, endianness: .little)
        buffer.writeInteger(time.bitPattern, endianness: .little)
        buffer.writeInteger(sequence, endianness: .little)
        buffer.writeInteger(UInt32(spanCount), endianness: .little)
    }
}
