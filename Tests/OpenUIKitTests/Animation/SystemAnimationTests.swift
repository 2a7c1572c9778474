import Foundation
import OpenUIKit
import QuartzTestSupport
import Testing

@MainActor
@Suite("System animations")
struct SystemAnimationTests {
    @Test func deleteFadesTheViewsOutThenRemovesThem() {
        withManualClock { clock in
            let list = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            let row = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 20))
            let other = UIView(frame: CGRect(x: 0, y: 20, width: 100, height: 20))
            row.alpha = 0.8
            list.addSubview(row)
            list.addSubview(other)
            CATransaction.flush()
            var finished: [Bool] = []
            UIView.perform(
                .delete, on: [row], options: [.curveLinear], animations: { other.center.y = 10 },
                completion: { finished.append($0) })
            clock.advance(by: 0.15)
            // Half-way through 0.3 s, linearly: alpha 0.4, the other row half-way up.
            expectClose(Double(row.layer.presentation()?.opacity ?? .nan), 0.4, within: 1e-5)
            expectClose(other.layer.presentation()?.position.y ?? .nan, 20, within: 1e-9)
            #expect(row.superview === list)
            clock.advance(by: 0.2)
            #expect(finished == [true])
            #expect(row.superview == nil)
            expectClose(Double(row.alpha), 0.8, within: 1e-6, "its alpha back, to be shown again")
            #expect(list.subviews.count == 1)
            expectClose(other.center.y, 10, within: 1e-12)
        }
    }
}
