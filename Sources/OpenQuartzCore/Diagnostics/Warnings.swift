import Foundation

/// Warnings about input that Core Animation ignores rather than rejects: an animation value of
/// the wrong type or a NaN, where Apple's render server leaves the property as the model has
/// it. Each is one line on standard error, as Apple logs to the console.
package enum Warnings {
    /// Where warnings go instead of standard error on the current task: tests bind it to
    /// collect what a call warned about.
    @TaskLocal package static var handler: (@Sendable (String) -> Void)?

    /// Reports `message` once, on standard error or to the bound handler.
    package static func emit(_ message: String) {
        if let handler {
            handler(message)
            return
        }
        FileHandle.standardError.write(Data("OpenQuartzCore: warning: \(message)\n".utf8))
    }
}
