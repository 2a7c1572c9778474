/// A zip archive that cannot be read, or one of its entries: the reader's callers report it in
/// their own error type (OpenCAML's `CAMLError`, OpenLottie's `LottieError`).
///
/// The message is a predicate whose subject is the entry when there is one, else the archive:
/// "is not a zip archive (too short)", "inflates to more than the 10 bytes it declares".
package struct ZipArchiveError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The archive's path.
    package var path: String
    /// The entry's name as the archive writes it, or nil when the error concerns the archive.
    package var entry: String?
    /// What is wrong with the entry, or else the archive.
    package var message: String

    package init(path: String, entry: String? = nil, message: String) {
        self.path = path
        self.entry = entry
        self.message = message
    }

    /// The message with the entry it is about as its subject: `entry "a/b.json" fails its
    /// CRC-32 check`; the message alone when it concerns the archive.
    package var messageNamingEntry: String {
        entry.map { "entry \"\($0)\" \(message)" } ?? message
    }

    /// `path: entry "name" message`.
    package var description: String { "\(path): \(messageNamingEntry)" }
}
