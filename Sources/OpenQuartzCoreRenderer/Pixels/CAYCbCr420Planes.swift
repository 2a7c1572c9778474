import Foundation
import OpenQuartzCore

/// A frame in planar Y′CbCr 4:2:0 (I420, ffmpeg's `yuv420p`): BT.709 matrix, limited range,
/// 8 bits. Tag a video made of it as such, with ffmpeg `-colorspace bt709 -color_range tv`.
///
/// Luma is 16 (black) to 235 (white), chroma 16 to 240 around 128. Each 2 × 2 block of pixels
/// shares one Cb and one Cr, from the block's mean colour (chroma sited at the block's centre);
/// a block on an odd right or bottom edge is the pixels there. Premultiplied colour is used as
/// it is: the frame over black, since video has no alpha.
public struct CAYCbCr420Planes: Sendable {
    /// The size of the luma plane: the frame's size in pixels.
    public let width: Int
    public let height: Int
    /// The three planes back to back, rows packed without padding, top row first: luma
    /// (`width × height` bytes), then Cb and Cr (`chromaWidth × chromaHeight` bytes each).
    public let bytes: [UInt8]

    /// The width of each chroma plane: half the frame's, rounded up.
    public var chromaWidth: Int { (width + 1) / 2 }
    /// The height of each chroma plane: half the frame's, rounded up.
    public var chromaHeight: Int { (height + 1) / 2 }

    /// The luma (Y) plane.
    public var y: ArraySlice<UInt8> { bytes[0..<width * height] }
    /// The blue-difference chroma (Cb, U) plane.
    public var cb: ArraySlice<UInt8> {
        let start = width * height
        return bytes[start..<start + chromaWidth * chromaHeight]
    }
    /// The red-difference chroma (Cr, V) plane.
    public var cr: ArraySlice<UInt8> {
        let start = width * height + chromaWidth * chromaHeight
        return bytes[start..<start + chromaWidth * chromaHeight]
    }
}
