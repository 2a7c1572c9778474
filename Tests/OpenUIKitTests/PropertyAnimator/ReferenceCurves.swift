import Foundation
import OpenUIKit

// The curves the animator tests compare with, computed independently of the package.

/// The cubic Bézier timing curve through (x1, y1), (x2, y2) at time `x`, solved by bisection.
func cubicBezier(_ x: Double, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> Double {
    func coordinate(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
        3 * (1 - t) * (1 - t) * t * p1 + 3 * (1 - t) * t * t * p2 + t * t * t
    }
    var low = 0.0
    var high = 1.0
    for _ in 0..<100 {
        let middle = (low + high) / 2
        if coordinate(middle, x1, x2) < x { low = middle } else { high = middle }
    }
    return coordinate((low + high) / 2, y1, y2)
}

func easeInOut(_ x: Double) -> Double {
    cubicBezier(x, 0.42, 0, 0.58, 1)
}

/// `1 − e^(−ζω₀t)(cos ω_d t + (ζω₀/ω_d) sin ω_d t)`: a spring of mass 1 released at rest.
func underdampedProgress(_ spring: UIViewSpring, at t: Double) -> Double {
    let omega = spring.stiffness.squareRoot()
    let zeta = spring.damping / (2 * omega)
    let damped = omega * (1 - zeta * zeta).squareRoot()
    return 1 - exp(-zeta * omega * t) * (cos(damped * t) + zeta * omega / damped * sin(damped * t))
}
