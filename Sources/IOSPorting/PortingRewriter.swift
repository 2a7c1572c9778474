import SwiftSyntax

/// Walks one file and records the edits that port it (see ``SourcePorter``).
final class PortingRewriter: SyntaxVisitor {
    private let context: PortingContext
    private let path: String
    private let converter: SourceLocationConverter

    private(set) var edits = TextEdits()
    private(set) var diagnostics: [PortingDiagnostic] = []
    /// Declarations added after the file's last line, each with the line it stands for.
    private(set) var appendedDeclarations: [(line: Int, text: String)] = []

    /// The types the walk is inside, innermost last: what an unqualified `#selector` names.
    private var enclosingTypes: [String] = []
    /// Whether the ported file uses the selectors, associated objects or observations that
    /// OpenQuartzCore provides.
    private var usesRuntime = false
    /// Whether the file names URL loading types, which Foundation keeps in
    /// FoundationNetworking on Linux.
    private var usesNetworking = false
    /// Whether the file names UIKit's types or functions, or Core Animation's.
    private var usesUIKitNames = false
    private var usesQuartzNames = false
    /// Whether it names Core Graphics types that Foundation on Linux does not declare (Darwin's
    /// Foundation brings all of Core Graphics).
    private var usesCoreGraphicsNames = false
    /// The Core Graphics types Foundation on Linux declares itself.
    static let foundationGeometryTypes: Set<String> = ["CGFloat", "CGPoint", "CGSize", "CGRect", "CGRectEdge"]
    /// The modules the file imports once ported, and where its first import ends.
    private var importedModules: Set<String> = []
    private var firstImportEnd: AbsolutePosition?

    /// iOS modules and what they are here.
    static let moduleReplacements = [
        "UIKit": "OpenUIKit", "QuartzCore": "OpenQuartzCore", "CoreGraphics": "OpenCoreGraphics",
        "ObjectiveC": "OpenQuartzCore", "Darwin": "Foundation", "CoreAnimation": "OpenQuartzCore",
    ]
    /// Attributes that mean nothing without the Objective-C runtime and do not compile here.
    static let removedAttributes: Set<String> = [
        "objc", "objcMembers", "nonobjc", "IBOutlet", "NSManaged", "IBSegueAction",
        // An app's entry point: a library target on Linux has none.
        "UIApplicationMain", "NSApplicationMain",
    ]
    /// The URL loading types Foundation on Linux declares in FoundationNetworking.
    static let networkingTypes: Set<String> = [
        "URLSession", "URLSessionConfiguration", "URLSessionTask", "URLSessionDataTask",
        "URLSessionDownloadTask", "URLSessionUploadTask", "URLSessionDelegate", "URLSessionDataDelegate",
        "URLSessionTaskDelegate", "URLRequest", "NSURLRequest", "NSMutableURLRequest", "URLResponse",
        "HTTPURLResponse", "URLCache", "HTTPCookie", "HTTPCookieStorage", "URLCredential",
        "URLProtocol", "URLAuthenticationChallenge",
    ]

    /// The file's properties typed `AnyObject?`.
    private let anyObjectProperties: Set<String>

    init(
        context: PortingContext, path: String, converter: SourceLocationConverter, anyObjectProperties: Set<String> = []
    ) {
        self.context = context
        self.anyObjectProperties = anyObjectProperties
        self.path = path
        self.converter = converter
        super.init(viewMode: .sourceAccurate)
    }

    // MARK: Imports

    override func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind {
        if firstImportEnd == nil { firstImportEnd = node.endPositionBeforeTrailingTrivia }
        guard let first = node.path.first else { return .skipChildren }
        let module = first.name.text
        if let replacement = Self.moduleReplacements[module] {
            if module == "ObjectiveC" { usesRuntime = true }
            // `import UIKit.UIGestureRecognizerSubclass` is all of OpenUIKit here.
            let end =
                node.importKindSpecifier == nil
                ? node.path.endPositionBeforeTrailingTrivia : first.name.endPositionBeforeTrailingTrivia
            edits.replace(first.name.positionAfterSkippingLeadingTrivia, end, with: replacement, in: Syntax(node))
            importedModules.insert(replacement)
        } else {
            importedModules.insert(module)
        }
        return .skipChildren
    }

    /// Adds the imports a ported file needs and does not have, after the first import, on its
    /// line (or before the first line): `import OpenQuartzCore` to a file that uses its runtime
    /// and imports none of its modules, `import FoundationNetworking` to one that loads URLs.
    func addImportsIfNeeded() {
        var missing: [String] = []
        if usesUIKitNames, !importedModules.contains("OpenUIKit") {
            missing.append("OpenUIKit")
        } else if usesRuntime || usesQuartzNames, importedModules.isDisjoint(with: ["OpenQuartzCore", "OpenUIKit"]) {
            missing.append("OpenQuartzCore")
        } else if usesCoreGraphicsNames,
            importedModules.isDisjoint(with: ["OpenCoreGraphics", "OpenQuartzCore", "OpenUIKit"])
        {
            missing.append("OpenCoreGraphics")
        }
        if usesNetworking, !importedModules.contains("FoundationNetworking") {
            missing.append("FoundationNetworking")
        }
        guard !missing.isEmpty else { return }
        let imports = missing.map { "import \($0)" }.joined(separator: "; ")
        if let end = firstImportEnd {
            edits.insert("; " + imports, at: end)
        } else {
            edits.insert(imports + "; ", at: AbsolutePosition(utf8Offset: 0))
        }
    }

    // MARK: Conditional compilation

    /// `#if os(iOS)` holds iOS code, which is what is being ported: the condition holds here.
    /// `#if canImport(UIKit)` asks for the modules that stand for UIKit here.
    override func visit(_ node: IfConfigClauseSyntax) -> SyntaxVisitorContinueKind {
        guard let condition = node.condition else { return .visitChildren }
        for call in condition.allFunctionCalls {
            let name = call.calledExpression.trimmedDescription
            let argument = call.arguments.first?.expression.trimmedDescription ?? ""
            switch (name, argument) {
            case ("os", "iOS"):
                edits.replace(
                    call.positionAfterSkippingLeadingTrivia, call.endPositionBeforeTrailingTrivia, with: "true",
                    in: Syntax(call))
            case ("canImport", let module) where Self.moduleReplacements[module] != nil && module != "Darwin":
                let argumentNode = call.arguments.first!.expression
                edits.replace(
                    argumentNode.positionAfterSkippingLeadingTrivia, argumentNode.endPositionBeforeTrailingTrivia,
                    with: Self.moduleReplacements[module]!, in: Syntax(argumentNode))
            default:
                break
            }
        }
        return .visitChildren
    }

    // MARK: Types the walk is inside

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        enclosingTypes.append(node.name.text)
        portKeyValueObserver(node)
        portAnimationInitializer(node)
        portMessageForwarding(node)
        portViewControllerInitializer(node)
        return .visitChildren
    }

    /// Core Animation's animation classes declare `init()` required here (an animation's copy
    /// is made with it), so a direct subclass's `override init()` is a `required init()`.
    static let animationClasses: Set<String> = [
        "CAAnimation", "CAPropertyAnimation", "CABasicAnimation", "CAKeyframeAnimation", "CASpringAnimation",
        "CATransition", "CAAnimationGroup",
    ]

    private func portAnimationInitializer(_ node: ClassDeclSyntax) {
        guard let superclass = node.inheritanceClause?.inheritedTypes.first?.type.trimmedDescription,
            Self.animationClasses.contains(superclass)
        else { return }
        for member in node.memberBlock.members {
            guard let initializer = member.decl.as(InitializerDeclSyntax.self),
                initializer.optionalMark == nil, initializer.signature.parameterClause.parameters.isEmpty,
                !initializer.modifiers.contains(where: { $0.name.text == "required" }),
                let override = initializer.modifiers.first(where: { $0.name.text == "override" })
            else { continue }
            edits.replace(
                override.positionAfterSkippingLeadingTrivia, override.endPositionBeforeTrailingTrivia, with: "required",
                in: Syntax(override))
        }
    }

    /// The view controllers whose `init()` is designated here, where UIKit's is a convenience
    /// initializer (UIKit's table view controller declares its own, convenience here too).
    static let viewControllersWithDesignatedInit: Set<String> = [
        "UIViewController", "UINavigationController", "UITabBarController", "UISplitViewController",
    ]

    /// A direct subclass's `init()` overrides the designated `init()` of these here: it gets
    /// the `override` iOS does not want.
    private func portViewControllerInitializer(_ node: ClassDeclSyntax) {
        guard let superclass = node.inheritanceClause?.inheritedTypes.first?.type.trimmedDescription,
            Self.viewControllersWithDesignatedInit.contains(superclass)
        else { return }
        for member in node.memberBlock.members {
            guard let initializer = member.decl.as(InitializerDeclSyntax.self),
                initializer.optionalMark == nil, initializer.signature.parameterClause.parameters.isEmpty,
                !initializer.modifiers.contains(where: { ["override", "convenience"].contains($0.name.text) })
            else { continue }
            edits.insert("override ", at: initializer.initKeyword.positionAfterSkippingLeadingTrivia)
        }
    }

    /// `forwardingTarget(for:)` and `responds(to:)` are not methods `NSObject` declares here, so
    /// their overrides are the class's own methods: the first makes the class forward messages
    /// (`MessageForwarding`), the second answers for the class's own type.
    private func portMessageForwarding(_ node: ClassDeclSyntax) {
        for member in node.memberBlock.members {
            guard let function = member.decl.as(FunctionDeclSyntax.self),
                let override = function.modifiers.first(where: { $0.name.text == "override" })
            else { continue }
            let label = function.signature.parameterClause.parameters.first?.firstName.text
            switch (function.name.text, label) {
            case ("forwardingTarget", "for"):
                edits.remove(override)
                if let inherited = node.inheritanceClause?.inheritedTypes {
                    edits.insert(", MessageForwarding", at: inherited.endPositionBeforeTrailingTrivia)
                } else {
                    edits.insert(": MessageForwarding", at: node.name.endPositionBeforeTrailingTrivia)
                }
                usesRuntime = true
            case ("responds", "to"):
                edits.remove(override)
            default:
                break
            }
        }
    }

    /// A direct `NSObject` subclass overriding `observeValue(forKeyPath:of:change:context:)`
    /// overrides nothing here: it declares the method as its own, for `NSKeyValueObserving`.
    private func portKeyValueObserver(_ node: ClassDeclSyntax) {
        guard let inherited = node.inheritanceClause?.inheritedTypes,
            inherited.first?.type.trimmedDescription == "NSObject",
            !inherited.contains(where: { $0.type.trimmedDescription == "NSKeyValueObserving" })
        else { return }
        for member in node.memberBlock.members {
            guard let function = member.decl.as(FunctionDeclSyntax.self), function.name.text == "observeValue",
                function.signature.parameterClause.parameters.first?.firstName.text == "forKeyPath",
                let override = function.modifiers.first(where: { $0.name.text == "override" })
            else { continue }
            edits.remove(override)
            edits.insert(", NSKeyValueObserving", at: inherited.endPositionBeforeTrailingTrivia)
            // NSObject observes nothing here: the call passing on what the class does not
            // handle goes (on iOS it raises, for an observation nobody registered).
            for call in function.body?.allFunctionCalls ?? [] {
                guard let callee = call.calledExpression.as(MemberAccessExprSyntax.self),
                    callee.base?.trimmedDescription == "super", callee.declName.baseName.text == "observeValue"
                else { continue }
                edits.replace(
                    call.positionAfterSkippingLeadingTrivia, call.endPositionBeforeTrailingTrivia, with: "",
                    in: Syntax(call))
            }
            usesRuntime = true
            return
        }
    }

    override func visitPost(_ node: ClassDeclSyntax) { enclosingTypes.removeLast() }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        enclosingTypes.append(node.name.text)
        return .visitChildren
    }

    override func visitPost(_ node: StructDeclSyntax) { enclosingTypes.removeLast() }

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        enclosingTypes.append(node.name.text)
        return .visitChildren
    }

    override func visitPost(_ node: EnumDeclSyntax) { enclosingTypes.removeLast() }

    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
        enclosingTypes.append(node.name.text)
        return .visitChildren
    }

    override func visitPost(_ node: ActorDeclSyntax) { enclosingTypes.removeLast() }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        enclosingTypes.append(node.extendedType.trimmedDescription)
        return .visitChildren
    }

    override func visitPost(_ node: ExtensionDeclSyntax) { enclosingTypes.removeLast() }

    // MARK: Attributes and modifiers

    override func visit(_ node: AttributeSyntax) -> SyntaxVisitorContinueKind {
        let name = node.attributeName.trimmedDescription
        if Self.removedAttributes.contains(name) {
            edits.remove(node)
        } else if name == "convention", node.arguments?.trimmedDescription == "block" {
            // A block is a closure here.
            edits.remove(node)
        } else if name == "IBAction", let function = node.parent?.parent?.as(FunctionDeclSyntax.self),
            function.signature.parameterClause.parameters.count != 1
        {
            // Swift on Linux takes an action of one argument only; iOS takes none or two too.
            edits.remove(node)
        }
        return .visitChildren
    }

    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
        enclosingTypes.append("Self")
        guard
            node.attributes.contains(where: { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "objc" })
        else { return .visitChildren }
        // An @objc protocol is class-bound (`weak var delegate` relies on it); without @objc
        // it says so itself.
        let inherited = node.inheritanceClause?.inheritedTypes.map(\.type.trimmedDescription) ?? []
        if inherited.isEmpty {
            let end =
                node.primaryAssociatedTypeClause?.endPositionBeforeTrailingTrivia
                ?? node.name.endPositionBeforeTrailingTrivia
            edits.insert(": AnyObject", at: end)
        } else if inherited.allSatisfy({ !["AnyObject", "class", "NSObjectProtocol"].contains($0) }) {
            edits.insert(", AnyObject", at: node.inheritanceClause!.inheritedTypes.endPositionBeforeTrailingTrivia)
        }
        addDefaultImplementations(of: node)
        return .visitChildren
    }

    override func visitPost(_ node: ProtocolDeclSyntax) { enclosingTypes.removeLast() }

    /// `optional` requirements become required ones with a default implementation that does
    /// what a missing one did: nothing, or nil.
    private func addDefaultImplementations(of proto: ProtocolDeclSyntax) {
        var members: [String] = []
        let access = proto.modifiers.contains { ["public", "open"].contains($0.name.text) } ? "public " : ""
        for member in proto.memberBlock.members {
            let decl = member.decl
            guard
                let optional = decl.asProtocol(WithModifiersSyntax.self)?.modifiers.first(where: {
                    $0.name.text == "optional"
                })
            else { continue }
            edits.remove(optional)
            let isStatic =
                decl.asProtocol(WithModifiersSyntax.self)?.modifiers.contains { $0.name.text == "static" } == true
            let prefix = access + (isStatic ? "static " : "")
            if let function = decl.as(FunctionDeclSyntax.self) {
                let returnType = function.signature.returnClause?.type
                let body: String
                if returnType == nil || ["Void", "()"].contains(returnType!.trimmedDescription) {
                    body = "{}"
                } else if returnType!.is(OptionalTypeSyntax.self)
                    || returnType!.is(ImplicitlyUnwrappedOptionalTypeSyntax.self)
                {
                    body = "{ nil }"
                } else {
                    warn(
                        at: function,
                        "optional requirement '\(function.name.text)' returns a \(returnType!.trimmedDescription), which no default can stand for: it is now required, so give every conforming type an implementation, or make it return an optional"
                    )
                    continue
                }
                var signature = function.with(\.attributes, []).with(\.modifiers, []).with(\.body, nil)
                signature.leadingTrivia = []
                members.append("\(prefix)\(signature.trimmedDescription) \(body)")
            } else if let variable = decl.as(VariableDeclSyntax.self), let binding = variable.bindings.first,
                let type = binding.typeAnnotation?.type
            {
                guard type.is(OptionalTypeSyntax.self) || type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self) else {
                    warn(
                        at: variable,
                        "optional requirement '\(binding.pattern.trimmedDescription)' of type \(type.trimmedDescription) has no default: it is now required, so give every conforming type one"
                    )
                    continue
                }
                members.append("\(prefix)var \(binding.pattern.trimmedDescription): \(type.trimmedDescription) { nil }")
            }
        }
        guard !members.isEmpty else { return }
        let line = converter.location(for: proto.positionAfterSkippingLeadingTrivia).presumedLine
        appendedDeclarations.append((line, "extension \(proto.name.text) { " + members.joined(separator: "; ") + " }"))
    }

    // MARK: @NSManaged

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        guard
            node.attributes.contains(where: {
                $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "NSManaged"
            })
        else { return .visitChildren }
        for binding in node.bindings {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                let annotation = binding.typeAnnotation, binding.accessorBlock == nil
            else {
                warn(at: binding, "an @NSManaged property needs a name and a type to become a key-value-coded one")
                continue
            }
            let key = SourcePorter.literal(name)
            let getter: String
            if let optional = annotation.type.as(OptionalTypeSyntax.self) {
                getter = "value(forKey: \(key)) as? \(optional.wrappedType.trimmedDescription)"
            } else if let optional = annotation.type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
                getter = "value(forKey: \(key)) as? \(optional.wrappedType.trimmedDescription)"
            } else {
                let type = annotation.type.trimmedDescription
                getter = "value(forKey: \(key)) as? \(type) ?? \(type)()"
            }
            edits.insert(
                " { get { \(getter) } set { setValue(newValue, forKey: \(key)) } }",
                at: annotation.endPositionBeforeTrailingTrivia)
        }
        return .visitChildren
    }

    // MARK: #selector and #keyPath

    override func visit(_ node: MacroExpansionExprSyntax) -> SyntaxVisitorContinueKind {
        switch node.macroName.text {
        case "selector": portSelector(node)
        case "keyPath": portKeyPath(node)
        default: return .visitChildren
        }
        return .skipChildren
    }

    private func portSelector(_ node: MacroExpansionExprSyntax) {
        guard node.arguments.count == 1, let argument = node.arguments.first else { return }
        if let label = argument.label?.text {
            warn(
                at: node,
                "#selector(\(label): …) names a property's \(label), which Swift on Linux cannot look up: call the property in a closure instead"
            )
            return
        }
        let expression = argument.expression
        let owner: String
        let method: String
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            guard let enclosing = enclosingTypes.last else {
                warn(
                    at: node,
                    "#selector outside a type names no method a target has: call the function in a closure instead")
                return
            }
            owner = enclosing
            method = reference.trimmedDescription
        } else if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base {
            let baseText = base.trimmedDescription
            if baseText == "self" || baseText == "Self" {
                guard let enclosing = enclosingTypes.last else { return }
                owner = enclosing
            } else if let first = baseText.first, first.isUppercase {
                owner = baseText
            } else {
                warn(
                    at: node,
                    "#selector(\(expression.trimmedDescription)) names an instance's method: name it by its type (#selector(Type.method)) or call it in a closure"
                )
                return
            }
            method = member.declName.trimmedDescription
        } else {
            warn(
                at: node,
                "#selector(\(expression.trimmedDescription)) is not a method's name: call the method in a closure instead"
            )
            return
        }
        let name = method.filter { !$0.isWhitespace }
        usesRuntime = true
        edits.replace(
            node.positionAfterSkippingLeadingTrivia, node.endPositionBeforeTrailingTrivia,
            with: "Selector(\(SourcePorter.literal(name)), \(owner).\(method))", in: Syntax(node))
    }

    private func portKeyPath(_ node: MacroExpansionExprSyntax) {
        guard node.arguments.count == 1, let argument = node.arguments.first else { return }
        var components = argument.expression.trimmedDescription.filter { !$0.isWhitespace }.split(separator: ".").map(
            String.init)
        // `#keyPath(CALayer.position)` names the type first; `#keyPath(layer.opacity)` does not.
        if components.count > 1, components[0].first?.isUppercase == true { components.removeFirst() }
        edits.replace(
            node.positionAfterSkippingLeadingTrivia, node.endPositionBeforeTrailingTrivia,
            with: SourcePorter.literal(components.joined(separator: ".")), in: Syntax(node))
    }

    // MARK: Calls

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        // `delegate?.method?(…)`: the optional requirement is a required one with a default now.
        if let chained = node.calledExpression.as(OptionalChainingExprSyntax.self),
            let member = chained.expression.as(MemberAccessExprSyntax.self),
            context.isOptionalMethod(member.declName.baseName.text)
        {
            edits.remove(chained.questionMark)
            // Through an `AnyObject?` property, the call names the protocol that declares it.
            if let receiver = member.base?.as(OptionalChainingExprSyntax.self)?.expression,
                let name = Self.propertyName(receiver), anyObjectProperties.contains(name),
                let owner = context.protocolDeclaringOptional(member.declName.baseName.text)
            {
                edits.insert("(", at: receiver.positionAfterSkippingLeadingTrivia)
                edits.insert(" as? \(owner))", at: receiver.endPositionBeforeTrailingTrivia)
            }
        }
        // Selectors built from strings name a method only the Objective-C runtime can find.
        let callee = node.calledExpression.trimmedDescription
        if callee == "NSSelectorFromString"
            || callee == "Selector" && node.arguments.count == 1 && node.arguments.first?.label == nil
                && node.arguments.first?.expression.is(StringLiteralExprSyntax.self) == true
        {
            warn(
                at: node,
                "a selector built from a string names a method only the Objective-C runtime can find: write #selector(method) or call the method in a closure"
            )
        }
        return .visitChildren
    }

    /// `name` or `self.name`: the property an expression reads, if that is all it does.
    private static func propertyName(_ expression: ExprSyntax) -> String? {
        if let reference = expression.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        if let member = expression.as(MemberAccessExprSyntax.self), member.base?.trimmedDescription == "self" {
            return member.declName.baseName.text
        }
        return nil
    }

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        let name = node.baseName.text
        noteFrameworkName(name)
        if name.hasPrefix("objc_") || name == "NSKeyValueObservation" { usesRuntime = true }
        if Self.networkingTypes.contains(name) { usesNetworking = true }
        return .visitChildren
    }

    override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
        if Self.networkingTypes.contains(node.name.text) { usesNetworking = true }
        noteFrameworkName(node.name.text)
        return .visitChildren
    }

    /// `delegate?.window??.rootViewController`: an optional property requirement is a required
    /// one here, so one level of optional chaining goes.
    override func visit(_ node: OptionalChainingExprSyntax) -> SyntaxVisitorContinueKind {
        if let inner = node.expression.as(OptionalChainingExprSyntax.self),
            let member = inner.expression.as(MemberAccessExprSyntax.self),
            context.isOptionalProperty(member.declName.baseName.text)
        {
            edits.remove(inner.questionMark)
        }
        return .visitChildren
    }

    /// A name of UIKit's (`UITouch`), Core Animation's (`CALayer`) or Core Graphics'
    /// (`CGAffineTransform`) in a file that does not import them: in a framework target on iOS
    /// the module's umbrella header imports UIKit for every file, so a file importing only
    /// Foundation may use them, and Foundation itself brings Core Graphics.
    private func noteFrameworkName(_ name: String) {
        let characters = name.utf8
        guard characters.count > 2 else { return }
        let third = characters[characters.index(characters.startIndex, offsetBy: 2)]
        guard third >= UInt8(ascii: "A") && third <= UInt8(ascii: "Z") else { return }
        if name.hasPrefix("UI") {
            usesUIKitNames = true
        } else if name.hasPrefix("CA") {
            usesQuartzNames = true
        } else if name.hasPrefix("CG"), !Self.foundationGeometryTypes.contains(name) {
            usesCoreGraphicsNames = true
        }
    }

    // MARK: Diagnostics

    private func warn(at node: some SyntaxProtocol, _ message: String) {
        let location = converter.location(for: node.positionAfterSkippingLeadingTrivia)
        diagnostics.append(
            PortingDiagnostic(
                path: path, line: location.presumedLine, column: location.column, severity: .warning, message: message))
    }
}

extension SyntaxProtocol {
    /// The function calls in this node, outermost first.
    fileprivate var allFunctionCalls: [FunctionCallExprSyntax] {
        var calls: [FunctionCallExprSyntax] = []
        if let call = self.as(FunctionCallExprSyntax.self) { calls.append(call) }
        for child in children(viewMode: .sourceAccurate) { calls += child.allFunctionCalls }
        return calls
    }
}
