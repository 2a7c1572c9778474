import Foundation

// UIKit's accessibility API as iOS code calls it: the traits, the custom actions, the
// notifications an app posts and the settings it reads. There is no VoiceOver here and
// nothing reads the screen: what an app posts is recorded (``UIAccessibility/postedNotifications``)
// and the settings are a test's to set, so that a test can check what the code tells the
// assistive technologies and how it behaves when Reduce Motion is on. The overridable
// properties a view answers with are declared in `UIView`'s class body (UIView.swift), since
// Swift cannot override what an extension declares; their defaults for labels and controls are
// in UILabel.swift, UIControl.swift and UIButton.swift.

/// What an accessibility element is and does: Apple's `UIAccessibilityTraits`, with Apple's
/// bits.
public struct UIAccessibilityTraits: OptionSet, Hashable, Sendable {
    public let rawValue: UInt64
    public init(rawValue: UInt64) { self.rawValue = rawValue }

    public static let none = UIAccessibilityTraits([])
    public static let button = UIAccessibilityTraits(rawValue: 1 << 0)
    public static let link = UIAccessibilityTraits(rawValue: 1 << 1)
    public static let image = UIAccessibilityTraits(rawValue: 1 << 2)
    public static let selected = UIAccessibilityTraits(rawValue: 1 << 3)
    public static let playsSound = UIAccessibilityTraits(rawValue: 1 << 4)
    public static let keyboardKey = UIAccessibilityTraits(rawValue: 1 << 5)
    public static let staticText = UIAccessibilityTraits(rawValue: 1 << 6)
    public static let summaryElement = UIAccessibilityTraits(rawValue: 1 << 7)
    public static let notEnabled = UIAccessibilityTraits(rawValue: 1 << 8)
    public static let updatesFrequently = UIAccessibilityTraits(rawValue: 1 << 9)
    public static let searchField = UIAccessibilityTraits(rawValue: 1 << 10)
    public static let startsMediaSession = UIAccessibilityTraits(rawValue: 1 << 11)
    public static let adjustable = UIAccessibilityTraits(rawValue: 1 << 12)
    public static let allowsDirectInteraction = UIAccessibilityTraits(rawValue: 1 << 13)
    public static let causesPageTurn = UIAccessibilityTraits(rawValue: 1 << 14)
    public static let tabBar = UIAccessibilityTraits(rawValue: 1 << 15)
    public static let header = UIAccessibilityTraits(rawValue: 1 << 16)
    /// iOS 17.
    public static let supportsZoom = UIAccessibilityTraits(rawValue: 1 << 17)
    /// iOS 17.
    public static let toggleButton = UIAccessibilityTraits(rawValue: 1 << 53)
}

/// What a custom action runs: Apple's `UIAccessibilityCustomActionHandler`; true when the
/// action succeeded.
public typealias UIAccessibilityCustomActionHandler = (UIAccessibilityCustomAction) -> Bool

/// An action an element offers besides its activation (VoiceOver's actions rotor): Apple's
/// `UIAccessibilityCustomAction`, with a handler (iOS 13) or a target and a selector.
///
/// With a selector, the method is called on the target with the action as its sender, as
/// `#selector` names it after the porting step (`Selector("archive(_:)", Mail.archive(_:))`).
/// Apple's action methods return whether they succeeded; `Selector` calls methods that return
/// nothing, so a performed selector counts as a success. The target is held weakly, as UIKit
/// holds it.
@preconcurrency @MainActor
open class UIAccessibilityCustomAction: NSObject {
    /// The name VoiceOver reads for the action.
    open var name: String
    /// The name with attributes, shown as its characters.
    open var attributedName: NSAttributedString {
        get { NSAttributedString(string: name) }
        set { name = newValue.string }
    }
    /// An image for the action (iOS 14).
    open var image: UIImage?
    /// The object the selector is called on.
    open weak var target: AnyObject?
    /// The method called on the target.
    open var selector: Selector?
    /// The closure run instead of a selector (iOS 13).
    open var actionHandler: UIAccessibilityCustomActionHandler?
    /// A group for the action in the rotor (iOS 18); stored.
    open var category: String?

    /// An action that calls `selector` on `target`, passing the action.
    public init(name: String, target: Any?, selector: Selector) {
        self.name = name
        self.target = target.map { $0 as AnyObject }
        self.selector = selector
        super.init()
    }

    /// An action with an image that calls `selector` on `target`, passing the action (iOS 14).
    public convenience init(name: String, image: UIImage?, target: Any?, selector: Selector) {
        self.init(name: name, target: target, selector: selector)
        self.image = image
    }

    /// An action named by `attributedName`'s characters that calls `selector` on `target`.
    public convenience init(attributedName: NSAttributedString, target: Any?, selector: Selector) {
        self.init(name: attributedName.string, target: target, selector: selector)
    }

    /// An action that runs `actionHandler` (iOS 13).
    public init(name: String, actionHandler: UIAccessibilityCustomActionHandler?) {
        self.name = name
        self.actionHandler = actionHandler
        super.init()
    }

    /// An action with an image that runs `actionHandler` (iOS 14).
    public convenience init(name: String, image: UIImage?, actionHandler: UIAccessibilityCustomActionHandler?) {
        self.init(name: name, actionHandler: actionHandler)
        self.image = image
    }

    /// An action named by `attributedName`'s characters that runs `actionHandler`.
    public convenience init(attributedName: NSAttributedString, actionHandler: UIAccessibilityCustomActionHandler?) {
        self.init(name: attributedName.string, actionHandler: actionHandler)
    }

    /// Performs the action as VoiceOver does when the user picks it (an addition, for tests):
    /// the handler's answer, else true once the selector was called on the target; false when
    /// there is neither, or the target is gone.
    @discardableResult
    open func perform() -> Bool {
        if let actionHandler { return actionHandler(self) }
        guard let selector, let target else { return false }
        selector.perform(on: target, sender: self)
        return true
    }
}

/// An accessible item inside a view that is not a view itself (a bar of a chart, a region of a
/// drawing): Apple's `UIAccessibilityElement`. The container returns it among its
/// `accessibilityElements`.
@preconcurrency @MainActor
open class UIAccessibilityElement: UIResponder {
    /// The view (or element) containing this one.
    open weak var accessibilityContainer: AnyObject?
    /// Whether assistive technologies see the element (false until set, as on iOS).
    open var isAccessibilityElement = false
    open var accessibilityLabel: String?
    open var accessibilityHint: String?
    open var accessibilityValue: String?
    open var accessibilityTraits = UIAccessibilityTraits.none
    open var accessibilityIdentifier: String?
    open var accessibilityCustomActions: [UIAccessibilityCustomAction]?
    /// The frame in the container view's bounds coordinates (iOS 10; `CGRect.null` until set);
    /// while set, ``accessibilityFrame`` follows the container wherever it moves.
    open var accessibilityFrameInContainerSpace = CGRect.null
    private var screenFrame = CGRect.zero

    /// An element inside `container`.
    public init(accessibilityContainer container: Any) {
        accessibilityContainer = container as AnyObject
        super.init()
    }

    /// The frame in screen coordinates: ``accessibilityFrameInContainerSpace`` converted from
    /// the container view when that is set, else the frame set here (`.zero` by default).
    open var accessibilityFrame: CGRect {
        get {
            if !accessibilityFrameInContainerSpace.isNull, let view = accessibilityContainer as? UIView {
                return UIAccessibility.convertToScreenCoordinates(accessibilityFrameInContainerSpace, in: view)
            }
            return screenFrame
        }
        set { screenFrame = newValue }
    }
}

/// What a view answers with when it was not told otherwise and the settings of the views
/// UIKit makes; one per view, made when the first accessibility property is set.
@MainActor
final class AccessibilityAttributes {
    var isElement: Bool?
    var label: String?
    var hint: String?
    var value: String?
    var traits: UIAccessibilityTraits?
    var identifier: String?
    var frame: CGRect?
    var elementsHidden = false
    var viewIsModal = false
    var groupsChildren = false
    var ignoresInvertColors = false
    var elements: [Any]?
    var customActions: [UIAccessibilityCustomAction]?
}

/// UIKit's accessibility functions and settings, as Apple's Swift overlay names them.
///
/// There is no assistive technology here: ``post(notification:argument:)`` records what the
/// app posts in ``postedNotifications`` (an addition), and the settings (``isReduceMotionEnabled``,
/// ``isVoiceOverRunning``, …) are off until a test sets them (settable here, an addition). Setting
/// one to a new value posts its status notification on `NotificationCenter.default`, as iOS
/// does when the user changes it. UIKit's own push and pop cross-fade instead of sliding while
/// ``prefersCrossFadeTransitions``.
@preconcurrency @MainActor
public enum UIAccessibility {
    /// A notification an app posts to the assistive technologies: Apple's
    /// `UIAccessibility.Notification`, with Apple's raw values.
    public struct Notification: Hashable, Sendable, RawRepresentable, CustomStringConvertible {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }

        /// A new view covers a major part of the screen; the argument is the element to focus,
        /// or a string to read, or nil.
        public static let screenChanged = Notification(rawValue: 1000)
        /// The layout of the screen changed; the argument is the element to focus, or a string
        /// to read, or nil.
        public static let layoutChanged = Notification(rawValue: 1001)
        /// An announcement to read; the argument is the string (or attributed string).
        public static let announcement = Notification(rawValue: 1008)
        /// A scroll finished; the argument is the string describing the new position.
        public static let pageScrolled = Notification(rawValue: 1009)
        /// Pauses an assistive technology's scanning; the argument names it.
        public static let pauseAssistiveTechnology = Notification(rawValue: 1016)
        /// Resumes an assistive technology's scanning; the argument names it.
        public static let resumeAssistiveTechnology = Notification(rawValue: 1017)

        public var description: String {
            switch rawValue {
            case 1000: "screenChanged"
            case 1001: "layoutChanged"
            case 1008: "announcement"
            case 1009: "pageScrolled"
            case 1016: "pauseAssistiveTechnology"
            case 1017: "resumeAssistiveTechnology"
            default: "UIAccessibility.Notification(rawValue: \(rawValue))"
            }
        }
    }

    // MARK: Posting

    /// Every notification posted with ``post(notification:argument:)``, first first, with its
    /// argument (an addition: nothing here reads them but a test, which may clear the list).
    public static var postedNotifications: [(notification: Notification, argument: Any?)] = []

    /// Tells the assistive technologies that something changed: recorded in
    /// ``postedNotifications``, as there are none here to tell.
    public static func post(notification: Notification, argument: Any?) {
        postedNotifications.append((notification: notification, argument: argument))
    }

    // MARK: Settings (off until a test turns them on)

    private static var reduceMotion = false
    private static var crossFadeSwitch = true
    private static var voiceOver = false
    private static var reduceTransparency = false
    private static var boldText = false
    private static var darkerSystemColors = false
    private static var grayscale = false
    private static var invertColors = false

    /// Whether Reduce Motion is on. Settable here (an addition, for tests); a new value posts
    /// ``reduceMotionStatusDidChangeNotification``, and ``prefersCrossFadeTransitionsStatusDidChange``
    /// when it turns ``prefersCrossFadeTransitions`` too.
    public static var isReduceMotionEnabled: Bool {
        get { reduceMotion }
        set {
            guard newValue != reduceMotion else { return }
            let crossFade = prefersCrossFadeTransitions
            reduceMotion = newValue
            announce(reduceMotionStatusDidChangeNotification)
            if prefersCrossFadeTransitions != crossFade { announce(prefersCrossFadeTransitionsStatusDidChange) }
        }
    }

    /// Whether Reduce Motion and its Prefer Cross-Fade Transitions switch are both on (iOS 14):
    /// UIKit's navigation push and pop then cross-fade instead of sliding. Setting it (an
    /// addition) turns the switch, which is on by default as iOS turns it on with Reduce
    /// Motion; it reads false while Reduce Motion is off whatever the switch says. A change of
    /// what it reads posts ``prefersCrossFadeTransitionsStatusDidChange``.
    public static var prefersCrossFadeTransitions: Bool {
        get { reduceMotion && crossFadeSwitch }
        set {
            let crossFade = prefersCrossFadeTransitions
            crossFadeSwitch = newValue
            if prefersCrossFadeTransitions != crossFade { announce(prefersCrossFadeTransitionsStatusDidChange) }
        }
    }

    /// Whether VoiceOver is running. Settable here (an addition); a new value posts
    /// ``voiceOverStatusDidChangeNotification``.
    public static var isVoiceOverRunning: Bool {
        get { voiceOver }
        set { change(&voiceOver, to: newValue, posting: voiceOverStatusDidChangeNotification) }
    }

    /// Whether Reduce Transparency is on. Settable here (an addition); a new value posts
    /// ``reduceTransparencyStatusDidChangeNotification``.
    public static var isReduceTransparencyEnabled: Bool {
        get { reduceTransparency }
        set { change(&reduceTransparency, to: newValue, posting: reduceTransparencyStatusDidChangeNotification) }
    }

    /// Whether Bold Text is on. Settable here (an addition); a new value posts
    /// ``boldTextStatusDidChangeNotification``. Fonts are not made bolder by it here.
    public static var isBoldTextEnabled: Bool {
        get { boldText }
        set { change(&boldText, to: newValue, posting: boldTextStatusDidChangeNotification) }
    }

    /// Whether Increase Contrast is on. Settable here (an addition); a new value posts
    /// ``darkerSystemColorsStatusDidChangeNotification``. Colours are not changed by it here.
    public static var isDarkerSystemColorsEnabled: Bool {
        get { darkerSystemColors }
        set { change(&darkerSystemColors, to: newValue, posting: darkerSystemColorsStatusDidChangeNotification) }
    }

    /// Whether Grayscale is on. Settable here (an addition); a new value posts
    /// ``grayscaleStatusDidChangeNotification``. Nothing is drawn in grey for it here.
    public static var isGrayscaleEnabled: Bool {
        get { grayscale }
        set { change(&grayscale, to: newValue, posting: grayscaleStatusDidChangeNotification) }
    }

    /// Whether Smart or Classic Invert is on. Settable here (an addition); a new value posts
    /// ``invertColorsStatusDidChangeNotification``. Nothing is inverted for it here.
    public static var isInvertColorsEnabled: Bool {
        get { invertColors }
        set { change(&invertColors, to: newValue, posting: invertColorsStatusDidChangeNotification) }
    }

    /// Sets `setting` to `value` and, when that changes it, posts `name`.
    private static func change(_ setting: inout Bool, to value: Bool, posting name: NSNotification.Name) {
        guard value != setting else { return }
        setting = value
        announce(name)
    }

    private static func announce(_ name: NSNotification.Name) {
        NotificationCenter.default.post(name: name, object: nil)
    }

    // MARK: Status notifications (posted on NotificationCenter.default, object nil)

    nonisolated public static let reduceMotionStatusDidChangeNotification = NSNotification.Name(
        "UIAccessibilityReduceMotionStatusDidChangeNotification")
    nonisolated public static let prefersCrossFadeTransitionsStatusDidChange = NSNotification.Name(
        "UIAccessibilityPrefersCrossFadeTransitionsStatusDidChangeNotification")
    nonisolated public static let voiceOverStatusDidChangeNotification = NSNotification.Name(
        "UIAccessibilityVoiceOverStatusDidChangeNotification")
    nonisolated public static let reduceTransparencyStatusDidChangeNotification = NSNotification.Name(
        "UIAccessibilityReduceTransparencyStatusDidChangeNotification")
    nonisolated public static let boldTextStatusDidChangeNotification = NSNotification.Name(
        "UIAccessibilityBoldTextStatusDidChangeNotification")
    nonisolated public static let darkerSystemColorsStatusDidChangeNotification = NSNotification.Name(
        "UIAccessibilityDarkerSystemColorsStatusDidChangeNotification")
    nonisolated public static let grayscaleStatusDidChangeNotification = NSNotification.Name(
        "UIAccessibilityGrayscaleStatusDidChangeNotification")
    nonisolated public static let invertColorsStatusDidChangeNotification = NSNotification.Name(
        "UIAccessibilityInvertColorsStatusDidChangeNotification")

    // MARK: Geometry

    /// `rect`, in `view`'s bounds coordinates, in screen coordinates: through the view's
    /// window (a window's frame is in the screen's coordinates), or, for a view in no window,
    /// through its topmost superview as if that were one.
    public static func convertToScreenCoordinates(_ rect: CGRect, in view: UIView) -> CGRect {
        var top = view
        while let superview = top.superview { top = superview }
        let inTop = top === view ? rect : view.layer.convert(rect, to: top.layer)
        return inTop.offsetBy(dx: top.frame.minX - top.bounds.minX, dy: top.frame.minY - top.bounds.minY)
    }
}
