import SwiftSyntax

/// Swift on Linux cannot override a method or property in an extension: on iOS an extension
/// may override what an Objective-C class declares (`override func layoutSubviews()` in an
/// extension of one's own view). Where the class is declared in the same file, at the top
/// level or in a top-level `#if` block, such overrides move into the class's body; the others
/// get a warning naming the edit, except `prepareForInterfaceBuilder()` and `awakeFromNib()`,
/// which only Interface Builder and nib loading call: they go (the second with a warning).
struct ExtensionOverrides {
    private static let accessLevels: Set<String> = ["public", "open", "internal", "fileprivate", "private"]

    /// The file's text with the overrides moved, or nil when there are none to move.
    let movedText: String?
    /// Warnings for overrides in extensions that cannot be moved.
    let diagnostics: [PortingDiagnostic]

    /// With `sourceLocation`, each moved member is wrapped in `#sourceLocation` lines that give
    /// it its original lines, and the class's closing brace its own, so that the compiler's
    /// messages still point at the original; the member's old lines become empty lines.
    init(tree: SourceFileSyntax, source: String, path: String, converter: SourceLocationConverter, sourceLocation: Bool)
    {
        // The file's top-level declarations, with those inside `#if` blocks (a whole file is often
        // inside `#if canImport(UIKit)`).
        var declarations: [DeclSyntax] = []
        func collect(_ items: CodeBlockItemListSyntax) {
            for item in items {
                if let conditional = item.item.as(IfConfigDeclSyntax.self) {
                    for clause in conditional.clauses {
                        if let statements = clause.elements?.as(CodeBlockItemListSyntax.self) { collect(statements) }
                    }
                } else if let declaration = item.item.as(DeclSyntax.self) {
                    declarations.append(declaration)
                }
            }
        }
        collect(tree.statements)
        var classes: [String: ClassDeclSyntax] = [:]
        for declaration in declarations {
            if let classDecl = declaration.as(ClassDeclSyntax.self) { classes[classDecl.name.text] = classDecl }
        }
        var edits: [(start: Int, end: Int, text: String)] = []
        var moved: [String: [String]] = [:]
        var diagnostics: [PortingDiagnostic] = []
        for declaration in declarations {
            guard let extensionDecl = declaration.as(ExtensionDeclSyntax.self) else { continue }
            // A syntax collection's `filter` builds a new collection, whose members' positions
            // close up the gaps: the members are picked one by one to keep theirs.
            var overrides: [MemberBlockItemSyntax] = []
            for member in extensionDecl.memberBlock.members
            where member.decl.asProtocol(WithModifiersSyntax.self)?.modifiers.contains(where: {
                $0.name.text == "override"
            }) == true {
                overrides.append(member)
            }
            guard !overrides.isEmpty else { continue }
            let typeName = extensionDecl.extendedType.trimmedDescription
            guard classes[typeName] != nil, extensionDecl.genericWhereClause == nil else {
                for member in overrides {
                    // Only Interface Builder and nib loading call these, and there are neither
                    // here: they go.
                    if let function = member.decl.as(FunctionDeclSyntax.self),
                        ["prepareForInterfaceBuilder", "awakeFromNib"].contains(function.name.text),
                        function.signature.parameterClause.parameters.isEmpty
                    {
                        if function.name.text == "awakeFromNib" {
                            let location = converter.location(for: member.positionAfterSkippingLeadingTrivia)
                            diagnostics.append(
                                PortingDiagnostic(
                                    path: path, line: location.presumedLine, column: location.column,
                                    severity: .warning,
                                    message:
                                        "awakeFromNib() in an extension of \(typeName), declared in another file, is left out: no nib loads it here; move it into the declaration of \(typeName) if code calls it"
                                ))
                        }
                        let lineBreaks = member.trimmedDescription.utf8.filter { $0 == UInt8(ascii: "\n") }.count
                        edits.append(
                            (
                                member.positionAfterSkippingLeadingTrivia.utf8Offset,
                                member.endPositionBeforeTrailingTrivia.utf8Offset,
                                String(repeating: "\n", count: lineBreaks)
                            ))
                        continue
                    }
                    let location = converter.location(for: member.positionAfterSkippingLeadingTrivia)
                    diagnostics.append(
                        PortingDiagnostic(
                            path: path, line: location.presumedLine, column: location.column, severity: .warning,
                            message:
                                "Swift on Linux cannot override in an extension: move this member into the declaration of \(typeName)"
                        ))
                }
                continue
            }
            // What the extension's access level gave its members, which they keep in the class.
            let access = extensionDecl.modifiers.first { Self.accessLevels.contains($0.name.text) }
                .map { $0.name.text == "private" ? "fileprivate" : $0.name.text }
            for member in overrides {
                let start = member.positionAfterSkippingLeadingTrivia.utf8Offset
                let end = member.endPositionBeforeTrailingTrivia.utf8Offset
                var text = member.trimmedDescription
                let lineBreaks = text.utf8.filter { $0 == UInt8(ascii: "\n") }.count
                let hasAccess =
                    member.decl.asProtocol(WithModifiersSyntax.self)?.modifiers.contains {
                        Self.accessLevels.contains($0.name.text)
                    } == true
                if let access, !hasAccess { text = access + " " + text }
                let line = converter.location(for: member.positionAfterSkippingLeadingTrivia).presumedLine
                if sourceLocation {
                    text = "#sourceLocation(file: \(SourcePorter.literal(path)), line: \(line))\n" + text
                }
                moved[typeName, default: []].append(text)
                edits.append((start, end, sourceLocation ? String(repeating: "\n", count: lineBreaks) : ""))
            }
        }
        for (typeName, members) in moved {
            let brace = classes[typeName]!.memberBlock.rightBrace
            let position = brace.positionAfterSkippingLeadingTrivia
            var text = "\n" + members.joined(separator: "\n") + "\n"
            if sourceLocation {
                let line = converter.location(for: position).presumedLine
                text += "#sourceLocation(file: \(SourcePorter.literal(path)), line: \(line))\n"
            }
            edits.append((position.utf8Offset, position.utf8Offset, text))
        }
        self.diagnostics = diagnostics
        guard !edits.isEmpty else {
            movedText = nil
            return
        }
        var bytes = Array(source.utf8)
        for edit in edits.sorted(by: { ($0.start, $0.end) > ($1.start, $1.end) }) {
            bytes.replaceSubrange(edit.start..<edit.end, with: Array(edit.text.utf8))
        }
        movedText = String(decoding: bytes, as: UTF8.self)
    }
}
