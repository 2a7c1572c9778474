import UIKit

extension Notification.Name {
    public static let toastShouldShow = Notification.Name("ToastShouldShow")
}

/// Listens for a notification with a selector, as views did before block observers, and stops
/// listening with `removeObserver(self)`.
public final class ToastHostView: UIView {
    public private(set) var shown: [String] = []

    public func startListening() {
        NotificationCenter.default.addObserver(
            self,
            selector: #selector(showToast(_:)),
            name: .toastShouldShow,
            object: nil
        )
    }

    public func stopListening() {
        NotificationCenter.default.removeObserver(self)
    }

    @objc private func showToast(_ notification: Notification) {
        shown.append(notification.userInfo?["text"] as? String ?? "")
    }
}
