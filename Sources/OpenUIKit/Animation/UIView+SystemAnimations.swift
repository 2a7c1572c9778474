import Foundation

extension UIView {
    /// The animations UIKit provides for ``perform(_:on:options:animations:completion:)``.
    public enum SystemAnimation: UInt, Sendable {
        /// Removes the views from the view hierarchy when the animation is complete.
        case delete
    }

    /// How long a system animation runs: UIKit does not document it; 0.3 s, its usual length.
    static let systemAnimationDuration: TimeInterval = 0.3

}
