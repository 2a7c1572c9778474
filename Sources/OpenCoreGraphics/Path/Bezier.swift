import Foundation

// Bézier evaluation shared by the bounding box, containment and flattening code.

/// The point at parameter `t` of the quadratic Bézier `p0, p1, p2`.
func quadraticPoint(_ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, at t: CGFloat) -> CGPoint {
    let u = 1 - t
    return CGPoint(
        x: u * u * p0.x + 2 * u * t * p1.x + t * t * p2.x,
        y: u * u * p0.y + 2 * u * t * p1.y + t * t * p2.y)
}

/// The point at parameter `t` of the cubic Bézier `p0, p1, p2, p3`.
func cubicPoint(_ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, _ p3: CGPoint, at t: CGFloat) -> CGPoint {
    let u = 1 - t
    let w0 = u * u * u
    let w1 = 3 * u * u * t
    let w2 = 3 * u * t * t
    let w3 = t * t * t
    return CGPoint(
        x: w0 * p0.x + w1 * p1.x + w2 * p2.x + w3 * p3.x,
        y: w0 * p0.y + w1 * p1.y + w2 * p2.y + w3 * p3.y)
}

/// The parameters in (0, 1) where one coordinate of a quadratic Bézier has a turning point.
func quadraticExtrema(_ a: CGFloat, _ b: CGFloat, _ c: CGFloat) -> [CGFloat] {
    let denominator = a - 2 * b + c
    guard denominator != 0 else { return [] }
    let t = (a - b) / denominator
    return t > 0 && t < 1 ? [t] : []
}

/// The parameters in (0, 1) where one coordinate of a cubic Bézier has a turning point: the
/// roots of its derivative, a quadratic.
func cubicExtrema(_ p0: CGFloat, _ p1: CGFloat, _ p2: CGFloat, _ p3: CGFloat) -> [CGFloat] {
    // d/dt B(t) = 3·(a·t² + b·t + c)
    let a = -p0 + 3 * p1 - 3 * p2 + p3
    let b = 2 * (p0 - 2 * p1 + p2)
    let c = p1 - p0
    var roots: [CGFloat] = []
    if abs(a) < 1e-12 {
        if b != 0 { roots.append(-c / b) }
    } else {
        let discriminant = b * b - 4 * a * c
        if discriminant >= 0 {
            let root = discriminant.squareRoot()
            roots.append((-b + root) / (2 * a))
            roots.append((-b - root) / (2 * a))
        }
    }
    return roots.filter { $0 > 0 && $0 < 1 }
}

/// How many straight segments approximate a curve to within `tolerance`, from the largest
/// second difference of its control polygon (the standard uniform-subdivision bound).
func flatteningSegmentCount(secondDifference: CGFloat, scale: CGFloat, tolerance: CGFloat) -> Int {
    guard secondDifference > 0, secondDifference.isFinite else { return 1 }
    let count = (scale * secondDifference / tolerance).squareRoot().rounded(.up)
    return Int(min(max(count, 1), 1024))
}
