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
        // rounded corner from where it leaves one edge to where it meets the next, a square one
        // a point.
        let isRounded = (
            rounded.contains(.layerMaxXMinYCorner), rounded.contains(.layerMaxXMaxYCorner),
            rounded.contains(.layerMinXMaxYCorner), rounded.contains(.layerMinXMinYCorner)
        )
        let arc = chords + 1
        let first = 0
        let second = first + (isRounded.0 ? arc : 1)
        let third = second + (isRounded.1 ? arc : 1)
        let fourth = third + (isRounded.2 ? arc : 1)
        let outline = appendPoints(fourth + (isRounded.3 ? arc : 1))
        if !isRounded.0 { outline[first] = place(maxX, minY) }
        if !isRounded.1 { outline[second] = place(maxX, maxY) }
        if !isRounded.2 { outline[third] = place(minX, maxY) }
        if !isRounded.3 { outline[fourth] = place(minX, minY) }
        let centres = (
            place(maxX - radius, minY + radius), place(maxX - radius, maxY - radius),
            place(minX + radius, maxY - radius), place(minX + radius, minY + radius)
        )
        let (unitX, unitY) = (across * radius, down * radius)
        // One turn for the four arcs: (cosine, sine) goes from 0° to 90°, and the arcs from −90°,
        // 0°, 90° and 180° are it turned by quarter turns — (sine, −cosine), (cosine, sine),
        // (−sine, cosine), (−cosine, −sine) — the same numbers, to the bit, as each arc turned on
        // its own (negation is exact, and rounding is the same either side of zero). `0 - x`
        // keeps zeros positive.
        var (cosine, sine) = (1.0, 0.0)
        for index in 0...chords {
            // Chords from ends `outward` times the radius out have middles as far in (ends on
            // the edges stay, and the last lands exactly on the next edge).
            let reach = index == 0 || index == chords ? 1 : outward
            if index == chords { (cosine, sine) = (0, 1) }
            if isRounded.0 { outline[first + index] = centres.0 + (unitX * sine + unitY * (0 - cosine)) * reach }
            if isRounded.1 { outline[second + index] = centres.1 + (unitX * cosine + unitY * sine) * reach }
            if isRounded.2 { outline[third + index] = centres.2 + (unitX * (0 - sine) + unitY * cosine) * reach }
            if isRounded.3 {
                outline[fourth + index] = centres.3 + (unitX * (0 - cosine) + unitY * (0 - sine)) * reach
            }
            (cosine, sine) = (cosine * turnCos - sine * turnSin, sine * turnCos + cosine * turnSin)
        }
        return fill(with: color, into: target)
    }
}
