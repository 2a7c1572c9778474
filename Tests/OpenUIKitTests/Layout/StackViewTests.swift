import OpenUIKit
import QuartzTestSupport
import Testing

@MainActor
@Suite("UIStackView: arrangement by constraints, hiding animated", .serialized)
struct StackViewTests {
    /// A stack view of `sizes.count` sized views (content sizes given), placed in a root view.
    private func stack(_ sizes: [CGSize], frame: CGRect = CGRect(x: 0, y: 0, width: 300, height: 50))
        -> (UIView, UIStackView, [SizedView])
    {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        let views = sizes.map { size in
            let view = SizedView(frame: .zero)
            view.contentSize = size
            return view
        }
        let stack = UIStackView(arrangedSubviews: views)
        stack.frame = frame
        root.addSubview(stack)
        return (root, stack, views)
    }

    private func expectFrame(_ actual: CGRect?, _ expected: CGRect, _ comment: Comment? = nil) {
        guard let actual else {
            Issue.record("no frame; expected \(expected)")
            return
        }
        let close = [
            (actual.minX, expected.minX), (actual.minY, expected.minY), (actual.width, expected.width),
            (actual.height, expected.height),
        ].allSatisfy { abs($0 - $1) < 1e-6 }
        #expect(close, "\(actual) is not \(expected)\(comment.map { ": \($0)" } ?? "")")
    }

    @Test func fillEquallySharesTheLengthBetweenTheViews() {
        let (root, stack, views) = stack(Array(repeating: CGSize(width: 10, height: 10), count: 3))
        stack.distribution = .fillEqually
        stack.spacing = 10
        root.layoutIfNeeded()
        let width = (300 - 20) / 3.0
        for (index, view) in views.enumerated() {
            expectFrame(view.frame, CGRect(x: Double(index) * (width + 10), y: 0, width: width, height: 50))
        }
        #expect(views.allSatisfy { !$0.translatesAutoresizingMaskIntoConstraints })
        #expect(stack.subviews == views)
    }

    /// `.fill` keeps intrinsic sizes and stretches the view that hugs least; `.center` aligns
    /// across the axis.
    @Test func fillStretchesTheViewThatHugsLeast() {
        let (root, stack, views) = stack([CGSize(width: 50, height: 20), CGSize(width: 70, height: 24), CGSize(width: 30, height: 10)])
        stack.spacing = 5
        stack.alignment = .center
        views[1].setContentHuggingPriority(UILayoutPriority(249), for: .horizontal)
        root.layoutIfNeeded()
        expectFrame(views[0].frame, CGRect(x: 0, y: 15, width: 50, height: 20))
        expectFrame(views[1].frame, CGRect(x: 55, y: 13, width: 300 - 50 - 30 - 10, height: 24))
        expectFrame(views[2].frame, CGRect(x: 270, y: 20, width: 30, height: 10))
    }

    @Test func equalSpacingAndEqualCentering() {
        let (root, stack, views) = stack([CGSize(width: 50, height: 20), CGSize(width: 70, height: 20), CGSize(width: 30, height: 20)])
        stack.distribution = .equalSpacing
        stack.alignment = .top
        root.layoutIfNeeded()
        // (300 − 150) / 2 = 75 between the edges.
        #expect([views[0].frame.minX, views[1].frame.minX, views[2].frame.minX] == [0, 125, 270])
        #expect(views.allSatisfy { $0.frame.minY == 0 && $0.frame.height == 20 })
        stack.distribution = .equalCentering
        root.layoutIfNeeded()
        // Centres 25 and 285 at the ends, 155 between them.
        #expect(views[1].frame.midX == 155)
        #expect([views[0].frame.minX, views[2].frame.minX] == [0, 270])
    }

    @Test func fillProportionallyFollowsTheContentSizes() {
        let (root, stack, views) = stack([CGSize(width: 10, height: 20), CGSize(width: 30, height: 20)])
        stack.distribution = .fillProportionally
        stack.spacing = 20
        root.layoutIfNeeded()
        // 280 points shared 1 : 3.
        expectFrame(views[0].frame, CGRect(x: 0, y: 0, width: 70, height: 50))
        expectFrame(views[1].frame, CGRect(x: 90, y: 0, width: 210, height: 50))
    }

    /// A column inside its margins, a custom spacing after the first view, and the stack's own
    /// size from its content where nothing else sets it.
    @Test func aColumnInsideItsMarginsWithACustomSpacing() {
        let (root, stack, views) = stack(
            [CGSize(width: 50, height: 20), CGSize(width: 70, height: 24), CGSize(width: 30, height: 10)],
            frame: CGRect(x: 0, y: 0, width: 200, height: 90))
        stack.axis = .vertical
        stack.alignment = .leading
        stack.spacing = 4
        stack.setCustomSpacing(12, after: views[0])
        stack.isLayoutMarginsRelativeArrangement = true
        stack.layoutMargins = UIEdgeInsets(top: 10, left: 6, bottom: 10, right: 6)
        #expect(stack.customSpacing(after: views[0]) == 12)
        #expect(stack.customSpacing(after: views[1]) == UIStackView.spacingUseDefault)
        root.layoutIfNeeded()
        // 70 points of content in 70 between the margins: nobody stretches.
        expectFrame(views[0].frame, CGRect(x: 6, y: 10, width: 50, height: 20))
        expectFrame(views[1].frame, CGRect(x: 6, y: 42, width: 70, height: 24))
        expectFrame(views[2].frame, CGRect(x: 6, y: 70, width: 30, height: 10))
        #expect(
            stack.systemLayoutSizeFitting(UIView.layoutFittingCompressedSize) == CGSize(width: 82, height: 90),
            "the widest view and the column, with the margins")
    }

    /// The idiom: `isHidden` in an animation block. The others close over the view, animated;
    /// its layer is hidden when the block ends; `isHidden` reads true at once.
    @Test func hidingAnArrangedViewAnimatesTheOthersOver() {
        withManualClock { clock in
            let (root, stack, views) = stack(Array(repeating: CGSize(width: 10, height: 10), count: 3))
            stack.distribution = .fillEqually
            stack.spacing = 10
            root.layoutIfNeeded()
            CATransaction.flush()
            var completed: [Bool] = []
            UIView.animate(withDuration: 0.3, delay: 0, options: .curveLinear) {
                views[1].isHidden = true
            } completion: { completed.append($0) }
            #expect(views[1].isHidden, "reads hidden at once")
            #expect(!views[1].layer.isHidden, "shown while the others close over it")
            expectFrame(views[2].frame, CGRect(x: 155, y: 0, width: 145, height: 50), "the model at once")
            expectFrame(views[1].frame, CGRect(x: 145, y: 0, width: 0, height: 50), "no width, after the first")
            CATransaction.flush()
            clock.advance(by: 0.15)
            let third = (280 / 3.0 + 145) / 2
            expectFrame(views[0].layer.presentation()?.frame, CGRect(x: 0, y: 0, width: third, height: 50))
            expectFrame(
                views[2].layer.presentation()?.frame,
                CGRect(x: (2 * (280 / 3.0 + 10) + 155) / 2, y: 0, width: third, height: 50))
            #expect(!views[1].layer.isHidden)
            clock.advance(by: 0.16)
            #expect(views[1].layer.isHidden, "hidden when the block's animations end")
            #expect(completed == [true])
            expectFrame(views[2].layer.presentation()?.frame, CGRect(x: 155, y: 0, width: 145, height: 50))
            // Shown again: at once visible, growing back.
            UIView.animate(withDuration: 0.3, delay: 0, options: .curveLinear) { views[1].isHidden = false }
            #expect(!views[1].isHidden && !views[1].layer.isHidden)
            CATransaction.flush()
            clock.advance(by: 0.15)
            #expect(abs((views[1].layer.presentation()?.bounds.width ?? 0) - 280 / 6.0) < 1e-6, "half of 93.3")
        }
    }

    /// Shown again before the hiding block ends: the layer is never hidden.
    @Test func aViewShownBeforeItsHidingEndsStaysShown() {
        withManualClock { clock in
            let (root, stack, views) = stack(Array(repeating: CGSize(width: 10, height: 10), count: 2))
            stack.distribution = .fillEqually
            root.layoutIfNeeded()
            CATransaction.flush()
            UIView.animate(withDuration: 0.3) { views[0].isHidden = true }
            CATransaction.flush()
            clock.advance(by: 0.1)
            UIView.animate(withDuration: 0.3) { views[0].isHidden = false }
            CATransaction.flush()
            clock.advance(by: 0.5)
            #expect(!views[0].isHidden && !views[0].layer.isHidden)
            expectFrame(views[0].frame, CGRect(x: 0, y: 0, width: 150, height: 50))
            // Outside a block, hiding is immediate.
            views[1].isHidden = true
            #expect(views[1].layer.isHidden)
            root.layoutIfNeeded()
            expectFrame(views[0].frame, CGRect(x: 0, y: 0, width: 300, height: 50))
        }
    }

    /// Removing from the arrangement keeps the subview; removing from the superview takes it
    /// out of both.
    @Test func removingArrangedViews() {
        let (root, stack, views) = stack(Array(repeating: CGSize(width: 10, height: 10), count: 3))
        stack.distribution = .fillEqually
        stack.removeArrangedSubview(views[0])
        #expect(stack.arrangedSubviews == [views[1], views[2]])
        #expect(stack.subviews.count == 3)
        views[2].removeFromSuperview()
        #expect(stack.arrangedSubviews == [views[1]])
        root.layoutIfNeeded()
        expectFrame(views[1].frame, CGRect(x: 0, y: 0, width: 300, height: 50))
        stack.insertArrangedSubview(views[2], at: 0)
        root.layoutIfNeeded()
        #expect(stack.arrangedSubviews == [views[2], views[1]])
        expectFrame(views[1].frame, CGRect(x: 150, y: 0, width: 150, height: 50))
    }
}
