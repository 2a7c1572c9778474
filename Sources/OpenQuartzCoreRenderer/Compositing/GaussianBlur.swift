import CCairo
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

    /// Blurs each of the `channels` bytes of every pixel of an image surface on its own.
    private static func blur(_ surface: OpaquePointer, sigma: Double, channels: Int) {
        cairo_surface_flush(surface)
        defer { cairo_surface_mark_dirty(surface) }
        guard let data = cairo_image_surface_get_data(surface) else { return }
        let width = Int(cairo_image_surface_get_width(surface))
        let height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        var line = [UInt8](repeating: 0, count: max(width, height))
        for radius in boxRadii(sigma: sigma) {
            for channel in 0..<channels {
                for row in 0..<height {
                    boxBlur(
                        data + row * stride + channel, count: width, step: channels, radius: radius, scratch: &line)
                }
                for x in 0..<width {
                    boxBlur(data + x * channels + channel, count: height, step: stride, radius: radius, scratch: &line)
                }
            }
        }
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

    /// Replaces `count` values `step` bytes apart by the mean of the `2 × radius + 1` values
    /// around each, counting zeros beyond the ends.
    private static func boxBlur(
        _ start: UnsafeMutablePointer<UInt8>, count: Int, step: Int, radius: Int, scratch: inout [UInt8]
    ) {
        guard radius > 0 else { return }
        for index in 0..<count { scratch[index] = start[index * step] }
        let size = 2 * radius + 1
        var sum = 0
        for index in 0..<min(radius, count) { sum += Int(scratch[index]) }
        for index in 0..<count {
            let entering = index + radius
            if entering < count { sum += Int(scratch[entering]) }
            let leaving = index - radius - 1
            if leaving >= 0 { sum -= Int(scratch[leaving]) }
            start[index * step] = UInt8((sum + size / 2) / size)
        }
    }
}
