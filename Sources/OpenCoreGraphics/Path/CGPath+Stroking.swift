import Foundation

extension CGPath {
    /// Returns a path that, filled with the non-zero winding rule, covers exactly the area a
    /// stroke of the path with these settings would paint.
    ///
    /// Apple returns one outline made of lines and curves. This one is a union of pieces —
    /// a strip along each stretch of every segment, a wedge at each join, a shape at each
    /// cap — each a counter-clockwise polygon whose curved edges are flattened to within
    /// 0.01 units of the true outline (measured after `transform`). Filling it with
    /// `.winding` or asking ``contains(_:using:transform:)`` with `.winding` gives the same
    /// answer as Apple's; the even-odd rule does not, since the pieces overlap.
    ///
    /// As Core Graphics strokes: a closed subpath gets a join where it meets its start and no
    /// caps; a miter whose length over the line width exceeds `miterLimit` becomes a bevel;
    /// zero-length segments are skipped; a subpath of zero length (a point closed on itself or
    /// a line to itself) becomes a circle for round caps or an axis-aligned square for square
    /// caps, and nothing for butt caps; a lone move adds nothing. A width that is zero,
    /// negative or not finite gives an empty path. `transform` maps the result.
    ///
    ///     let outline = path.copy(strokingWithWidth: 4, lineCap: .round, lineJoin: .miter, miterLimit: 10)
    ///     let hit = outline.contains(touchPoint)
    public func copy(
        strokingWithWidth lineWidth: CGFloat, lineCap: CGLineCap, lineJoin: CGLineJoin, miterLimit: CGFloat,
        transform: CGAffineTransform = .identity
    ) -> CGPath {
        guard lineWidth > 0, lineWidth.isFinite else { return CGPath(storage: PathStorage()) }
        var outline = StrokeOutline(
            halfWidth: lineWidth / 2, lineCap: lineCap, lineJoin: lineJoin, miterLimit: miterLimit,
            tolerance: Self.strokeTolerance / Self.largestStretch(of: transform))
        for subpath in segmentedSubpaths {
            outline.addSubpath(subpath)
        }
        var storage = PathStorage()
        for polygon in outline.polygons {
            storage.append(.move(to: polygon[0]), transform: transform)
            for point in polygon.dropFirst() {
                storage.append(.line(to: point), transform: transform)
            }
            storage.append(.closeSubpath)
        }
        return CGPath(storage: storage)
    }

    /// How far a flattened edge of a stroke outline may stray from the true outline, in the
    /// result's units: the flattening tolerance ``contains(_:using:transform:)`` itself uses.
    private static let strokeTolerance: CGFloat = 0.01

    /// The most `t` lengthens any vector (the largest singular value of its linear part), so
    /// a tolerance divided by it still holds after the transform; 1 for a transform that
    /// collapses everything, where any tolerance holds.
    private static func largestStretch(of t: CGAffineTransform) -> CGFloat {
        let sumOfSquares = t.a * t.a + t.b * t.b + t.c * t.c + t.d * t.d
        let determinant = t.a * t.d - t.b * t.c
        let spread = max(sumOfSquares * sumOfSquares - 4 * determinant * determinant, 0).squareRoot()
        let stretch = ((sumOfSquares + spread) / 2).squareRoot()
        return stretch > 0 && stretch.isFinite ? stretch : 1
    }
}
