import CCairo
import CPixelRows
import Foundation
import OpenQuartzCore

/// A Gaussian blur of an alpha mask, approximated by three box blurs in each direction (the
/// sizes from Kovesi's "Fast almost-Gaussian filtering"), which is within a few percent of the
/// true kernel and costs the same whatever the radius.
enum GaussianBlur {
    static func blurAlpha(of surface: OpaquePointer, sigma: Double) {
        guard sigma >= 0.5 else { return }
        blur(surface, sigma: sigma, channels: 1)
    }

    /// Blurs each of the `channels` bytes of every pixel of an image surface on its own: each
    /// box filter along the rows, then down the columns (`CPixelRows`, all the columns at once,
    /// row by row, rather than one column at a time down the picture).
    private static func blur(_ surface: OpaquePointer, sigma: Double, channels: Int) {
        cairo_surface_flush(surface)
        defer { cairo_surface_mark_dirty(surface) }
        guard let data = cairo_image_surface_get_data(surface) else { return }
        let width = Int(cairo_image_surface_get_width(surface))
        let height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        let radii = boxRadii(sigma: sigma)
        let made = radii.withUnsafeBufferPointer {
            oqc_box_blur(data, width, height, stride, Int32(channels), $0.baseAddress, $0.count)
        }
        guard made != 0 else { fatalError("out of memory blurring a \(width) × \(height) picture by \(radii)") }
    }

    /// Blurs the premultiplied colours of a group (`pattern`, an image surface in device
    /// space) by a Gaussian of standard deviation `sigma` device pixels: a layer's
    /// `gaussianBlur` filter. Each channel is blurred on its own, which premultiplied colours
    /// allow.
    static func blurColours(of pattern: OpaquePointer, sigma deviceSigma: Double) {
        var surface: OpaquePointer?
        guard cairo_pattern_get_surface(pattern, &surface) == CAIRO_STATUS_SUCCESS, let surface,
            cairo_surface_get_type(surface) == CAIRO_SURFACE_TYPE_IMAGE,
            cairo_image_surface_get_format(surface) == CAIRO_FORMAT_ARGB32
        else { return }
        guard deviceSigma >= 0.5, deviceSigma.isFinite else { return }
        blur(surface, sigma: deviceSigma, channels: 4)
    }

    /// The radii of three box filters whose sequence has standard deviation `sigma`.
    static func boxRadii(sigma: Double) -> [Int] {
        let ideal = (12 * sigma * sigma / 3 + 1).squareRoot()
        var lower = Int(ideal.rounded(.down))
        if lower % 2 == 0 { lower -= 1 }
        let upper = lower + 2
        let m = ((12 * sigma * sigma - 3 * Double(lower * lower) - 12 * Double(lower) - 9) / Double(-4 * lower - 4))
            .rounded()
        return (0..<3).map { index in (Double(index) < m ? lower : upper) / 2 }
    }
}
