import Foundation
import OpenCoreGraphics

/// The fixed-size kinds a spline can carry, as vectors of `dimension` numbers.
///
/// Geometry and colours are splined component by component (a rect as x, y, width, height;
/// a colour as red, green, blue, alpha in sRGB, the space every colour here lives in).
enum VectorLayout: Equatable {
    case number, point, size, rect, color, affineTransform

    init?(_ kind: ValueKind) {
        switch kind {
        case .number: self = .number
        case .point: self = .point
        case .size: self = .size
        case .rect: self = .rect
        case .color: self = .color
        case .affineTransform: self = .affineTransform
        default: return nil
        }
    }

    var dimension: Int {
        switch self {
        case .number: 1
        case .point, .size: 2
        case .rect, .color: 4
        case .affineTransform: 6
        }
    }

    /// The components of `value`, or nil when it is not of this layout's kind. Build time only.
    func components(of value: AnimatableValue) -> [Double]? {
        switch (self, value) {
        case (.number, .number(let n)): [n]
        case (.point, .point(let p)): [Double(p.x), Double(p.y)]
        case (.size, .size(let s)): [Double(s.width), Double(s.height)]
        case (.rect, .rect(let r)):
            [Double(r.origin.x), Double(r.origin.y), Double(r.size.width), Double(r.size.height)]
        case (.color, .color(let c)):
            // A nil colour is transparent black, as `AnimatableValue.interpolate` treats it.
            [(c ?? .clear).red, (c ?? .clear).green, (c ?? .clear).blue, (c ?? .clear).alpha]
        case (.affineTransform, .affineTransform(let t)):
            [Double(t.a), Double(t.b), Double(t.c), Double(t.d), Double(t.tx), Double(t.ty)]
        default: nil
        }
    }

    /// The value whose components `component(j)` gives; no allocation.
    @inline(__always)
    func value(_ component: (Int) -> Double) -> AnimatableValue {
        switch self {
        case .number: .number(component(0))
        case .point: .point(CGPoint(x: component(0), y: component(1)))
        case .size: .size(CGSize(width: component(0), height: component(1)))
        case .rect: .rect(CGRect(x: component(0), y: component(1), width: component(2), height: component(3)))
        case .color:
            .color(ColorComponents(red: component(0), green: component(1), blue: component(2), alpha: component(3)))
        case .affineTransform:
            .affineTransform(
                CGAffineTransform(
                    a: component(0), b: component(1), c: component(2), d: component(3),
                    tx: component(4), ty: component(5)))
        }
    }
}

/// A chain of cubic Bézier segments in `dimension`-dimensional space: the shape of a cubic
/// keyframe animation and of a path.
///
/// Control points are stored flat, segment after segment, so a frame reads four numbers per
/// component: coordinate j of control point k of segment s is
/// `controls[(s * 4 + k) * dimension + j]`. Lines are stored as cubics with their controls at
/// the thirds and quadratic curves by degree elevation, both of which keep their parameter.
struct KeyframeSpline {
    let layout: VectorLayout
    let controls: [Double]
    let segmentCount: Int
    /// The direction at the start and end of each segment where its derivative vanishes
    /// there (paths with points only).
    let startAngles: [Double]
    let endAngles: [Double]

    init(layout: VectorLayout, controls: [Double]) {
        self.layout = layout
        self.controls = controls
        segmentCount = controls.count / (4 * layout.dimension)
        if layout == .point {
            (startAngles, endAngles) = Self.limitAngles(controls, segmentCount: segmentCount)
        } else {
            (startAngles, endAngles) = ([], [])
        }
    }

    var dimension: Int { layout.dimension }

    /// Coordinate `j` of segment `s` at parameter `u`.
    @inline(__always)
    func coordinate(_ j: Int, segment s: Int, at u: Double) -> Double {
        let d = dimension
        let base = s * 4 * d + j
        let v = 1 - u
        return v * v * v * controls[base] + 3 * v * v * u * controls[base + d]
            + 3 * v * u * u * controls[base + 2 * d] + u * u * u * controls[base + 3 * d]
    }

    /// d/du of coordinate `j` of segment `s` at `u`.
    @inline(__always)
    func derivative(_ j: Int, segment s: Int, at u: Double) -> Double {
        let d = dimension
        let base = s * 4 * d + j
        let v = 1 - u
        let first = controls[base + d] - controls[base]
        let second = controls[base + 2 * d] - controls[base + d]
        let third = controls[base + 3 * d] - controls[base + 2 * d]
        return 3 * (v * v * first + 2 * v * u * second + u * u * third)
    }

    /// |dB/du|: how fast segment `s` moves at `u`.
    @inline(__always)
    func speed(segment s: Int, at u: Double) -> Double {
        var sum = 0.0
        for j in 0..<dimension {
            let component = derivative(j, segment: s, at: u)
            sum += component * component
        }
        return sum.squareRoot()
    }

    /// The value of segment `s` at `u`.
    @inline(__always)
    func value(segment s: Int, at u: Double) -> AnimatableValue {
        layout.value { coordinate($0, segment: s, at: u) }
    }

    /// The direction of a point spline at `u` in segment `s`; 0 for other layouts.
    @inline(__always)
    func tangentAngle(segment s: Int, at u: Double) -> Double {
        guard layout == .point else { return 0 }
        let dx = derivative(0, segment: s, at: u)
        let dy = derivative(1, segment: s, at: u)
        if dx * dx + dy * dy > 1e-18 { return atan2(dy, dx) }
        return u < 0.5 ? startAngles[s] : endAngles[s]
    }

    /// The directions at which each 2-D segment leaves its start and reaches its end when the
    /// derivative is zero there: towards the first control point that differs from the end
    /// point (the limit of the derivative's direction), or the neighbouring segment's direction
    /// for a segment that is a single point.
    private static func limitAngles(_ c: [Double], segmentCount: Int) -> ([Double], [Double]) {
        func point(_ s: Int, _ k: Int) -> (Double, Double) { (c[(s * 4 + k) * 2], c[(s * 4 + k) * 2 + 1]) }
        func angle(_ a: (Double, Double), _ b: (Double, Double)) -> Double? {
            a == b ? nil : atan2(b.1 - a.1, b.0 - a.0)
        }
        var starts = [Double?](repeating: nil, count: segmentCount)
        var ends = [Double?](repeating: nil, count: segmentCount)
        for s in 0..<segmentCount {
            let (p0, c1, c2, p3) = (point(s, 0), point(s, 1), point(s, 2), point(s, 3))
            starts[s] = angle(p0, c1) ?? angle(p0, c2) ?? angle(p0, p3)
            ends[s] = angle(c2, p3) ?? angle(c1, p3) ?? angle(p0, p3)
        }
        // Single-point segments take the direction of travel into them, else out of them.
        var previous: Double?
        for s in 0..<segmentCount {
            if starts[s] == nil { (starts[s], ends[s]) = (previous, previous) }
            previous = ends[s] ?? previous
        }
        var next: Double?
        for s in (0..<segmentCount).reversed() {
            if starts[s] == nil { (starts[s], ends[s]) = (next, next) }
            next = starts[s] ?? next
        }
        return (starts.map { $0 ?? 0 }, ends.map { $0 ?? 0 })
    }
}
