import Foundation
import OpenUIKit
import QuartzTestSupport
import Synchronization
import Testing

/// UIKit's accessibility API as iOS code uses it: the defaults of views, labels and controls,
/// overrides in subclasses, custom actions, the notifications an app posts (recorded here, as
/// there is no VoiceOver) and the settings, with Reduce Motion turning UIKit's push and pop
/// into cross-fades.
///
/// The tests that change a setting give it back before they return; they never suspend, so no
/// other main-actor test sees it changed.
@MainActor
@Suite struct AccessibilityTests {
    @Test func traitsHaveApplesBits() {
        #expect(UIAccessibilityTraits.none.rawValue == 0)
        #expect(UIAccessibilityTraits.button.rawValue == 0x1)
        #expect(UIAccessibilityTraits.link.rawValue == 0x2)
        #expect(UIAccessibilityTraits.image.rawValue == 0x4)
        #expect(UIAccessibilityTraits.selected.rawValue == 0x8)
        #expect(UIAccessibilityTraits.staticText.rawValue == 0x40)
        #expect(UIAccessibilityTraits.notEnabled.rawValue == 0x100)
        #expect(UIAccessibilityTraits.searchField.rawValue == 0x400)
        #expect(UIAccessibilityTraits.adjustable.rawValue == 0x1000)
        #expect(UIAccessibilityTraits.causesPageTurn.rawValue == 0x4000)
        #expect(UIAccessibilityTraits.tabBar.rawValue == 0x8000)
        #expect(UIAccessibilityTraits.header.rawValue == 0x10000)
        #expect(UIAccessibility.Notification.screenChanged.rawValue == 1000)
        #expect(UIAccessibility.Notification.layoutChanged.rawValue == 1001)
        #expect(UIAccessibility.Notification.announcement.rawValue == 1008)
        #expect(UIAccessibility.Notification.pageScrolled.rawValue == 1009)
    }

    /// A plain view and an image view are not elements; a label is, named by its text, static
    /// text; a label set explicitly keeps its label until set back to nil.
    @Test func viewsAndLabelsHaveUIKitsDefaults() {
        let plain = UIView()
        #expect(!plain.isAccessibilityElement)
        #expect(plain.accessibilityLabel == nil && plain.accessibilityHint == nil && plain.accessibilityValue == nil)
        #expect(plain.accessibilityTraits.isEmpty)
        #expect(plain.accessibilityIdentifier == nil && plain.accessibilityElements == nil)
        #expect(!plain.accessibilityElementsHidden && !plain.accessibilityViewIsModal)
        #expect(!plain.shouldGroupAccessibilityChildren && plain.accessibilityCustomActions == nil)
        #expect(!UIImageView(frame: .zero).isAccessibilityElement)

        let label = UILabel()
        label.text = "Total"
        #expect(label.isAccessibilityElement)
        #expect(label.accessibilityLabel == "Total")
        #expect(label.accessibilityTraits == .staticText)
        label.text = "Sum"
        #expect(label.accessibilityLabel == "Sum", "follows the text")
        label.accessibilityLabel = "Sum of the order"
        label.text = "Sum:"
        #expect(label.accessibilityLabel == "Sum of the order")
        label.accessibilityLabel = nil
        #expect(label.accessibilityLabel == "Sum:", "nil gives back the text")
        label.isEnabled = false
        #expect(label.accessibilityTraits == [.staticText, .notEnabled])
        label.isAccessibilityElement = false
        #expect(!label.isAccessibilityElement)
    }

    /// A button is an element named by its title, a `.button`, `.notEnabled` while disabled and
    /// `.selected` while selected; traits set replace those defaults.
    @Test func controlsAndButtonsHaveUIKitsDefaults() {
        let control = UIControl()
        #expect(control.isAccessibilityElement && control.accessibilityTraits.isEmpty)
        control.isEnabled = false
        #expect(control.accessibilityTraits == .notEnabled)

        let button = UIButton(type: .system)
        button.setTitle("Save", for: .normal)
        #expect(button.isAccessibilityElement)
        #expect(button.accessibilityLabel == "Save")
        #expect(button.accessibilityTraits == .button)
        #expect(button.accessibilityTraits.contains(.button))
        button.isEnabled = false
        #expect(button.accessibilityTraits == [.button, .notEnabled])
        button.isEnabled = true
        button.isSelected = true
        #expect(button.accessibilityTraits == [.button, .selected])
        button.setTitle("Saved", for: .selected)
        #expect(button.accessibilityLabel == "Saved", "the current title")
        button.accessibilityTraits = [.link]
        #expect(button.accessibilityTraits == .link)
        button.accessibilityLabel = "Keep"
        #expect(button.accessibilityLabel == "Keep")
    }

    /// What is set is read back; the frame is the view's in screen coordinates (through its
    /// window, whose frame is in the screen's) until set.
    @Test func setPropertiesAndTheFrameInScreenCoordinates() {
        let window = UIWindow(frame: CGRect(x: 0, y: 50, width: 390, height: 600))
        let card = UIView(frame: CGRect(x: 20, y: 100, width: 200, height: 50))
        let badge = UIView(frame: CGRect(x: 10, y: 5, width: 20, height: 20))
        window.addSubview(card)
        card.addSubview(badge)
        expectClose(badge.accessibilityFrame, CGRect(x: 30, y: 155, width: 20, height: 20), within: 1e-9)
        card.frame.origin.y = 200
        expectClose(badge.accessibilityFrame, CGRect(x: 30, y: 255, width: 20, height: 20), within: 1e-9)
        expectClose(
            UIAccessibility.convertToScreenCoordinates(badge.bounds, in: badge), badge.accessibilityFrame, within: 1e-9)
        badge.accessibilityFrame = CGRect(x: 0, y: 0, width: 44, height: 44)
        #expect(badge.accessibilityFrame == CGRect(x: 0, y: 0, width: 44, height: 44))

        card.accessibilityHint = "Opens the order"
        card.accessibilityValue = "3 items"
        card.accessibilityIdentifier = "order-card"
        card.accessibilityViewIsModal = true
        card.shouldGroupAccessibilityChildren = true
        card.accessibilityElementsHidden = true
        card.accessibilityIgnoresInvertColors = true
        card.accessibilityElements = [badge]
        #expect(card.accessibilityHint == "Opens the order" && card.accessibilityValue == "3 items")
        #expect(card.accessibilityIdentifier == "order-card")
        #expect(card.accessibilityViewIsModal && card.shouldGroupAccessibilityChildren)
        #expect(card.accessibilityElementsHidden && card.accessibilityIgnoresInvertColors)
        #expect((card.accessibilityElements?.first as? UIView) === badge)
        #expect(!card.isAccessibilityElement, "setting other properties does not make it an element")

        let bar = UIAccessibilityElement(accessibilityContainer: card)
        #expect(!bar.isAccessibilityElement && bar.accessibilityContainer === card)
        #expect(bar.accessibilityFrame == .zero && bar.accessibilityFrameInContainerSpace.isNull)
        bar.accessibilityFrameInContainerSpace = CGRect(x: 0, y: 10, width: 40, height: 30)
        expectClose(bar.accessibilityFrame, CGRect(x: 20, y: 260, width: 40, height: 30), within: 1e-9)
    }

    /// iOS code overrides the properties with getters (and empty setters) in subclasses.
    @Test func subclassesOverrideThePropertiesAsOnIOS() {
        final class BatteryGauge: UIView {
            var bars = 3
            override var isAccessibilityElement: Bool {
                get { true }
                set {}
            }
            override var accessibilityLabel: String? {
                get { "Battery" }
                set {}
            }
            override var accessibilityValue: String? {
                get { "\(bars) bars" }
                set {}
            }
            override var accessibilityTraits: UIAccessibilityTraits {
                get { .adjustable }
                set {}
            }
            override func accessibilityIncrement() { bars += 1 }
            override func accessibilityDecrement() { bars -= 1 }
        }
        final class PriceLabel: UILabel {
            override var accessibilityLabel: String? {
                get { super.accessibilityLabel.map { "Price: \($0)" } }
                set { super.accessibilityLabel = newValue }
            }
        }

        let gauge = BatteryGauge()
        gauge.isAccessibilityElement = false
        #expect(gauge.isAccessibilityElement)
        #expect(gauge.accessibilityLabel == "Battery" && gauge.accessibilityValue == "3 bars")
        #expect(gauge.accessibilityTraits == .adjustable)
        gauge.accessibilityIncrement()
        #expect(gauge.accessibilityValue == "4 bars")
        // Through the base class, as VoiceOver reads it.
        let view: UIView = gauge
        #expect(view.accessibilityLabel == "Battery" && view.isAccessibilityElement)

        let price = PriceLabel()
        price.text = "4 €"
        #expect(price.accessibilityLabel == "Price: 4 €")
        price.accessibilityLabel = "four euros"
        #expect(price.accessibilityLabel == "Price: four euros")
    }

    /// A custom action calls its selector on its target with itself as the sender, or runs its
    /// handler; a target that is gone performs nothing.
    @Test func customActionsPerformTheirSelectorOrHandler() {
        final class Mailbox {
            var archived: [AnyObject] = []
            func archive(_ action: UIAccessibilityCustomAction) { archived.append(action) }
        }
        let mailbox = Mailbox()
        let archive = UIAccessibilityCustomAction(
            name: "Archive", target: mailbox, selector: Selector("archive(_:)", Mailbox.archive(_:)))
        var flags = 0
        let flag = UIAccessibilityCustomAction(name: "Flag") { _ in
            flags += 1
            return true
        }
        let row = UIView()
        row.accessibilityCustomActions = [archive, flag]
        #expect(row.accessibilityCustomActions?.map { $0.name } == ["Archive", "Flag"])
        #expect(archive.target === mailbox && archive.selector?.name == "archive(_:)")

        #expect(archive.perform())
        #expect(mailbox.archived.count == 1 && mailbox.archived.first === archive)
        #expect(flag.perform())
        #expect(flags == 1)

        var orphan: UIAccessibilityCustomAction?
        do {
            let gone = Mailbox()
            orphan = UIAccessibilityCustomAction(
                name: "Archive", target: gone, selector: Selector("archive(_:)", Mailbox.archive(_:)))
        }
        #expect(orphan?.target == nil)
        #expect(orphan?.perform() == false)
    }

    /// What the app posts is recorded in order, with its argument.
    @Test func postedNotificationsAreRecordedInOrder() {
        UIAccessibility.postedNotifications.removeAll()
        defer { UIAccessibility.postedNotifications.removeAll() }
        let banner = UILabel()
        UIAccessibility.post(notification: .announcement, argument: "Saved")
        UIAccessibility.post(notification: .layoutChanged, argument: banner)
        UIAccessibility.post(notification: .screenChanged, argument: nil)
        let posted = UIAccessibility.postedNotifications
        #expect(posted.map { $0.notification } == [.announcement, .layoutChanged, .screenChanged])
        #expect((posted.first?.argument as? String) == "Saved")
        #expect((posted.dropFirst().first?.argument as? UILabel) === banner)
        #expect(posted.last.map { $0.argument == nil } == true)
        UIAccessibility.postedNotifications.removeAll()
        #expect(UIAccessibility.postedNotifications.isEmpty)
    }

    /// The settings are off; a new value posts its status notification once, and Reduce Motion
    /// brings cross-fades with it unless their switch is off.
    @Test func settingsPostTheirNotificationsWhenTheyChange() {
        let heard = Mutex<[String]>([])
        let center = NotificationCenter.default
        let reduceMotion = center.addObserver(
            forName: UIAccessibility.reduceMotionStatusDidChangeNotification, object: nil, queue: nil
        ) { note in heard.withLock { $0.append(note.name.rawValue) } }
        let crossFade = center.addObserver(
            forName: UIAccessibility.prefersCrossFadeTransitionsStatusDidChange, object: nil, queue: nil
        ) { note in heard.withLock { $0.append(note.name.rawValue) } }
        let voiceOver = center.addObserver(
            forName: UIAccessibility.voiceOverStatusDidChangeNotification, object: nil, queue: nil
        ) { note in heard.withLock { $0.append(note.name.rawValue) } }
        defer {
            center.removeObserver(reduceMotion)
            center.removeObserver(crossFade)
            center.removeObserver(voiceOver)
            UIAccessibility.isReduceMotionEnabled = false
            UIAccessibility.prefersCrossFadeTransitions = true
            UIAccessibility.isVoiceOverRunning = false
        }
        let reduceMotionName = UIAccessibility.reduceMotionStatusDidChangeNotification.rawValue
        let crossFadeName = UIAccessibility.prefersCrossFadeTransitionsStatusDidChange.rawValue
        #expect(reduceMotionName == "UIAccessibilityReduceMotionStatusDidChangeNotification")
        #expect(!UIAccessibility.isReduceMotionEnabled && !UIAccessibility.prefersCrossFadeTransitions)
        #expect(!UIAccessibility.isVoiceOverRunning && !UIAccessibility.isReduceTransparencyEnabled)
        #expect(!UIAccessibility.isBoldTextEnabled)

        UIAccessibility.isReduceMotionEnabled = true
        UIAccessibility.isReduceMotionEnabled = true
        #expect(UIAccessibility.isReduceMotionEnabled && UIAccessibility.prefersCrossFadeTransitions)
        #expect(heard.withLock { $0 } == [reduceMotionName, crossFadeName], "one change, one post each")

        UIAccessibility.prefersCrossFadeTransitions = false
        #expect(UIAccessibility.isReduceMotionEnabled && !UIAccessibility.prefersCrossFadeTransitions)
        UIAccessibility.isReduceMotionEnabled = false
        #expect(heard.withLock { $0 } == [reduceMotionName, crossFadeName, crossFadeName, reduceMotionName])
        UIAccessibility.prefersCrossFadeTransitions = true
        #expect(!UIAccessibility.prefersCrossFadeTransitions, "off while Reduce Motion is off")
        #expect(heard.withLock { $0 }.count == 4)

        UIAccessibility.isVoiceOverRunning = true
        #expect(UIAccessibility.isVoiceOverRunning)
        #expect(heard.withLock { $0 }.last == UIAccessibility.voiceOverStatusDidChangeNotification.rawValue)
    }

    /// Increase Contrast, Grayscale and Invert Colors: off, settable, each change posted once.
    @Test func theDisplaySettingsPostTheirChanges() {
        let center = NotificationCenter.default
        let heard = Mutex<[String]>([])
        let names = [
            UIAccessibility.darkerSystemColorsStatusDidChangeNotification,
            UIAccessibility.grayscaleStatusDidChangeNotification,
            UIAccessibility.invertColorsStatusDidChangeNotification,
        ]
        let observers = names.map { name in
            center.addObserver(forName: name, object: nil, queue: nil) { note in
                heard.withLock { $0.append(note.name.rawValue) }
            }
        }
        defer {
            observers.forEach(center.removeObserver)
            UIAccessibility.isDarkerSystemColorsEnabled = false
            UIAccessibility.isGrayscaleEnabled = false
            UIAccessibility.isInvertColorsEnabled = false
        }
        #expect(!UIAccessibility.isDarkerSystemColorsEnabled && !UIAccessibility.isGrayscaleEnabled)
        #expect(!UIAccessibility.isInvertColorsEnabled)
        UIAccessibility.isDarkerSystemColorsEnabled = true
        UIAccessibility.isDarkerSystemColorsEnabled = true
        UIAccessibility.isGrayscaleEnabled = true
        UIAccessibility.isInvertColorsEnabled = true
        #expect(UIAccessibility.isDarkerSystemColorsEnabled && UIAccessibility.isGrayscaleEnabled)
        #expect(
            heard.withLock { $0 } == [
                "UIAccessibilityDarkerSystemColorsStatusDidChangeNotification",
                "UIAccessibilityGrayscaleStatusDidChangeNotification",
                "UIAccessibilityInvertColorsStatusDidChangeNotification",
            ])
    }

    /// With Reduce Motion on, a push cross-fades: the new view stays at its final frame while
    /// its opacity goes 0 → 1 on the navigation curve (0.5 at half of the 0.35 s), the old one
    /// 1 → 0 in place; a pop likewise; both end opaque.
    @Test func reduceMotionCrossFadesAPushAndAPopInsteadOfSliding() {
        UIAccessibility.isReduceMotionEnabled = true
        defer { UIAccessibility.isReduceMotionEnabled = false }
        withManualClock { clock in
            let first = UIViewController()
            let navigation = UINavigationController(rootViewController: first)
            let window = keyWindow(showing: navigation)
            defer { withExtendedLifetime(window) {} }
            let second = UIViewController()
            navigation.pushViewController(second, animated: true)
            CATransaction.flush()
            expectClose(
                Double(second.view.layer.presentation()?.opacity ?? .nan), 0, within: 1e-3, "transparent at first")
            clock.advance(by: 0.175)
            let incoming = second.view.layer.presentation()
            let outgoing = first.view.layer.presentation()
            expectClose(Double(incoming?.frame.minX ?? .nan), 0, within: 1e-3, "the new view does not slide")
            expectClose(Double(outgoing?.frame.minX ?? .nan), 0, within: 1e-3, "the old view does not slide")
            expectClose(Double(incoming?.opacity ?? .nan), 0.5, within: 1e-3)
            expectClose(Double(outgoing?.opacity ?? .nan), 0.5, within: 1e-3)
            clock.advance(by: 0.2)
            #expect(first.view.superview == nil && second.view.frame == navigation.view.bounds)
            #expect(first.view.alpha == 1 && second.view.alpha == 1, "the old view's alpha given back")

            navigation.popViewController(animated: true)
            CATransaction.flush()
            clock.advance(by: 0.175)
            expectClose(Double(first.view.layer.presentation()?.frame.minX ?? .nan), 0, within: 1e-3)
            expectClose(Double(second.view.layer.presentation()?.frame.minX ?? .nan), 0, within: 1e-3)
            expectClose(Double(first.view.layer.presentation()?.opacity ?? .nan), 0.5, within: 1e-3)
            expectClose(Double(second.view.layer.presentation()?.opacity ?? .nan), 0.5, within: 1e-3)
            clock.advance(by: 0.2)
            #expect(navigation.viewControllers == [first] && second.view.superview == nil)
            #expect(first.view.alpha == 1 && second.view.alpha == 1)
        }
    }
}
