import Foundation

extension NSAttributedString {
    /// An empty attributed string, as `NSAttributedString()` makes on Apple's platforms
    /// (Foundation on Linux has no `init()` for it, and an extension cannot add one).
    public convenience init(_ empty: Void = ()) {
        self.init(string: "")
    }

    /// The options of ``init(data:options:documentAttributes:)``: UIKit's
    /// `NSAttributedString.DocumentReadingOptionKey`.
    public struct DocumentReadingOptionKey: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The document's type, a ``DocumentType``.
        public static let documentType = DocumentReadingOptionKey(rawValue: "DocumentType")
        /// The text encoding, a `String.Encoding` raw value (UTF-8 unless given).
        public static let characterEncoding = DocumentReadingOptionKey(rawValue: "CharacterEncoding")
    }

    /// The kinds of document an attributed string is read from: UIKit's
    /// `NSAttributedString.DocumentType`.
    public struct DocumentType: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        public static let plain = DocumentType(rawValue: "NSPlainText")
        public static let html = DocumentType(rawValue: "NSHTML")
        public static let rtf = DocumentType(rawValue: "NSRTF")
    }

    /// Reads a plain-text or HTML document; `documentAttributes`, when given, receives the
    /// document's type under `"DocumentType"`.
    ///
    /// Apple reads HTML through WebKit, with its styles; here HTML gives its text: tags go,
    /// `<br>` and the ends of paragraphs, headings, list items, rows and `div`s become line
    /// breaks, runs of white space become one space, character references are decoded, and
    /// `<script>`, `<style>` and `<head>` are left out. The text carries no attributes.
    ///
    /// - Throws: `CocoaError(.fileReadCorruptFile)` when `data` is not text in the encoding, or
    ///   `CocoaError(.fileReadUnsupportedScheme)` for a document type other than plain text and
    ///   HTML (RTF is not read here).
    public convenience init(
        data: Data, options: [DocumentReadingOptionKey: Any] = [:],
        documentAttributes dict: UnsafeMutablePointer<NSDictionary?>?
    ) throws {
        let encoding = (options[.characterEncoding] as? UInt).map { String.Encoding(rawValue: $0) } ?? .utf8
        guard let text = String(data: data, encoding: encoding) else {
            throw CocoaError(
                .fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "the data is not \(encoding) text"])
        }
        let type = options[.documentType] as? DocumentType ?? (Self.looksLikeHTML(text) ? .html : .plain)
        dict?.pointee = NSDictionary(dictionary: ["DocumentType": type.rawValue])
        switch type {
        case .plain: self.init(string: text)
        case .html: self.init(string: Self.text(ofHTML: text))
        default:
            throw CocoaError(
                .fileReadUnsupportedScheme,
                userInfo: [NSLocalizedDescriptionKey: "documents of type \(type.rawValue) are not read here"])
        }
    }

    private static func looksLikeHTML(_ text: String) -> Bool {
        let start = text.drop { $0.isWhitespace }.prefix(15).lowercased()
        return start.hasPrefix("<!doctype html") || start.hasPrefix("<html")
    }

    /// The text of an HTML document, as described at ``init(data:options:documentAttributes:)``.
    static func text(ofHTML html: String) -> String {
        let breaking: Set<String> = [
            "br", "p", "/p", "div", "/div", "li", "/li", "tr", "/tr", "h1", "/h1", "h2", "/h2",
            "h3", "/h3", "h4", "/h4", "h5", "/h5", "h6", "/h6", "ul", "/ul", "ol", "/ol",
        ]
        let hidden: Set<String> = ["script", "style", "head", "title"]
        var output = ""
        var pendingSpace = false
        var hiddenUntil: String?
        var characters = html[...]
        func append(_ piece: String) {
            for character in piece {
                if character == "\n" {
                    while output.last == " " { output.removeLast() }
                    output.append("\n")
                    pendingSpace = false
                } else if character == " " || character == "\t" || character == "\r" {
                    pendingSpace = !output.isEmpty && output.last != "\n"
                } else {
                    if pendingSpace { output.append(" ") }
                    pendingSpace = false
                    output.append(character)
                }
            }
        }
        while let first = characters.first {
            if first == "<" {
                guard let close = characters.firstIndex(of: ">") else { break }
                let tag = characters[characters.index(after: characters.startIndex)..<close]
                characters = characters[characters.index(after: close)...]
                if tag.hasPrefix("!") { continue }
                let name = tag.prefix { !$0.isWhitespace && $0 != ">" && $0 != "/" || $0 == "/" && tag.first == "/" }
                    .lowercased()
                if let waiting = hiddenUntil {
                    if name == "/" + waiting { hiddenUntil = nil }
                    continue
                }
                if hidden.contains(name), !tag.hasSuffix("/") {
                    hiddenUntil = name
                } else if name == "br" || breaking.contains(name) && !output.isEmpty && output.last != "\n" {
                    append("\n")
                }
            } else {
                let end = characters.firstIndex(of: "<") ?? characters.endIndex
                if hiddenUntil == nil {
                    // Line breaks in the source are white space; the ones references make stay.
                    let source = characters[..<end].map { $0 == "\n" || $0 == "\r\n" ? " " : $0 }
                    append(decodeCharacterReferences(String(source)))
                }
                characters = characters[end...]
            }
        }
        while output.last == "\n" || output.last == " " { output.removeLast() }
        return output
    }

    private static let namedReferences: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{00A0}", "copy": "©", "reg": "®",
        "hellip": "…", "mdash": "—", "ndash": "–", "lsquo": "‘", "rsquo": "’", "ldquo": "“", "rdquo": "”",
        "bull": "•", "middot": "·", "trade": "™", "euro": "€",
    ]

    private static func decodeCharacterReferences(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var result = ""
        var rest = text[...]
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            let afterAmpersand = rest.index(after: ampersand)
            guard let semicolon = rest[afterAmpersand...].prefix(10).firstIndex(of: ";") else {
                result += "&"
                rest = rest[afterAmpersand...]
                continue
            }
            let name = rest[afterAmpersand..<semicolon]
            var decoded: String?
            if name.hasPrefix("#x") || name.hasPrefix("#X") {
                decoded = UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init).map { String($0) }
            } else if name.hasPrefix("#") {
                decoded = UInt32(name.dropFirst()).flatMap(Unicode.Scalar.init).map { String($0) }
            } else {
                decoded = namedReferences[String(name)]
            }
            if let decoded {
                result += decoded
                rest = rest[rest.index(after: semicolon)...]
            } else {
                result += "&"
                rest = rest[afterAmpersand...]
            }
        }
        return result + rest
    }
}

extension NSMutableString {
    /// Appends `format` filled with `arguments`, as `String(format:)` fills it: Apple's
    /// variadic `appendFormat`, which Foundation on Linux lacks.
    public func appendFormat(_ format: String, _ arguments: any CVarArg...) {
        append(String(format: format, arguments: arguments))
    }
}
