import Foundation

/// The device the app runs on: Apple's `UIDevice`. There is no hardware here; ``current``
/// describes the iPhone that ``UIScreen/main`` is (an iPhone 13 on iOS 18.0), held in portrait,
/// its battery full. A test may turn it (``orientation`` is settable here, and posts
/// ``orientationDidChangeNotification`` while notifications are being generated, as turning a
/// real device does).
@preconcurrency @MainActor
open class UIDevice: NSObject {
    /// The device the app runs on.
    open class var current: UIDevice { shared }
    private static let shared = UIDevice()

    /// The device's name: "iPhone" (iOS 16 and later give apps the model, not the owner's name).
    open var name: String { "iPhone" }
    /// The kind of device: "iPhone".
    open var model: String { "iPhone" }
    /// The kind of device in the user's language: "iPhone".
    open var localizedModel: String { model }
    /// The operating system's name: "iOS".
    open var systemName: String { "iOS" }
    /// The operating system's version: "18.0".
    open var systemVersion: String { "18.0" }
    /// The interface the device offers: a phone's.
    open var userInterfaceIdiom: UIUserInterfaceIdiom { .phone }
    /// Whether apps may run side by side in the background.
    open var isMultitaskingSupported: Bool { true }
    /// An identifier for this app's vendor on this device: the same for the whole run.
    open var identifierForVendor: UUID? { vendorIdentifier }
    private let vendorIdentifier = UUID()

    // MARK: Orientation

    /// How the device is held: portrait unless a test turns it. Setting it posts
    /// ``orientationDidChangeNotification`` while ``isGeneratingDeviceOrientationNotifications``.
    open var orientation: UIDeviceOrientation = .portrait {
        didSet {
            guard orientation != oldValue, isGeneratingDeviceOrientationNotifications else { return }
            NotificationCenter.default.post(name: Self.orientationDidChangeNotification, object: self)
        }
    }

    /// Whether changes of ``orientation`` are posted; each
    /// ``beginGeneratingDeviceOrientationNotifications()`` needs its
    /// ``endGeneratingDeviceOrientationNotifications()``.
    open var isGeneratingDeviceOrientationNotifications: Bool { orientationObservers > 0 }
    private var orientationObservers = 0

    /// Starts posting changes of ``orientation``.
    open func beginGeneratingDeviceOrientationNotifications() { orientationObservers += 1 }

    /// Stops posting them, once every begin has its end.
    open func endGeneratingDeviceOrientationNotifications() {
        orientationObservers = max(orientationObservers - 1, 0)
    }

    // MARK: Battery

    /// Whether the battery's level and state are read. Defaults to false.
    open var isBatteryMonitoringEnabled = false

    /// The battery's charge from 0 to 1, or −1 while monitoring is off (as on a device).
    open var batteryLevel: Float { isBatteryMonitoringEnabled ? 1 : -1 }

    /// The battery's state: full while monitoring is on, unknown while it is off.
    open var batteryState: BatteryState { isBatteryMonitoringEnabled ? .full : .unknown }

    /// Whether the proximity sensor is used. There is none: setting it leaves it false, as on a
    /// device without one.
    open var isProximityMonitoringEnabled: Bool {
        get { false }
        set {}
    }

    /// Whether something is near the proximity sensor: never.
    open var proximityState: Bool { false }

    /// Plays the keyboard's click; silent here.
    open func playInputClick() {}

    /// A battery's state: Apple's `UIDevice.BatteryState`.
    public enum BatteryState: Int, Sendable {
        case unknown, unplugged, charging, full
    }

    /// Posted when the device turns, while notifications are generated.
    public static let orientationDidChangeNotification = Notification.Name(
        "UIDeviceOrientationDidChangeNotification")
    /// Posted when the battery's level changes (never, here).
    public static let batteryLevelDidChangeNotification = Notification.Name("UIDeviceBatteryLevelDidChangeNotification")
    /// Posted when the battery's state changes (never, here).
    public static let batteryStateDidChangeNotification = Notification.Name("UIDeviceBatteryStateDidChangeNotification")
}

/// The kind of interface a device offers: Apple's `UIUserInterfaceIdiom`.
public enum UIUserInterfaceIdiom: Int, Sendable {
    case unspecified = -1
    case phone = 0
    case pad = 1
    case tv = 2
    case carPlay = 3
    case mac = 5
    case vision = 6
}

/// How a device is held: Apple's `UIDeviceOrientation`.
public enum UIDeviceOrientation: Int, Sendable {
    case unknown = 0
    /// Upright, the home button (or indicator) at the bottom.
    case portrait = 1
    case portraitUpsideDown = 2
    /// On its side, the home button on the right.
    case landscapeLeft = 3
    /// On its side, the home button on the left.
    case landscapeRight = 4
    case faceUp = 5
    case faceDown = 6

    /// Upright or upside down.
    public var isPortrait: Bool { self == .portrait || self == .portraitUpsideDown }
    /// On either side.
    public var isLandscape: Bool { self == .landscapeLeft || self == .landscapeRight }
    /// Lying face up or down.
    public var isFlat: Bool { self == .faceUp || self == .faceDown }
    /// Whether an interface can take this orientation (not flat, not unknown).
    public var isValidInterfaceOrientation: Bool { isPortrait || isLandscape }
}

/// Which way the interface is drawn: Apple's `UIInterfaceOrientation`. The landscape cases are
/// the device's swapped: turning the device left turns the interface right.
public enum UIInterfaceOrientation: Int, Sendable {
    case unknown = 0
    case portrait = 1
    case portraitUpsideDown = 2
    case landscapeLeft = 4
    case landscapeRight = 3

    /// Upright or upside down.
    public var isPortrait: Bool { self == .portrait || self == .portraitUpsideDown }
    /// On either side.
    public var isLandscape: Bool { self == .landscapeLeft || self == .landscapeRight }
}

/// The interface orientations a view controller supports: Apple's
/// `UIInterfaceOrientationMask`, a bit for each orientation's raw value.
public struct UIInterfaceOrientationMask: OptionSet, Hashable, Sendable {
    public let rawValue: UInt

    public init(rawValue: UInt) {
        self.rawValue = rawValue
    }

    public static let portrait = Self(rawValue: 1 << UInt(UIInterfaceOrientation.portrait.rawValue))
    public static let landscapeLeft = Self(rawValue: 1 << UInt(UIInterfaceOrientation.landscapeLeft.rawValue))
    public static let landscapeRight = Self(rawValue: 1 << UInt(UIInterfaceOrientation.landscapeRight.rawValue))
    public static let portraitUpsideDown = Self(
        rawValue: 1 << UInt(UIInterfaceOrientation.portraitUpsideDown.rawValue))
    public static let landscape: Self = [.landscapeLeft, .landscapeRight]
    public static let all: Self = [.portrait, .landscapeLeft, .landscapeRight, .portraitUpsideDown]
    public static let allButUpsideDown: Self = [.portrait, .landscapeLeft, .landscapeRight]
}
