/// Traps with `message` when `condition` is false, in every build configuration.
///
/// For programmer misuse that a user of the package can reach. The standard library's
/// `precondition` drops its message under `-O`, so a release build would only say "Illegal
/// instruction"; `fatalError` keeps it, and this is `precondition` spelled with it.
@inline(__always)
package func require(
    _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
    file: StaticString = #fileID, line: UInt = #line
) {
    if !condition() { misuse(message(), file: file, line: line) }
}

/// Traps with `message`, in every build configuration: `preconditionFailure` that keeps its
/// message under `-O`.
package func misuse(_ message: String, file: StaticString = #fileID, line: UInt = #line) -> Never {
    fatalError(message, file: file, line: line)
}
