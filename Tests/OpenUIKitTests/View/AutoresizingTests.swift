import OpenUIKit
import QuartzTestSupport
import Testing

@MainActor
@Suite("Autoresizing masks: subviews follow their superview's size", .serialized)
struct AutoresizingTests {
    /// A 100 × 100 superview with a subview at (10, 20, 50, 30): 40 points of margin on the
    /// right, 50 at the bottom.
    private func pair(_ mask: UIView.AutoresizingMask) -> (UIView, UIView) {
        let superview = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let subview = UIView(frame: CGRect(x: 10, y: 20, width: 50, height: 30))
        subview.autoresizingMask = mask
        superview.addSubview(subview)
        return (superview, subview)
    }

    @Test func eachMaskTakesTheChangeWhereItSays() {
        let cases: [(UIView.AutoresizingMask, CGRect)] = [
            ([], CGRect(x: 10, y: 20, width: 50, height: 30)),
            ([.flexibleWidth, .flexibleHeight], CGRect(x: 10, y: 20, width: 150, height: 130)),
            ([.flexibleLeftMargin, .flexibleTopMargin], CGRect(x: 110, y: 120, width: 50, height: 30)),
            ([.flexibleRightMargin, .flexibleBottomMargin], CGRect(x: 10, y: 20, width: 50, height: 30)),
            // Shared in proportion: left 10 : right 40 of the 100 more points.
            ([.flexibleLeftMargin, .flexibleRightMargin], CGRect(x: 30, y: 20, width: 50, height: 30)),
            // Left 10 : width 50 : right 40, and top 20 : height 30 : bottom 50.
            ([.flexibleLeftMargin, .flexibleWidth, .flexibleRightMargin, .flexibleTopMargin, .flexibleHeight, .flexibleBottomMargin],
             CGRect(x: 20, y: 40, width: 100, height: 60)),
        ]
        for (mask, expected) in cases {
            let (superview, subview) = pair(mask)
            superview.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
            #expect(subview.frame == expected, "mask \(mask.rawValue)")
        }
    }

    @Test func autoresizesSubviewsOffAndAutoLayoutsViewsKeepTheirFrames() {
        let (superview, subview) = pair([.flexibleWidth])
        superview.autoresizesSubviews = false
        superview.bounds.size = CGSize(width: 300, height: 100)
        #expect(subview.frame.width == 50)

        let (other, placed) = pair([.flexibleWidth])
        placed.translatesAutoresizingMaskIntoConstraints = false
        other.bounds.size = CGSize(width: 300, height: 100)
        #expect(placed.frame.width == 50, "a view Auto Layout places is left to the engine")
    }

    /// Growing the superview in an animation block animates the subview's new frame with it.
    @Test func aResizeInABlockAnimatesTheSubviews() {
        withManualClock { clock in
            let (superview, subview) = pair([.flexibleWidth])
            CATransaction.flush()
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear) {
                superview.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
            }
            CATransaction.flush()
            clock.advance(by: 0.25)
            let width = Double(subview.layer.presentation()?.bounds.width ?? .nan)
            #expect(abs(width - 75) < 1e-9, "50 → 150, a quarter of the way")
            #expect(subview.frame.width == 150)
        }
    }
}
