import CCairo
import CPixelRows
import Foundation

/// Linear and radial gradients drawn pixel by pixel from a colour table, into a bitmap as large
/// as what shows of the gradient, which Cairo then composites through the layer's shape.
///
/// Pixman computes every pixel of a gradient in floating point, stop by stop (about 4 ns a
/// pixel for a linear gradient through a transform, 18 for a radial one); a Lottie gradient
/// fills a layer padded by 10,000 points, several deep, so that cost is most of a frame. Here
/// each pixel is its parameter t, one addition along a row (a square root more for a radial
/// gradient), and a look-up in a table of ``tableSize`` premultiplied colours: the colours
/// differ from pixman's by less than half a level of 8 bits.
///
/// Pixels are sampled at their centres and t is clamped to 0…1 (Cairo's `EXTEND_PAD`).
final class GradientRaster {
    /// Entries in the colour table: a ramp across a whole frame changes by under a quarter of
    /// a level from one entry to the next.
    /// `CPixelRows` reads tables of this size.
    static let tableSize = 1024

    /// The tables of the ramps drawn lately, by their stops: a Lottie gradient whose colours do
    /// not move is drawn from the same table frame after frame. Emptied when it holds
    /// ``keptTables``.
    private var tables: [[ColorRamp.Stop]: UnsafeMutablePointer<UInt32>] = [:]
    /// The most tables kept: 64 × 4 KiB.
    static let keptTables = 64
    /// How many tables were made: for tests.
    private(set) var tableFillCount = 0
    /// Gradient layers' ramps as Core Animation blends them, by their stops: blending takes
    /// about a hundred powers a span, and most gradients keep their colours from frame to
    /// frame. Emptied when it holds ``keptTables``.
    private var blendedRamps: [[ColorRamp.Stop]: ColorRamp] = [:]
    /// Masked pairs' ramps (``ColorRamp/masked(by:)`` of the two blended ramps), by the two
    /// gradients' own stops: merging a blended pair is as costly as blending it. Emptied when it
    /// holds ``keptTables``.
    private var maskedRamps: [MaskedPair: ColorRamp] = [:]
    private struct MaskedPair: Hashable {
        var colors: [ColorRamp.Stop]
        var alphas: [ColorRamp.Stop]
    }
    /// The pixels, kept between gradients and grown as needed.
    private var pixels: UnsafeMutableRawPointer?
    private var capacity = 0
    /// How many gradients were drawn, and how many of them straight into a path's spans: for
    /// tests.
    private(set) var fillCount = 0
    private(set) var spanFillCount = 0

    deinit {
        for table in tables.values { table.deallocate() }
        pixels?.deallocate()
    }

    /// How a pixel's gradient parameter follows from its position: through `toPattern`, a map
    /// from the device's pixels, t is the first coordinate (linear) or the distance from the
    /// origin (radial).
    enum Shape {
        case linear
        case radial
    }

    /// Fills the current path of `context` with `ramp` laid out by `userToPattern` (from the
    /// context's user space), as `cairo_fill` with the matching Cairo gradient would; false,
    /// drawing nothing, when the user space does not map onto the device (a layer seen edge
    /// on) or the map is not finite.
    func fill(_ context: OpaquePointer, ramp: ColorRamp, shape: Shape, userToPattern: cairo_matrix_t) -> Bool {
        var deviceToUser = cairo_matrix_t()
        cairo_get_matrix(context, &deviceToUser)
        guard cairo_matrix_invert(&deviceToUser) == CAIRO_STATUS_SUCCESS else { return false }
        var userToPattern = userToPattern
        var toPattern = cairo_matrix_t()
        cairo_matrix_multiply(&toPattern, &deviceToUser, &userToPattern)
        let m = toPattern
        guard m.xx.isFinite, m.yx.isFinite, m.xy.isFinite, m.yy.isFinite, m.x0.isFinite, m.y0.isFinite else {
            return false
        }

        // What shows: the path within the clip, in whole device pixels (with the identity
        // matrix, user space is the device's, groups included).
        cairo_save(context)
        cairo_identity_matrix(context)
        var (fx1, fy1, fx2, fy2) = (0.0, 0.0, 0.0, 0.0)
        var (cx1, cy1, cx2, cy2) = (0.0, 0.0, 0.0, 0.0)
        cairo_fill_extents(context, &fx1, &fy1, &fx2, &fy2)
        cairo_clip_extents(context, &cx1, &cy1, &cx2, &cy2)
        let x0 = Int(max(fx1, cx1).rounded(.down))
        let y0 = Int(max(fy1, cy1).rounded(.down))
        let width = Int(min(fx2, cx2).rounded(.up)) - x0
        let height = Int(min(fy2, cy2).rounded(.up)) - y0
        defer { cairo_restore(context) }
        guard width > 0, height > 0 else { return true }

        let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(width)))
        let base = pixelBuffer(bytes: stride * height)
        let table = self.table(of: ramp)
        draw(
            into: base, stride: stride, x0: x0, y0: y0, width: width, height: height, shape: shape, toPattern,
            table: table)
        let surface = cairo_image_surface_create_for_data(
            base.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32, Int32(width), Int32(height),
            Int32(stride))
        defer { cairo_surface_destroy(surface) }
        cairo_set_source_surface(context, surface, Double(x0), Double(y0))
        cairo_fill(context)
        fillCount += 1
        // The pattern lets go of the surface before its pixels are used again.
        cairo_set_source_rgba(context, 0, 0, 0, 0)
        return true
    }

    private func pixelBuffer(bytes: Int) -> UnsafeMutableRawPointer {
        if let pixels, capacity >= bytes { return pixels }
        pixels?.deallocate()
        let grown = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 16)
        pixels = grown
        capacity = bytes
        return grown
    }

    /// Notes a gradient drawn into spans (``LayerPainter/fillSpanClip(_:ramp:shape:userToPattern:)``).
    func countSpanFill() {
        fillCount += 1
        spanFillCount += 1
    }

    /// `ramp` blended as Core Animation blends a gradient layer's colours
    /// (``ColorRamp/blendedInGenericRGB()``): a kept one, or one made now.
    func blended(_ ramp: ColorRamp) -> ColorRamp {
        if let kept = blendedRamps[ramp.stops] { return kept }
        if blendedRamps.count >= Self.keptTables { blendedRamps.removeAll(keepingCapacity: true) }
        let blended = ramp.blendedInGenericRGB()
        blendedRamps[ramp.stops] = blended
        return blended
    }

    /// `colors` and `alphas` blended, the colours masked by the alphas (``ColorRamp/masked(by:)``):
    /// a kept ramp, or one made now.
    func blended(_ colors: ColorRamp, maskedBy alphas: ColorRamp) -> ColorRamp {
        let pair = MaskedPair(colors: colors.stops, alphas: alphas.stops)
        if let kept = maskedRamps[pair] { return kept }
        if maskedRamps.count >= Self.keptTables { maskedRamps.removeAll(keepingCapacity: true) }
        let masked = blended(colors).masked(by: blended(alphas))
        maskedRamps[pair] = masked
        return masked
    }

    /// The table of `ramp`: a kept one, or one made now.
    func table(of ramp: ColorRamp) -> UnsafeMutablePointer<UInt32> {
        if let kept = tables[ramp.stops] { return kept }
        if tables.count >= Self.keptTables {
            for table in tables.values { table.deallocate() }
            tables.removeAll(keepingCapacity: true)
        }
        let table = UnsafeMutablePointer<UInt32>.allocate(capacity: Self.tableSize)
        fill(table, with: ramp)
        tables[ramp.stops] = table
        tableFillCount += 1
        return table
    }

    /// Writes the ramp's colours at t = i / (size − 1), premultiplied, as Cairo's ARGB32.
    /// Between two stops the unpremultiplied components are interpolated; at two stops in one
    /// place, the earlier colour holds below it and the later from it on (ColorRamp).
    private func fill(_ table: UnsafeMutablePointer<UInt32>, with ramp: ColorRamp) {
        let stops = ramp.stops
        var upper = 0
        for index in 0..<Self.tableSize {
            let t = Double(index) / Double(Self.tableSize - 1)
            while upper < stops.count, stops[upper].location <= t { upper += 1 }
            let color: ColorRamp.Stop =
                if upper == 0 {
                    stops[0]
                } else if upper == stops.count {
                    stops[stops.count - 1]
                } else {
                    stops[upper - 1].mixed(
                        with: stops[upper],
                        (t - stops[upper - 1].location) / (stops[upper].location - stops[upper - 1].location))
                }
            table[index] = Self.premultiplied(color)
        }
    }

    private static func premultiplied(_ color: ColorRamp.Stop) -> UInt32 {
        func level(_ value: Double) -> UInt32 { UInt32(min(max(value, 0), 1) * 255 + 0.5) }
        let alpha = min(max(color.alpha, 0), 1)
        return level(alpha) << 24 | level(color.red * alpha) << 16 | level(color.green * alpha) << 8
            | level(color.blue * alpha)
    }

    /// Writes the gradient's pixels: a pixel's colour is the table's entry nearest its centre's
    /// t (clamped to the ends).
    private func draw(
        into base: UnsafeMutableRawPointer, stride: Int, x0: Int, y0: Int, width: Int, height: Int, shape: Shape,
        _ m: cairo_matrix_t, table: UnsafeMutablePointer<UInt32>
    ) {
        let left = Double(x0) + 0.5
        for row in 0..<height {
            let y = Double(y0 + row) + 0.5
            let line = (base + row * stride).assumingMemoryBound(to: UInt32.self)
            let u = m.xx * left + m.xy * y + m.x0
            switch shape {
            case .linear:
                if row > 0, m.xy == 0 {
                    // t does not change down the picture: every row is the first.
                    line.update(from: base.assumingMemoryBound(to: UInt32.self), count: width)
                } else {
                    Self.writeLinearRow(line, width: width, u: u, du: m.xx, table: table)
                }
            case .radial:
                Self.fillRadialRow(
                    line, width: width, u: u, v: m.yx * left + m.yy * y + m.y0, du: m.xx, dv: m.yx, table: table)
            }
        }
    }

    /// The table's entry nearest `place` (t × (size − 1)), clamped to the table; a place that
    /// is not a number takes the first entry rather than trapping.
    @inline(__always)
    private static func entry(atPlace place: Double, of table: UnsafeMutablePointer<UInt32>) -> UInt32 {
        var nearest = place + 0.5
        if !(nearest >= 0) { nearest = 0 }
        if nearest > Double(tableSize - 1) { nearest = Double(tableSize - 1) }
        return table[Int(nearest)]
    }

    /// One row of a radial gradient: t is the distance from the origin of (u, v), which move by
    /// (du, dv) a pixel. Four pixels at a time in single precision (`CPixelRows`): a place only
    /// picks one of 1,024 entries, which single precision resolves to well under one.
    private static func fillRadialRow(
        _ line: UnsafeMutablePointer<UInt32>, width: Int, u: Double, v: Double, du: Double, dv: Double,
        table: UnsafeMutablePointer<UInt32>
    ) {
        oqc_radial_row(line, width, u, v, du, dv, table)
    }

    /// One row of a linear gradient: t starts at `u` and moves by `du` a pixel.
    @inline(__always)
    static func writeLinearRow(
        _ line: UnsafeMutablePointer<UInt32>, width: Int, u: Double, du: Double, table: UnsafeMutablePointer<UInt32>
    ) {
        let scale = Double(tableSize - 1)
        if du == 0 {
            // t does not change along a row.
            line.update(repeating: entry(atPlace: u * scale, of: table), count: width)
        } else if !fillLinearRow(line, width: width, start: u * scale, step: du * scale, table: table) {
            var u = u
            for x in 0..<width {
                line[x] = entry(atPlace: u * scale, of: table)
                u += du
            }
        }
    }

    /// One row of a linear gradient whose table place starts at `start` and moves by `step` a
    /// pixel, four pixels at a time (`CPixelRows`). False, writing nothing, when the places
    /// along the row are too far out (a ramp squeezed into less than a pixel), or not numbers.
    @inline(__always)
    private static func fillLinearRow(
        _ line: UnsafeMutablePointer<UInt32>, width: Int, start: Double, step: Double,
        table: UnsafeMutablePointer<UInt32>
    ) -> Bool {
        let end = start + step * Double(width)
        let limit = 1e9
        guard abs(start) < limit, abs(end) < limit, abs(step) < limit else { return false }
        oqc_linear_row(line, width, start + 0.5, step, table)
        return true
    }
}
