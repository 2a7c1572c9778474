import SwiftParser
import SwiftSyntax

/// Rewrites iOS Swift source into Swift that compiles on Linux against OpenQuartzCore and
/// OpenUIKit, keeping its behaviour: the constructs that need the Objective-C runtime, which
/// Swift on Linux does not have, become the forms docs/porting.md gives.
///
/// Everything else is left byte for byte, and so is every line: each rewrite stays on the
/// lines it replaces, so that a line of the ported file is the same line of the original (the
/// build plugin points the compiler's messages back at the original with one
/// `#sourceLocation`). Porting ported text changes nothing.
public struct SourcePorter: Sendable {
    public var context: PortingContext

    public init(context: PortingContext = PortingContext()) {
        self.context = context
    }

    /// Ports `source`, read from `path` (named in diagnostics). With `sourceLocation`, the
    /// ported text starts with a `#sourceLocation` naming `path`, for a copy that is compiled
    /// in its place.
    public func port(_ source: String, path: String, sourceLocation: Bool = false) -> PortedFile {
        let tree = Parser.parse(source: source)
        let converter = SourceLocationConverter(fileName: path, tree: tree)
        if tree.hasError {
            let finder = ParseErrorFinder(viewMode: .all)
            finder.walk(tree)
            let location = converter.location(for: finder.position ?? tree.position)
            let diagnostic = PortingDiagnostic(
                path: path, line: location.line, column: location.column, severity: .error,
                message: "cannot be parsed as Swift here; the file is left as it is")
            // Compiled as it is, the compiler reports the error at the original's lines.
            let text = sourceLocation ? "#sourceLocation(file: \(Self.literal(path)), line: 1)\n" + source : source
            return PortedFile(text: text, diagnostics: [diagnostic], isChanged: false, isParsed: false)
        }
        // Overrides in extensions move into their classes first, and the moved text is ported.
        let overrides = ExtensionOverrides(
            tree: tree, source: source, path: path, converter: converter, sourceLocation: sourceLocation)
        var working = (text: source, tree: tree, converter: converter)
        if let moved = overrides.movedText {
            let movedTree = Parser.parse(source: moved)
            working = (moved, movedTree, SourceLocationConverter(fileName: path, tree: movedTree))
        }
        let rewriter = PortingRewriter(
            context: context, path: path, converter: working.converter,
            anyObjectProperties: source.contains("AnyObject") ? AnyObjectProperties(working.tree).names : [])
        rewriter.walk(working.tree)
        rewriter.addImportsIfNeeded()
        var text = rewriter.edits.apply(to: working.text)
        if !rewriter.appendedDeclarations.isEmpty {
            if !text.hasSuffix("\n") { text += "\n" }
            for (line, declaration) in rewriter.appendedDeclarations {
                if sourceLocation { text += "#sourceLocation(file: \(Self.literal(path)), line: \(line))\n" }
                text += declaration + "\n"
            }
        }
        let isChanged = text != source
        if sourceLocation { text = "#sourceLocation(file: \(Self.literal(path)), line: 1)\n" + text }
        return PortedFile(
            text: text, diagnostics: overrides.diagnostics + rewriter.diagnostics, isChanged: isChanged, isParsed: true)
    }

    /// `value` as a Swift string literal.
    static func literal(_ value: String) -> String {
        "\"" + value.replacingAll("\\", with: "\\\\").replacingAll("\"", with: "\\\"") + "\""
    }
}

/// The names of the stored properties a file declares as `AnyObject?` (or `AnyObject!`): a
/// delegate that Objective-C messages with an optional method of a protocol it does not name.
private final class AnyObjectProperties: SyntaxVisitor {
    private(set) var names: Set<String> = []

    init(_ tree: SourceFileSyntax) {
        super.init(viewMode: .sourceAccurate)
        walk(tree)
    }

    override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
        if let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
            let type = node.typeAnnotation?.type,
            ["AnyObject?", "AnyObject!"].contains(type.trimmedDescription)
        {
            names.insert(name)
        }
        return .visitChildren
    }
}

/// Finds where a file's first parse error is.
private final class ParseErrorFinder: SyntaxVisitor {
    var position: AbsolutePosition?

    override func visit(_ node: UnexpectedNodesSyntax) -> SyntaxVisitorContinueKind {
        note(node.positionAfterSkippingLeadingTrivia)
        return .skipChildren
    }

    override func visit(_ token: TokenSyntax) -> SyntaxVisitorContinueKind {
        if token.presence == .missing { note(token.position) }
        return .skipChildren
    }

    private func note(_ candidate: AbsolutePosition) {
        if position.map({ candidate < $0 }) ?? true { position = candidate }
    }
}

extension String {
    func replacingAll(_ target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
