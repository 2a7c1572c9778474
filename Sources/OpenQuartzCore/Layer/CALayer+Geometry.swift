import Foundation
import OpenCoreGraphics

extension CALayer {
    /// The layer's rectangle in its superlayer's coordinates, derived from `bounds`,
    /// `position`, `anchorPoint` and `transform`. Not animatable: setting it sets `position`
    /// and the size of `bounds` (each of which animates as usual).
    public var frame: CGRect {
        get {
            let size = storage.drawn.bounds.size
            let anchor = storage.drawn.anchorPoint
            let local = CGRect(
                x: -anchor.x * size.width, y: -anchor.y * size.height, width: size.width, height: size.height)
            let transformed = local.applying(CATransform3DGetAffineTransform(storage.drawn.transform))
            return transformed.offsetBy(dx: storage.drawn.position.x, dy: storage.drawn.position.y)
        }
        set {
            Self.requireValidGeometry(newValue, property: "frame")
            let rect = newValue.standardized
            let anchor = storage.drawn.anchorPoint
            position = CGPoint(
                x: rect.origin.x + anchor.x * rect.size.width, y: rect.origin.y + anchor.y * rect.size.height)
            bounds = CGRect(origin: storage.drawn.bounds.origin, size: rect.size)
        }
    }

    // MARK: Converting between layers

    /// Converts a point from the coordinates of `layer` to this layer's.
    ///
    /// The two layers may be in the same tree or in different ones: each tree's root is taken
    /// to stand in one shared space (where a root's `position` places it), as windows stand on
    /// one screen. A nil `layer` is that shared space: for a root layer with no transform,
    /// `convert(p, from: nil)` is `p` less the origin of its `frame`, as Apple documents. Each
    /// step goes through a layer's `position`, `anchorPoint`, `bounds` origin and `transform`,
    /// and through its superlayer's `sublayerTransform` (about the superlayer's anchor point)
    /// and `isGeometryFlipped`; a projective transform (`m34`) divides through, as drawn.
    public func convert(_ point: CGPoint, from layer: CALayer?) -> CGPoint {
        Self.map(from: layer, to: self).apply(point)
    }

    /// Converts a point from this layer's coordinates to those of `layer` (nil: the space the
    /// roots stand in; see ``convert(_:from:)-(CGPoint,_)``).
    public func convert(_ point: CGPoint, to layer: CALayer?) -> CGPoint {
        Self.map(from: self, to: layer).apply(point)
    }

    /// Converts a rectangle from the coordinates of `layer` to this layer's: the smallest
    /// rectangle holding the images of its four corners.
    public func convert(_ rect: CGRect, from layer: CALayer?) -> CGRect {
        Self.map(from: layer, to: self).boundingBox(of: rect)
    }

    /// Converts a rectangle from this layer's coordinates to those of `layer`: the smallest
    /// rectangle holding the images of its four corners.
    public func convert(_ rect: CGRect, to layer: CALayer?) -> CGRect {
        Self.map(from: self, to: layer).boundingBox(of: rect)
    }

    /// The map from `source`'s coordinates to `target`'s (nil: the space the roots stand in),
    /// through the nearest layer both trees share. Where the target's map cannot be inverted
    /// (a layer seen edge-on, a zero scale) points map to infinity, as nothing there shows.
    package static func map(from source: CALayer?, to target: CALayer?) -> LayerPlaneMap {
        let shared = nearestSharedLayer(source, target)
        let up = source?.mapToAncestor(shared) ?? .identity
        guard let target else { return up }
        let down = target.mapToAncestor(shared).inverted ?? Self.mapToInfinity
        return up.concatenating(down)
    }

    /// A map sending every point to infinity (w = 0).
    private static let mapToInfinity = LayerPlaneMap(
        m11: 1, m12: 0, m13: 0, m21: 0, m22: 1, m23: 0, m31: 0, m32: 0, m33: 0)

    /// The nearest layer that is `a` or above it and `b` or above it; nil when they are in
    /// different trees (or either is nil).
    private static func nearestSharedLayer(_ a: CALayer?, _ b: CALayer?) -> CALayer? {
        guard let a, let b else { return nil }
        var ancestors: Set<ObjectIdentifier> = []
        var current: CALayer? = a
        while let layer = current {
            ancestors.insert(ObjectIdentifier(layer))
            current = layer.parent
        }
        current = b
        while let layer = current {
            if ancestors.contains(ObjectIdentifier(layer)) { return layer }
            current = layer.parent
        }
        return nil
    }

    /// The map from this layer's coordinates to `ancestor`'s (nil: through the root to the
    /// space the root stands in).
    private func mapToAncestor(_ ancestor: CALayer?) -> LayerPlaneMap {
        var map = LayerPlaneMap.identity
        var current: CALayer = self
        while current !== ancestor {
            map = map.concatenating(current.mapToSuperlayer)
            guard let parent = current.parent else { break }
            current = parent
        }
        return map
    }

    /// The map from this layer's coordinates to its superlayer's (or, for a root, to the space
    /// it stands in): about the anchor point, through `transform`, to `position` and
    /// `zPosition`, then the superlayer's flip and `sublayerTransform` about its anchor point,
    /// flattened into the superlayer's plane.
    package var mapToSuperlayer: LayerPlaneMap {
        LayerPlaneMap(flattening: transformToSuperlayer3D)
    }

    /// `mapToSuperlayer` before flattening: the 4 × 4 transform the renderer draws the layer
    /// through.
    private var transformToSuperlayer3D: CATransform3D {
        var transform = Self.transformToSuperlayer(
            bounds: storage.drawn.bounds, anchorPoint: storage.drawn.anchorPoint,
            anchorPointZ: storage.drawn.anchorPointZ,
            transform: storage.drawn.transform, position: storage.drawn.position, zPosition: storage.drawn.zPosition)
        if let parent, let inner = parent.sublayerSpaceTransform {
            transform = CATransform3DConcat(transform, inner)
        }
        return transform
    }

    /// The map from the sublayers' space into this layer's bounds coordinates
    /// (``sublayerSpaceTransform(bounds:anchorPoint:isGeometryFlipped:sublayerTransform:)``).
    private var sublayerSpaceTransform: CATransform3D? {
        Self.sublayerSpaceTransform(
            bounds: storage.drawn.bounds, anchorPoint: storage.drawn.anchorPoint,
            isGeometryFlipped: storage.drawn.isGeometryFlipped,
            sublayerTransform: storage.drawn.sublayerTransform)
    }

    /// The 4 × 4 map from a layer's bounds coordinates to its superlayer's, before the
    /// superlayer's own sublayer map: about the anchor point, through `transform`, to
    /// `position` and `zPosition`. Layer geometry and the renderer both go through this rule.
    @inlinable
    package static func transformToSuperlayer(
        bounds: CGRect, anchorPoint: CGPoint, anchorPointZ: CGFloat, transform: CATransform3D, position: CGPoint,
        zPosition: CGFloat
    ) -> CATransform3D {
        let anchor = CGPoint(
            x: bounds.minX + anchorPoint.x * bounds.width, y: bounds.minY + anchorPoint.y * bounds.height)
        let toAnchor = CATransform3DMakeTranslation(-anchor.x, -anchor.y, -anchorPointZ)
        let toPosition = CATransform3DMakeTranslation(position.x, position.y, zPosition)
        return CATransform3DConcat(CATransform3DConcat(toAnchor, transform), toPosition)
    }

    /// The map from a layer's sublayers' space into its bounds coordinates: the flip of
    /// `isGeometryFlipped` (y mirrored about the bounds' middle, so the sublayers' y goes up),
    /// then `sublayerTransform` about the anchor point; nil when both are the identity. Layer
    /// geometry (conversions, hit testing) and the renderer both go through this one rule.
    @inlinable
    package static func sublayerSpaceTransform(
        bounds: CGRect, anchorPoint: CGPoint, isGeometryFlipped: Bool, sublayerTransform: CATransform3D
    ) -> CATransform3D? {
        // y ↦ minY + maxY − y: the sublayers' origin moves to the bottom of the bounds.
        let flip =
            isGeometryFlipped
            ? CATransform3DConcat(
                CATransform3DMakeScale(1, -1, 1), CATransform3DMakeTranslation(0, bounds.minY + bounds.maxY, 0))
            : nil
        guard !CATransform3DIsIdentity(sublayerTransform) else { return flip }
        let anchor = CGPoint(
            x: bounds.minX + anchorPoint.x * bounds.width, y: bounds.minY + anchorPoint.y * bounds.height)
        let aboutAnchor = CATransform3DConcat(
            CATransform3DConcat(CATransform3DMakeTranslation(-anchor.x, -anchor.y, 0), sublayerTransform),
            CATransform3DMakeTranslation(anchor.x, anchor.y, 0))
        return flip.map { CATransform3DConcat($0, aboutAnchor) } ?? aboutAnchor
    }
}
