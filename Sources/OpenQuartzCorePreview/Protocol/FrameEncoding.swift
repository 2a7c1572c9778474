import Foundation
import NIOCore
import OpenQuartzCoreRenderer

/// A frame as the server sends it: one binary WebSocket message of a 32-byte header and the
/// pixels as straight RGBA8, top row first, which the page puts on its canvas as they are
/// (`new ImageData(…)`). Raw pixels, not PNG: on the loopback interface the 5 MB of a 780 ×
/// 1688 frame cost less than compressing them (see README, "Live preview").
///
/// The header, little-endian: `OQCF`, width and height in pixels (UInt32), the request's
/// number (UInt32), how many requests the server skipped before this one (UInt32), 4 bytes
/// unused, the media time (Float64).
public enum FrameEncoding {
    /// The header's length in bytes.
    public static let headerLength = 32
    static let magic: [UInt8] = Array("OQCF".utf8)

    /// A decoded frame: what the tests and the benchmark read back.
    public struct Frame: Sendable {
        public let width: Int
        public let height: Int
        public let request: UInt32
        public let skipped: UInt32
        public let time: Double
        /// Straight RGBA8, `width × height × 4` bytes.
        public let rgba: [UInt8]

        /// The colour at pixel (`x`, `y`), `y` down from the top row, as RGBA.
        public func pixel(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
            let index = (y * width + x) * 4
            return (rgba[index], rgba[index + 1], rgba[index + 2], rgba[index + 3])
        }
    }

    /// The message for pixels in premultiplied BGRA8 (the renderer's), converted to straight
    /// RGBA8.
    static func encode(
        premultipliedBGRA: [UInt8], width: Int, height: Int, time: Double, request: UInt32, skipped: UInt32,
        allocator: ByteBufferAllocator
    ) -> ByteBuffer {
        var buffer = allocator.buffer(capacity: headerLength + premultipliedBGRA.count)
        buffer.writeBytes(magic)
        buffer.writeInteger(UInt32(width), endianness: .little)
        buffer.writeInteger(UInt32(height), endianness: .little)
        buffer.writeInteger(request, endianness: .little)
        buffer.writeInteger(skipped, endianness: .little)
        buffer.writeInteger(UInt32(0), endianness: .little)
        buffer.writeInteger(time.bitPattern, endianness: .little)
        let count = premultipliedBGRA.count
        premultipliedBGRA.withUnsafeBytes { source in
            _ = buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: count) { target in
                guard let from = source.baseAddress, let to = target.baseAddress else { return 0 }
                convertPremultipliedBGRAToStraightRGBA(from, into: to, pixels: count / 4)
                return count
            }
        }
        return buffer
    }

    /// Reads a frame message; nil when it is not one.
    public static func decode(_ buffer: ByteBuffer) -> Frame? {
        var buffer = buffer
        guard buffer.readableBytes >= headerLength, buffer.readBytes(length: 4) == magic,
            let width = buffer.readInteger(endianness: .little, as: UInt32.self),
            let height = buffer.readInteger(endianness: .little, as: UInt32.self),
            let request = buffer.readInteger(endianness: .little, as: UInt32.self),
            let skipped = buffer.readInteger(endianness: .little, as: UInt32.self),
            buffer.readInteger(endianness: .little, as: UInt32.self) != nil,
            let time = buffer.readInteger(endianness: .little, as: UInt64.self),
            buffer.readableBytes == Int(width) * Int(height) * 4,
            let rgba = buffer.readBytes(length: buffer.readableBytes)
        else { return nil }
        return Frame(
            width: Int(width), height: Int(height), request: request, skipped: skipped,
            time: Double(bitPattern: time), rgba: rgba)
    }
}
