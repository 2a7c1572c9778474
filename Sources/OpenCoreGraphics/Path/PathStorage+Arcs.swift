import Foundation

extension PathStorage {
    /// Appends a circular arc from `startAngle` to `endAngle`, in Core Graphics' mathematical
    /// sense: `clockwise == false` sweeps towards increasing angles, `true` towards decreasing
    /// ones. (On a flipped, y-down surface such as UIKit's the visual direction is the
    /// opposite, which is why `UIBezierPath`'s `clockwise` looks reversed.)
    ///
    /// When the end angle lies "behind" the start in the requested direction, it is moved by
    /// whole turns until it lies ahead, so the sweep is in `[0, 2π)`; a sweep of more than a
    /// turn is clamped to a full circle. Hence `0 → 2π` counter-clockwise is a full circle
    /// while `0 → 2π` clockwise draws nothing but its start point, matching Apple.
    mutating func addArc(
        center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool,
        transform t: CGAffineTransform
    ) {
        let turn = 2 * CGFloat.pi
        var sweep = endAngle - startAngle
        if clockwise {
            if sweep > 0 { sweep -= turn * (sweep / turn).rounded(.up) }
            sweep = max(sweep, -turn)
        } else {
            if sweep < 0 { sweep += turn * (-sweep / turn).rounded(.up) }
            sweep = min(sweep, turn)
        }
        addRelativeArc(center: center, radius: radius, startAngle: startAngle, delta: sweep, transform: t)
    }

    /// Appends an arc of `delta` radians from `startAngle` (positive: increasing angle).
    ///
    /// The path first gets a line from the current point to the arc's start, or a move there
    /// when the path is empty; the line is left out when it would have zero length. The arc
    /// is split into equal cubic segments of at most a quarter turn each, whose control
    /// points lie 4/3·tan(θ/4)·r along the tangents.
    mutating func addRelativeArc(
        center: CGPoint, radius: CGFloat, startAngle: CGFloat, delta: CGFloat, transform t: CGAffineTransform
    ) {
        func pointAt(_ angle: CGFloat) -> CGPoint {
            CGPoint(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle))
        }
        let start = pointAt(startAngle).applying(t)
        if currentPoint == nil {
            append(.move(to: start))
        } else if currentPoint != start {
            append(.line(to: start))
        }
        guard delta != 0, delta.isFinite else { return }

        // The small allowance keeps a full turn, which rounds to a hair over 4 quarters,
        // at 4 segments.
        let quarters = (abs(delta) / (CGFloat.pi / 2) - 1e-9).rounded(.up)
        let count = max(1, Int(quarters))
        let step = delta / CGFloat(count)
        let handle = 4.0 / 3.0 * tan(step / 4) * radius
        var angle = startAngle
        for index in 0..<count {
            // The last segment ends exactly at startAngle + delta, free of accumulated error.
            let next = index == count - 1 ? startAngle + delta : angle + step
            let from = pointAt(angle)
            let to = pointAt(next)
            let control1 = CGPoint(x: from.x - handle * sin(angle), y: from.y + handle * cos(angle))
            let control2 = CGPoint(x: to.x + handle * sin(next), y: to.y - handle * cos(next))
            append(.curve(to: to, control1: control1, control2: control2), transform: t)
            angle = next
        }
    }

    /// Appends an arc of the given radius tangent to the line from the current point to
    /// `tangent1End` and to the line from `tangent1End` to `tangent2End`, preceded by a line
    /// from the current point to the arc's first tangent point (as `CGPathAddArcToPoint`).
    ///
    /// Degenerate cases (no radius, coincident or collinear points) add a line to
    /// `tangent1End`, the HTML canvas `arcTo` rule, which Apple follows in practice. With no
    /// current point nothing is added, as with Apple's "no current point" message.
    mutating func addArc(
        tangent1End p1: CGPoint, tangent2End p2: CGPoint, radius: CGFloat, transform t: CGAffineTransform
    ) {
        guard let current = currentPoint else { return }
        // The geometry is worked out in user space, where the tangent points were given;
        // the current point is stored transformed.
        let p0 = t.isIdentity ? current : current.applying(t.inverted())
        let v1 = CGVector(dx: p0.x - p1.x, dy: p0.y - p1.y)
        let v2 = CGVector(dx: p2.x - p1.x, dy: p2.y - p1.y)
        let length1 = hypot(v1.dx, v1.dy)
        let length2 = hypot(v2.dx, v2.dy)
        let cross = v1.dx * v2.dy - v1.dy * v2.dx
        guard radius != 0, length1 > 0, length2 > 0, abs(cross) > 1e-12 * length1 * length2 else {
            append(.line(to: p1), transform: t)
            return
        }
        let u1 = CGVector(dx: v1.dx / length1, dy: v1.dy / length1)
        let u2 = CGVector(dx: v2.dx / length2, dy: v2.dy / length2)
        // θ is the corner angle at p1 between the two tangent lines.
        let theta = acos(max(-1, min(1, u1.dx * u2.dx + u1.dy * u2.dy)))
        let tangentDistance = abs(radius) / tan(theta / 2)
        let centerDistance = abs(radius) / sin(theta / 2)
        let bisector = CGVector(dx: u1.dx + u2.dx, dy: u1.dy + u2.dy)
        let bisectorLength = hypot(bisector.dx, bisector.dy)
        let center = CGPoint(
            x: p1.x + bisector.dx / bisectorLength * centerDistance,
            y: p1.y + bisector.dy / bisectorLength * centerDistance)
        let tangent1 = CGPoint(x: p1.x + u1.dx * tangentDistance, y: p1.y + u1.dy * tangentDistance)
        let tangent2 = CGPoint(x: p1.x + u2.dx * tangentDistance, y: p1.y + u2.dy * tangentDistance)
        let startAngle = atan2(tangent1.y - center.y, tangent1.x - center.x)
        let endAngle = atan2(tangent2.y - center.y, tangent2.x - center.x)
        // The arc always takes the short way round (its sweep is π − θ < π).
        var sweep = endAngle - startAngle
        if sweep > .pi { sweep -= 2 * .pi }
        if sweep < -.pi { sweep += 2 * .pi }
        addRelativeArc(center: center, radius: abs(radius), startAngle: startAngle, delta: sweep, transform: t)
    }
}
