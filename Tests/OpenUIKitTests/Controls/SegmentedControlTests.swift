import OpenUIKit
import QuartzTestSupport
import Testing

@MainActor
@Suite("Segmented controls: segments, taps, the thumb sliding", .serialized)
struct SegmentedControlTests {
    private func control() -> (UIWindow, UISegmentedControl) {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 100))
        let control = UISegmentedControl(items: ["Day", "Week", "Month"])
        control.frame = CGRect(x: 0, y: 0, width: 300, height: 32)
        window.addSubview(control)
        control.layoutIfNeeded()
        return (window, control)
    }

    private func thumbView(of control: UISegmentedControl) -> UIView? {
        control.subviews.first { $0.backgroundColor == .white && $0.layer.cornerRadius == 7 }
    }

    /// A tap selects its segment, sends `.valueChanged`, and the thumb slides from the old
    /// segment (2 points inside it) to the new one over 0.25 s, eased in and out.
    @Test func aTapSelectsASegmentAndTheThumbSlides() throws {
        try withManualClock { clock in
            let (window, control) = control()
            control.selectedSegmentIndex = 0
            let thumb = try #require(thumbView(of: control))
            #expect(thumb.frame == CGRect(x: 2, y: 2, width: 96, height: 28))
            var changes: [Int] = []
            control.addAction(UIAction { _ in changes.append(control.selectedSegmentIndex) }, for: .valueChanged)
            CATransaction.flush()
            window.liftTouch(window.touchDown(at: CGPoint(x: 250, y: 16)))
            #expect(control.selectedSegmentIndex == 2 && changes == [2])
            CATransaction.flush()
            clock.advance(by: 0.125)
            let x = try #require(thumb.layer.presentation()?.frame.minX)
            #expect(abs(x - (2 + 202) / 2) < 0.01, "half way from segment 0 to segment 2")
            clock.advance(by: 0.13)
            #expect(thumb.frame.minX == 202)
            window.liftTouch(window.touchDown(at: CGPoint(x: 250, y: 16)))
            #expect(changes == [2], "tapping the selected segment again sends nothing, as on iOS")
        }
    }

    @Test func segmentsAreAddedRemovedAndAskedAbout() {
        let (_, control) = control()
        #expect(control.numberOfSegments == 3 && control.selectedSegmentIndex == UISegmentedControl.noSegment)
        control.selectedSegmentIndex = 1
        control.insertSegment(withTitle: "Year", at: 0, animated: false)
        #expect(control.titleForSegment(at: 0) == "Year" && control.selectedSegmentIndex == 2)
        control.removeSegment(at: 2, animated: false)
        #expect(control.numberOfSegments == 3 && control.selectedSegmentIndex == UISegmentedControl.noSegment)
        control.setEnabled(false, forSegmentAt: 1)
        #expect(!control.isEnabledForSegment(at: 1))
        control.setTitleTextAttributes([.foregroundColor: UIColor.systemRed], for: .selected)
        #expect(control.titleTextAttributes(for: .selected)?[.foregroundColor] as? UIColor == .systemRed)
        #expect(control.intrinsicContentSize.height == 32)
    }

    /// iOS 14's actions run when their segment is tapped; a disabled segment takes no tap.
    @Test func actionsRunForTheirSegments() {
        var ran: [String] = []
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 100))
        let control = UISegmentedControl(
            frame: CGRect(x: 0, y: 0, width: 200, height: 32),
            actions: [UIAction(title: "List") { _ in ran.append("List") }, UIAction(title: "Grid") { _ in ran.append("Grid") }])
        window.addSubview(control)
        control.layoutIfNeeded()
        window.liftTouch(window.touchDown(at: CGPoint(x: 150, y: 16)))
        control.setEnabled(false, forSegmentAt: 0)
        window.liftTouch(window.touchDown(at: CGPoint(x: 50, y: 16)))
        #expect(ran == ["Grid"] && control.selectedSegmentIndex == 1)
    }
}
