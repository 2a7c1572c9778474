import OpenUIKit
import QuartzTestSupport
import SwiftFiveClient
import Testing

/// A view that records the hierarchy hooks it hears, into a log shared with other views.
@MainActor
private final class HookRecorder: UIView {
    let name: String
    let log: Log
    var layouts = 0

    final class Log {
        var lines: [String] = []
    }

    init(_ name: String, log: Log) {
        self.name = name
        self.log = log
        super.init(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    private func label(_ view: UIView?) -> String {
        (view as? HookRecorder)?.name ?? (view is UIWindow ? "window" : view == nil ? "nil" : "view")
    }

    override func willMove(toSuperview newSuperview: UIView?) {
        log.lines.append("\(name).willMove(toSuperview: \(label(newSuperview)))")
    }
    override func didMoveToSuperview() {
        log.lines.append("\(name).didMoveToSuperview(\(label(superview)))")
    }
    override func willMove(toWindow newWindow: UIWindow?) {
        log.lines.append("\(name).willMove(toWindow: \(label(newWindow)))")
    }
    override func didMoveToWindow() {
        log.lines.append("\(name).didMoveToWindow(\(label(window)))")
    }
    override func didAddSubview(_ subview: UIView) {
        log.lines.append("\(name).didAddSubview(\(label(subview)))")
    }
    override func willRemoveSubview(_ subview: UIView) {
        log.lines.append("\(name).willRemoveSubview(\(label(subview)))")
    }
    override func layoutSubviews() {
        layouts += 1
    }
}

@MainActor
@Suite("Views: hierarchy hooks, windows and layout of the superview")
struct ViewHierarchyHookTests {
    @Test func addingAViewOutsideAWindowCallsOnlyTheSuperviewHooks() {
        let log = HookRecorder.Log()
        let parent = HookRecorder("parent", log: log)
        let child = HookRecorder("child", log: log)
        parent.addSubview(child)
        #expect(
            log.lines == [
                "child.willMove(toSuperview: parent)", "child.didMoveToSuperview(parent)",
                "parent.didAddSubview(child)",
            ])
        #expect(child.window == nil)
    }

    @Test func movingASubtreeIntoAWindowTellsEveryViewInIt() {
        let log = HookRecorder.Log()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let parent = HookRecorder("parent", log: log)
        let child = HookRecorder("child", log: log)
        parent.addSubview(child)
        log.lines = []
        window.addSubview(parent)
        #expect(
            log.lines == [
                "parent.willMove(toSuperview: window)", "parent.willMove(toWindow: window)",
                "child.willMove(toWindow: window)", "parent.didMoveToWindow(window)", "child.didMoveToWindow(window)",
                "parent.didMoveToSuperview(window)",
            ])
        #expect(child.window === window && parent.window === window && window.window === window)

        log.lines = []
        parent.removeFromSuperview()
        #expect(
            log.lines == [
                "parent.willMove(toSuperview: nil)", "parent.willMove(toWindow: nil)", "child.willMove(toWindow: nil)",
                "parent.didMoveToWindow(nil)", "child.didMoveToWindow(nil)", "parent.didMoveToSuperview(nil)",
            ])
        #expect(child.window == nil)
    }

    @Test func movingBetweenSuperviewsInOneWindowKeepsTheWindowHooksQuiet() {
        let log = HookRecorder.Log()
        let window = UIWindow(frame: .zero)
        let a = HookRecorder("a", log: log)
        let b = HookRecorder("b", log: log)
        let child = HookRecorder("child", log: log)
        window.addSubview(a)
        window.addSubview(b)
        a.addSubview(child)
        log.lines = []
        b.addSubview(child)
        #expect(
            log.lines == [
                "child.willMove(toSuperview: b)", "a.willRemoveSubview(child)", "child.didMoveToSuperview(b)",
                "b.didAddSubview(child)",
            ])
        log.lines = []
        b.addSubview(child)
        b.bringSubviewToFront(child)
        #expect(log.lines.isEmpty, "a view that is already a subview only changes place")
    }

    @Test func removingAViewWithNoSuperviewDoesNothing() {
        let log = HookRecorder.Log()
        HookRecorder("alone", log: log).removeFromSuperview()
        #expect(log.lines.isEmpty)
    }

    @Test func aSubviewsNewSizeLaysOutItsSuperviewOnceAtTheNextPass() {
        let log = HookRecorder.Log()
        let parent = HookRecorder("parent", log: log)
        let child = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        parent.addSubview(child)
        parent.layoutIfNeeded()
        let before = parent.layouts

        child.frame = CGRect(x: 0, y: 0, width: 20, height: 10)
        child.bounds = CGRect(x: 0, y: 0, width: 20, height: 30)
        #expect(parent.layer.needsLayout())
        parent.layoutIfNeeded()
        parent.layoutIfNeeded()
        #expect(parent.layouts == before + 1, "frame and bounds together: one layout")

        child.layer.bounds = CGRect(x: 0, y: 0, width: 5, height: 5)
        parent.layoutIfNeeded()
        #expect(parent.layouts == before + 2, "through the layer's bounds too")

        child.center = CGPoint(x: 40, y: 40)
        child.frame.origin = CGPoint(x: 1, y: 1)
        #expect(!parent.layer.needsLayout(), "moving without resizing leaves the superview alone")
    }

    @Test func swiftFiveCodeCallingUIKitFromNonisolatedMethodsRuns() throws {
        try withManualClock { clock in
            let spinner = SwiftFiveSpinner()
            spinner.fadeOut()
            CATransaction.flush()
            clock.advance(to: 0.25)
            expectClose(Double(try #require(spinner.view.layer.presentation()).opacity), 0.5, within: 1e-6)
            clock.advance(to: 0.6)
            #expect(spinner.completions == 1)
            spinner.spin()
            #expect(spinner.view.layer.animation(forKey: "spin")?.repeatCount == HUGE)
            #expect(spinner.addDot().superview === spinner.view)
        }
    }
}
