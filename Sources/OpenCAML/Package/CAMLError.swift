import Foundation

/// Why a CAML document or `.ca` bundle could not be read: the file, and where in it.
///
/// Not part of Apple's API, which reports an `NSError` in `CoreAnimationErrorDomain` with the
/// message "Error while parsing CoreAnimation XML document". Bad input from outside is a
/// thrown error here, never a trap (STYLE.md).
public struct CAMLError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The file that failed: the CAML document, the bundle, or its `index.xml`.
    public var path: String
    /// The 1-based line of the problem, or nil when it concerns the whole file.
    public var line: Int?
    /// The 1-based column of the problem, or nil when it concerns the whole file.
    public var column: Int?
    /// What is wrong, in a sentence.
    public var message: String

    /// Creates an error for `path`, at `line` and `column` when known.
    public init(path: String, line: Int? = nil, column: Int? = nil, message: String) {
        self.path = path
        self.line = line
        self.column = column
        self.message = message
    }

    /// `path:line:column: message`, the form compilers use, so editors can jump to it.
    public var description: String {
        switch (line, column) {
        case (let line?, let column?): "\(path):\(line):\(column): \(message)"
        case (let line?, nil): "\(path):\(line): \(message)"
        default: "\(path): \(message)"
        }
    }
}

/// Something in a document that was skipped or approximated while it still loaded.
public struct CAMLWarning: CustomStringConvertible, Sendable, Equatable {
    /// The element the warning is about (`CALayer`, `transform`, `CAEmitterLayer`…).
    public var element: String
    /// The 1-based line of that element.
    public var line: Int
    /// What was skipped, and why.
    public var message: String

    /// Creates a warning about `element` at `line`.
    public init(element: String, line: Int, message: String) {
        self.element = element
        self.line = line
        self.message = message
    }

    /// `line N: <element>: message`.
    public var description: String { "line \(line): <\(element)>: \(message)" }
}
