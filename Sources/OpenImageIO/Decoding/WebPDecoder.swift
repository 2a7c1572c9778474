import CWebP
import Foundation
import OpenCoreGraphics

/// Decodes WebP, still or animated, lossy or lossless, through libwebp's `WebPAnimDecoder`,
/// which blends each animation frame onto the canvas as the format specifies (a still image
/// is an animation of one frame to it).
enum WebPDecoder {
    /// The number of frames, or `nil` when the container is corrupt, truncated or too large.
    static func frameCount(of data: Data) -> Int? {
        withDecoder(of: data) { _, info in Int(info.frame_count) }
    }

    /// The canvas after frame `index` is drawn, or `nil` when the data is corrupt or there is
    /// no such frame.
    static func image(from data: Data, at index: Int) -> CGImage? {
        withDecoder(of: data) { decoder, info -> CGImage? in
            guard index >= 0, index < Int(info.frame_count) else { return nil }
            var canvas: UnsafeMutablePointer<UInt8>?
            var timestamp: Int32 = 0
            // Frames may blend onto earlier ones, so every frame up to `index` is decoded.
            for _ in 0...index {
                guard WebPAnimDecoderGetNext(decoder, &canvas, &timestamp) != 0 else { return nil }
            }
            guard let canvas else { return nil }
            let width = Int(info.canvas_width)
            let height = Int(info.canvas_height)
            let pixels = Array(UnsafeBufferPointer(start: canvas, count: width * height * 4))
            return CGImage(width: width, height: height, rgbaPixels: pixels)
        } ?? nil
    }

    /// Opens a decoder over `data` for straight RGBA output and calls `body` with it while the
    /// bytes are borrowed, if the canvas is within the limits.
    private static func withDecoder<Result>(
        of data: Data,
        _ body: (OpaquePointer, WebPAnimInfo) -> Result
    ) -> Result? {
        data.withUnsafeBytes { bytes -> Result? in
            guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return nil }
            var webPData = WebPData(bytes: base, size: bytes.count)
            var options = WebPAnimDecoderOptions()
            guard WebPAnimDecoderOptionsInit(&options) != 0 else { return nil }
            options.color_mode = MODE_RGBA
            options.use_threads = 0
            guard let decoder = WebPAnimDecoderNew(&webPData, &options) else { return nil }
            defer { WebPAnimDecoderDelete(decoder) }
            var info = WebPAnimInfo()
            guard WebPAnimDecoderGetInfo(decoder, &info) != 0, info.frame_count > 0,
                DecodingLimits.accepts(width: Int(info.canvas_width), height: Int(info.canvas_height))
            else { return nil }
            return body(decoder, info)
        }
    }
}
