import CJavaScriptCore
import Foundation

/// The JavaScript the expressions run in: the runtime's four parts, in order.
enum ExpressionScript {
    static var runtime: String { values + properties + layers + baking }
}

/// After Effects expressions evaluated in JavaScriptCore and written back as keyframes: each
/// expression at every frame its composition is drawn at (the root's whole frames, and the
/// frames its precomposition layers map them to), so that drawing a frame evaluates nothing.
///
/// An expression that throws, gives no value or runs past the limits keeps its keyframes and
/// is one warning naming its JSON path (`layers[2].ks.p.x`).
enum ExpressionBaking {
    /// Seconds of processor time one step (``framesPerStep`` frames of one expression) may take.
    static let timeLimit = 1.0
    /// Bytes the process may grow by while a file's expressions are evaluated.
    static let memoryLimit = 1 << 30
    static let framesPerStep = 32
    static let limitsReason =
        "runs past its limits (\(String(format: "%g", timeLimit)) s of processor time, \(memoryLimit >> 20) MiB of memory)"

    /// `document` (Bodymovin JSON text) with its expressions replaced by keyframes, and what
    /// went wrong on the way. Past `totalTimeLimit` seconds of processor time, the expressions
    /// not yet evaluated keep their keyframes, each with a warning.
    static func bake(_ document: String, totalTimeLimit: Double = ReadingLimits.standard.maximumExpressionSeconds)
        -> (document: String, warnings: [LottieWarning])
    {
        let context = JavaScriptContext(timeLimit: timeLimit, memoryLimit: memoryLimit)
        let began = oqc_thread_cpu_seconds()
        do throws(JavaScriptContext.Failure) {
            try context.evaluate(ExpressionScript.runtime)
            context.setGlobal("$source", to: document)
            let count = Int(try context.evaluate("$oqc.load($source)")) ?? 0
            let bake = try context.function("$oqc.bake")
            properties: for index in 0..<count {
                var start = 0
                while start >= 0 {
                    if oqc_thread_cpu_seconds() - began > totalTimeLimit {
                        let reason =
                            "is not evaluated: the file's expressions ran past \(String(format: "%g", totalTimeLimit)) s "
                            + "of processor time together"
                        try context.evaluate("$oqc.giveUp(\(index), \"\(reason)\")")
                        break properties
                    }
                    do throws(JavaScriptContext.Failure) {
                        start = Int(try context.call(bake, Double(index), Double(start), Double(framesPerStep)))
                    } catch where error.stopped {
                        try context.evaluate("$oqc.interrupted(\(index), \"\(limitsReason)\")")
                    }
                }
            }
            let problems = try context.evaluate("$oqc.problems()")
            return (try context.evaluate("$oqc.baked()"), warnings(in: problems))
        } catch {
            let reason = error.stopped ? "the file's expressions run past the limits" : error.message
            return (document, [LottieWarning(path: "", message: "expressions are not evaluated: \(reason)")])
        }
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
                    while next < bytes.count, bytes[next] == 0x20 || bytes[next] == 0x09 || bytes[next] == 0x0A
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
