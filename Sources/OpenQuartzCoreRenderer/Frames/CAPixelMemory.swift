import Foundation
import OpenCoreGraphics

/// A frame's pixels in memory of their own, which stays where it is until the last reference
/// to it goes: what a caller takes when it keeps a frame past the frame itself without copying
/// it (the Python package's NumPy arrays and bytes are this memory).
public final class CAPixelMemory: @unchecked Sendable {
    /// The first byte; `count` bytes follow. Valid as long as this object is.
    public let baseAddress: UnsafeMutableRawPointer
    /// How many bytes it holds.
    public let count: Int

    /// Memory of `count` bytes, written by `fill` before anything else can see it.
    init(count: Int, fill: (UnsafeMutableRawPointer) -> Void) {
        require(count > 0, "pixel memory of \(count) bytes")
        baseAddress = UnsafeMutableRawPointer.allocate(byteCount: count, alignment: 64)
        self.count = count
        fill(baseAddress)
    }

    deinit {
        baseAddress.deallocate()
    }

    /// The bytes, as an array of their own.
    public var bytes: [UInt8] {
        Array(UnsafeRawBufferPointer(start: baseAddress, count: count))
    }
}
