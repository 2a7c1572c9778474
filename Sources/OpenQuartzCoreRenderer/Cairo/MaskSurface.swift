import CCairo
import Foundation
import OpenQuartzCore

/// The alpha surface a mask image clips with, for `CGContext.clip(to:mask:)`.
enum MaskSurface {
    /// An A8 surface of `image`'s size, row by row from the top: the image's alpha, or — for an
    /// image with no transparent pixel, which Core Graphics would be handed as a grayscale
    /// image — its grey level, white showing. Nil when Cairo cannot make a surface that large.
    static func alpha(of image: CGImage) -> OpaquePointer? {
        let (width, height) = (image.width, image.height)
        let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(width), Int32(height))!
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(surface)
        else {
            cairo_surface_destroy(surface)
            return nil
        }
        let rowBytes = Int(cairo_image_surface_get_stride(surface))
        image.rgbaPixels.withUnsafeBufferPointer { pixels in
            var isOpaque = true
            for index in stride(from: 3, to: pixels.count, by: 4) where pixels[index] != 255 {
                isOpaque = false
                break
            }
            for row in 0..<height {
                let line = data + row * rowBytes
                for column in 0..<width {
                    let pixel = (row * width + column) * 4
                    line[column] =
                        isOpaque
                        ? grayLevel(red: pixels[pixel], green: pixels[pixel + 1], blue: pixels[pixel + 2])
                        : pixels[pixel + 3]
                }
            }
        }
        cairo_surface_mark_dirty(surface)
        return surface
    }
}
