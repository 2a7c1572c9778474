import CCairo
import CPixelRows
import Foundation
import OpenQuartzCore

/// A Gaussian blur of an alpha mask, approximated by three box blurs in each direction (the
/// sizes from Kovesi's "Fast almost-Gaussian filtering"), which is within a few percent of the
/// true kernel and costs the same whatever the radius.
enum GaussianBlur {
    /// Blurs an A8 surface by a Gaussian of standard deviation `sigma` pixels and moves it
    /// right and down by `shift` (each in [0, 1)): a shadow's sub-pixel offset, made here so
    /// that the blurred mask lands on whole pixels and composites without being resampled.
    static func blurAlpha(of surface: OpaquePointer, sigma: Double, shift: (x: Double, y: Double) = (0, 0)) {
        let sigma = sigma >= 0.5 ? sigma : 0
        guard sigma > 0 || shift != (0, 0) else { return }
        blur(surface, sigma: sigma, channels: 1, shift: shift)
    }

    /// Blurs into `surface` (A8, all of it written) the alpha of the pixels `columns` × `rows`
    /// of `source` (an ARGB32 or A8 image surface), placed with their first at `origin` and zero
    /// around them, as ``blurAlpha(of:sigma:shift:)`` blurs and moves: a shadow's silhouette
    /// read from what casts it, with no copy of it at full size.
    static func blurAlpha(
        from source: OpaquePointer, columns: Range<Int>, rows: Range<Int>, at origin: (x: Int, y: Int),
        into surface: OpaquePointer, sigma: Double, shift: (x: Double, y: Double)
    ) {
        cairo_surface_flush(source)
        cairo_surface_flush(surface)
        defer { cairo_surface_mark_dirty(surface) }
        guard let data = cairo_image_surface_get_data(surface), let pixels = cairo_image_surface_get_data(source) else {
            return
        }
        let width = Int(cairo_image_surface_get_width(surface))
        let height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        let sourceStride = Int(cairo_image_surface_get_stride(source))
        // ARGB32 pixels are native 32-bit words: alpha is the last byte of four here.
        let isAlpha = cairo_image_surface_get_format(source) == CAIRO_FORMAT_A8
        let (step, alphaByte) = isAlpha ? (1, 0) : (4, 1.littleEndian == 1 ? 3 : 0)
        let first = pixels + rows.lowerBound * sourceStride + columns.lowerBound * step + alphaByte
        let (factor, radii) = plan(sigma: sigma >= 0.5 ? sigma : 0)
        let made = radii.withUnsafeBufferPointer {
            oqc_blur_alpha_of(
                first, sourceStride, step, origin.x, origin.y, columns.count, rows.count, data, width, height, stride,
                factor, $0.baseAddress, $0.count, shift.x, shift.y)
        }
        guard made != 0 else {
            fatalError("out of memory blurring a \(width) × \(height) shadow (or a region outside it) by \(radii)")
        }
    }

    /// How a blur by `sigma` pixels (0 for none) is done: how many times smaller the picture
    /// is made, and the radii of the box filters there.
    private static func plan(sigma: Double) -> (factor: Int, radii: [Int]) {
        let factor = sigma > 0 ? shrinkingFactor(sigma: sigma) : 1
        let smallSigma = shrunkenSigma(sigma, factor: factor)
        return (factor, smallSigma >= 0.5 ? boxRadii(sigma: smallSigma) : [])
    }

    /// How many times smaller a picture is blurred by `sigma` pixels: 1 under 8 pixels, else
    /// the power of two that leaves between 4 and 8 pixels to blur by (at most 16 times). A
    /// Gaussian that wide has nothing finer than a few pixels for the smaller picture to lose,
    /// and its blur then costs a fraction of the whole picture's.
    static func shrinkingFactor(sigma: Double) -> Int {
        var factor = 1
        while factor < 16, sigma / Double(factor) >= 8 { factor *= 2 }
        return factor
    }

    /// The standard deviation to blur a picture `factor` times smaller by, for `sigma` in
    /// the whole picture: less what averaging the blocks (variance (f² − 1) / 12) and
    /// interpolating back (a tent of half-width f, variance f² / 6) add.
    static func shrunkenSigma(_ sigma: Double, factor: Int) -> Double {
        guard factor > 1 else { return sigma }
        let f = Double(factor)
        return max(sigma * sigma - (f * f - 1) / 12 - f * f / 6, 0).squareRoot() / f
    }

    /// Blurs each of the `channels` bytes of every pixel of an image surface on its own: each
    /// box filter along the rows, then down the columns (`CPixelRows`, all the columns at once,
    /// row by row, rather than one column at a time down the picture); a wide blur on a
    /// smaller copy (``shrinkingFactor(sigma:)``), resampled back moved by `shift`.
    private static func blur(
        _ surface: OpaquePointer, sigma: Double, channels: Int, shift: (x: Double, y: Double) = (0, 0)
    ) {
        cairo_surface_flush(surface)
        defer { cairo_surface_mark_dirty(surface) }
        guard let data = cairo_image_surface_get_data(surface) else { return }
        let width = Int(cairo_image_surface_get_width(surface))
        let height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        let (factor, radii) = plan(sigma: sigma)
        let made = radii.withUnsafeBufferPointer {
            factor == 1 && shift == (0, 0)
                ? oqc_box_blur(data, width, height, stride, Int32(channels), $0.baseAddress, $0.count)
                : oqc_box_blur_resampled(
                    data, width, height, stride, Int32(channels), factor, $0.baseAddress, $0.count, shift.x, shift.y)
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
