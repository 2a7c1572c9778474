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
        let parser = XMLParser(data: data)
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
