// Compiled in the Swift 5 language mode with warnings as errors (see Package.swift): code as
// iOS libraries write it, calling UIKit from nonisolated methods. Against Apple's UIKit it
// compiles without a diagnostic because UIKit's main-actor isolation is imported as
// preconcurrency; it compiles here only while OpenUIKit's main-actor types are
// `@preconcurrency @MainActor` too.
import OpenUIKit

/// A spinner as activity-indicator libraries write it: a plain class, not isolated to the
/// main actor, that owns a view and animates it.
public final class SwiftFiveSpinner {
    public let view: UIView
    public private(set) var completions = 0

    public init() {
        view = UIView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
        view.backgroundColor = .orange
    }

    /// Fades the view out in a block animation, from a nonisolated method.
    public func fadeOut() {
        UIView.animate(
            withDuration: 0.5, delay: 0, options: [.curveLinear],
            animations: {
                self.view.alpha = 0
            },
            completion: { _ in
                self.completions += 1
            })
    }

    /// Spins the view's layer forever with `HUGE` repeats, as real spinners do.
    public func spin() {
        let rotation = CABasicAnimation(keyPath: "transform.rotation.z")
        rotation.fromValue = 0.0
        rotation.toValue = Double.pi * 2
        rotation.duration = 1
        rotation.repeatCount = HUGE
        view.layer.add(rotation, forKey: "spin")
    }

    /// Grows the view with a property animator and a spring, from a nonisolated method.
    public func grow() -> UIViewPropertyAnimator {
        let animator = UIViewPropertyAnimator(duration: 1, dampingRatio: 1) {
            self.view.transform = CGAffineTransform(scaleX: 2, y: 2)
        }
        animator.startAnimation()
        return animator
    }

    /// Builds a subview hierarchy and lays it out, from a nonisolated method.
    public func addDot() -> UIView {
        let dot = UIView(frame: CGRect(x: 0, y: 0, width: 4, height: 4))
        dot.layer.cornerRadius = 2
        view.addSubview(dot)
        view.layoutIfNeeded()
        return dot
    }
}
