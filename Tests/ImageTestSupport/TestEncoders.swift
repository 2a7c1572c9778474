import CGIF
import CImageShims
import CPNG
import CWebP
import Foundation

/// Encoders for the tests' images, through the same C libraries the module decodes with, so
/// each test knows its pixels exactly.
package enum TestEncoders {
    /// A PNG of `pixels` in libpng's simplified `format` (`PNG_FORMAT_FLAG_…` bits): RGBA8
    /// straight, 1 byte per pixel for grey; with `palette` (RGBA entries), colour-mapped indices.
    package static func png(width: Int, height: Int, format: UInt32, pixels: [UInt8], palette: [UInt8]? = nil) -> Data {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        image.width = UInt32(width)
        image.height = UInt32(height)
        image.format = format
        image.colormap_entries = UInt32((palette?.count ?? 0) / 4)
        var size: png_alloc_size_t = 0
        _ = png_image_write_to_memory(&image, nil, &size, 0, pixels, 0, palette)
        var bytes = [UInt8](repeating: 0, count: size)
        let written = png_image_write_to_memory(&image, &bytes, &size, 0, pixels, 0, palette)
        png_image_free(&image)
        return written != 0 ? Data(bytes[0..<size]) : Data()
    }

    /// A baseline JPEG at quality 95.
    package static func jpeg(width: Int, height: Int, model: oqc_jpeg_pixels, pixels: [UInt8]) -> Data {
        var bytes: UnsafeMutablePointer<UInt8>?
        var size = 0
        guard oqc_jpeg_encode(pixels, UInt32(width), UInt32(height), model, 95, &bytes, &size) == 0,
            let bytes
        else { return Data() }
        defer { oqc_image_free(bytes) }
        return Data(bytes: bytes, count: size)
    }

    /// A lossless WebP of straight RGBA8 pixels.
    package static func webPLossless(width: Int, height: Int, rgba: [UInt8]) -> Data {
        var output: UnsafeMutablePointer<UInt8>?
        let size = WebPEncodeLosslessRGBA(rgba, Int32(width), Int32(height), Int32(width * 4), &output)
        defer { WebPFree(output) }
        guard size > 0, let output else { return Data() }
        return Data(bytes: output, count: size)
    }

    /// A lossy WebP of straight RGBA8 pixels at quality 90.
    package static func webPLossy(width: Int, height: Int, rgba: [UInt8]) -> Data {
        var output: UnsafeMutablePointer<UInt8>?
        let size = WebPEncodeRGBA(rgba, Int32(width), Int32(height), Int32(width * 4), 90, &output)
        defer { WebPFree(output) }
        guard size > 0, let output else { return Data() }
        return Data(bytes: output, count: size)
    }

    /// One GIF frame: a rectangle of palette indices and its control extension.
    package struct GIFFrame {
        package var left = 0, top = 0, width: Int, height: Int
        package var indices: [UInt8]
        package var disposal: Int32 = DISPOSE_DO_NOT
        package var transparentIndex: Int32 = NO_TRANSPARENT_COLOR
        package var delayHundredths: Int32 = 10

        package init(
            left: Int = 0, top: Int = 0, width: Int, height: Int, indices: [UInt8], disposal: Int32 = DISPOSE_DO_NOT,
            transparentIndex: Int32 = NO_TRANSPARENT_COLOR, delayHundredths: Int32 = 10
        ) {
            (self.left, self.top, self.width, self.height, self.indices) = (left, top, width, height, indices)
            (self.disposal, self.transparentIndex, self.delayHundredths) = (disposal, transparentIndex, delayHundredths)
        }
    }

    private final class Sink {
        var data = Data()
    }

    /// A GIF89a with a global `palette` (RGB triples, a power of two of them) and `frames`.
    package static func gif(width: Int, height: Int, palette: [UInt8], frames: [GIFFrame]) -> Data {
        let sink = Sink()
        var error: Int32 = 0
        guard
            let file = EGifOpen(
                Unmanaged.passUnretained(sink).toOpaque(),
                { file, bytes, length in
                    guard let file, let bytes, let sinkPointer = file.pointee.UserData else { return 0 }
                    Unmanaged<Sink>.fromOpaque(sinkPointer).takeUnretainedValue().data.append(bytes, count: Int(length))
                    return length
                }, &error)
        else { return Data() }
        EGifSetGifVersion(file, true)
        var colours = stride(from: 0, to: palette.count, by: 3).map {
            GifColorType(Red: palette[$0], Green: palette[$0 + 1], Blue: palette[$0 + 2])
        }
        let map = GifMakeMapObject(Int32(colours.count), &colours)
        defer { GifFreeMapObject(map) }
        EGifPutScreenDesc(file, Int32(width), Int32(height), 8, 0, map)
        for frame in frames {
            var control = GraphicsControlBlock(
                DisposalMode: frame.disposal, UserInputFlag: false, DelayTime: frame.delayHundredths,
                TransparentColor: frame.transparentIndex)
            var extensionBytes = [GifByteType](repeating: 0, count: 4)
            let length = EGifGCBToExtension(&control, &extensionBytes)
            EGifPutExtension(file, GRAPHICS_EXT_FUNC_CODE, Int32(length), extensionBytes)
            EGifPutImageDesc(
                file, Int32(frame.left), Int32(frame.top), Int32(frame.width), Int32(frame.height), false, nil)
            var indices = frame.indices
            for row in 0..<frame.height {
                indices.withUnsafeMutableBufferPointer { buffer in
                    _ = EGifPutLine(file, buffer.baseAddress! + row * frame.width, Int32(frame.width))
                }
            }
        }
        EGifCloseFile(file, &error)
        return sink.data
    }
}
