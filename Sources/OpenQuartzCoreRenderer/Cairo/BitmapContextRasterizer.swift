import CCairo
import CRendererLoading
import Foundation
import OpenQuartzCore

/// Draws what bitmap contexts (`CGContext(data:width:height:…)`) record into their pixels, with
/// the same playback as a layer's drawing, so a picture drawn there has the renderer's pixels.
enum BitmapContextRasterizer {
    /// Draws `operations[from...]` onto `pixels` (premultiplied RGBA8 rows from the top, the
    /// top row first), the operations before `from` setting only the state they set.
    static func draw(
        _ operations: [CGContext.Operation], from: Int, into pixels: inout [UInt8], width: Int, height: Int
    ) {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(surface)
        else { return }
        let stride = Int(cairo_image_surface_get_stride(surface))
        // Cairo's ARGB32 is one native-endian word a pixel: B, G, R, A in memory here.
        pixels.withUnsafeBufferPointer { source in
            for y in 0..<height {
                let row = (data + y * stride).withMemoryRebound(to: UInt32.self, capacity: width) { $0 }
                for x in 0..<width {
                    let index = (y * width + x) * 4
                    row[x] =
                        UInt32(source[index + 3]) << 24 | UInt32(source[index]) << 16 | UInt32(source[index + 1]) << 8
                        | UInt32(source[index + 2])
                }
            }
        }
        cairo_surface_mark_dirty(surface)
        let context = cairo_create(surface)!
        ContextPlayback(context: context, resources: RenderResources()).play(operations, from: from, isolating: false)
        cairo_destroy(context)
        cairo_surface_flush(surface)
        for y in 0..<height {
            let row = (data + y * stride).withMemoryRebound(to: UInt32.self, capacity: width) { $0 }
            for x in 0..<width {
                let word = row[x]
                let index = (y * width + x) * 4
                pixels[index] = UInt8(truncatingIfNeeded: word >> 16)
                pixels[index + 1] = UInt8(truncatingIfNeeded: word >> 8)
                pixels[index + 2] = UInt8(truncatingIfNeeded: word)
                pixels[index + 3] = UInt8(truncatingIfNeeded: word >> 24)
            }
        }
    }
}

/// Called by `CRendererLoading` when the program is loaded: bitmap contexts draw from then on.
@_cdecl("oqc_renderer_did_load")
func rendererDidLoad() {
    CGContext.installRasterizer { operations, from, pixels, width, height in
        BitmapContextRasterizer.draw(operations, from: from, into: &pixels, width: width, height: height)
    }
}
