import Foundation
import OpenUIKit
import Synchronization
import Testing

/// `UIDevice`, the orientations and their masks, edges and directional insets, window levels
/// and the feedback generators, as iOS code reads them.
@MainActor @Suite struct DeviceTests {
    @Test func theCurrentDeviceIsTheIPhoneTheScreenIs() {
        let device = UIDevice.current
        #expect(device === UIDevice.current)
        #expect(device.userInterfaceIdiom == .phone)
        #expect(device.systemName == "iOS" && device.systemVersion == "18.0")
        #expect(device.model == "iPhone" && device.name == "iPhone")
        #expect(device.orientation == .portrait)
        #expect(device.identifierForVendor == UIDevice.current.identifierForVendor)
        #expect(device.systemVersion.compare("17.0", options: .numeric) == .orderedDescending)
    }

    @Test func theBatteryReadsAsADeviceOnlyWhileMonitored() {
        let device = UIDevice.current
        device.isBatteryMonitoringEnabled = false
        #expect(device.batteryLevel == -1 && device.batteryState == .unknown)
        device.isBatteryMonitoringEnabled = true
        #expect(device.batteryLevel == 1 && device.batteryState == .full)
        device.isBatteryMonitoringEnabled = false
        device.isProximityMonitoringEnabled = true
        #expect(device.isProximityMonitoringEnabled == false, "no proximity sensor")
    }

    @Test func turningTheDevicePostsOnlyWhileNotificationsAreGenerated() {
        let device = UIDevice.current
        let posted = Mutex(0)
        let observer = NotificationCenter.default.addObserver(
            forName: UIDevice.orientationDidChangeNotification, object: device, queue: nil
        ) { _ in posted.withLock { $0 += 1 } }
        defer {
            NotificationCenter.default.removeObserver(observer)
            device.orientation = .portrait
        }
        device.orientation = .landscapeLeft
        #expect(posted.withLock { $0 } == 0, "not generating yet")
        device.beginGeneratingDeviceOrientationNotifications()
        #expect(device.isGeneratingDeviceOrientationNotifications)
        device.orientation = .landscapeRight
        device.orientation = .landscapeRight
        #expect(posted.withLock { $0 } == 1, "one change, one post")
        device.endGeneratingDeviceOrientationNotifications()
        device.orientation = .faceUp
        #expect(posted.withLock { $0 } == 1)
        #expect(device.orientation.isFlat && !device.orientation.isValidInterfaceOrientation)
    }

    @Test func orientationMasksHaveUIKitsBits() {
        #expect(UIInterfaceOrientationMask.portrait.rawValue == 2)
        #expect(UIInterfaceOrientationMask.landscapeLeft.rawValue == 16)
        #expect(UIInterfaceOrientationMask.landscapeRight.rawValue == 8)
        #expect(UIInterfaceOrientationMask.portraitUpsideDown.rawValue == 4)
        #expect(UIInterfaceOrientationMask.all.rawValue == 30)
        #expect(UIInterfaceOrientationMask.allButUpsideDown.rawValue == 26)
        #expect(UIInterfaceOrientationMask.landscape.contains(.landscapeRight))
        #expect(UIInterfaceOrientation.landscapeLeft.rawValue == UIDeviceOrientation.landscapeRight.rawValue)
        #expect(UIInterfaceOrientation.landscapeLeft.isLandscape && UIDeviceOrientation.portraitUpsideDown.isPortrait)
    }

    @Test func edgesAndDirectionalInsets() {
        #expect(UIRectEdge.all.rawValue == 15)
        #expect(UIRectEdge([.top, .bottom]).rawValue == 5)
        #expect(!UIRectEdge.all.subtracting(.left).contains(.left))
        let insets = NSDirectionalEdgeInsets(top: 4, leading: 8, bottom: 12, trailing: 16)
        #expect(insets.leading == 8 && insets.trailing == 16)
        #expect(NSDirectionalEdgeInsets.zero == NSDirectionalEdgeInsets())
    }

    @Test func windowLevelsOrderWindows() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(window.windowLevel == .normal)
        window.windowLevel = .alert + 1
        #expect(window.windowLevel.rawValue == 2001)
        #expect(UIWindow.Level.normal < .statusBar && UIWindow.Level.statusBar < .alert)
        #expect(UIWindow.Level.statusBar - 1 == UIWindow.Level(999))
    }

    @Test func feedbackGeneratorsRecordWhatTheyWereAskedFor() {
        let impact = UIImpactFeedbackGenerator(style: .heavy)
        impact.prepare()
        impact.impactOccurred()
        impact.impactOccurred(intensity: 0.4)
        impact.impactOccurred(intensity: 3)
        #expect(
            impact.occurrences == [
                .prepared, .impact(.heavy, intensity: 1), .impact(.heavy, intensity: 0.4),
                .impact(.heavy, intensity: 1),
            ])
        #expect(UIImpactFeedbackGenerator().style == .medium)
        let notification = UINotificationFeedbackGenerator()
        notification.notificationOccurred(.success)
        notification.notificationOccurred(.error)
        #expect(notification.occurrences == [.notification(.success), .notification(.error)])
        let selection = UISelectionFeedbackGenerator()
        selection.selectionChanged()
        #expect(selection.occurrences == [.selectionChanged])
    }
}
