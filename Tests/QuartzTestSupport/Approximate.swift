import Foundation
import Numerics
import Testing

/// Checks that `actual` is within `tolerance` of `expected`, recording an issue that shows both
/// numbers and the difference when it is not.
public func expectClose(
    _ actual: Double,
    _ expected: Double,
    within tolerance: Double,
    _ comment: Comment? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let close = actual.isApproximatelyEqual(to: expected, absoluteTolerance: tolerance)
    #expect(
        close,
        "\(actual) is not within \(tolerance) of \(expected) (off by \(abs(actual - expected)))\(comment.map { ": \($0)" } ?? "")",
        sourceLocation: sourceLocation
    )
}

/// `expectClose` for `CGFloat`s.
public func expectClose(
    _ actual: CGFloat,
    _ expected: CGFloat,
    within tolerance: Double,
    _ comment: Comment? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    expectClose(Double(actual), Double(expected), within: tolerance, comment, sourceLocation: sourceLocation)
}

/// Checks both coordinates of a point against the expected ones.
public func expectClose(
    _ actual: CGPoint,
    _ expected: CGPoint,
    within tolerance: Double,
    _ comment: Comment? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    expectClose(actual.x, expected.x, within: tolerance, comment, sourceLocation: sourceLocation)
    expectClose(actual.y, expected.y, within: tolerance, comment, sourceLocation: sourceLocation)
}

/// Checks both dimensions of a size against the expected ones.
public func expectClose(
    _ actual: CGSize,
    _ expected: CGSize,
    within tolerance: Double,
    _ comment: Comment? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    expectClose(actual.width, expected.width, within: tolerance, comment, sourceLocation: sourceLocation)
    expectClose(actual.height, expected.height, within: tolerance, comment, sourceLocation: sourceLocation)
}

/// Checks origin and size of a rectangle against the expected ones.
public func expectClose(
    _ actual: CGRect,
    _ expected: CGRect,
    within tolerance: Double,
    _ comment: Comment? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    expectClose(actual.origin, expected.origin, within: tolerance, comment, sourceLocation: sourceLocation)
    expectClose(actual.size, expected.size, within: tolerance, comment, sourceLocation: sourceLocation)
}

/// Checks two lists of numbers element by element.
public func expectClose(
    _ actual: [Double],
    _ expected: [Double],
    within tolerance: Double,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(actual.count == expected.count, "\(actual) vs \(expected)", sourceLocation: sourceLocation)
    for (a, e) in zip(actual, expected) {
        expectClose(a, e, within: tolerance, "\(actual) vs \(expected)", sourceLocation: sourceLocation)
    }
}
