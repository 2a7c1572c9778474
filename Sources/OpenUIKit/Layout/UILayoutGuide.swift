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
