import Foundation
import OpenQuartzCore

extension SpanRasterizer {
    /// How far, in pixels, a corner's chords may stray from its arc. Cairo's default tolerance
    /// is 0.1, but chords 0.1 inside the arc take a tenth of a pixel's coverage along it (15 of
    /// 255 levels where the arc crosses a pixel's middle); Cairo halves its Béziers until they
    /// are flat, which lands well inside its tolerance. Here the chords' ends sit just outside
    /// the circle and their middles just inside, so that they stray either way by at most this.
    static let flatteningTolerance = 0.02

    /// For a quarter turn in n chords (1 to 1,024, by index): the cosine and sine of one chord's
    /// turn, and how far out (times the radius) the chords' ends sit so that their middles sit
    /// as far in. Made once: each corner would otherwise cost four cosines and a sine.
    static let chordTurns: [(cos: Double, sin: Double, outward: Double)] = (0...1024).map { chords in
        let turn = Double.pi / 2 / Double(max(chords, 1))
        return (cos(turn), sin(turn), 2 / (1 + cos(turn / 2)))
    }

    /// Fills `rect` (in the layer's coordinates) with the `corners` rounded by circular arcs of
    /// `radius`, mapped to target pixels by `transform`; false when no pixel can have changed.
    ///
    /// Each arc is flattened in the layer's space into as many chords as keep it within
    /// ``flatteningTolerance`` of the circle on the target, then the outline is transformed:
    /// the chords' turn comes from ``chordTurns``, each point is a multiply-add.
    @discardableResult
    func fillRoundedRect(
        _ rect: CGRect, radius: CGFloat, corners: CACornerMask, transform: CGAffineTransform, color: SpanColor,
        into target: SpanTarget
    ) -> Bool {
        guard !color.isClear, rect.width > 0, rect.height > 0 else { return false }
        let radius = min(max(Double(radius.isFinite ? radius : 0), 0), Double(min(rect.width, rect.height)) / 2)
        let (a, b, c, d) = (Double(transform.a), Double(transform.b), Double(transform.c), Double(transform.d))
        let origin = SIMD2(Double(transform.tx), Double(transform.ty))
        let across = SIMD2(a, b)
        let down = SIMD2(c, d)
        func place(_ x: Double, _ y: Double) -> SIMD2<Double> { origin + across * x + down * y }
        let (minX, minY) = (Double(rect.minX), Double(rect.minY))
        let (maxX, maxY) = (Double(rect.maxX), Double(rect.maxY))
        beginPolygon()
        let rounded = radius > 0 ? corners : []
        guard !rounded.isEmpty else {
            add(place(minX, minY))
            add(place(maxX, minY))
            add(place(maxX, maxY))
            add(place(minX, maxY))
            return fill(with: color, into: target)
        }
        // The largest stretch the transform gives a length: the radius on the target.
        let stretch = max((a * a + b * b).squareRoot(), (c * c + d * d).squareRoot())
        let onTarget = radius * stretch
        let tolerance = Self.flatteningTolerance
        let step = onTarget > 2 * tolerance ? 2 * acos(1 - 2 * tolerance / onTarget) : Double.pi / 2
        let chords = min(max(Int((Double.pi / 2 / step).rounded(.up)), 1), 1024)
        let (turnCos, turnSin, outward) = Self.chordTurns[chords]
        // Clockwise on the screen (y down): top right, bottom right, bottom left, top left, each
        // corner from where it leaves one edge to where it meets the next.
        for corner in 0..<4 {
            let mask: CACornerMask =
                switch corner {
                case 0: .layerMaxXMinYCorner
                case 1: .layerMaxXMaxYCorner
                case 2: .layerMinXMaxYCorner
                default: .layerMinXMinYCorner
                }
            let cornerX = corner == 0 || corner == 1 ? maxX : minX
            let cornerY = corner == 1 || corner == 2 ? maxY : minY
            guard rounded.contains(mask) else {
                add(place(cornerX, cornerY))
                continue
            }
            let centreX = corner == 0 || corner == 1 ? maxX - radius : minX + radius
            let centreY = corner == 1 || corner == 2 ? maxY - radius : minY + radius
            let centre = place(centreX, centreY)
            // The arc from angle (corner − 1) × 90° to corner × 90°, y down.
            var (cosine, sine): (Double, Double) =
                switch corner {
                case 0: (0, -1)
                case 1: (1, 0)
                case 2: (0, 1)
                default: (-1, 0)
                }
            let (unitX, unitY) = (across * radius, down * radius)
            // Chords from ends `outward` times the radius out have middles as far in (ends on
            // the edges stay).
            for index in 0...chords {
                let reach = index == 0 || index == chords ? 1 : outward
                if index == chords {
                    // Land exactly on the next edge.
                    (cosine, sine) = (
                        (corner == 1 || corner == 3 ? 0 : (corner == 0 ? 1 : -1)),
                        (corner == 0 || corner == 2 ? 0 : (corner == 1 ? 1 : -1))
                    )
                }
                add(centre + (unitX * cosine + unitY * sine) * reach)
                (cosine, sine) = (cosine * turnCos - sine * turnSin, sine * turnCos + cosine * turnSin)
            }
        }
        return fill(with: color, into: target)
    }
}
