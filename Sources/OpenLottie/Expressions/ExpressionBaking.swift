import Foundation
import LottieExpressions

/// A file's expressions evaluated into keyframes by the runtime (LottieExpressions, in
/// JavaScriptCore), its problems read as warnings.
///
/// An expression that throws, gives no value or runs past the limits keeps its keyframes and
/// is one warning naming its JSON path (`layers[2].ks.p.x`).
enum ExpressionBaking {
    /// `document` (Bodymovin JSON text) with its expressions replaced by keyframes, and what
    /// went wrong on the way. Past `totalTimeLimit` seconds of processor time, the expressions
    /// not yet evaluated keep their keyframes, each with a warning.
    static func bake(_ document: String, totalTimeLimit: Double = ReadingLimits.standard.maximumExpressionSeconds)
        -> (document: String, warnings: [LottieWarning])
    {
        let baked = ExpressionRuntime.bake(document, totalTimeLimit: totalTimeLimit)
        if let failure = baked.failure {
            return (baked.document, [LottieWarning(path: "", message: "expressions are not evaluated: \(failure)")])
        }
        return (baked.document, warnings(in: baked.problems))
    }

    /// `[{"path": …, "message": …}]` as warnings.
    private static func warnings(in problems: String) -> [LottieWarning] {
        guard case .array(let list) = try? JSONReader.read(Data(problems.utf8)) else { return [] }
        return list.compactMap { entry in
            guard case .object(let fields) = entry, case .string(let path) = fields["path"],
                case .string(let message) = fields["message"]
            else { return nil }
            return LottieWarning(path: path, message: message)
        }
    }

    /// Whether `data` may hold an expression: a key `"x"` whose value is a string. Cheap
    /// enough for every file read; the runtime finds the expressions themselves.
    static func mayHoldExpressions(_ data: Data) -> Bool {
        data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            var index = 0
            while index + 3 < bytes.count {
                defer { index += 1 }
                guard bytes[index] == UInt8(ascii: "\""), bytes[index + 1] == UInt8(ascii: "x"),
                    bytes[index + 2] == UInt8(ascii: "\"")
                else { continue }
                var next = index + 3
                func skipSpace() {
                    while next < bytes.count,
                        bytes[next] == 0x20 || bytes[next] == 0x09 || bytes[next] == 0x0A
                            || bytes[next] == 0x0D
                    {
                        next += 1
                    }
                }
                skipSpace()
                guard next < bytes.count, bytes[next] == UInt8(ascii: ":") else { continue }
                next += 1
                skipSpace()
                if next < bytes.count, bytes[next] == UInt8(ascii: "\"") { return true }
            }
            return false
        }
    }
}
