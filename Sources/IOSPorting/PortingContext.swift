import SwiftParser
import SwiftSyntax

/// What porting one file needs to know of the others in its module: the members that
/// `@objc` protocols declare `optional`, whose callers (`delegate?.method?(…)`) may be in any
/// file. Build it from every file of a module before porting any of them.
public struct PortingContext: Sendable {
    /// The names of the `optional` members of the module's protocols.
    public var optionalMembers: Set<String> = []

    public init() {}

    /// The context of the files `sources` (their text), read in one pass.
    public init(sources: [String]) {
        for source in sources {
            let collector = OptionalMemberCollector(viewMode: .sourceAccurate)
            collector.walk(Parser.parse(source: source))
            optionalMembers.formUnion(collector.names)
        }
    }
}

/// Collects the names of protocol members marked `optional`.
private final class OptionalMemberCollector: SyntaxVisitor {
    var names: Set<String> = []

    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
        for member in node.memberBlock.members {
            let decl = member.decl
            guard
                decl.asProtocol(WithModifiersSyntax.self)?.modifiers.contains(where: { $0.name.text == "optional" })
                    == true
            else { continue }
            if let function = decl.as(FunctionDeclSyntax.self) { names.insert(function.name.text) }
            if let variable = decl.as(VariableDeclSyntax.self) {
                for binding in variable.bindings {
                    if let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text {
                        names.insert(name)
                    }
                }
            }
        }
        return .skipChildren
    }
}
