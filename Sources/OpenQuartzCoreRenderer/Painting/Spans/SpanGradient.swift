import CCairo
import CPixelRows
import Foundation

/// A linear or radial gradient as rows of premultiplied pixels for ``SpanRasterizer``: each
/// pixel the entry of a ``GradientRaster`` colour table nearest its centre's parameter t,
/// clamped to the ends, as ``GradientRaster`` draws it.
struct SpanGradient {
    let table: UnsafeMutablePointer<UInt32>
    let shape: GradientRaster.Shape
    /// From the target's pixels to pattern space: t is the first coordinate (linear) or the
    /// distance from the origin (radial).
    let toPattern: cairo_matrix_t

    /// Writes the `count` pixels of row `y` from column `x` on into `line`.
    func write(_ line: UnsafeMutablePointer<UInt32>, x: Int, y: Int, count: Int) {
        let m = toPattern
        let left = Double(x) + 0.5
        let centre = Double(y) + 0.5
        let u = m.xx * left + m.xy * centre + m.x0
        switch shape {
        case .linear:
            GradientRaster.writeLinearRow(line, width: count, u: u, du: m.xx, table: table)
        case .radial:
            oqc_radial_row(line, count, u, m.yx * left + m.yy * centre + m.y0, m.xx, m.yx, table)
        }
    }
}
