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
/// Works on Bodymovin JSON text alone; OpenLottie reads what comes back.
package enum ExpressionRuntime {
    /// Seconds of processor time one step (``framesPerStep`` frames of one expression) may take.
    package static let timeLimit = 1.0
    /// Bytes the process may grow by while a file's expressions are evaluated.
    package static let memoryLimit = 1 << 30
    static let framesPerStep = 32
    static let limitsReason =
        "runs past its limits (\(String(format: "%g", timeLimit)) s of processor time, \(memoryLimit >> 20) MiB of memory)"

    /// What evaluating a file's expressions gave.
    package struct Baked: Sendable {
        /// The document with its expressions replaced by keyframes; the document given when
        /// ``failure`` is set.
        package var document: String
        /// The expressions that threw, gave no value or ran past the limits, each keeping its
        /// keyframes: JSON `[{"path": …, "message": …}]`.
        package var problems: String
        /// Why no expression was evaluated at all, when none was.
        package var failure: String?
    }

    /// `document` (Bodymovin JSON text) with its expressions replaced by keyframes, and what
    /// went wrong on the way. An expression that throws, gives no value or runs past the limits
    /// keeps its keyframes and is a problem naming its JSON path (`layers[2].ks.p.x`). Past
    /// `totalTimeLimit` seconds of processor time, the expressions not yet evaluated keep their
    /// keyframes, each a problem.
    package static func bake(_ document: String, totalTimeLimit: Double) -> Baked {
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
                    } catch  where error.stopped {
                        try context.evaluate("$oqc.interrupted(\(index), \"\(limitsReason)\")")
                    }
                }
            }
            let problems = try context.evaluate("$oqc.problems()")
            return Baked(document: try context.evaluate("$oqc.baked()"), problems: problems, failure: nil)
        } catch {
            let reason = error.stopped ? "the file's expressions run past the limits" : error.message
            return Baked(document: document, problems: "[]", failure: reason)
        }
    }
}
