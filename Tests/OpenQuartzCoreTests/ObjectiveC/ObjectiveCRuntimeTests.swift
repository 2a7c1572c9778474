import Foundation
import OpenQuartzCore
import QuartzTestSupport
import Testing

/// What the Objective-C runtime gives iOS code, as Swift: selectors performed now and later on
/// the manual clock, associated objects, and key-value observation of layers.
@Suite struct ObjectiveCRuntimeTests {
    final class Recorder: NSObject {
        var calls: [(String, Any?, CFTimeInterval)] = []
        func ping() { calls.append(("ping", nil, CACurrentMediaTime())) }
        func echo(_ value: Any?) { calls.append(("echo", value, CACurrentMediaTime())) }
        func pair(_ first: String, _ second: Int) { calls.append(("pair", "\(first) \(second)", CACurrentMediaTime())) }
        var names: [String] { calls.map(\.0) }
    }

    @Test func aSelectorCallsItsMethodWithAsManyArgumentsAsItTakes() {
        let recorder = Recorder()
        recorder.perform(Selector("ping", Recorder.ping))
        recorder.perform(Selector("echo(_:)", Recorder.echo(_:)), with: "hello")
        recorder.perform(Selector("pair(_:_:)", Recorder.pair(_:_:)), with: "four", with: 4)
        #expect(recorder.names == ["ping", "echo", "pair"])
        #expect(recorder.calls[1].1 as? String == "hello")
        #expect(recorder.calls[2].1 as? String == "four 4")
        #expect(recorder.responds(to: Selector("ping", Recorder.ping)))
        #expect(!NSObject().responds(to: Selector("ping", Recorder.ping)))
        #expect(Selector("echo(_:)", Recorder.echo(_:)) == Selector("echo(_:)", Recorder.echo(_:)))
        #expect(Selector("echo(_:)", Recorder.echo(_:)).description == "echo(_:)")
    }

    @Test func delayedPerformsRunWhenTheClockReachesThemInOrder() {
        withManualClock { clock in
            let recorder = Recorder()
            let echo = Selector("echo(_:)", Recorder.echo(_:))
            recorder.perform(echo, with: "late", afterDelay: 0.5)
            recorder.perform(echo, with: "early", afterDelay: 0.25)
            recorder.perform(echo, with: "also early", afterDelay: 0.25)
            recorder.perform(Selector("ping", Recorder.ping), with: nil, afterDelay: 0)
            #expect(recorder.calls.isEmpty)
            clock.advance(by: 0.3)
            #expect(recorder.names == ["ping", "echo", "echo"])
            #expect(recorder.calls.map { $0.1 as? String } == [nil, "early", "also early"])
            #expect(recorder.calls.map(\.2) == [0, 0.25, 0.25])
            clock.advance(by: 1)
            #expect(recorder.calls.last?.1 as? String == "late")
            #expect(abs(recorder.calls.last!.2 - 0.5) < 1e-12)
        }
    }

    @Test func cancellingMatchesTheSelectorAndTheArgument() {
        withManualClock { clock in
            let recorder = Recorder()
            let echo = Selector("echo(_:)", Recorder.echo(_:))
            recorder.perform(echo, with: "a", afterDelay: 1)
            recorder.perform(echo, with: "b", afterDelay: 1)
            recorder.perform(Selector("ping", Recorder.ping), with: nil, afterDelay: 1)
            NSObject.cancelPreviousPerformRequests(withTarget: recorder, selector: echo, object: "a")
            clock.advance(by: 1)
            #expect(recorder.names == ["echo", "ping"])
            #expect(recorder.calls.first?.1 as? String == "b")
            recorder.perform(echo, with: "c", afterDelay: 1)
            recorder.perform(Selector("ping", Recorder.ping), with: nil, afterDelay: 1)
            NSObject.cancelPreviousPerformRequests(withTarget: recorder)
            clock.advance(by: 2)
            #expect(recorder.calls.count == 2)
        }
    }

    @Test func aDelayedPerformKeepsItsTargetUntilItRuns() {
        withManualClock { clock in
            weak var weakRecorder: Recorder?
            do {
                let recorder = Recorder()
                weakRecorder = recorder
                recorder.perform(Selector("ping", Recorder.ping), with: nil, afterDelay: 0.1)
            }
            #expect(weakRecorder != nil)
            clock.advance(by: 0.1)
            #expect(weakRecorder == nil)
        }
    }

    @Test func selectorNotificationObserversAreHeldWeaklyAndRemovedByObserver() {
        let center = NotificationCenter()
        let name = Notification.Name("RuntimeTestsNote")
        let recorder = Recorder()
        center.addObserver(recorder, selector: Selector("echo(_:)", Recorder.echo(_:)), name: name, object: nil)
        center.post(name: name, object: nil)
        #expect(recorder.calls.count == 1)
        #expect((recorder.calls.first?.1 as? Notification)?.name == name)
        center.removeObserver(recorder, name: Notification.Name("Other"), object: nil)
        center.post(name: name, object: nil)
        #expect(recorder.calls.count == 2)
        center.removeObserver(recorder)
        center.post(name: name, object: nil)
        #expect(recorder.calls.count == 2)

        weak var freed: Recorder?
        do {
            let transient = Recorder()
            freed = transient
            center.addObserver(transient, selector: Selector("ping", Recorder.ping), name: name, object: nil)
        }
        #expect(freed == nil)
        center.post(name: name, object: nil)  // nothing to call
        // A block observer's token is still removed by the same call.
        let blockCalls = PostCount()
        let token = center.addObserver(forName: name, object: nil, queue: nil) { _ in blockCalls.increment() }
        center.post(name: name, object: nil)
        center.removeObserver(token)
        center.post(name: name, object: nil)
        #expect(blockCalls.value == 1)
    }

    @Test func aSelectorTimerPassesItselfAndKeepsItsUserInfo() {
        let recorder = Recorder()
        let timer = Timer(
            timeInterval: 10, target: recorder, selector: Selector("echo(_:)", Recorder.echo(_:)), userInfo: "info",
            repeats: false)
        timer.fire()
        #expect((recorder.calls.first?.1 as? Timer) === timer)
        #expect(timer.selectorUserInfo as? String == "info")
        timer.invalidate()
    }

    @Test func associatedObjectsFollowTheirPolicies() {
        nonisolated(unsafe) var key: UInt8 = 0
        nonisolated(unsafe) var otherKey: UInt8 = 0
        let owner = NSObject()
        #expect(objc_getAssociatedObject(owner, &key) == nil)
        objc_setAssociatedObject(owner, &key, 42, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
        #expect(objc_getAssociatedObject(owner, &key) as? Int == 42)
        #expect(objc_getAssociatedObject(owner, &otherKey) == nil)
        #expect(objc_getAssociatedObject(NSObject(), &key) == nil)
        // Copy: later changes to the original are not seen.
        let text = NSMutableString(string: "abc")
        objc_setAssociatedObject(owner, &otherKey, text, .OBJC_ASSOCIATION_COPY)
        text.append("def")
        #expect((objc_getAssociatedObject(owner, &otherKey) as? NSString) == "abc")
        // Assign: not kept.
        do {
            let value = NSObject()
            objc_setAssociatedObject(owner, &otherKey, value, .OBJC_ASSOCIATION_ASSIGN)
            #expect(objc_getAssociatedObject(owner, &otherKey) as? NSObject === value)
        }
        #expect(objc_getAssociatedObject(owner, &otherKey) == nil)
        objc_setAssociatedObject(owner, &key, nil, .OBJC_ASSOCIATION_RETAIN)
        #expect(objc_getAssociatedObject(owner, &key) == nil)
        objc_setAssociatedObject(owner, &key, 1, .OBJC_ASSOCIATION_RETAIN)
        objc_removeAssociatedObjects(owner)
        #expect(objc_getAssociatedObject(owner, &key) == nil)
    }

    @Test func keyValueObservationOfALayerFollowsModelChanges() {
        withManualClock { clock in
            let layer = CALayer()
            var changes: [(old: CGPoint?, new: CGPoint?)] = []
            var observation: NSKeyValueObservation? = layer.observe(\.position, options: [.old, .new, .initial]) {
                _, change in
                changes.append((change.oldValue, change.newValue))
            }
            #expect(changes.count == 1)
            #expect(changes[0].new == .zero && changes[0].old == nil)
            layer.position = CGPoint(x: 10, y: 20)
            layer.opacity = 0.5  // another property: no call
            layer.position = CGPoint(x: 10, y: 20)  // the same value: no call
            layer.setValue(CGPoint(x: 30, y: 40), forKey: "position")
            #expect(changes.count == 3)
            #expect(changes[1].old == .zero && changes[1].new == CGPoint(x: 10, y: 20))
            #expect(changes[2].old == CGPoint(x: 10, y: 20) && changes[2].new == CGPoint(x: 30, y: 40))
            // The animation the change starts moves the presentation, not the model: no calls.
            CATransaction.flush()
            clock.advance(by: 0.1)
            #expect(changes.count == 3)
            observation?.invalidate()
            layer.position = .zero
            #expect(changes.count == 3)
            // Freeing an observation ends it too.
            var calls = 0
            observation = layer.observe(\.opacity) { _, _ in calls += 1 }
            layer.opacity = 1
            observation = nil
            layer.opacity = 0.25
            #expect(calls == 1)
        }
    }
}

/// A count a block observer can add to from whichever thread posts.
private final class PostCount: @unchecked Sendable {
    // Every access to `count` holds `lock`.
    private let lock = NSLock()
    private var count = 0

    var value: Int { lock.withLock { count } }

    func increment() { lock.withLock { count += 1 } }
}
