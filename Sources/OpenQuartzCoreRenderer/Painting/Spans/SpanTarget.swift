import CCairo
import Foundation

/// Where spans draw: premultiplied 32-bit ARGB pixels in native byte order (a Cairo image
/// surface's), or 8-bit alphas (a mask's group, `alphaOnly`), and the rectangle of them that
/// may change, in pixels.
struct SpanTarget {
    /// The first pixel's bytes.
    let base: UnsafeMutableRawPointer
    /// Bytes from one row to the next.
    let rowBytes: Int
    /// Whether each pixel is one byte of alpha (Cairo's A8) rather than 32-bit ARGB.
    var alphaOnly = false
    let clipMinX: Int
    let clipMinY: Int
    let clipMaxX: Int
    let clipMaxY: Int

    init(
        pixels: UnsafeMutablePointer<UInt32>, rowPixels: Int, clipMinX: Int, clipMinY: Int, clipMaxX: Int,
        clipMaxY: Int
    ) {
        self.init(
            base: UnsafeMutableRawPointer(pixels), rowBytes: rowPixels * 4, alphaOnly: false, clipMinX: clipMinX,
            clipMinY: clipMinY, clipMaxX: clipMaxX, clipMaxY: clipMaxY)
    }

    init(
        base: UnsafeMutableRawPointer, rowBytes: Int, alphaOnly: Bool, clipMinX: Int, clipMinY: Int, clipMaxX: Int,
        clipMaxY: Int
    ) {
        self.base = base
        self.rowBytes = rowBytes
        self.alphaOnly = alphaOnly
        self.clipMinX = clipMinX
        self.clipMinY = clipMinY
        self.clipMaxX = clipMaxX
        self.clipMaxY = clipMaxY
    }

    /// The 32-bit pixels (of a target that is not `alphaOnly`).
    var pixels: UnsafeMutablePointer<UInt32> { base.assumingMemoryBound(to: UInt32.self) }
    /// Pixels from one row to the next (of a target that is not `alphaOnly`).
    var rowPixels: Int { rowBytes / 4 }
}
