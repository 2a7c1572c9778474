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
package func cubicPoint(_ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, _ p3: CGPoint, at t: CGFloat) -> CGPoint {
    let u = 1 - t
    let w0 = u * u * u
    let w1 = 3 * u * u * t
    let w2 = 3 * u * t * t
    let w3 = t * t * t
    return CGPoint(
        x: w0 * p0.x + w1 * p1.x + w2 * p2.x + w3 * p3.x,
        y: w0 * p0.y + w1 * p1.y + w2 * p2.y + w3 * p3.y)
}

/// Hands `body` the parameter in (0, 1) where one coordinate of a quadratic Bézier turns, if
/// it does, without allocating.
@inline(__always)
func forEachQuadraticExtremum(_ a: CGFloat, _ b: CGFloat, _ c: CGFloat, _ body: (CGFloat) -> Void) {
    let denominator = a - 2 * b + c
    guard denominator != 0 else { return }
    let t = (a - b) / denominator
    if t > 0 && t < 1 { body(t) }
}

/// Hands `body` the parameters in (0, 1) where one coordinate of a cubic Bézier has a turning
/// point — the roots of its derivative, a quadratic — without allocating: what a path's box,
/// kept as each element is added, needs.
@inline(__always)
func forEachCubicExtremum(_ p0: CGFloat, _ p1: CGFloat, _ p2: CGFloat, _ p3: CGFloat, _ body: (CGFloat) -> Void) {
    // d/dt B(t) = 3·(a·t² + b·t + c)
    let a = -p0 + 3 * p1 - 3 * p2 + p3
    let b = 2 * (p0 - 2 * p1 + p2)
    let c = p1 - p0
    @inline(__always) func offer(_ t: CGFloat) { if t > 0 && t < 1 { body(t) } }
    if abs(a) < 1e-12 {
        if b != 0 { offer(-c / b) }
    } else {
        let discriminant = b * b - 4 * a * c
        if discriminant >= 0 {
            let root = discriminant.squareRoot()
            offer((-b + root) / (2 * a))
            offer((-b - root) / (2 * a))
        }
    }
}

/// How many straight segments approximate a curve to within `tolerance`, from the largest
/// second difference of its control polygon (the standard uniform-subdivision bound).
func flatteningSegmentCount(secondDifference: CGFloat, scale: CGFloat, tolerance: CGFloat) -> Int {
    guard secondDifference > 0, secondDifference.isFinite else { return 1 }
    let count = (scale * secondDifference / tolerance).squareRoot().rounded(.up)
    return Int(min(max(count, 1), 1024))
}
