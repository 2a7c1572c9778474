import Foundation
import OpenCoreGraphics

/// Where two values differ, field by field (through `Mirror`), numbers compared within
/// `tolerance`, images by identity; empty when they agree. For comparing typed render nodes
/// made two ways, where the order of floating-point operations differs.
public func valueDifferences(_ a: Any, _ b: Any, tolerance: Double, path: String = "") -> [String] {
    var found: [String] = []
    collectDifferences(a, b, tolerance: tolerance, path: path, depth: 0, into: &found)
    return found
}

private func collectDifferences(
    _ a: Any, _ b: Any, tolerance: Double, path: String, depth: Int, into found: inout [String]
) {
    guard found.count < 8 else { return }
    func number(_ value: Any) -> Double? {
        switch value {
        case let value as CGFloat: Double(value)
        case let value as Double: value
        case let value as Float: Double(value)
        case let value as NSNumber: value.doubleValue
        default: nil
        }
    }
    if let x = number(a), let y = number(b) {
        let same = x == y || (x.isNaN && y.isNaN) || abs(x - y) <= tolerance * max(1, abs(x), abs(y))
        if !same { found.append("\(path): \(x) vs \(y)") }
        return
    }
    if let x = a as? CGImage, let y = b as? CGImage {
        if x !== y { found.append("\(path): different images") }
        return
    }
    let mirrorA = Mirror(reflecting: a)
    let mirrorB = Mirror(reflecting: b)
    let childrenA = Array(mirrorA.children)
    let childrenB = Array(mirrorB.children)
    if childrenA.isEmpty || childrenB.isEmpty || depth > 16 {
        if String(describing: a) != String(describing: b) { found.append("\(path): \(a) vs \(b)") }
        return
    }
    guard childrenA.count == childrenB.count, mirrorA.subjectType == mirrorB.subjectType else {
        found.append("\(path): \(a) vs \(b)")
        return
    }
    for (x, y) in zip(childrenA, childrenB) {
        guard x.label == y.label else {
            found.append("\(path): \(x.label ?? "?") vs \(y.label ?? "?")")
            return
        }
        collectDifferences(
            x.value, y.value, tolerance: tolerance, path: path + "." + (x.label ?? "_"), depth: depth + 1, into: &found)
    }
}
