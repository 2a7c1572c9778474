import Foundation

/// The work behind the touch members `UIView` declares: gesture recognizers attached and
/// detached, and the hit test that finds the view a touch belongs to.
extension UIView {
    /// Attaches `gestureRecognizer`, taking it from any other view.
    func attach(_ gestureRecognizer: UIGestureRecognizer) {
        gestureRecognizer.view?.removeGestureRecognizer(gestureRecognizer)
        gestureRecognizers = (gestureRecognizers ?? []) + [gestureRecognizer]
        gestureRecognizer.view = self
    }

    /// Detaches `gestureRecognizer` if it is attached to this view.
    func detach(_ gestureRecognizer: UIGestureRecognizer) {
        guard gestureRecognizer.view === self else { return }
        gestureRecognizers?.removeAll { $0 === gestureRecognizer }
        if gestureRecognizers?.isEmpty == true { gestureRecognizers = nil }
        gestureRecognizer.view = nil
    }

    /// The deepest view at `point` that takes touches, asking the subviews' own
    /// `hitTest(_:with:)` from the last one back.
    func deepestView(at point: CGPoint, with event: UIEvent?) -> UIView? {
        guard isUserInteractionEnabled, !isHidden, alpha >= 0.01, self.point(inside: point, with: event) else {
            return nil
        }
        for subview in subviews.reversed() {
            if let hit = subview.hitTest(subview.convert(point, from: self), with: event) { return hit }
        }
        return self
    }
}
