import Foundation

/// Where on the emission shape a particle is born, relative to `emitterPosition` and
/// `emitterZPosition`, following the shapes `CAEmitterLayer`'s documentation describes
/// ("Emitter Shape") and its modes ("Emitter Modes").
///
/// Where Apple is silent: `points` uses the shape's corners (a line's two ends, a rectangle's
/// four, a cuboid's eight) and a circle's or sphere's centre; a circle's `surface` and
/// `volume` are its disc; a sphere's `outline` is its equator. Points are spread evenly over
/// lengths, areas and volumes.
enum EmitterShapeSampler {
    static func offset(
        shape: CAEmitterLayerEmitterShape, mode: CAEmitterLayerEmitterMode, size: CGSize, depth: CGFloat,
        random: EmitterRandom
    ) -> SIMD3<Double> {
        let u = random.uniform(.shapeA)
        let v = random.uniform(.shapeB)
        let s = random.uniform(.shapeC)
        let width = finite(size.width)
        let height = finite(size.height)
        let deep = finite(depth)
        switch shape {
        case .line:
            if mode == .points { return SIMD3(u < 0.5 ? -width / 2 : width / 2, 0, 0) }
            return SIMD3((u - 0.5) * width, 0, 0)
        case .rectangle:
            switch mode {
            case .points: return corner(Int(u * 4), of: SIMD3(width, height, 0))
            case .outline: return rectangleOutline(u, width: width, height: height)
            default: return SIMD3((u - 0.5) * width, (v - 0.5) * height, 0)
            }
        case .cuboid:
            let box = SIMD3(width, height, deep)
            switch mode {
            case .points: return corner(Int(u * 8), of: box)
            case .outline: return cuboidEdge(u, v, box)
            case .surface: return cuboidFace(u, v, s, box)
            default: return SIMD3((u - 0.5) * width, (v - 0.5) * height, (s - 0.5) * deep)
            }
        case .circle:
            let angle = 2 * Double.pi * u
            switch mode {
            case .points: return .zero
            case .outline: return SIMD3(width * cos(angle), width * sin(angle), 0)
            default:
                let radius = width * v.squareRoot()
                return SIMD3(radius * cos(angle), radius * sin(angle), 0)
            }
        case .sphere:
            let angle = 2 * Double.pi * u
            switch mode {
            case .points: return .zero
            case .outline: return SIMD3(width * cos(angle), width * sin(angle), 0)
            default:
                let z = 2 * v - 1
                let ring = (1 - z * z).squareRoot()
                let radius = mode == .surface ? width : width * cbrt(s)
                return SIMD3(radius * ring * cos(angle), radius * ring * sin(angle), radius * z)
            }
        default:
            return .zero
        }
    }

    private static func finite(_ value: CGFloat) -> Double {
        value.isFinite ? Double(value) : 0
    }

    /// Corner `index` (0…7, bits x, y, z) of a box centred on the origin.
    private static func corner(_ index: Int, of box: SIMD3<Double>) -> SIMD3<Double> {
        let bits = min(max(index, 0), 7)
        return SIMD3(
            (bits & 1 == 0 ? -0.5 : 0.5) * box.x, (bits & 2 == 0 ? -0.5 : 0.5) * box.y,
            (bits & 4 == 0 ? -0.5 : 0.5) * box.z)
    }

    /// The point a fraction `u` of the way round a rectangle's edge, clockwise from its
    /// top-left corner.
    private static func rectangleOutline(_ u: Double, width: Double, height: Double) -> SIMD3<Double> {
        let perimeter = 2 * (abs(width) + abs(height))
        guard perimeter > 0 else { return .zero }
        var along = u * perimeter
        let (halfW, halfH) = (width / 2, height / 2)
        if along < abs(width) { return SIMD3(-halfW + along * sign(width), -halfH, 0) }
        along -= abs(width)
        if along < abs(height) { return SIMD3(halfW, -halfH + along * sign(height), 0) }
        along -= abs(height)
        if along < abs(width) { return SIMD3(halfW - along * sign(width), halfH, 0) }
        along -= abs(width)
        return SIMD3(-halfW, halfH - along * sign(height), 0)
    }

    private static func sign(_ value: Double) -> Double { value < 0 ? -1 : 1 }

    /// A point on one of a box's twelve edges, picked in proportion to their lengths.
    private static func cuboidEdge(_ u: Double, _ v: Double, _ box: SIMD3<Double>) -> SIMD3<Double> {
        let lengths = SIMD3(abs(box.x), abs(box.y), abs(box.z))
        let total = lengths.sum()
        guard total > 0 else { return .zero }
        // The axis the edge runs along, then which of its four edges (two corner bits).
        var pick = u * total
        var axis = 2
        for index in 0..<3 {
            if pick < lengths[index] {
                axis = index
                break
            }
            pick -= lengths[index]
        }
        let edge = min(Int(v * 4), 3)
        var point = SIMD3<Double>.zero
        var bit = 0
        for index in 0..<3 {
            if index == axis {
                point[index] = (pick / max(lengths[index], .leastNonzeroMagnitude) - 0.5) * box[index]
            } else {
                point[index] = ((edge >> bit) & 1 == 0 ? -0.5 : 0.5) * box[index]
                bit += 1
            }
        }
        return point
    }

    /// A point on one of a box's six faces, picked in proportion to their areas.
    private static func cuboidFace(_ u: Double, _ v: Double, _ s: Double, _ box: SIMD3<Double>) -> SIMD3<Double> {
        // The axis the face is normal to: the face's area is the product of the other two.
        let areas = SIMD3(abs(box.y * box.z), abs(box.x * box.z), abs(box.x * box.y))
        let total = areas.sum()
        guard total > 0 else { return SIMD3((u - 0.5) * box.x, (v - 0.5) * box.y, (s - 0.5) * box.z) }
        var pick = s * 2 * total
        let side = pick < total ? -0.5 : 0.5
        if pick >= total { pick -= total }
        var normal = 2
        for index in 0..<3 {
            if pick < areas[index] {
                normal = index
                break
            }
            pick -= areas[index]
        }
        var point = SIMD3((u - 0.5) * box.x, (v - 0.5) * box.y, 0)
        switch normal {
        case 0: point = SIMD3(side * box.x, (u - 0.5) * box.y, (v - 0.5) * box.z)
        case 1: point = SIMD3((u - 0.5) * box.x, side * box.y, (v - 0.5) * box.z)
        default: point.z = side * box.z
        }
        return point
    }
}
