import Foundation

/// Why a Lottie animation could not be read: the file, the place in its JSON, and what is wrong.
///
/// The place is a JSON path as the format's own documentation writes it
/// (`layers[3].shapes[2].ks.k[1].s`), so the field can be found in any JSON viewer. Bad input
/// from outside is a thrown error here, never a trap.
public struct LottieError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The file that failed, or a name given to data read from memory.
    public var file: String
    /// The JSON path of the value that is wrong, empty for the whole document.
    public var path: String
    /// What is wrong, in a sentence.
    public var message: String

    /// Creates an error about the value at `path` in `file`.
    public init(file: String, path: String, message: String) {
        self.file = file
        self.path = path
        self.message = message
    }

    /// `file: path: message`.
    public var description: String {
        path.isEmpty ? "\(file): \(message)" : "\(file): \(path): \(message)"
    }
}

/// Something in a Lottie file that is not drawn, or drawn differently, while the animation
/// still loads: an expression, an effect Core Animation has no counterpart for.
public struct LottieWarning: CustomStringConvertible, Sendable, Equatable {
    /// The JSON path of the value the warning is about.
    public var path: String
    /// What is skipped or approximated.
    public var message: String

    /// Creates a warning about the value at `path`.
    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    /// `path: message`.
    public var description: String { "\(path): \(message)" }
}
