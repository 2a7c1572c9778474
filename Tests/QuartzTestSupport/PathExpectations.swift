import Foundation
import OpenCoreGraphics
import Testing

/// The control-point ratio of a cubic quarter circle, 4/3·tan(π/8), computed independently of
/// the library's constant.
public let kappa = 0.5522847498307936

/// Checks that two element lists have the same kinds in the same order and points within
/// `tolerance`, reporting the first mismatch in kind.
public func expectElements(
    _ actual: [PathElement],
    _ expected: [PathElement],
    within tolerance: Double = 1e-9,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(
        actual.count == expected.count, "\(actual.count) elements, expected \(expected.count): \(actual)",
        sourceLocation: sourceLocation)
    for (index, (a, e)) in zip(actual, expected).enumerated() {
        switch (a, e) {
        case (.move(let p), .move(let q)), (.line(let p), .line(let q)):
            expectClose(p, q, within: tolerance, "element \(index)", sourceLocation: sourceLocation)
        case (.quadCurve(let p, let pc), .quadCurve(let q, let qc)):
            expectClose(pc, qc, within: tolerance, "element \(index) control", sourceLocation: sourceLocation)
            expectClose(p, q, within: tolerance, "element \(index)", sourceLocation: sourceLocation)
        case (.curve(let p, let p1, let p2), .curve(let q, let q1, let q2)):
            expectClose(p1, q1, within: tolerance, "element \(index) control1", sourceLocation: sourceLocation)
            expectClose(p2, q2, within: tolerance, "element \(index) control2", sourceLocation: sourceLocation)
            expectClose(p, q, within: tolerance, "element \(index)", sourceLocation: sourceLocation)
        case (.closeSubpath, .closeSubpath):
            break
        default:
            Issue.record("element \(index) is \(a), expected \(e)", sourceLocation: sourceLocation)
        }
    }
}

/// Shorthand for points in expected element lists.
public func pt(_ x: Double, _ y: Double) -> CGPoint { CGPoint(x: x, y: y) }
