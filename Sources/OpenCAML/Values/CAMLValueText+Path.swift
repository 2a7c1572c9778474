import Foundation
import OpenCoreGraphics

extension CAMLValueText {
    /// A `CGPath` as Apple's writer prints it (`CGPathApply` → `path_callback` in
    /// `NSObject(CAMLWriter).mm`): operands, then an operator — `x y m` move, `x y l` line,
    /// `cx cy x y q` quadratic, `c1x c1y c2x c2y x y c` cubic, `h` close. Nil when an operator
    /// has the wrong number of operands, a token is unknown, or numbers are left over.
    static func path(_ text: String) -> CGPath? {
        let path = CGMutablePath()
        var operands: [CGFloat] = []
        var hasCurrentPoint = false
        for token in text.split(whereSeparator: { $0.isWhitespace || $0 == "," }) {
            if let value = number(String(token)) {
                guard value.isFinite else { return nil }
                operands.append(value)
                continue
            }
            let needed: Int
            switch token {
            case "m": needed = 2
            case "l": needed = 2
            case "q": needed = 4
            case "c": needed = 6
            case "h", "z": needed = 0
            default: return nil
            }
            guard operands.count == needed else { return nil }
            // Every operator but a move needs a current point; CGPath traps without one.
            guard token == "m" || hasCurrentPoint else { return nil }
            let o = operands
            switch token {
            case "m": path.move(to: CGPoint(x: o[0], y: o[1]))
            case "l": path.addLine(to: CGPoint(x: o[0], y: o[1]))
            case "q": path.addQuadCurve(to: CGPoint(x: o[2], y: o[3]), control: CGPoint(x: o[0], y: o[1]))
            case "c":
                path.addCurve(
                    to: CGPoint(x: o[4], y: o[5]), control1: CGPoint(x: o[0], y: o[1]),
                    control2: CGPoint(x: o[2], y: o[3]))
            default: path.closeSubpath()
            }
            hasCurrentPoint = true
            operands.removeAll(keepingCapacity: true)
        }
        return operands.isEmpty ? path : nil
    }
}
