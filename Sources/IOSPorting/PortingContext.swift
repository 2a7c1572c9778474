import Foundation
import SwiftParser
import SwiftSyntax

/// What porting one file needs to know of the others in its module: the members that
/// `@objc` protocols declare `optional`, whose callers (`delegate?.method?(…)`) may be in any
/// file. Build it from every file of a module before porting any of them.
public struct PortingContext: Sendable {
    /// The names of the `optional` members of the module's protocols.
    public var optionalMembers: Set<String> = []
    /// Those of them that are properties (`delegate?.value??`).
    public var optionalProperties: Set<String> = []
    /// The protocols that declare each optional member, for a call through a value typed
    /// `AnyObject` (`delegate?.menuOpened?(self)` with `weak var delegate: AnyObject?`).
    public var optionalMemberProtocols: [String: Set<String>] = [:]

    /// Optional methods of UIKit's protocols that OpenUIKit declares as requirements with
    /// do-nothing defaults, so that `delegate?.scrollViewDidScroll?(scrollView)` loses its
    /// second `?` as a module's own do (IOSPortingTests checks each is declared in OpenUIKit).
    public static let uiKitOptionalMethods: Set<String> = [
        // UIScrollViewDelegate, UITableViewDelegate and UITableViewDataSource
        "scrollViewDidScroll", "scrollViewWillBeginDragging", "scrollViewDidEndDragging",
        "scrollViewWillBeginDecelerating", "scrollViewDidEndDecelerating", "scrollViewDidEndScrollingAnimation",
        "tableView", "numberOfSections",
        // UITextFieldDelegate
        "textField", "textFieldDidBeginEditing", "textFieldDidChangeSelection", "textFieldDidEndEditing",
        "textFieldShouldBeginEditing", "textFieldShouldClear", "textFieldShouldEndEditing", "textFieldShouldReturn",
        // UIGestureRecognizerDelegate
        "gestureRecognizer", "gestureRecognizerShouldBegin",
        // Transitions: UIViewControllerAnimatedTransitioning, UIViewImplicitlyAnimating,
        // UIViewControllerTransitioningDelegate, UIAdaptivePresentationControllerDelegate
        "animationEnded", "interruptibleAnimator", "addAnimations", "addCompletion", "continueAnimation",
        "animationController", "interactionControllerForPresentation", "interactionControllerForDismissal",
        "presentationController", "adaptivePresentationStyle", "presentationControllerShouldDismiss",
        "presentationControllerWillDismiss", "presentationControllerDidDismiss",
        "presentationControllerDidAttemptToDismiss",
        // Containers: UINavigationControllerDelegate, UITabBarControllerDelegate,
        // UITabBarDelegate, UISplitViewControllerDelegate
        "navigationController", "tabBarController", "tabBar", "splitViewController",
        "splitViewControllerDidCollapse", "splitViewControllerDidExpand",
        // UIApplicationDelegate
        "application", "applicationDidBecomeActive", "applicationWillResignActive",
        "applicationDidEnterBackground", "applicationWillEnterForeground", "applicationWillTerminate",
        "applicationDidReceiveMemoryWarning",
    ]

    /// Optional properties of UIKit's protocols that OpenUIKit declares as requirements
    /// (`UIApplication.shared.delegate?.window??`).
    public static let uiKitOptionalProperties: Set<String> = ["window"]

    public init() {}

    /// The context of the files `sources` (their text), read in one pass.
    public init(sources: [String]) {
        // Only a file that says `optional` can declare an optional member: the others are not
        // parsed (parsing is most of the step's time, and the file is parsed again to port it).
        // The files are parsed on all of the machine's cores, and their findings merged after.
        let candidates = sources.filter { $0.contains("optional") }
        var found = [OptionalMembers?](repeating: nil, count: candidates.count)
        found.withUnsafeMutableBufferPointer { buffer in
            // Each iteration writes its own element only.
            nonisolated(unsafe) let buffer = buffer
            DispatchQueue.concurrentPerform(iterations: candidates.count) { index in
                let collector = OptionalMemberCollector(viewMode: .sourceAccurate)
                collector.walk(Parser.parse(source: candidates[index]))
                buffer[index] = OptionalMembers(
                    names: collector.names, properties: collector.properties, protocols: collector.protocols)
            }
        }
        for members in found.compactMap({ $0 }) {
            optionalMembers.formUnion(members.names)
            optionalProperties.formUnion(members.properties)
            optionalMemberProtocols.merge(members.protocols) { $0.union($1) }
        }
    }

    /// Whether `name`, called as `value.name?(…)`, is an optional protocol method, of the
    /// module's protocols or of UIKit's.
    func isOptionalMethod(_ name: String) -> Bool {
        optionalMembers.contains(name) || Self.uiKitOptionalMethods.contains(name)
    }

    /// The one protocol of the module that declares `name` optional, if only one does.
    func protocolDeclaringOptional(_ name: String) -> String? {
        guard let protocols = optionalMemberProtocols[name], protocols.count == 1 else { return nil }
        return protocols.first
    }

    /// Whether `name`, read as `value?.name??`, is an optional protocol property.
    func isOptionalProperty(_ name: String) -> Bool {
        optionalProperties.contains(name) || Self.uiKitOptionalProperties.contains(name)
    }
}

/// What one file declares `optional`.
private struct OptionalMembers {
    var names: Set<String>
    var properties: Set<String>
    var protocols: [String: Set<String>]
}

/// Collects the names of protocol members marked `optional`.
private final class OptionalMemberCollector: SyntaxVisitor {
    var names: Set<String> = []
    var properties: Set<String> = []
    var protocols: [String: Set<String>] = [:]

    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
        let owner = node.name.text
        for member in node.memberBlock.members {
            let decl = member.decl
            guard
                decl.asProtocol(WithModifiersSyntax.self)?.modifiers.contains(where: { $0.name.text == "optional" })
                    == true
            else { continue }
            if let function = decl.as(FunctionDeclSyntax.self) {
                names.insert(function.name.text)
                protocols[function.name.text, default: []].insert(owner)
            }
            if let variable = decl.as(VariableDeclSyntax.self) {
                for binding in variable.bindings {
                    if let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text {
                        names.insert(name)
                        properties.insert(name)
                        protocols[name, default: []].insert(owner)
                    }
                }
            }
        }
        return .skipChildren
    }
}
