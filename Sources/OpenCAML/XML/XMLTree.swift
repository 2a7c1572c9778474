import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// One element of a parsed XML document, with where it starts, so that warnings and errors
/// can name a line.
struct XMLTreeElement {
    var name: String
    var attributes: [String: String]
    var children: [XMLTreeElement] = []
    var text = ""
    var line: Int
    var column: Int

    /// The text of the element with surrounding white space removed.
    var trimmedText: String { text.trimmingCharacters(in: .whitespacesAndNewlines) }
}

/// Builds an `XMLTreeElement` tree with Foundation's `XMLParser` (libxml2's SAX parser, as
/// Apple's CAML parser uses, without recovery: a document that is not well-formed fails).
///
/// Nesting is bounded by libxml2's own depth limit (256 without `XML_PARSE_HUGE`), so the
/// recursive walks over the tree cannot exhaust the stack.
final class XMLTreeBuilder: NSObject, XMLParserDelegate {
    private var stack: [XMLTreeElement] = []
    private(set) var root: XMLTreeElement?
    private(set) var failure: (line: Int, column: Int, message: String)?

    /// Parses `data`; throws a `CAMLError` naming `path`, the line and the column when it is
    /// not well-formed or holds no element.
    static func parse(_ data: Data, path: String) throws(CAMLError) -> XMLTreeElement {
        if let bad = firstInvalidUTF8(in: data) {
            throw CAMLError(
                path: path, line: bad.line, column: bad.column,
                message: "the document is not well-formed XML (bytes that are not UTF-8)")
        }
        // Fed as a stream, in chunks: given the whole document at once, libxml2 refuses one
        // past 10 MB (its lookup limit; a Lottie file converted with frame-by-frame transforms
        // reaches that) with an error that names no reason.
        let parser = XMLParser(stream: InputStream(data: withDataInProcessingInstructions(data)))
        let builder = XMLTreeBuilder()
        parser.delegate = builder
        parser.shouldProcessNamespaces = false
        parser.shouldResolveExternalEntities = false
        let succeeded = parser.parse()
        // On Linux `parse()` can answer true after a fatal error; the error is what counts.
        if let failure = builder.failure {
            throw CAMLError(path: path, line: failure.line, column: failure.column, message: failure.message)
        }
        if !succeeded || parser.parserError != nil {
            let reason = parser.parserError.map { "\($0.localizedDescription)" } ?? "unknown error"
            throw CAMLError(
                path: path, line: parser.lineNumber, column: parser.columnNumber,
                message: "the document is not well-formed XML (\(reason))")
        }
        guard let root = builder.root else {
            throw CAMLError(path: path, line: 1, column: 1, message: "the document holds no XML element")
        }
        return root
    }

    /// Where the first byte sequence that is not UTF-8 starts, for a document in UTF-8 (no
    /// byte-order mark of UTF-16 or UTF-32, no other `encoding` declared); nil when there is
    /// none. libxml2 reports such bytes but can still hand them to Foundation's `XMLParser`
    /// inside an element name, which then traps, so they are refused first (Apple's
    /// parser fails on them too).
    static func firstInvalidUTF8(in data: Data) -> (line: Int, column: Int)? {
        let head = data.prefix(200)
        if head.starts(with: [0xFE, 0xFF]) || head.starts(with: [0xFF, 0xFE]) || head.starts(with: [0, 0]) {
            return nil
        }
        // A document declared in Latin-1 or ASCII is converted by libxml2; any other
        // declaration (UTF-8, or a name libxml2 may not know) is held to UTF-8.
        if let declaration = String(decoding: head, as: UTF8.self).split(separator: ">").first,
            declaration.hasPrefix("<?xml"), let range = declaration.range(of: "encoding")
        {
            let named = declaration[range.upperBound...].drop { $0 == "=" || $0 == " " || $0 == "\"" || $0 == "'" }
                .prefix { $0 != "\"" && $0 != "'" }.lowercased()
            if ["iso-8859-1", "latin1", "iso-latin-1", "us-ascii", "ascii"].contains(named) { return nil }
        }
        // Valid documents, nearly all of them, are checked in one fast pass; only a bad one is
        // walked scalar by scalar to say where.
        let isValid = data.withUnsafeBytes { raw in
            String(validating: raw.bindMemory(to: UInt8.self), as: UTF8.self) != nil
        }
        if isValid { return nil }
        var line = 1
        var column = 1
        var iterator = data.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                if scalar == "\n" {
                    line += 1
                    column = 1
                } else {
                    column += 1
                }
            case .emptyInput:
                return nil
            case .error:
                return (line, column)
            }
        }
    }

    /// `data` with a space before the `?>` of every processing instruction that has none
    /// (`<?target?>`): libxml2 reports such an instruction with no data, and Foundation's
    /// `XMLParser` on Linux then reads a null string and crashes. The space gives it an empty
    /// one; nothing else changes (CAML has no use for processing instructions).
    static func withDataInProcessingInstructions(_ data: Data) -> Data {
        // Most documents have no instruction but the declaration: one scan for "<?" decides.
        let instructions = data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            var count = 0
            var index = bytes.firstIndex(of: UInt8(ascii: "<")) ?? bytes.count
            while index + 1 < bytes.count {
                if bytes[index + 1] == UInt8(ascii: "?") { count += 1 }
                index = bytes[(index + 1)...].firstIndex(of: UInt8(ascii: "<")) ?? bytes.count
            }
            return count
        }
        let declaration = data.prefix(5).elementsEqual("<?xml".utf8) ? 1 : 0
        guard instructions > declaration else { return data }
        let bytes = [UInt8](data)
        var result: [UInt8] = []
        var copied = 0
        var index = 0
        while index + 3 < bytes.count {
            guard bytes[index] == UInt8(ascii: "<"), bytes[index + 1] == UInt8(ascii: "?") else {
                index += 1
                continue
            }
            var end = index + 2
            while end < bytes.count, ![UInt8(ascii: " "), 9, 10, 13, UInt8(ascii: "?")].contains(bytes[end]) {
                end += 1
            }
            if end > index + 2, end + 1 < bytes.count, bytes[end] == UInt8(ascii: "?"),
                bytes[end + 1] == UInt8(ascii: ">")
            {
                result += bytes[copied..<end]
                result.append(UInt8(ascii: " "))
                copied = end
            }
            index = end
        }
        guard copied > 0 else { return data }
        result += bytes[copied...]
        return Data(result)
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
        qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
    ) {
        stack.append(
            XMLTreeElement(
                name: elementName, attributes: attributeDict, line: parser.lineNumber, column: parser.columnNumber))
    }

    func parser(
        _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?
    ) {
        guard let finished = stack.popLast() else { return }
        if stack.isEmpty {
            root = finished
        } else {
            stack[stack.count - 1].children.append(finished)
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        guard !stack.isEmpty else { return }
        stack[stack.count - 1].text += string
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        guard failure == nil else { return }
        let code = (parseError as NSError).code
        failure = (
            parser.lineNumber, parser.columnNumber,
            "the document is not well-formed XML (XMLParser error \(code))"
        )
    }
}
