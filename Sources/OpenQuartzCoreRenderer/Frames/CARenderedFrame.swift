import Foundation
import OpenQuartzCore

/// One frame that ``CAFrameRenderer`` rendered, in the pixel formats the renderer was asked for
/// (``CAFrameRenderer/pixelFormats``).
public struct CARenderedFrame: Sendable {
    /// The frame's position in the times asked for.
    public let index: Int
    /// The media time it shows.
    public let time: CFTimeInterval
    /// Its size in pixels.
    public let width: Int
    public let height: Int

    private let bgra: [UInt8]?
    private let straight: CAPixelMemory?
    private let planes: CAYCbCr420Planes?

    init(
        index: Int, time: CFTimeInterval, width: Int, height: Int, bgra: [UInt8]?, straight: CAPixelMemory? = nil,
        planes: CAYCbCr420Planes?
    ) {
        self.index = index
        self.time = time
        self.width = width
        self.height = height
        self.bgra = bgra
        self.straight = straight
        self.planes = planes
    }

    /// The pixels as the renderer drew them: premultiplied BGRA8 (Cairo's ARGB32 on a
    /// little-endian machine), the top row first, `width × height × 4` bytes. Premultiplied
    /// colour is the frame over black. Traps when the renderer's ``CAFrameRenderer/pixelFormats``
    /// leave out ``CAFrameRenderer/PixelFormats/premultipliedBGRA``.
    public var premultipliedBGRA: [UInt8] {
        guard let bgra else {
            misuse(
                "frame \(index) was rendered without BGRA pixels: add .premultipliedBGRA to CAFrameRenderer.pixelFormats"
            )
        }
        return bgra
    }

    /// The frame in planar Y′CbCr 4:2:0, BT.709, limited range: what a video encoder takes
    /// without converting (`-pix_fmt yuv420p`). Traps when the renderer's
    /// ``CAFrameRenderer/pixelFormats`` leave out ``CAFrameRenderer/PixelFormats/yCbCr420``.
    public var yCbCr420: CAYCbCr420Planes {
        guard let planes else {
            misuse(
                "frame \(index) was rendered without Y′CbCr planes: add .yCbCr420 to CAFrameRenderer.pixelFormats")
        }
        return planes
    }

    /// Straight (not premultiplied) RGBA8, the top row first: `width × height × 4` bytes. As
    /// the worker converted it (``CAFrameRenderer/PixelFormats/straightRGBA``), else made
    /// from ``premultipliedBGRA``.
    public var rgba: [UInt8] {
        if let straight { return straight.bytes }
        return [UInt8](unsafeUninitializedCapacity: width * height * 4) { buffer, count in
            if let target = buffer.baseAddress { writeRGBA(into: UnsafeMutableRawPointer(target)) }
            count = width * height * 4
        }
    }

    /// ``rgba`` in memory a caller may keep past the frame: the worker's own when it converted
    /// the frame (``CAFrameRenderer/PixelFormats/straightRGBA``), so nothing is copied; else
    /// made from ``premultipliedBGRA``.
    public var rgbaMemory: CAPixelMemory {
        straight ?? CAPixelMemory(count: width * height * 4) { writeRGBA(into: $0) }
    }

    /// Writes ``rgba`` into `target`, `width × height × 4` bytes, without making an array: for
    /// a caller that hands frames on in buffers of its own.
    public func writeRGBA(into target: UnsafeMutableRawPointer) {
        if let straight {
            target.copyMemory(from: straight.baseAddress, byteCount: straight.count)
            return
        }
        premultipliedBGRA.withUnsafeBytes { source in
            guard let from = source.baseAddress else { return }
            convertPremultipliedBGRAToStraightRGBA(from, into: target, pixels: source.count / 4)
        }
    }

    /// The frame as a `CGImage`, made from ``rgba``.
    public var image: CGImage {
        guard let image = CGImage(width: width, height: height, rgbaPixels: rgba) else {
            misuse("a rendered frame always makes an image")
        }
        return image
    }

    /// The frame as PNG data, made from ``rgba``.
    public func pngData() throws -> Data {
        try Bitmap(straightRGBA: rgba, width: width, height: height).pngData()
    }
}
