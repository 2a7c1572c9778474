import Foundation
import IOSPorting
import Testing

/// The porting step's rewrites, one construct at a time: what each becomes, that every line
/// keeps its number, that ported text ports to itself, and what is left alone with a warning.
@Suite struct SourcePorterTests {
    private func port(_ source: String, context: PortingContext? = nil) -> PortedFile {
        SourcePorter(context: context ?? PortingContext(sources: [source])).port(source, path: "Fixture.swift")
    }

    private func expectPorted(_ source: String, _ expected: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let ported = port(source)
        #expect(ported.text == expected, sourceLocation: sourceLocation)
        #expect(ported.diagnostics.isEmpty, sourceLocation: sourceLocation)
        // Every line keeps its number, and ported text ports to itself.
        #expect(
            ported.text.split(separator: "\n", omittingEmptySubsequences: false).count
                >= source.split(separator: "\n", omittingEmptySubsequences: false).count, sourceLocation: sourceLocation
        )
        let again = port(ported.text)
        #expect(again.text == ported.text, sourceLocation: sourceLocation)
        #expect(!again.isChanged, sourceLocation: sourceLocation)
    }

    @Test func importsNameTheModulesHere() {
        expectPorted(
            "import UIKit\nimport QuartzCore\nimport CoreGraphics\nimport Darwin\nimport UIKit.UIGestureRecognizerSubclass\nimport class UIKit.UIView\nimport Foundation\n",
            "import OpenUIKit\nimport OpenQuartzCore\nimport OpenCoreGraphics\nimport Foundation\nimport OpenUIKit\nimport class OpenUIKit.UIView\nimport Foundation\n"
        )
    }

    @Test func anAppsEntryPointGoes() {
        expectPorted(
            "import UIKit\n\n@UIApplicationMain\nclass AppDelegate: UIResponder, UIApplicationDelegate {\n    var window: UIWindow?\n}\n",
            "import OpenUIKit\n\n\nclass AppDelegate: UIResponder, UIApplicationDelegate {\n    var window: UIWindow?\n}\n"
        )
    }

    @Test func urlLoadingImportsFoundationNetworkingOnceAfterTheFirstImport() {
        expectPorted(
            "import UIKit\nfunc load(_ url: URL) {\n    URLSession.shared.dataTask(with: url).resume()\n}\n",
            "import OpenUIKit; import FoundationNetworking\nfunc load(_ url: URL) {\n    URLSession.shared.dataTask(with: url).resume()\n}\n"
        )
        expectPorted(
            "import Foundation\nlet request: URLRequest? = nil\n",
            "import Foundation; import FoundationNetworking\nlet request: URLRequest? = nil\n"
        )
        // Imported already, or under a condition: nothing added.
        let guarded =
            "import Foundation\n#if canImport(FoundationNetworking)\nimport FoundationNetworking\n#endif\nlet session = URLSession.shared\n"
        #expect(!port(guarded).isChanged)
    }

    @Test func uiKitsOptionalRequirementsAreCalledAsRequiredOnes() {
        expectPorted(
            """
            import UIKit
            final class Proxy: NSObject, UIScrollViewDelegate {
                weak var forwarded: UIScrollViewDelegate?
                var handler: ((UIScrollView) -> Void)?
                func scrollViewDidScroll(_ scrollView: UIScrollView) {
                    forwarded?.scrollViewDidScroll?(scrollView)
                    handler?(scrollView)
                    _ = UIApplication.shared.delegate?.window??.rootViewController
                }
                func finish(_ animator: UIViewImplicitlyAnimating) {
                    animator.addCompletion?({ _ in })
                }
            }

            """,
            """
            import OpenUIKit
            final class Proxy: NSObject, UIScrollViewDelegate {
                weak var forwarded: UIScrollViewDelegate?
                var handler: ((UIScrollView) -> Void)?
                func scrollViewDidScroll(_ scrollView: UIScrollView) {
                    forwarded?.scrollViewDidScroll(scrollView)
                    handler?(scrollView)
                    _ = UIApplication.shared.delegate?.window?.rootViewController
                }
                func finish(_ animator: UIViewImplicitlyAnimating) {
                    animator.addCompletion({ _ in })
                }
            }

            """
        )
    }

    /// Every UIKit member the step calls as a required one is a requirement of one of
    /// OpenUIKit's protocols, so the list cannot name one OpenUIKit does not have.
    @Test func theUIKitOptionalMembersAreOpenUIKitsProtocolRequirements() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/OpenUIKit")
        var declared: Set<String> = []
        let files = try #require(FileManager.default.enumerator(atPath: sources.path)).compactMap { $0 as? String }
        for file in files where file.hasSuffix(".swift") {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            var inProtocol = false
            for line in text.split(separator: "\n") {
                if line.hasPrefix("public protocol ") || line.hasPrefix("@MainActor public protocol ") {
                    inProtocol = true
                } else if line.hasPrefix("}") {
                    inProtocol = false
                } else if inProtocol, let range = line.range(of: #"(func|var) (\w+)"#, options: .regularExpression) {
                    declared.insert(String(line[range].split(separator: " ")[1]))
                }
            }
        }
        let all = PortingContext.uiKitOptionalMethods.union(PortingContext.uiKitOptionalProperties)
        #expect(
            all.subtracting(declared).isEmpty, "not requirements in OpenUIKit: \(all.subtracting(declared).sorted())")
    }

    @Test func objectiveCAttributesGoAndTheRestStays() {
        expectPorted(
            """
            import UIKit
            @objcMembers final class A: NSObject {
                @IBOutlet weak var label: UILabel!
                @objc dynamic var x = 0
                @objc(tapWithSender:) func tap(_ sender: Any) {}
                @IBAction func press(_ sender: Any) {}
                @IBAction func close() {}
                @IBAction func pressed(_ sender: Any, forEvent event: UIEvent) {}
                @IBInspectable var radius: CGFloat = 0
                @objc
                func step() {}
                var handler: (@convention(block) () -> Void)?
            }
            """,
            """
            import OpenUIKit
            final class A: NSObject {
                weak var label: UILabel!
                dynamic var x = 0
                func tap(_ sender: Any) {}
                @IBAction func press(_ sender: Any) {}
                func close() {}
                func pressed(_ sender: Any, forEvent event: UIEvent) {}
                @IBInspectable var radius: CGFloat = 0
                
                func step() {}
                var handler: (() -> Void)?
            }
            """)
    }

    @Test func selectorsCarryTheirMethodAndItsType() {
        expectPorted(
            """
            import UIKit
            class Controller: UIViewController {
                func wire() {
                    button.addTarget(self, action: #selector(tapped(_:)), for: .touchUpInside)
                    let pan = UIPanGestureRecognizer(target: self, action: #selector(self.pan))
                    link = CADisplayLink(target: self, selector: #selector(Controller.step(_:)))
                    NotificationCenter.default.addObserver(self, selector: #selector(UIView.layoutIfNeeded), name: nil, object: nil)
                }
            }
            extension Controller.Inner {
                func more() { perform(#selector( go( with : ) ), with: nil, afterDelay: 1) }
            }
            """,
            """
            import OpenUIKit
            class Controller: UIViewController {
                func wire() {
                    button.addTarget(self, action: Selector("tapped(_:)", Controller.tapped(_:)), for: .touchUpInside)
                    let pan = UIPanGestureRecognizer(target: self, action: Selector("pan", Controller.pan))
                    link = CADisplayLink(target: self, selector: Selector("step(_:)", Controller.step(_:)))
                    NotificationCenter.default.addObserver(self, selector: Selector("layoutIfNeeded", UIView.layoutIfNeeded), name: nil, object: nil)
                }
            }
            extension Controller.Inner {
                func more() { perform(Selector("go(with:)", Controller.Inner.go( with : )), with: nil, afterDelay: 1) }
            }
            """)
    }

    @Test func aSelectorOverTwoLinesKeepsTheLinesAfterIt() {
        let ported = port("class A {\n  func f() {\n    x(#selector(\n      g))\n    y()\n  }\n}\n")
        #expect(
            ported.text
                == "import OpenQuartzCore; class A {\n  func f() {\n    x(Selector(\"g\", A.g)\n)\n    y()\n  }\n}\n")
    }

    @Test func aFileWithSelectorsAndOnlyFoundationImportsTheRuntime() {
        expectPorted(
            "import Foundation\nclass T: NSObject { func go() { Timer.scheduledTimer(timeInterval: 1, target: self, selector: #selector(tick), userInfo: nil, repeats: true) } }\n",
            "import Foundation; import OpenQuartzCore\nclass T: NSObject { func go() { Timer.scheduledTimer(timeInterval: 1, target: self, selector: Selector(\"tick\", T.tick), userInfo: nil, repeats: true) } }\n"
        )
        expectPorted(
            "import ObjectiveC\nfunc f(_ o: AnyObject) -> Any? { objc_getAssociatedObject(o, &key) }\n",
            "import OpenQuartzCore\nfunc f(_ o: AnyObject) -> Any? { objc_getAssociatedObject(o, &key) }\n")
    }

    @Test func aFoundationFileNamingCoreGraphicsTypesImportsThem() {
        expectPorted(
            "import Foundation\nstruct Notch { var transform: CGAffineTransform = .identity; var size: CGSize }\n",
            "import Foundation; import OpenCoreGraphics\nstruct Notch { var transform: CGAffineTransform = .identity; var size: CGSize }\n"
        )
        // The geometry Foundation declares here needs nothing more.
        let geometry = "import Foundation\nlet frame = CGRect(x: 0, y: 0, width: CGFloat(1), height: 2)\n"
        #expect(port(geometry).text == geometry)
    }

    @Test func iOSConditionsHoldWhatIsPorted() {
        expectPorted(
            "#if os(iOS) || os(tvOS)\nimport UIKit\n#elseif canImport(AppKit)\nimport AppKit\n#endif\n#if canImport(UIKit) && !os(macOS)\nlet a = 1\n#endif\n#if canImport(Darwin)\nlet b = 2\n#endif\n",
            "#if true || os(tvOS)\nimport OpenUIKit\n#elseif canImport(AppKit)\nimport AppKit\n#endif\n#if canImport(OpenUIKit) && !os(macOS)\nlet a = 1\n#endif\n#if canImport(Darwin)\nlet b = 2\n#endif\n"
        )
    }

    @Test func anObjectObservingKeyPathsDeclaresItself() {
        expectPorted(
            "import UIKit\nfinal class Watcher: NSObject {\n    override func observeValue(forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?, context: UnsafeMutableRawPointer?) {\n        if context == nil { return } else {\n            super.observeValue(forKeyPath: keyPath, of: object,\n                change: change, context: context)\n        }\n    }\n}\n",
            "import OpenUIKit\nfinal class Watcher: NSObject, NSKeyValueObserving {\n    func observeValue(forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?, context: UnsafeMutableRawPointer?) {\n        if context == nil { return } else {\n            \n\n        }\n    }\n}\n"
        )
        // A view overrides UIResponder's, as on iOS.
        let view =
            "import OpenUIKit\nfinal class V: UIView {\n    override func observeValue(forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?, context: UnsafeMutableRawPointer?) {}\n}\n"
        #expect(port(view).text == view)
    }

    @Test func aProxyForwardingMessagesDeclaresItsOwnMethods() {
        expectPorted(
            "import UIKit\nfinal class Proxy: NSObject {\n    weak var target: NSObjectProtocol?\n    override func responds(to aSelector: Selector!) -> Bool { target?.responds(to: aSelector) ?? false }\n    override func forwardingTarget(for aSelector: Selector!) -> Any? { target }\n}\nclass Bare { override func forwardingTarget(for s: Selector!) -> Any? { nil } }\n",
            "import OpenUIKit\nfinal class Proxy: NSObject, MessageForwarding {\n    weak var target: NSObjectProtocol?\n    func responds(to aSelector: Selector!) -> Bool { target?.responds(to: aSelector) ?? false }\n    func forwardingTarget(for aSelector: Selector!) -> Any? { target }\n}\nclass Bare: MessageForwarding { func forwardingTarget(for s: Selector!) -> Any? { nil } }\n"
        )
    }

    @Test func aViewControllersOwnInitOverridesTheDesignatedOneHere() {
        expectPorted(
            "import UIKit\nfinal class Host: UIViewController {\n    init() { super.init(nibName: nil, bundle: nil) }\n    required init?(coder: NSCoder) { nil }\n}\nfinal class Stack: UINavigationController {\n    public init() { super.init(nibName: nil, bundle: nil) }\n    convenience init(x: Int) { self.init() }\n}\n",
            "import OpenUIKit\nfinal class Host: UIViewController {\n    override init() { super.init(nibName: nil, bundle: nil) }\n    required init?(coder: NSCoder) { nil }\n}\nfinal class Stack: UINavigationController {\n    public override init() { super.init(nibName: nil, bundle: nil) }\n    convenience init(x: Int) { self.init() }\n}\n"
        )
        // A table view controller's `init()` is a convenience one here too: nothing changes.
        let table =
            "import OpenUIKit\nfinal class List: UITableViewController {\n    init() { super.init(style: .plain) }\n}\n"
        #expect(port(table).text == table)
    }

    @Test func keyPathsBecomeTheirStrings() {
        expectPorted(
            "import QuartzCore\nlet a = CABasicAnimation(keyPath: #keyPath(CALayer.position))\nlet b = #keyPath(layer.opacity)\nlet c = #keyPath(progress)\n",
            "import OpenQuartzCore\nlet a = CABasicAnimation(keyPath: \"position\")\nlet b = \"layer.opacity\"\nlet c = \"progress\"\n"
        )
    }

    @Test func managedPropertiesBecomeKeyValueCodedOnes() {
        expectPorted(
            "import QuartzCore\nclass Ring: CALayer {\n    @NSManaged var progress: CGFloat\n    @NSManaged public var color: CGColor?\n}\n",
            "import OpenQuartzCore\nclass Ring: CALayer {\n    var progress: CGFloat { get { value(forKey: \"progress\") as? CGFloat ?? CGFloat() } set { setValue(newValue, forKey: \"progress\") } }\n    public var color: CGColor? { get { value(forKey: \"color\") as? CGColor } set { setValue(newValue, forKey: \"color\") } }\n}\n"
        )
    }

    @Test func optionalRequirementsGetDefaultsAndTheirCallersCallThem() {
        let source = """
            import UIKit
            @objc public protocol SheetDelegate: NSObjectProtocol {
                func sheetDidAppear()
                @objc optional func sheetWillMove(to height: CGFloat)
                @objc optional func title(for sheet: Sheet) -> String?
                @objc optional var tint: UIColor? { get }
            }
            @objc protocol Plain {
                @objc optional func ping()
            }
            func call(_ d: SheetDelegate?) { d?.sheetWillMove?(to: 2); _ = d?.title?(for: s) }
            """
        let ported = port(source)
        #expect(
            ported.text == """
                import OpenUIKit
                public protocol SheetDelegate: NSObjectProtocol {
                    func sheetDidAppear()
                    func sheetWillMove(to height: CGFloat)
                    func title(for sheet: Sheet) -> String?
                    var tint: UIColor? { get }
                }
                protocol Plain: AnyObject {
                    func ping()
                }
                func call(_ d: SheetDelegate?) { d?.sheetWillMove(to: 2); _ = d?.title(for: s) }
                extension SheetDelegate { public func sheetWillMove(to height: CGFloat) {}; public func title(for sheet: Sheet) -> String? { nil }; public var tint: UIColor? { nil } }
                extension Plain { func ping() {} }

                """)
        #expect(ported.diagnostics.isEmpty)
        #expect(port(ported.text).text == ported.text)
    }

    @Test func anOptionalRequirementReturningAValueIsReportedAndMadeRequired() {
        let ported = port("@objc protocol P {\n    @objc optional func height() -> CGFloat\n}\n")
        #expect(ported.text == "protocol P: AnyObject {\n    func height() -> CGFloat\n}\n")
        #expect(ported.diagnostics.map(\.line) == [2])
        #expect(ported.diagnostics.first?.severity == .warning)
        #expect(ported.diagnostics.first?.message.contains("give every conforming type an implementation") == true)
    }

    @Test func whatCannotBeRewrittenSafelyIsLeftWithAWarningAtItsLine() {
        let source = """
            class A {
                func f() {
                    let s = Selector("tap:")
                    let t = NSSelectorFromString(name)
                    let u = #selector(getter: UIView.frame)
                    let v = #selector(other.method)
                }
            }
            """
        let ported = port(source)
        #expect(ported.text == source)
        #expect(ported.diagnostics.map(\.line) == [3, 4, 5, 6])
        #expect(ported.diagnostics.allSatisfy { $0.severity == .warning && $0.path == "Fixture.swift" })
        #expect(
            ported.diagnostics[0].description.hasPrefix("Fixture.swift:3:17: warning: a selector built from a string"))
    }

    @Test func overridesInAnExtensionMoveIntoTheirClass() {
        let source = """
            import UIKit
            final class Card: UIView {
                var lift: CGFloat = 0
            }

            public extension Card {
                /// Lays the card out.
                override func layoutSubviews() {
                    super.layoutSubviews()
                    lift = 1
                }
                func other() {}
            }
            extension Card: UIGestureRecognizerDelegate {
                @objc override var intrinsicContentSize: CGSize { CGSize(width: 1, height: 2) }
            }
            """
        expectPorted(
            source,
            """
            import OpenUIKit
            final class Card: UIView {
                var lift: CGFloat = 0

            public override func layoutSubviews() {
                    super.layoutSubviews()
                    lift = 1
                }
            override var intrinsicContentSize: CGSize { CGSize(width: 1, height: 2) }
            }

            public extension Card {
                /// Lays the card out.
                \("")
                func other() {}
            }
            extension Card: UIGestureRecognizerDelegate {
                \("")
            }
            """)
        // Compiled in the original's place, the moved members keep their lines, and so does
        // every line after them.
        let copy = SourcePorter().port(source, path: "Card.swift", sourceLocation: true).text
        #expect(
            copy == """
                #sourceLocation(file: "Card.swift", line: 1)
                import OpenUIKit
                final class Card: UIView {
                    var lift: CGFloat = 0

                #sourceLocation(file: "Card.swift", line: 8)
                public override func layoutSubviews() {
                        super.layoutSubviews()
                        lift = 1
                    }
                #sourceLocation(file: "Card.swift", line: 15)
                override var intrinsicContentSize: CGSize { CGSize(width: 1, height: 2) }
                #sourceLocation(file: "Card.swift", line: 4)
                }

                public extension Card {
                    /// Lays the card out.
                    \("")



                    func other() {}
                }
                extension Card: UIGestureRecognizerDelegate {
                    \("")
                }
                """)
    }

    @Test func overridesMoveInsideAFileWideConditionToo() {
        expectPorted(
            "import UIKit\n#if canImport(UIKit)\nclass Bar: UIControl {\n}\nextension Bar {\n    override func layoutSubviews() {}\n}\n#endif\n",
            "import OpenUIKit\n#if canImport(OpenUIKit)\nclass Bar: UIControl {\n\noverride func layoutSubviews() {}\n}\nextension Bar {\n    \n}\n#endif\n"
        )
    }

    @Test func anAnimationSubclassesInitializerIsTheRequiredOne() {
        expectPorted(
            "import QuartzCore\nclass Spring: CAKeyframeAnimation {\n    override init() { super.init() }\n    required init?(coder: NSCoder) { fatalError() }\n}\n",
            "import OpenQuartzCore\nclass Spring: CAKeyframeAnimation {\n    required init() { super.init() }\n    required init?(coder: NSCoder) { fatalError() }\n}\n"
        )
    }

    @Test func overridesAroundAnotherMemberOfOneExtensionMoveAndTheOtherStays() {
        expectPorted(
            "import UIKit\nclass L: UIView {\n    let a = 1\n}\n\nextension L {\n    override func one() -> Int {\n        return 1\n    }\n\n    func keep(_ x: UIView, y _: UIView?) {\n        print(x)\n    }\n\n    override func two(_: CGRect) -> Bool {\n        return true\n    }\n}\n",
            "import OpenUIKit\nclass L: UIView {\n    let a = 1\n\noverride func one() -> Int {\n        return 1\n    }\noverride func two(_: CGRect) -> Bool {\n        return true\n    }\n}\n\nextension L {\n    \n\n    func keep(_ x: UIView, y _: UIView?) {\n        print(x)\n    }\n\n    \n}\n"
        )
    }

    @Test func anOverrideInAnExtensionOfAClassDeclaredElsewhereIsReported() {
        let source = "import UIKit\nextension Card {\n    override func layoutSubviews() {}\n}\n"
        let ported = port(source)
        #expect(ported.text == "import OpenUIKit\nextension Card {\n    override func layoutSubviews() {}\n}\n")
        #expect(ported.diagnostics.count == 1)
        #expect(ported.diagnostics.first?.line == 3)
        #expect(ported.diagnostics.first?.message.contains("move this member into the declaration of Card") == true)
    }

    @Test func interfaceBuilderAndNibHooksInAnExtensionOfAClassDeclaredElsewhereGo() {
        let source =
            "import UIKit\n@IBDesignable extension Card {\n    override func prepareForInterfaceBuilder() {\n        super.prepareForInterfaceBuilder()\n    }\n    override func layoutSubviews() {}\n    open override func awakeFromNib() { super.awakeFromNib() }\n}\n"
        let ported = port(source)
        #expect(
            ported.text
                == "import OpenUIKit\n@IBDesignable extension Card {\n    \n\n\n    override func layoutSubviews() {}\n    \n}\n"
        )
        #expect(ported.diagnostics.map(\.line) == [6, 7])
        #expect(ported.diagnostics.last?.message.contains("no nib loads it here") == true)
    }

    @Test func anOptionalMethodCalledThroughAnyObjectNamesItsProtocol() {
        expectPorted(
            """
            import UIKit
            @objc protocol MenuDelegate {
                @objc optional func menuOpened(_ menu: Menu)
            }
            final class Menu: UIView {
                @IBOutlet weak var delegate: AnyObject?
                weak var typed: MenuDelegate?
                func open() { self.delegate?.menuOpened?(self); delegate?.menuOpened?(self); typed?.menuOpened?(self) }
            }
            """,
            """
            import OpenUIKit
            protocol MenuDelegate: AnyObject {
                func menuOpened(_ menu: Menu)
            }
            final class Menu: UIView {
                weak var delegate: AnyObject?
                weak var typed: MenuDelegate?
                func open() { (self.delegate as? MenuDelegate)?.menuOpened(self); (delegate as? MenuDelegate)?.menuOpened(self); typed?.menuOpened(self) }
            }
            extension MenuDelegate { func menuOpened(_ menu: Menu) {} }

            """)
    }

    @Test func aFileImportingOnlyFoundationGetsTheFrameworksItNames() {
        // In an iOS framework target the umbrella header imports UIKit for every file.
        expectPorted(
            "import Foundation\nprotocol TouchHandling: AnyObject {\n    func intercepts(touch: UITouch) -> Bool\n}\n",
            "import Foundation; import OpenUIKit\nprotocol TouchHandling: AnyObject {\n    func intercepts(touch: UITouch) -> Bool\n}\n"
        )
        expectPorted(
            "import Foundation\nlet start = CACurrentMediaTime()\n",
            "import Foundation; import OpenQuartzCore\nlet start = CACurrentMediaTime()\n")
        // A name of the file's own that merely starts so is no framework's.
        let own = "import Foundation\nlet x = 1\n"
        #expect(port(own).text == own)
    }

    @Test func codeThatCompilesOnLinuxIsLeftByteForByte() {
        let source = """
            import Foundation
            // @objc in a comment, "#selector(x)" in a string
            final class Model {
                dynamic var value = 0
                @MainActor func update(_ key: KeyPath<Model, Int>) { _ = self[keyPath: key] }
                let name = "@NSManaged"
            }
            """
        let ported = port(source)
        #expect(ported.text == source)
        #expect(!ported.isChanged)
    }

    @Test func aFileThatCannotBeParsedIsLeftAsItIsWithItsLine() {
        let source = "import UIKit\n\nclass A {\n    func f( {\n}\n"
        let ported = port(source)
        #expect(!ported.isParsed)
        #expect(ported.text == source)
        #expect(ported.diagnostics.count == 1)
        #expect(ported.diagnostics.first?.severity == .error)
        #expect(ported.diagnostics.first?.line == 4)
    }

    @Test func aCopyCompiledInThePlaceOfTheOriginalPointsBackAtIt() {
        let ported = SourcePorter().port("import UIKit\n", path: "/src/My \"App\".swift", sourceLocation: true)
        #expect(ported.text == "#sourceLocation(file: \"/src/My \\\"App\\\".swift\", line: 1)\nimport OpenUIKit\n")
    }

    @Test func theDiffShowsTheChangedLinesWithContext() {
        let old = (1...10).map { "line \($0)" }.joined(separator: "\n") + "\n"
        let new = old.replacingOccurrences(of: "line 5\n", with: "line five\n")
        let diff = unifiedDiff(from: old, to: new, oldName: "a/F.swift", newName: "b/F.swift")
        #expect(
            diff == """
                --- a/F.swift
                +++ b/F.swift
                @@ -2,7 +2,7 @@
                 line 2
                 line 3
                 line 4
                -line 5
                +line five
                 line 6
                 line 7
                 line 8

                """)
        #expect(unifiedDiff(from: old, to: old, oldName: "a", newName: "b").isEmpty)
    }
}
