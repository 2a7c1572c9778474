import Foundation

extension UIView {
    /// Which of a view's margins and sides follow its superview's size: UIKit's
    /// `UIView.AutoresizingMask`, with its bits.
    public struct AutoresizingMask: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// The distance to the superview's left edge grows and shrinks.
        public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
        /// The width grows and shrinks.
        public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
        /// The distance to the superview's right edge grows and shrinks.
        public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
        /// The distance to the superview's top edge grows and shrinks.
        public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
        /// The height grows and shrinks.
        public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
        /// The distance to the superview's bottom edge grows and shrinks.
        public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)
    }

    /// Resizes the subviews that have an autoresizing mask after the bounds went from
    /// `oldSize` to their size now. Subviews that Auto Layout places
    /// (`translatesAutoresizingMaskIntoConstraints` off) keep their frames for the engine.
    /// Inside an animation block the new frames animate, as every frame change there does.
    func resizeSubviews(fromOldSize oldSize: CGSize) {
        let newSize = bounds.size
        for subview in subviews where !subview.autoresizingMask.isEmpty {
            if let state = subview.existingLayoutState, !state.translatesAutoresizingMaskIntoConstraints { continue }
            subview.frame = subview.autoresizedFrame(oldSuperviewSize: oldSize, newSuperviewSize: newSize)
        }
    }

    /// The frame this view takes when its superview goes from `oldSize` to `newSize`: along
    /// each axis, the change is shared among the flexible parts (margin before, length, margin
    /// after) in proportion to their lengths, as Apple's documentation says; equally when those
    /// lengths are all zero. With no flexible part the view keeps its distance to the leading
    /// edge.
    func autoresizedFrame(oldSuperviewSize oldSize: CGSize, newSuperviewSize newSize: CGSize) -> CGRect {
        let frame = self.frame
        let mask = autoresizingMask
        let (x, width) = Self.autoresized(
            start: frame.minX, length: frame.width, end: oldSize.width - frame.maxX,
            change: newSize.width - oldSize.width,
            flexible: (mask.contains(.flexibleLeftMargin), mask.contains(.flexibleWidth), mask.contains(.flexibleRightMargin)))
        let (y, height) = Self.autoresized(
            start: frame.minY, length: frame.height, end: oldSize.height - frame.maxY,
            change: newSize.height - oldSize.height,
            flexible: (mask.contains(.flexibleTopMargin), mask.contains(.flexibleHeight), mask.contains(.flexibleBottomMargin)))
        return CGRect(x: x, y: y, width: width, height: height)
    }

    /// One axis of ``autoresizedFrame(oldSuperviewSize:newSuperviewSize:)``: the new start
    /// and length.
    private static func autoresized(
        start: CGFloat, length: CGFloat, end: CGFloat, change: CGFloat,
        flexible: (start: Bool, length: Bool, end: Bool)
    ) -> (CGFloat, CGFloat) {
        let parts = [(flexible.start, start), (flexible.length, length), (flexible.end, end)]
        let flexibleParts = parts.filter(\.0)
        guard !flexibleParts.isEmpty, change != 0 else { return (start, length) }
        let total = flexibleParts.reduce(0) { $0 + max($1.1, 0) }
        func share(of part: (Bool, CGFloat)) -> CGFloat {
            guard part.0 else { return 0 }
            return total > 0 ? change * max(part.1, 0) / total : change / CGFloat(flexibleParts.count)
        }
        return (start + share(of: parts[0]), max(0, length + share(of: parts[1])))
    }
}
