import OpenUIKit
import Testing

@MainActor
@Suite("The visual format language", .serialized)
struct VisualFormatTests {
    /// Two views side by side: 20 from the edges (the standard space to the superview), 8
    /// between (the standard space between views), equal widths, aligned by their tops; and a
    /// vertical string with a metric, a relation and a priority.
    @Test func aFormatLaysOutViews() {
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
        let left = UIView()
        let right = UIView()
        for view in [left, right] {
            view.translatesAutoresizingMaskIntoConstraints = false
            container.addSubview(view)
        }
        let views = ["left": left, "right": right]
        var constraints = NSLayoutConstraint.constraints(
            withVisualFormat: "H:|-[left]-[right(==left)]-|", options: .alignAllTop, metrics: nil, views: views)
        constraints += NSLayoutConstraint.constraints(
            withVisualFormat: "V:|-top-[left(>=50,==120@750)]", metrics: ["top": 30], views: views)
        constraints += NSLayoutConstraint.constraints(withVisualFormat: "V:[right(==left)]", views: views)
        #expect(constraints.count == 4 + 1 + 1 + 2 + 1)
        NSLayoutConstraint.activate(constraints)
        container.layoutIfNeeded()
        #expect(left.frame == CGRect(x: 20, y: 30, width: 126, height: 120))
        #expect(right.frame == CGRect(x: 154, y: 30, width: 126, height: 120))
        let priorities = constraints.filter { $0.priority == UILayoutPriority(750) }
        #expect(priorities.count == 1 && priorities.first?.relation == .equal && priorities.first?.constant == 120)
    }

    /// Flush connections and explicit spaces: `|[a]-10-[b]|`.
    @Test func flushAndExplicitSpaces() {
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 40))
        let a = UIView()
        let b = UIView()
        for view in [a, b] {
            view.translatesAutoresizingMaskIntoConstraints = false
            container.addSubview(view)
        }
        let views = ["a": a, "b": b]
        NSLayoutConstraint.activate(
            NSLayoutConstraint.constraints(withVisualFormat: "|[a(30)]-10-[b]|", views: views)
                + NSLayoutConstraint.constraints(withVisualFormat: "V:|[a]|", views: views)
                + NSLayoutConstraint.constraints(withVisualFormat: "V:|[b]|", views: views))
        container.layoutIfNeeded()
        #expect(a.frame == CGRect(x: 0, y: 0, width: 30, height: 40))
        #expect(b.frame == CGRect(x: 40, y: 0, width: 60, height: 40))
    }
}
