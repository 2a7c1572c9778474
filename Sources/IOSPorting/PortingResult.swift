/// A message about one place in a file being ported.
public struct PortingDiagnostic: Sendable, Equatable, CustomStringConvertible {
    public enum Severity: String, Sendable {
        case warning, error
    }

    public var path: String
    public var line: Int
    public var column: Int
    public var severity: Severity
    public var message: String

    /// `path:line:column: warning: message`, the form compilers and editors read.
    public var description: String { "\(path):\(line):\(column): \(severity.rawValue): \(message)" }
}

/// A file after porting.
public struct PortedFile: Sendable {
    /// The ported text (the original text when it could not be parsed).
    public var text: String
    /// What could not be rewritten, and why; and the parse error of a file left untouched.
    public var diagnostics: [PortingDiagnostic]
    /// Whether anything was rewritten.
    public var isChanged: Bool
    /// Whether the file could be parsed; one that could not is left as it was.
    public var isParsed: Bool
}
