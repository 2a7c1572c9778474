import OpenUIKit
import QuartzTestSupport
import Testing

/// A view that records each `tintColorDidChange()` it hears.
@MainActor
private final class TintRecorder: UIView {
    let name: String
    let log: Log

    final class Log {
        var names: [String] = []
    }

    init(_ name: String, log: Log) {
        self.name = name
        self.log = log
        super.init(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    override func tintColorDidChange() {
        super.tintColorDidChange()
        log.names.append(name)
    }
}

/// `UIView.tintColor`, `tintAdjustmentMode` and `tintColorDidChange()` (issue 28): inherited down
/// the hierarchy, `systemBlue` at the top, each view that inherits a change told of it.
@MainActor
@Suite struct ViewTintTests {
    @Test func aViewInheritsItsTintAndSystemBlueIsTheDefault() {
        let parent = UIView(frame: .zero)
        let child = UIView(frame: .zero)
        parent.addSubview(child)
        #expect(child.tintColor.isEqual(UIColor.systemBlue))
        #expect(child.tintAdjustmentMode == .normal)
        parent.tintColor = .red
        #expect(child.tintColor.isEqual(UIColor.red))
        child.tintColor = .green
        #expect(child.tintColor.isEqual(UIColor.green))
        #expect(parent.tintColor.isEqual(UIColor.red))
        child.tintColor = nil
        #expect(child.tintColor.isEqual(UIColor.red), "nil inherits again")
        var red: CGFloat = 0
        var green: CGFloat = 0
        UIColor.systemBlue.getRed(&red, green: &green, blue: nil, alpha: nil)
        expectClose(Double(green), 122.0 / 255, within: 1e-12)
    }

    @Test func settingATintTellsTheViewAndThoseThatInheritIt() {
        let log = TintRecorder.Log()
        let top = TintRecorder("top", log: log)
        let inheriting = TintRecorder("inheriting", log: log)
        let own = TintRecorder("own", log: log)
        let belowOwn = TintRecorder("belowOwn", log: log)
        top.addSubview(inheriting)
        top.addSubview(own)
        own.addSubview(belowOwn)
        own.tintColor = .green
        log.names = []
        top.tintColor = .red
        #expect(log.names == ["top", "inheriting"])
        log.names = []
        // The mode is inherited separately: `own` sets a colour, not a mode.
        top.tintAdjustmentMode = .dimmed
        #expect(log.names == ["top", "inheriting", "own", "belowOwn"])
        #expect(own.tintAdjustmentMode == .dimmed)
        log.names = []
        own.tintAdjustmentMode = .normal
        #expect(log.names == ["own", "belowOwn"])
        #expect(belowOwn.tintColor.isEqual(UIColor.green))
        #expect(top.tintAdjustmentMode == .dimmed)
    }

    /// Dimmed, a tint reads as the grey of its luminance, its alpha kept.
    @Test func aDimmedTintIsTheGreyOfItsLuminance() {
        let view = UIView(frame: .zero)
        view.tintColor = UIColor(red: 1, green: 0.5, blue: 0, alpha: 0.8)
        view.tintAdjustmentMode = .dimmed
        var (red, green, blue, alpha): (CGFloat, CGFloat, CGFloat, CGFloat) = (0, 0, 0, 0)
        view.tintColor.getRed(&red, green: &green, blue: &blue, alpha: &alpha)
        let grey = 0.299 + 0.587 * 0.5
        for channel in [red, green, blue] { expectClose(Double(channel), grey, within: 1e-9) }
        expectClose(Double(alpha), 0.8, within: 1e-9)
        view.tintAdjustmentMode = .automatic
        #expect(view.tintAdjustmentMode == .normal)
        #expect(view.tintColor.isEqual(UIColor(red: 1, green: 0.5, blue: 0, alpha: 0.8)))
    }

    /// Moving a view under a superview of another tint tells it and the views below it that
    /// inherit; a move that keeps the tint tells no one.
    @Test func aMoveThatChangesTheTintTellsTheMovedViews() {
        let log = TintRecorder.Log()
        let red = TintRecorder("red", log: log)
        red.tintColor = .red
        let alsoRed = TintRecorder("alsoRed", log: log)
        alsoRed.tintColor = .red
        let blue = TintRecorder("blue", log: log)
        blue.tintColor = .blue
        let moved = TintRecorder("moved", log: log)
        let inner = TintRecorder("inner", log: log)
        let own = TintRecorder("own", log: log)
        moved.addSubview(inner)
        moved.addSubview(own)
        own.tintColor = .green
        own.tintAdjustmentMode = .normal
        log.names = []
        red.addSubview(moved)
        #expect(log.names == ["moved", "inner"], "systemBlue → red")
        log.names = []
        alsoRed.addSubview(moved)
        #expect(log.names.isEmpty, "red → red")
        blue.addSubview(moved)
        #expect(log.names == ["moved", "inner"])
        #expect(inner.tintColor.isEqual(UIColor.blue))
        log.names = []
        moved.removeFromSuperview()
        #expect(log.names == ["moved", "inner"])
        #expect(inner.tintColor.isEqual(UIColor.systemBlue))
    }
}
