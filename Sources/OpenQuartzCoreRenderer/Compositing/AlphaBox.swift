import CCairo
import Foundation
import OpenQuartzCore

/// A rectangle of whole device pixels holding a silhouette and the blur around it.
struct AlphaBox {
    let x: Int
    let y: Int
    let width: Int
    let height: Int

    /// The box around `points`, grown by the blur and the offset and kept to `clip` grown by
    /// the same amount (what lies further out cannot reach the clip); nil when empty or too
    /// large to blur.
    init?(
        containing points: [(Double, Double)], padding: (x: Double, y: Double, sigma: Double, dx: Double, dy: Double),
        within clip: (Double, Double, Double, Double)
    ) {
        guard let first = points.first else { return nil }
        var (minX, minY, maxX, maxY) = (first.0, first.1, first.0, first.1)
        for (px, py) in points {
            (minX, minY, maxX, maxY) = (min(minX, px), min(minY, py), max(maxX, px), max(maxY, py))
        }
        let reach = (3 * padding.sigma).rounded(.up) + 1
        minX = max(minX - reach, clip.0 - padding.x)
        minY = max(minY - reach, clip.1 - padding.y)
        maxX = min(maxX + reach, clip.2 + padding.x)
        maxY = min(maxY + reach, clip.3 + padding.y)
        guard minX.isFinite, minY.isFinite, maxX > minX, maxY > minY else { return nil }
        x = Int(minX.rounded(.down))
        y = Int(minY.rounded(.down))
        width = Int(maxX.rounded(.up)) - x
        height = Int(maxY.rounded(.up)) - y
        guard width > 0, height > 0, width <= 8192, height <= 8192 else { return nil }
    }

    func makeSurface() -> OpaquePointer {
        cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(width), Int32(height))!
    }

    /// The pixels of an ARGB32 image surface whose alpha is not 0, or nil if none.
    static func occupied(in surface: OpaquePointer) -> (minX: Int, minY: Int, maxX: Int, maxY: Int)? {
        guard let data = cairo_image_surface_get_data(surface) else { return nil }
        let width = Int(cairo_image_surface_get_width(surface))
        let height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        var (minX, minY, maxX, maxY) = (Int.max, Int.max, -1, -1)
        for row in 0..<height {
            let pixels = UnsafeRawPointer(data + row * stride).assumingMemoryBound(to: UInt32.self)
            // In from the left to the first pixel with alpha, then in from the right to the
            // last: a row of content is read only where it is transparent.
            var first = 0
            while first < width, pixels[first] >> 24 == 0 { first += 1 }
            guard first < width else { continue }
            var last = width - 1
            while pixels[last] >> 24 == 0 { last -= 1 }
            (minX, maxX) = (min(minX, first), max(maxX, last + 1))
            (minY, maxY) = (min(minY, row), row + 1)
        }
        return maxX < 0 ? nil : (minX, minY, maxX, maxY)
    }
}
