import CCairo
import Foundation

/// Where spans draw: premultiplied 32-bit ARGB pixels in native byte order (a Cairo image
/// surface's), and the rectangle of them that may change, in pixels.
struct SpanTarget {
    let pixels: UnsafeMutablePointer<UInt32>
    /// Pixels from one row to the next.
    let rowPixels: Int
    let clipMinX: Int
    let clipMinY: Int
    let clipMaxX: Int
    let clipMaxY: Int
}
