import Foundation

/// A space points and rectangles can be converted between: Apple's `UICoordinateSpace`. Views
/// and screens conform; a screen's space is the one its windows' frames are in (here there is
/// no rotation, so ``UIScreen/coordinateSpace`` and ``UIScreen/fixedCoordinateSpace`` are the
/// screen itself).
@preconcurrency @MainActor
public protocol UICoordinateSpace: AnyObject {
    func convert(_ point: CGPoint, to coordinateSpace: any UICoordinateSpace) -> CGPoint
    func convert(_ point: CGPoint, from coordinateSpace: any UICoordinateSpace) -> CGPoint
    func convert(_ rect: CGRect, to coordinateSpace: any UICoordinateSpace) -> CGRect
    func convert(_ rect: CGRect, from coordinateSpace: any UICoordinateSpace) -> CGRect
    var bounds: CGRect { get }
}

// A view passed as itself picks these over the `UIView?` forms, so they hand views on as
// `UIView?`: the forms that convert through the layer tree.
extension UIView: UICoordinateSpace {
    public func convert(_ point: CGPoint, to coordinateSpace: any UICoordinateSpace) -> CGPoint {
        if let view = coordinateSpace as? UIView { return convert(point, to: view as UIView?) }
        let onScreen = pointOnScreen(point)
        return coordinateSpace is UIScreen ? onScreen : coordinateSpace.convert(onScreen, from: UIScreen.main)
    }

    public func convert(_ point: CGPoint, from coordinateSpace: any UICoordinateSpace) -> CGPoint {
        if let view = coordinateSpace as? UIView { return convert(point, from: view as UIView?) }
        let onScreen = coordinateSpace is UIScreen ? point : coordinateSpace.convert(point, to: UIScreen.main)
        return pointFromScreen(onScreen)
    }

    public func convert(_ rect: CGRect, to coordinateSpace: any UICoordinateSpace) -> CGRect {
        if let view = coordinateSpace as? UIView { return convert(rect, to: view as UIView?) }
        return boundingBox(of: rect) { convert($0, to: coordinateSpace) }
    }

    public func convert(_ rect: CGRect, from coordinateSpace: any UICoordinateSpace) -> CGRect {
        if let view = coordinateSpace as? UIView { return convert(rect, from: view as UIView?) }
        return boundingBox(of: rect) { convert($0, from: coordinateSpace) }
    }

    /// `point` in the screen's space: in the window's, then offset by the window's frame.
    private func pointOnScreen(_ point: CGPoint) -> CGPoint {
        let inWindow = convert(point, to: nil as UIView?)
        let origin = window?.frame.origin ?? .zero
        return CGPoint(x: inWindow.x + origin.x, y: inWindow.y + origin.y)
    }

    private func pointFromScreen(_ point: CGPoint) -> CGPoint {
        let origin = window?.frame.origin ?? .zero
        return convert(CGPoint(x: point.x - origin.x, y: point.y - origin.y), from: nil as UIView?)
    }
}

extension UIScreen: UICoordinateSpace {
    /// The screen's space, which moves with the interface's orientation on a device; here the
    /// screen itself.
    public var coordinateSpace: any UICoordinateSpace { self }
    /// The screen's space in portrait; here the screen itself.
    public var fixedCoordinateSpace: any UICoordinateSpace { self }

    public func convert(_ point: CGPoint, to coordinateSpace: any UICoordinateSpace) -> CGPoint {
        coordinateSpace === self ? point : coordinateSpace.convert(point, from: self)
    }

    public func convert(_ point: CGPoint, from coordinateSpace: any UICoordinateSpace) -> CGPoint {
        coordinateSpace === self ? point : coordinateSpace.convert(point, to: self)
    }

    public func convert(_ rect: CGRect, to coordinateSpace: any UICoordinateSpace) -> CGRect {
        coordinateSpace === self ? rect : coordinateSpace.convert(rect, from: self)
    }

    public func convert(_ rect: CGRect, from coordinateSpace: any UICoordinateSpace) -> CGRect {
        coordinateSpace === self ? rect : coordinateSpace.convert(rect, to: self)
    }
}

/// The smallest rectangle holding `rect`'s corners once each is converted.
private func boundingBox(of rect: CGRect, _ convert: (CGPoint) -> CGPoint) -> CGRect {
    let corners = [
        CGPoint(x: rect.minX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.minY),
        CGPoint(x: rect.minX, y: rect.maxY), CGPoint(x: rect.maxX, y: rect.maxY),
    ].map(convert)
    let xs = corners.map(\.x)
    let ys = corners.map(\.y)
    return CGRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
}

/// A distance to move by: UIKit's `UIOffset` (a bar item's title position, a shadow's offset).
public struct UIOffset: Hashable, Sendable {
    public var horizontal: CGFloat
    public var vertical: CGFloat

    public init() {
        self.init(horizontal: 0, vertical: 0)
    }

    public init(horizontal: CGFloat, vertical: CGFloat) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    public static let zero = UIOffset()
}

public func UIOffsetMake(_ horizontal: CGFloat, _ vertical: CGFloat) -> UIOffset {
    UIOffset(horizontal: horizontal, vertical: vertical)
}
