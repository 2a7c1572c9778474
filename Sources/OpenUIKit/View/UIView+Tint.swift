import Foundation

extension UIView {
    /// How a view's tint shows: UIKit's `UIView.TintAdjustmentMode`.
    public enum TintAdjustmentMode: Int, Sendable {
        /// The superview's mode (normal at the top).
        case automatic
        /// The tint as it is.
        case normal
        /// The tint dimmed, as behind a presented alert.
        case dimmed
    }

    /// A tint as a view shows it.
    typealias Tint = (color: UIColor, mode: TintAdjustmentMode)

    /// Whether the view sets a tint colour or mode of its own.
    var hasOwnTint: Bool { ownTintColor != nil || ownTintAdjustmentMode != .automatic }

    /// The colour and mode the view inherits or has: what ``tintColor`` and
    /// ``tintAdjustmentMode`` read. Walks the tinted ancestors only.
    var effectiveTint: Tint {
        var color = ownTintColor
        var mode = ownTintAdjustmentMode
        var next = tintAncestor
        while color == nil || mode == .automatic, let ancestor = next {
            color = color ?? ancestor.ownTintColor
            if mode == .automatic { mode = ancestor.ownTintAdjustmentMode }
            next = ancestor.tintAncestor
        }
        return (color ?? .systemBlue, mode == .automatic ? .normal : mode)
    }

    /// Changes the view's own tint with `change`, then tells the view, and every view below it
    /// whose tint changed with it, through ``tintColorDidChange()``.
    func changeTint(_ change: () -> Void) {
        let before = tintsInSubtree()
        let wasTinted = hasOwnTint
        change()
        if hasOwnTint != wasTinted {
            // The views below that inherited through this one now point to it, or past it.
            let replaced = wasTinted ? self : tintAncestor
            let replacement = hasOwnTint ? self : tintAncestor
            forEachBelow { if $0.tintAncestor === replaced { $0.tintAncestor = replacement } }
        }
        tintColorDidChange()
        notifyBelow(comparingWith: before)
    }

    /// After a move: takes the tint of the new superview (none when removed). When that
    /// changes the tinted ancestor the view and those below it inherit through, they are
    /// updated and told, if their tint changed, through ``tintColorDidChange()``; otherwise
    /// (no tint set anywhere above, the usual case) nothing is walked.
    func inheritTint() {
        let inherited = superview.map { $0.hasOwnTint ? $0 : $0.tintAncestor } ?? nil
        guard inherited !== tintAncestor else { return }
        let old = tintAncestor
        let before = tintsInSubtree()
        tintAncestor = inherited
        forEachBelow { if $0.tintAncestor === old { $0.tintAncestor = inherited } }
        if let tint = before[ObjectIdentifier(self)], !Self.sameTint(effectiveTint, tint) { tintColorDidChange() }
        notifyBelow(comparingWith: before)
    }

    /// The tint of the view and of every view below it.
    private func tintsInSubtree() -> [ObjectIdentifier: Tint] {
        var tints: [ObjectIdentifier: Tint] = [:]
        forEachInSubtree { tints[ObjectIdentifier($0)] = $0.effectiveTint }
        return tints
    }

    /// Calls `body` on every view below this one.
    private func forEachBelow(_ body: (UIView) -> Void) {
        forEachInSubtree { if $0 !== self { body($0) } }
    }

    /// Calls ``tintColorDidChange()`` on every view below this one whose tint differs from
    /// what `before` recorded.
    private func notifyBelow(comparingWith before: [ObjectIdentifier: Tint]) {
        forEachBelow { view in
            guard let old = before[ObjectIdentifier(view)], !Self.sameTint(view.effectiveTint, old) else { return }
            view.tintColorDidChange()
        }
    }

    private static func sameTint(_ a: Tint, _ b: Tint) -> Bool {
        a.mode == b.mode && a.color.isEqual(b.color)
    }

    /// A dimmed tint: the grey of the colour's luminance, its alpha kept.
    static func dimmed(_ color: UIColor) -> UIColor {
        let rgba = color.cgColor.rgba
        let grey = 0.299 * Double(rgba.red) + 0.587 * Double(rgba.green) + 0.114 * Double(rgba.blue)
        return UIColor(white: CGFloat(grey), alpha: CGFloat(rgba.alpha))
    }
}
