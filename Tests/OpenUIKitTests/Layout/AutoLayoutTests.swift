import OpenUIKit
import QuartzTestSupport
import Testing

/// A view with a content size, as a label or button has.
final class SizedView: UIView {
    var contentSize = CGSize(width: 50, height: 20) {
        didSet { invalidateIntrinsicContentSize() }
    }
    override var intrinsicContentSize: CGSize { contentSize }
}

@MainActor
@Suite("Auto Layout: constraints, anchors, priorities and animated layout", .serialized)
struct AutoLayoutTests {
    /// A 300 × 200 root view holding `count` views placed by constraints.
    private func root(_ count: Int) -> (UIView, [UIView]) {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
        let views = (0..<count).map { _ in UIView(frame: .zero) }
        for view in views {
            view.translatesAutoresizingMaskIntoConstraints = false
            root.addSubview(view)
        }
        return (root, views)
    }

    @Test func anchorsPinAViewInsideItsSuperview() {
        let (root, views) = root(1)
        let card = views[0]
        NSLayoutConstraint.activate([
            card.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 16),
            card.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -16),
            card.topAnchor.constraint(equalTo: root.topAnchor, constant: 20),
            card.heightAnchor.constraint(equalToConstant: 60),
        ])
        #expect(card.frame == .zero, "nothing moves before layout")
        root.layoutIfNeeded()
        #expect(card.frame == CGRect(x: 16, y: 20, width: 268, height: 60))
        #expect(root.constraints.count == 3, "the edges belong to the common ancestor")
        #expect(card.constraints.count == 1, "a constant size to the view itself")
    }

    @Test func anEmptyConstraintIsAPlaceholderThatActivatesNothing() {
        let placeholder = NSLayoutConstraint()
        #expect(placeholder.firstItem == nil && placeholder.secondItem == nil)
        #expect(placeholder.firstAttribute == .notAnAttribute && placeholder.multiplier == 1)
        placeholder.constant = 12
        placeholder.isActive = true
        #expect(!placeholder.isActive)
        #expect(placeholder.constant == 12)
    }

    @Test func aChainSharesTheWidthAndCentresInTheMiddle() {
        let (root, views) = root(3)
        let (a, b, c) = (views[0], views[1], views[2])
        NSLayoutConstraint.activate([
            a.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10),
            b.leadingAnchor.constraint(equalTo: a.trailingAnchor, constant: 8),
            c.leadingAnchor.constraint(equalTo: b.trailingAnchor, constant: 8),
            c.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -10),
            b.widthAnchor.constraint(equalTo: a.widthAnchor),
            c.widthAnchor.constraint(equalTo: a.widthAnchor, multiplier: 2),
            a.centerYAnchor.constraint(equalTo: root.centerYAnchor),
            b.centerYAnchor.constraint(equalTo: a.centerYAnchor),
            c.centerYAnchor.constraint(equalTo: a.centerYAnchor),
            a.heightAnchor.constraint(equalToConstant: 40),
            b.heightAnchor.constraint(equalTo: a.heightAnchor),
            c.heightAnchor.constraint(equalTo: a.heightAnchor, multiplier: 0.5, constant: 10),
        ])
        root.layoutIfNeeded()
        // 300 − 10 − 8 − 8 − 10 = 264 = w + w + 2w: w = 66.
        #expect(a.frame == CGRect(x: 10, y: 80, width: 66, height: 40))
        #expect(b.frame == CGRect(x: 84, y: 80, width: 66, height: 40))
        #expect(c.frame == CGRect(x: 158, y: 85, width: 132, height: 30))
    }

    @Test func aHigherPriorityWinsOutright() {
        let (root, views) = root(1)
        let view = views[0]
        let wide = view.widthAnchor.constraint(equalToConstant: 200)
        wide.priority = UILayoutPriority(751)
        var narrow: [NSLayoutConstraint] = []
        for _ in 0..<3 {
            let constraint = view.widthAnchor.constraint(equalToConstant: 100)
            constraint.priority = .defaultHigh
            narrow.append(constraint)
        }
        NSLayoutConstraint.activate(
            [wide, view.heightAnchor.constraint(equalToConstant: 10)] + narrow + [
                view.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                view.topAnchor.constraint(equalTo: root.topAnchor),
            ])
        root.layoutIfNeeded()
        #expect(view.frame.width == 200)
        // Required beats both.
        view.widthAnchor.constraint(lessThanOrEqualToConstant: 150).isActive = true
        root.layoutIfNeeded()
        #expect(view.frame.width == 150)
    }

    @Test func aViewTakesItsIntrinsicSizeUnlessStretched() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
        let label = SizedView(frame: .zero)
        label.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(label)
        NSLayoutConstraint.activate([
            label.leadingAnchor.constraint(equalTo: root.layoutMarginsGuide.leadingAnchor),
            label.topAnchor.constraint(equalTo: root.layoutMarginsGuide.topAnchor),
        ])
        root.layoutIfNeeded()
        #expect(label.frame == CGRect(x: 8, y: 8, width: 50, height: 20), "margins of 8, the content's size")
        label.contentSize = CGSize(width: 70, height: 24)
        root.layoutIfNeeded()
        #expect(label.frame.size == CGSize(width: 70, height: 24))
        // Pinned on both sides: required beats hugging (250).
        label.trailingAnchor.constraint(equalTo: root.layoutMarginsGuide.trailingAnchor).isActive = true
        root.layoutIfNeeded()
        #expect(label.frame.width == 284)
        // An optional stretch below the hugging priority loses to it.
        let stretch = label.heightAnchor.constraint(equalToConstant: 100)
        stretch.priority = UILayoutPriority(200)
        stretch.isActive = true
        root.layoutIfNeeded()
        #expect(label.frame.height == 24)
        stretch.priority = UILayoutPriority(300)
        root.layoutIfNeeded()
        #expect(label.frame.height == 100)
    }

    /// `systemLayoutSizeFitting`: a card around a sized view, 16 points in on every side,
    /// measured as small as it goes, at a required width, and never laid out by the question.
    @Test func aViewMeasuresTheSizeItsConstraintsGiveIt() {
        let card = UIView(frame: CGRect(x: 5, y: 5, width: 10, height: 10))
        let label = SizedView(frame: .zero)
        label.contentSize = CGSize(width: 120, height: 30)
        label.translatesAutoresizingMaskIntoConstraints = false
        card.addSubview(label)
        NSLayoutConstraint.activate([
            label.leadingAnchor.constraint(equalTo: card.leadingAnchor, constant: 16),
            label.trailingAnchor.constraint(equalTo: card.trailingAnchor, constant: -16),
            label.topAnchor.constraint(equalTo: card.topAnchor, constant: 16),
            label.bottomAnchor.constraint(equalTo: card.bottomAnchor, constant: -16),
        ])
        #expect(card.systemLayoutSizeFitting(UIView.layoutFittingCompressedSize) == CGSize(width: 152, height: 62))
        // A required width stretches the label past its hugging (250); the height still fits.
        let fitted = card.systemLayoutSizeFitting(
            CGSize(width: 300, height: 0), withHorizontalFittingPriority: .required,
            verticalFittingPriority: .fittingSizeLevel)
        #expect(fitted == CGSize(width: 300, height: 62))
        // Expanded: hugging (250) outranks the pull of the target (50).
        #expect(card.systemLayoutSizeFitting(UIView.layoutFittingExpandedSize) == CGSize(width: 152, height: 62))
        #expect(card.frame == CGRect(x: 5, y: 5, width: 10, height: 10), "the question lays nothing out")
        #expect(label.frame == .zero)
    }

    /// A dimension relates to a dimension on the other axis: the aspect-ratio idiom.
    @Test func anAspectRatioRelatesHeightToWidth() {
        let (root, views) = root(1)
        NSLayoutConstraint.activate([
            views[0].leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20),
            views[0].trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -20),
            views[0].topAnchor.constraint(equalTo: root.topAnchor),
            views[0].heightAnchor.constraint(equalTo: views[0].widthAnchor, multiplier: 9.0 / 16),
        ])
        root.layoutIfNeeded()
        #expect(abs(views[0].frame.height - 260 * 9 / 16) < 1e-9)
    }

    /// A laid-out hierarchy with constraints is freed when the last reference to it goes:
    /// constraints hold their items weakly, as UIKit's do, and the engine holds no view.
    @Test func aLaidOutHierarchyIsFreed() {
        weak var freedRoot: UIView?
        weak var freedChild: UIView?
        weak var freedConstraint: NSLayoutConstraint?
        do {
            let (root, views) = root(2)
            let constraint = views[0].widthAnchor.constraint(equalTo: views[1].widthAnchor)
            NSLayoutConstraint.activate([
                views[0].leadingAnchor.constraint(equalTo: root.layoutMarginsGuide.leadingAnchor),
                views[1].leadingAnchor.constraint(equalTo: views[0].trailingAnchor, constant: 8),
                views[1].trailingAnchor.constraint(equalTo: root.trailingAnchor), constraint,
                views[0].topAnchor.constraint(equalTo: root.safeAreaLayoutGuide.topAnchor),
            ])
            root.layoutIfNeeded()
            #expect(abs(views[0].frame.width - 142) < 1e-9, "(300 − 8 − 8) / 2")
            freedRoot = root
            freedChild = views[1]
            freedConstraint = constraint
        }
        #expect(freedRoot == nil && freedChild == nil && freedConstraint == nil)
    }

    /// The idiom: change a constant, then lay out inside an animation block. The frame's change
    /// is animated additively from the old layout to the new, on the block's curve.
    @Test func aConstantChangeAnimatesInsideAnAnimationBlock() {
        withManualClock { clock in
            let (root, views) = root(1)
            let panel = views[0]
            let height = panel.heightAnchor.constraint(equalToConstant: 40)
            NSLayoutConstraint.activate([
                panel.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                panel.trailingAnchor.constraint(equalTo: root.trailingAnchor),
                panel.bottomAnchor.constraint(equalTo: root.bottomAnchor), height,
            ])
            root.layoutIfNeeded()
            CATransaction.flush()
            #expect(panel.frame == CGRect(x: 0, y: 160, width: 300, height: 40))
            height.constant = 140
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear) { root.layoutIfNeeded() }
            #expect(panel.frame == CGRect(x: 0, y: 60, width: 300, height: 140), "the model at once")
            CATransaction.flush()
            clock.advance(by: 0.25)
            let shown = panel.layer.presentation()
            #expect(abs((shown?.bounds.height ?? 0) - 65) < 1e-6, "40 + 0.25 × 100")
            #expect(abs((shown?.position.y ?? 0) - 167.5) < 1e-6, "from 180 to 130, a quarter")
            clock.advance(by: 1)
            #expect(panel.layer.presentation()?.frame == CGRect(x: 0, y: 60, width: 300, height: 140))
        }
    }

    @Test func unsatisfiableConstraintsAreLoggedAndTheLayoutGoesOn() {
        let (root, views) = root(1)
        let view = views[0]
        let first = view.widthAnchor.constraint(equalToConstant: 100)
        let second = view.widthAnchor.constraint(equalToConstant: 200)
        let messages = collectingWarnings {
            NSLayoutConstraint.activate([
                first, view.heightAnchor.constraint(equalToConstant: 10),
                view.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                view.topAnchor.constraint(equalTo: root.topAnchor),
            ])
            root.layoutIfNeeded()
            second.isActive = true
            root.layoutIfNeeded()
        }
        #expect(messages.count == 1)
        let message = messages.first ?? ""
        #expect(message.contains("Unable to simultaneously satisfy constraints"))
        #expect(
            message.contains("Will attempt to recover by breaking constraint \n\(second)")
                || message.contains("breaking constraint\n\(second)"))
        #expect(message.contains(first.description), "the constraint it conflicts with is listed")
        #expect(view.frame.width == 100)
        #expect(second.isActive, "a broken constraint stays active, as on iOS")
        // Once the other goes, it holds.
        first.isActive = false
        second.constant = 200
        root.layoutIfNeeded()
        #expect(view.frame.width == 100 || view.frame.width == 200)
    }

    @Test func removingAViewRemovesTheConstraintsThatReachIt() {
        let (root, views) = root(2)
        let (a, b) = (views[0], views[1])
        let between = b.leadingAnchor.constraint(equalTo: a.trailingAnchor)
        let own = a.widthAnchor.constraint(equalToConstant: 10)
        NSLayoutConstraint.activate([between, own])
        #expect(between.isActive && own.isActive)
        a.removeFromSuperview()
        #expect(!between.isActive, "it named a view that left")
        #expect(own.isActive, "the view's own constraints go with it")
        #expect(root.constraints.isEmpty)
    }
}
