import CCairo
import Foundation
import OpenQuartzCore

/// The outline of a layer's background, border, clip and gradient: its bounds with the corners
/// `maskedCorners` names rounded by `cornerRadius` along `cornerCurve`.
///
/// A `.circular` corner is a quarter circle of the radius. A `.continuous` corner is Apple's
/// smoother curve, whose curvature grows from zero at the straight edges: it leaves each edge
/// `cornerCurveExpansionFactor(.continuous)` (1.528665) radii from the corner and is made of
/// three cubic Béziers joined by two short lines. Its control points are those of the widely
/// used reconstruction of UIKit's continuous rounded rectangle, measured by PaintCode ("The Code
/// for iOS 7 Rounded Rectangles", 2014) and since repeated by most open-source squircle
/// implementations; UIKit's own `_addContinuousCornerToPath` scales the corner box by the same
/// 1.528665.
///
/// When there is no room for that — the corner would reach past the middle of the shorter
/// side — the corner blends towards a circular one, which needs only one radius: point by
/// point between Apple's curve and a quarter circle cut at the same places, so that the
/// corner fits exactly, and a radius of half the shorter side makes a capsule with circular
/// ends, as Core Animation draws one.
struct RoundedCorners {
    /// The rectangle outlined.
    let rect: CGRect
    /// The corner radius, at most half the shorter side.
    let radius: CGFloat
    /// The corners rounded; the others are square.
    let corners: CACornerMask
    /// 1 for Apple's continuous corner, 0 for a circular one, and the blend between them for a
    /// continuous corner with too little room.
    let smoothing: CGFloat

    /// The outline of `rect` with `corners` rounded by `radius` (clamped to 0…half the shorter
    /// side; a radius that is not a number rounds nothing) along `curve`.
    init(rect: CGRect, radius: CGFloat, corners: CACornerMask, curve: CALayerCornerCurve) {
        let rect = rect.standardized
        let room = min(rect.width, rect.height) / 2
        let radius = radius.isFinite ? min(max(radius, 0), max(room, 0)) : 0
        var smoothing: CGFloat = 0
        if curve == .continuous, radius > 0 {
            // How far the corner may reach along each edge, in radii: the whole expansion when
            // it fits, less as it would overlap the corner across the shorter side.
            smoothing = min(max((room / radius - 1) / (continuousCornerExpansion - 1), 0), 1)
        }
        self.init(rect: rect, radius: radius, corners: corners, smoothing: smoothing)
    }

    private init(rect: CGRect, radius: CGFloat, corners: CACornerMask, smoothing: CGFloat) {
        self.rect = rect
        self.radius = radius
        self.corners = radius > 0 ? corners : []
        self.smoothing = smoothing
    }

    /// The outline moved `distance` inwards: the rectangle inset by it, the radius less by it,
    /// the same blend. For circular corners that is the exact inner edge of a band `distance`
    /// wide; for continuous ones the same curve at the smaller radius, within a small fraction
    /// of a point of it (as concentric corners are drawn on iOS). What a border strokes.
    func inset(by distance: CGFloat) -> RoundedCorners {
        guard distance.isFinite, distance != 0 else { return self }
        return RoundedCorners(
            rect: rect.insetBy(dx: distance, dy: distance), radius: max(radius - distance, 0), corners: corners,
            smoothing: smoothing)
    }

    /// How far from its corner a rounded corner leaves each edge.
    var cornerExtent: CGFloat {
        radius * (1 + (continuousCornerExpansion - 1) * smoothing)
    }

    /// The outline as a path: one closed subpath clockwise on the screen (y down), starting on
    /// the top edge where the top-left corner ends.
    var path: CGPath {
        let path = CGMutablePath()
        guard rect.width > 0, rect.height > 0 else {
            if !rect.isNull, rect.width >= 0, rect.height >= 0 { path.addRect(rect) }
            return path
        }
        let extent = cornerExtent
        // The corners in the order the outline meets them, each with the direction it arrives
        // in and the direction it leaves in.
        let (right, down) = (CGVector(dx: 1, dy: 0), CGVector(dx: 0, dy: 1))
        let (left, up) = (CGVector(dx: -1, dy: 0), CGVector(dx: 0, dy: -1))
        let sequence: [(corner: CACornerMask, at: CGPoint, arriving: CGVector, leaving: CGVector)] = [
            (.layerMaxXMinYCorner, CGPoint(x: rect.maxX, y: rect.minY), right, down),
            (.layerMaxXMaxYCorner, CGPoint(x: rect.maxX, y: rect.maxY), down, left),
            (.layerMinXMaxYCorner, CGPoint(x: rect.minX, y: rect.maxY), left, up),
            (.layerMinXMinYCorner, CGPoint(x: rect.minX, y: rect.minY), up, right),
        ]
        let start = corners.contains(.layerMinXMinYCorner) ? rect.minX + extent : rect.minX
        path.move(to: CGPoint(x: start, y: rect.minY))
        for (corner, point, arriving, leaving) in sequence {
            guard corners.contains(corner) else {
                path.addLine(to: point)
                continue
            }
            // A point `a` radii back along the arriving edge and `b` radii on along the leaving one.
            func place(_ local: CornerPoint) -> CGPoint {
                CGPoint(
                    x: point.x + radius * (-arriving.dx * local.a + leaving.dx * local.b),
                    y: point.y + radius * (-arriving.dy * local.a + leaving.dy * local.b))
            }
            addCorner(to: path, placing: place)
        }
        path.closeSubpath()
        return path
    }

    /// Adds one corner, from where it leaves the arriving edge (a line to there first) to where
    /// it meets the leaving one.
    private func addCorner(to path: CGMutablePath, placing place: (CornerPoint) -> CGPoint) {
        guard smoothing > 0 else {
            let quarter = CornerPoint.quarterCircle
            path.addLine(to: place(quarter[0]))
            path.addCurve(to: place(quarter[3]), control1: place(quarter[1]), control2: place(quarter[2]))
            return
        }
        let points = zip(CornerPoint.cutCircle, CornerPoint.continuous).map { circular, continuous in
            circular.mixed(with: continuous, smoothing)
        }
        path.addLine(to: place(points[0]))
        path.addCurve(to: place(points[3]), control1: place(points[1]), control2: place(points[2]))
        path.addLine(to: place(points[4]))
        path.addCurve(to: place(points[7]), control1: place(points[5]), control2: place(points[6]))
        path.addLine(to: place(points[8]))
        path.addCurve(to: place(points[11]), control1: place(points[9]), control2: place(points[10]))
    }

    /// Adds the outline to the current path of `context`.
    func add(to context: OpaquePointer) {
        CairoDrawing.appendPath(path, in: context)
    }
}

/// A point of a corner in radii: `a` back from the corner along the edge the outline arrives
/// on, `b` on from it along the edge it leaves on. Every corner is the same in these terms.
private struct CornerPoint {
    let a: CGFloat
    let b: CGFloat

    init(_ a: CGFloat, _ b: CGFloat) {
        self.a = a
        self.b = b
    }

    func mixed(with other: CornerPoint, _ fraction: CGFloat) -> CornerPoint {
        CornerPoint(a + (other.a - a) * fraction, b + (other.b - b) * fraction)
    }

    /// A quarter circle as one cubic: start, two controls, end.
    static let quarterCircle: [CornerPoint] = {
        let k: CGFloat = 4 / 3 * (2.0.squareRoot() - 1)  // 0.5523, the usual quarter-circle handle
        return [CornerPoint(1, 0), CornerPoint(1 - k, 0), CornerPoint(0, 1 - k), CornerPoint(0, 1)]
    }()

    /// Apple's continuous corner (PaintCode's reconstruction, see ``RoundedCorners``): the start
    /// on the arriving edge, a cubic (two controls and its end), the end of a short line, the
    /// middle cubic, the end of another short line, the last cubic. Symmetric about a = b.
    static let continuous: [CornerPoint] = [
        CornerPoint(1.52866483, 0),
        CornerPoint(1.08849323, 0), CornerPoint(0.86840689, 0), CornerPoint(0.66993427, 0.06549600),
        CornerPoint(0.63149399, 0.07491100),
        CornerPoint(0.37282392, 0.16905899), CornerPoint(0.16905899, 0.37282392), CornerPoint(0.07491100, 0.63149399),
        CornerPoint(0.06549600, 0.66993427),
        CornerPoint(0, 0.86840689), CornerPoint(0, 1.08849323), CornerPoint(0, 1.52866483),
    ]

    /// A quarter circle laid out as ``continuous`` is, so the two can be mixed point by point:
    /// cubic arcs over 0°–20°, 20°–70° and 70°–90° of the turn (where Apple's curve has turned
    /// about as far at its joins), and lines of no length between them.
    static let cutCircle: [CornerPoint] = {
        // The point `angle` into the turn and the unit tangent there.
        func point(_ angle: CGFloat) -> CornerPoint { CornerPoint(1 - sin(angle), 1 - cos(angle)) }
        func arc(from start: CGFloat, to end: CGFloat) -> [CornerPoint] {
            let handle = 4 / 3 * tan((end - start) / 4)
            let (from, to) = (point(start), point(end))
            return [
                CornerPoint(from.a - handle * cos(start), from.b + handle * sin(start)),
                CornerPoint(to.a + handle * cos(end), to.b - handle * sin(end)),
                to,
            ]
        }
        let (first, second) = (CGFloat.pi / 9, CGFloat.pi * 7 / 18)
        return [point(0)] + arc(from: 0, to: first) + [point(first)] + arc(from: first, to: second)
            + [point(second)] + arc(from: second, to: .pi / 2)
    }()
}
