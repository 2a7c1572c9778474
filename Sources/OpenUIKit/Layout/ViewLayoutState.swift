import Foundation

/// What Auto Layout keeps for one view, made the first time the view takes part.
@MainActor
final class ViewLayoutState {
    /// Whether the view's frame, as code sets it, becomes required constraints.
    var translatesAutoresizingMaskIntoConstraints = true
    /// The active constraints installed on the view (those whose closest common ancestor it is),
    /// in the order they were activated.
    var constraints: [NSLayoutConstraint] = []
    /// The engine of the hierarchy this view is the root of.
    var engine: LayoutEngine?
    /// Whether the hierarchy this view is the root of has had constraints: its engine is
    /// built when next needed.
    var mayNeedEngine = false
    /// The layout guides the view owns, its own margins and safe area guides among them.
    var guides: [UILayoutGuide] = []
    var marginsGuide: UILayoutGuide?
    var safeAreaGuide: UILayoutGuide?
    var layoutMargins = UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8)
    /// The safe area's insets: those given (by the window or a container), plus the
    /// `additionalSafeAreaInsets` of the controller whose view it is.
    var safeAreaInsets = UIEdgeInsets.zero
    /// The insets the window or a container gave the view (``UIView/safeAreaInsets``'s setter).
    var givenSafeAreaInsets = UIEdgeInsets.zero
    var needsUpdateConstraints = false
    /// Content hugging and compression resistance, horizontal then vertical.
    var hugging: (UILayoutPriority, UILayoutPriority) = (.defaultLow, .defaultLow)
    var compressionResistance: (UILayoutPriority, UILayoutPriority) = (.defaultHigh, .defaultHigh)
    /// An arranged view of a stack view hidden inside an animation block: `isHidden` reads
    /// true while its layer shows until the block's animations end.
    var hiddenUntilAnimationEnds = false
    /// Counts the hidden changes of an arranged view, so that a hiding overtaken by a showing
    /// does not hide the layer when its block ends.
    var hidingGeneration = 0
}

/// Edge distances: Apple's `UIEdgeInsets`.
public struct UIEdgeInsets: Hashable, Sendable {
    public var top: CGFloat
    public var left: CGFloat
    public var bottom: CGFloat
    public var right: CGFloat

    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    public static let zero = UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
}

extension CGRect {
    /// The rectangle with its edges moved in by `insets`: Apple's `inset(by:)`.
    public func inset(by insets: UIEdgeInsets) -> CGRect {
        CGRect(
            x: minX + insets.left, y: minY + insets.top, width: width - insets.left - insets.right,
            height: height - insets.top - insets.bottom)
    }
}

// UIKit's C spellings, which Swift on Apple's platforms marks unavailable but iOS files
// written against older SDKs still use: here they are plain, so such files compile.

/// No insets: `UIEdgeInsets.zero`.
public let UIEdgeInsetsZero = UIEdgeInsets.zero

/// `UIEdgeInsets(top:left:bottom:right:)`.
public func UIEdgeInsetsMake(_ top: CGFloat, _ left: CGFloat, _ bottom: CGFloat, _ right: CGFloat) -> UIEdgeInsets {
    UIEdgeInsets(top: top, left: left, bottom: bottom, right: right)
}

/// `rect.inset(by: insets)`.
public func UIEdgeInsetsInsetRect(_ rect: CGRect, _ insets: UIEdgeInsets) -> CGRect {
    rect.inset(by: insets)
}

/// `insets1 == insets2`.
public func UIEdgeInsetsEqualToEdgeInsets(_ insets1: UIEdgeInsets, _ insets2: UIEdgeInsets) -> Bool {
    insets1 == insets2
}
