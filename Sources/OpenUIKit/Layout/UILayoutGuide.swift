import Foundation

/// A rectangle that takes part in Auto Layout without being a view: Apple's `UILayoutGuide`.
/// Its frame is in its owning view's coordinates. A view's ``UIView/layoutMarginsGuide`` and
/// ``UIView/safeAreaLayoutGuide`` are guides the view keeps at its margins and safe area.
@preconcurrency @MainActor
open class UILayoutGuide: NSObject {
    /// The view the guide belongs to (``UIView/addLayoutGuide(_:)``).
    open internal(set) weak var owningView: UIView?
    /// A name for the layout's messages.
    open var identifier = ""

    /// What a view's own guides follow: nil for a guide of the user's.
    enum Kind {
        case margins, safeArea
    }

    var kind: Kind?

    public override init() {
        super.init()
    }

    init(kind: Kind, identifier: String) {
        self.kind = kind
        self.identifier = identifier
        super.init()
    }

    /// The guide's rectangle in its owning view's coordinates, as the last layout solved it.
    open var layoutFrame: CGRect {
        guard let owningView else { return .zero }
        return LayoutEngine.frame(of: self, in: owningView) ?? .zero
    }

    open var leadingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .leading) }
    open var trailingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .trailing) }
    open var leftAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .left) }
    open var rightAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .right) }
    open var topAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .top) }
    open var bottomAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .bottom) }
    open var widthAnchor: NSLayoutDimension { NSLayoutDimension(item: self, attribute: .width) }
    open var heightAnchor: NSLayoutDimension { NSLayoutDimension(item: self, attribute: .height) }
    open var centerXAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .centerX) }
    open var centerYAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .centerY) }
}

/// What a view controller's ``UIViewController/topLayoutGuide`` and
/// ``UIViewController/bottomLayoutGuide`` are (iOS 7, deprecated in iOS 11 for the safe area):
/// UIKit's `UILayoutSupport`, a length and three anchors.
@preconcurrency @MainActor
public protocol UILayoutSupport: AnyObject {
    /// How far the guide reaches into the view: the safe area's inset at its edge.
    var length: CGFloat { get }
    var topAnchor: NSLayoutYAxisAnchor { get }
    var bottomAnchor: NSLayoutYAxisAnchor { get }
    var heightAnchor: NSLayoutDimension { get }
}

/// A controller's top or bottom layout guide: a guide of its view between the view's edge and
/// the safe area's, as wide as the view, held there by constraints made with it.
final class ViewControllerLayoutSupport: UILayoutGuide, UILayoutSupport {
    enum Edge {
        case top, bottom
    }

    let edge: Edge

    init(edge: Edge, in view: UIView) {
        self.edge = edge
        super.init()
        identifier = edge == .top ? "UIViewControllerTopLayoutGuide" : "UIViewControllerBottomLayoutGuide"
        view.addLayoutGuide(self)
        let safeArea = view.safeAreaLayoutGuide
        let (top, bottom) =
            edge == .top
            ? (view.topAnchor, safeArea.topAnchor) : (safeArea.bottomAnchor, view.bottomAnchor)
        NSLayoutConstraint.activate([
            leadingAnchor.constraint(equalTo: view.leadingAnchor),
            trailingAnchor.constraint(equalTo: view.trailingAnchor),
            topAnchor.constraint(equalTo: top),
            bottomAnchor.constraint(equalTo: bottom),
        ])
    }

    /// The owning view's safe area inset at the guide's edge (0 once the view is gone).
    var length: CGFloat {
        guard let owningView else { return 0 }
        return edge == .top ? owningView.safeAreaInsets.top : owningView.safeAreaInsets.bottom
    }
}
