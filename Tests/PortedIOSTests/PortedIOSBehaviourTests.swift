import Foundation
import OpenUIKit
import PortedIOSFixtures
import QuartzTestSupport
import Testing

/// The iOS files in Tests/PortedIOSFixtures/iOS, compiled unedited through the porting
/// plugin, behave as on iOS: target–action, selector observers, display links, delayed
/// performs, @NSManaged layer properties, optional protocol members and key-value observation.
@MainActor
@Suite struct PortedIOSBehaviourTests {
    @Test func aButtonsTargetActionFiresOncePerTapWithTheSender() throws {
        let controller = PulseButtonViewController()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        window.rootViewController = controller
        window.makeKeyAndVisible()
        window.layoutIfNeeded()
        let center = controller.button.convert(CGPoint(x: 60, y: 22), to: window)
        for expected in 1...2 {
            let touch = window.touchDown(at: center)
            window.liftTouch(touch)
            #expect(controller.taps == expected)
        }
        #expect(controller.lastSender === controller.button)
        // Sending the event without a touch calls the same action.
        controller.button.sendActions(for: .touchUpInside)
        #expect(controller.taps == 3)
    }

    @Test func aControlHoldsItsTargetWeakly() {
        final class Counter {
            var hits = 0
            func hit(_ sender: UIButton) { hits += 1 }
        }
        let button = UIButton(type: .system)
        let kept = Counter()
        weak var freed: Counter?
        do {
            let counter = Counter()
            freed = counter
            button.addTarget(counter, action: Selector("hit(_:)", Counter.hit(_:)), for: .touchUpInside)
        }
        button.addTarget(kept, action: Selector("hit(_:)", Counter.hit(_:)), for: .touchUpInside)
        #expect(freed == nil)
        button.sendActions(for: .touchUpInside)
        #expect(kept.hits == 1)
        // Adding the same pair again adds no second call.
        button.addTarget(kept, action: Selector("hit(_:)", Counter.hit(_:)), for: .touchUpInside)
        button.sendActions(for: .touchUpInside)
        #expect(kept.hits == 2)
        button.removeTarget(kept, action: nil, for: .touchUpInside)
        button.sendActions(for: .touchUpInside)
        #expect(kept.hits == 2)
    }

    @Test func aSelectorObserverHearsPostsUntilItIsRemoved() {
        let host = ToastHostView()
        host.startListening()
        NotificationCenter.default.post(name: .toastShouldShow, object: nil, userInfo: ["text": "Saved"])
        #expect(host.shown == ["Saved"])
        host.stopListening()
        NotificationCenter.default.post(name: .toastShouldShow, object: nil, userInfo: ["text": "Again"])
        #expect(host.shown == ["Saved"])
    }

    @Test func aDisplayLinkSelectorRunsAtEachRefreshOfTheManualClock() {
        withManualClock { clock in
            let spinner = SpinnerView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
            spinner.start()
            clock.advance(by: 0.1)
            #expect(spinner.frames == 6)
            #expect(abs(spinner.lastTimestamp - 0.1) < 1e-9)
            clock.advance(by: 0.5)
            #expect(spinner.frames == 36)
            spinner.stop()
        }
    }

    @Test func aDisplayLinkThroughAWeakProxyReachesItsOwnerAndDoesNotKeepIt() {
        withManualClock { clock in
            var dots: PageDotsView? = PageDotsView(frame: CGRect(x: 0, y: 0, width: 80, height: 10))
            dots!.targetPage = 1
            dots!.startEasing()
            clock.advance(by: 0.06)
            #expect(dots!.steps == 3)
            #expect(abs(dots!.progress - 0.875) < 1e-9)
            weak let released = dots
            dots = nil
            #expect(released == nil)
            clock.advance(by: 0.1)
        }
    }

    @Test func aDelayedPerformRunsWhenDueAndACancelledOneDoesNot() {
        withManualClock { clock in
            let spinner = SpinnerView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
            spinner.start()
            clock.advance(by: 0.5)
            #expect(spinner.hideCount == 0)
            // Starting again cancels the hide queued for 1.0 and queues one for 1.5.
            spinner.start()
            clock.advance(by: 0.75)
            #expect(spinner.hideCount == 0)
            #expect(!spinner.isHidden)
            clock.advance(by: 0.25)
            #expect(spinner.hideCount == 1)
            #expect(spinner.isHidden)
            clock.advance(by: 2)
            #expect(spinner.hideCount == 1)
        }
    }

    @Test func anNSManagedLayerPropertyAnimatesAndItsPresentationIsRightHalfWay() throws {
        try withManualClock { clock in
            let ring = ProgressRingLayer()
            ring.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
            #expect(ring.progress == 0)
            #expect(ring.ringColor == nil)
            CATransaction.flush()
            clock.advance(by: 0.1)
            ring.progress = 1
            CATransaction.flush()
            #expect(ring.progress == 1)
            #expect(ring.animation(forKey: "progress") != nil)
            clock.advance(by: 0.5)
            let presented = try #require(ring.presentation())
            #expect(abs(presented.progress - 0.5) < 1e-6)
            #expect(ProgressRingLayer.needsDisplay(forKey: "progress"))
        }
    }

    @Test func optionalDelegateMethodsAreCalledWhenImplementedAndSkippedOtherwise() {
        withManualClock { clock in
            final class Listener: DrawerViewDelegate {
                var opened = 0
                func drawerDidOpen(_ drawer: DrawerView) { opened += 1 }
            }
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
            let drawer = DrawerView(frame: CGRect(x: 0, y: 200, width: 320, height: 280))
            window.addSubview(drawer)
            let listener = Listener()
            drawer.delegate = listener
            #expect(drawer.openHeight == 300)
            window.drag(from: CGPoint(x: 160, y: 400), to: CGPoint(x: 160, y: 250), duration: 0.2, clock: clock)
            #expect(drawer.isOpen)
            #expect(listener.opened == 1)
            window.drag(from: CGPoint(x: 160, y: 250), to: CGPoint(x: 160, y: 400), duration: 0.2, clock: clock)
            #expect(!drawer.isOpen)
            #expect(listener.opened == 1)
        }
    }

    @Test func keyValueObservationSeesAModelChangeOfTheLayer() {
        let drawer = DrawerView(frame: CGRect(x: 0, y: 0, width: 320, height: 280))
        let before = drawer.boundsChanges.count
        drawer.bounds = CGRect(x: 0, y: 0, width: 320, height: 400)
        drawer.layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        drawer.layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        #expect(
            Array(drawer.boundsChanges.dropFirst(before)) == [
                CGRect(x: 0, y: 0, width: 320, height: 400), CGRect(x: 0, y: 0, width: 100, height: 100),
            ])
    }

    @Test func associatedObjectsStoreAnExtensionsProperty() {
        let view = UIView()
        let other = UIView()
        #expect(view.shakeCount == 0)
        view.shake()
        view.shake()
        #expect(view.shakeCount == 2)
        #expect(other.shakeCount == 0)
        #expect(view.layer.animation(forKey: "shake") != nil)
    }

    @Test func aSelectorTimerCallsItsTargetWithTheTimer() throws {
        let ticker = Ticker()
        ticker.start()
        let timer = try #require(ticker.timer)
        timer.fire()
        timer.fire()
        #expect(ticker.ticks == 2)
        timer.invalidate()
    }
}

/// String-keyed key-value observation, as iOS code before block observations writes it.
@MainActor
@Suite struct PortedKeyValueObservingTests {
    @Test func aControllerSeesItsCardMoveUntilItStopsFollowing() {
        let controller = FollowerViewController()
        controller.loadViewIfNeeded()
        controller.card.center = CGPoint(x: 100, y: 200)
        controller.card.frame.origin.x = 10
        #expect(controller.seenCenters == [CGPoint(x: 100, y: 200), CGPoint(x: 60, y: 200)])
        #expect(controller.seenOldCenters == [CGPoint(x: 50, y: 30), CGPoint(x: 100, y: 200)])
        controller.stopFollowing()
        controller.card.center = .zero
        #expect(controller.seenCenters.count == 2)
    }

    @Test func aModelObjectSeesALayersOpacityFromTheStart() {
        let layer = CALayer()
        let watcher = OpacityWatcher(layer: layer)
        layer.opacity = 0.5
        layer.opacity = 0.5
        layer.opacity = 0
        #expect(watcher.opacities == [1, 0.5, 0])
    }
}

/// A menu whose delegate is typed `AnyObject` and whose layout override sits in an extension.
@MainActor
@Suite struct PortedRadialMenuTests {
    final class Listener: NSObject, RadialMenuDelegate {
        var opened = 0
        var selected: [Int] = []
        func radialMenuDidOpen(_ menu: RadialMenu) { opened += 1 }
        func radialMenu(_ menu: RadialMenu, didSelect index: Int) { selected.append(index) }
    }

    @Test func theDelegateTypedAnyObjectHearsTheOptionalMethodsItImplements() {
        let menu = RadialMenu(frame: CGRect(x: 0, y: 0, width: 200, height: 200), count: 4)
        let listener = Listener()
        menu.delegate = listener
        menu.open()
        #expect(listener.opened == 1)
        menu.buttons[2].sendActions(for: .touchUpInside)
        #expect(listener.selected == [2])
        // A delegate that implements none of them is not called, and nothing traps.
        let silent = NSObject()
        menu.delegate = silent
        menu.open()
        menu.buttons[1].sendActions(for: .touchUpInside)
        #expect(listener.opened == 1)
        #expect(listener.selected == [2])
        withExtendedLifetime(silent) {}
    }

    @Test func theLayoutOverrideInTheExtensionPlacesTheButtons() {
        let menu = RadialMenu(frame: CGRect(x: 0, y: 0, width: 200, height: 200), count: 4)
        menu.layoutIfNeeded()
        #expect(menu.buttons.allSatisfy { $0.center == CGPoint(x: 100, y: 100) })
        menu.open()
        // From the top, clockwise, 80 points out.
        let expected = [
            CGPoint(x: 100, y: 20), CGPoint(x: 180, y: 100), CGPoint(x: 100, y: 180), CGPoint(x: 20, y: 100),
        ]
        for (button, point) in zip(menu.buttons, expected) {
            #expect(abs(button.center.x - point.x) < 1e-9)
            #expect(abs(button.center.y - point.y) < 1e-9)
        }
    }

    @Test func aFileImportingOnlyFoundationSeesUIKitsTypes() {
        final class Handler: RadialMenuTouchHandling {
            var seen: [UITouch] = []
            func radialMenuIntercepts(touch: UITouch) -> Bool {
                seen.append(touch)
                return seen.count > 1
            }
        }
        let handler = Handler()
        let handling: any RadialMenuTouchHandling = handler
        #expect(handling.radialMenuIntercepts(touch: UITouch()) == false)
        #expect(handling.radialMenuIntercepts(touch: UITouch()) == true)
    }
}
