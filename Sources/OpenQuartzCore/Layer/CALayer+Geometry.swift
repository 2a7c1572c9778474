import Foundation
import OpenCoreGraphics

extension CALayer {
    /// The layer's rectangle in its superlayer's coordinates, derived from `bounds`,
    /// `position`, `anchorPoint` and `transform`. Not animatable: setting it sets `position`
    /// and the size of `bounds` (each of which animates as usual).
    public var frame: CGRect {
        get {
            let size = storage.bounds.size
            let anchor = storage.anchorPoint
            let local = CGRect(
                x: -anchor.x * size.width, y: -anchor.y * size.height, width: size.width, height: size.height)
            let transformed = local.applying(CATransform3DGetAffineTransform(storage.transform))
            return transformed.offsetBy(dx: storage.position.x, dy: storage.position.y)
        }
        set {
            Self.requireValidGeometry(newValue, property: "frame")
            let rect = newValue.standardized
            let anchor = storage.anchorPoint
            position = CGPoint(
                x: rect.origin.x + anchor.x * rect.size.width, y: rect.origin.y + anchor.y * rect.size.height)
            bounds = CGRect(origin: storage.bounds.origin, size: rect.size)
        }
    }

    /// Converts a point from the coordinates of `layer` (or the root of this tree, when nil)
    /// to this layer's.
    public func convert(_ point: CGPoint, from layer: CALayer?) -> CGPoint {
        point.applying(transformToRoot(from: layer)).applying(transformToRoot().inverted())
    }

    /// Converts a point from this layer's coordinates to those of `layer`.
    public func convert(_ point: CGPoint, to layer: CALayer?) -> CGPoint {
        point.applying(transformToRoot()).applying(transformToRoot(from: layer).inverted())
    }

    /// Converts a rectangle from the coordinates of `layer`; the result bounds the
    /// transformed rectangle.
    public func convert(_ rect: CGRect, from layer: CALayer?) -> CGRect {
        rect.applying(transformToRoot(from: layer)).applying(transformToRoot().inverted())
    }

    /// Converts a rectangle to the coordinates of `layer`.
    public func convert(_ rect: CGRect, to layer: CALayer?) -> CGRect {
        rect.applying(transformToRoot()).applying(transformToRoot(from: layer).inverted())
    }

    /// The affine map from this layer's coordinates to its superlayer's.
    package var transformToSuperlayer: CGAffineTransform {
        let bounds = storage.bounds
        let anchor = storage.anchorPoint
        let anchorInBounds = CGPoint(
            x: bounds.origin.x + anchor.x * bounds.size.width, y: bounds.origin.y + anchor.y * bounds.size.height)
        return CGAffineTransform(translationX: -anchorInBounds.x, y: -anchorInBounds.y)
            .concatenating(CATransform3DGetAffineTransform(storage.transform))
            .concatenating(CGAffineTransform(translationX: storage.position.x, y: storage.position.y))
    }

    /// The affine map from `layer`'s coordinates to the root of its tree (identity for nil:
    /// the root's own coordinates).
    private func transformToRoot(from layer: CALayer?) -> CGAffineTransform {
        guard let layer else { return .identity }
        return layer.transformToRoot()
    }

    private func transformToRoot() -> CGAffineTransform {
        var transform = CGAffineTransform.identity
        var current: CALayer = self
        while let parent = current.parent {
            transform = transform.concatenating(current.transformToSuperlayer)
            current = parent
        }
        return transform
    }
}
