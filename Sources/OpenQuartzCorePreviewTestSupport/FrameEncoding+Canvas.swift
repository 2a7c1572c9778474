import Foundation
import NIOCore
import OpenQuartzCorePreview

extension FrameEncoding {
    /// A frame as the page sees it once it applied the message: what the tests and the
    /// benchmark read back.
    public struct Frame: Sendable {
        public let width: Int
        public let height: Int
        public let request: UInt32
        public let skipped: UInt32
        public let time: Double
        /// This frame's number, and the frame it patched (0 for a full frame).
        public let sequence: UInt32
        public let base: UInt32
        /// How many spans a delta had (0 for a full frame), and the message's length in bytes.
        public let spanCount: Int
        public let messageLength: Int
        /// The whole picture after the message: straight RGBA8, `width × height × 4` bytes.
        public let rgba: [UInt8]

        /// Whether the message was a delta.
        public var isDelta: Bool { base != 0 }

        /// The colour at pixel (`x`, `y`), `y` down from the top row, as RGBA.
        public func pixel(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
            let index = (y * width + x) * 4
            return (rgba[index], rgba[index + 1], rgba[index + 2], rgba[index + 3])
        }
    }

    /// What a page (or the tests' client) keeps to apply frame messages: the last picture and
    /// its number, which its requests report as `have`.
    public struct Canvas: Sendable {
        public private(set) var width = 0
        public private(set) var height = 0
        /// The number of the frame the canvas shows; 0 before the first.
        public private(set) var sequence: UInt32 = 0
        /// Straight RGBA8, top row first.
        public private(set) var rgba: [UInt8] = []

        public init() {}

        /// Applies a frame message: a full frame replaces the picture, a delta patches it.
        ///
        /// - Throws: ``PreviewError`` when the message is not a frame, or is a delta of a frame
        ///   the canvas does not show (which the server never sends to a page that says what
        ///   it has).
        public mutating func apply(_ message: ByteBuffer) throws -> Frame {
            var buffer = message
            guard buffer.readableBytes >= FrameEncoding.headerLength,
                buffer.readBytes(length: 4) == FrameEncoding.magic,
                let width = buffer.readInteger(endianness: .little, as: UInt32.self).map(Int.init),
                let height = buffer.readInteger(endianness: .little, as: UInt32.self).map(Int.init),
                let request = buffer.readInteger(endianness: .little, as: UInt32.self),
                let skipped = buffer.readInteger(endianness: .little, as: UInt32.self),
                let base = buffer.readInteger(endianness: .little, as: UInt32.self),
                let time = buffer.readInteger(endianness: .little, as: UInt64.self).map(Double.init(bitPattern:)),
                let sequence = buffer.readInteger(endianness: .little, as: UInt32.self),
                let spanCount = buffer.readInteger(endianness: .little, as: UInt32.self).map(Int.init),
                width > 0, height > 0, width <= 1 << 15, height <= 1 << 15
            else { throw PreviewError("a binary message that is not a frame") }
            let pixelCount = width * height
            if base == 0 {
                guard spanCount == 0, buffer.readableBytes == pixelCount * 4,
                    let pixels = buffer.readBytes(length: pixelCount * 4)
                else { throw PreviewError("a full frame of \(width) × \(height) with \(buffer.readableBytes) bytes") }
                rgba = pixels
                self.width = width
                self.height = height
            } else {
                guard base == self.sequence, width == self.width, height == self.height else {
                    throw PreviewError("a delta of frame \(base) to a canvas showing frame \(self.sequence)")
                }
                guard buffer.readableBytes >= spanCount * 8 else { throw PreviewError("a delta cut short") }
                var spans: [(start: Int, count: Int)] = []
                spans.reserveCapacity(spanCount)
                var total = 0
                for _ in 0..<spanCount {
                    let start = Int(buffer.readInteger(endianness: .little, as: UInt32.self) ?? 0)
                    let count = Int(buffer.readInteger(endianness: .little, as: UInt32.self) ?? 0)
                    guard count > 0, start + count <= pixelCount else {
                        throw PreviewError("a delta's span \(start) + \(count) outside \(width) × \(height)")
                    }
                    spans.append((start, count))
                    total += count
                }
                guard buffer.readableBytes == total * 4 else { throw PreviewError("a delta's pixels do not add up") }
                buffer.withUnsafeReadableBytes { pixels in
                    rgba.withUnsafeMutableBytes { target in
                        var at = 0
                        for span in spans {
                            target.baseAddress!.advanced(by: span.start * 4).copyMemory(
                                from: pixels.baseAddress!.advanced(by: at), byteCount: span.count * 4)
                            at += span.count * 4
                        }
                    }
                }
            }
            self.sequence = sequence
            return Frame(
                width: width, height: height, request: request, skipped: skipped, time: time, sequence: sequence,
                base: base, spanCount: spanCount, messageLength: message.readableBytes, rgba: rgba)
        }
    }
}
