import CCairo
import Foundation
import OpenQuartzCore

/// The part of a flattened path between two fractions of its length: what a shape layer
/// strokes between `strokeStart` and `strokeEnd`.
///
/// The length is the sum over all subpaths, the closing line of a closed subpath included,
/// as `CAShapeLayer.h` says: "values in between are interpreted linearly along the path
/// length". Moves add no length.
struct StrokeRange {
    /// One flattened subpath: the points its lines pass through.
    struct Polyline {
        var points: [CGPoint]
        var isClosed: Bool
    }

    /// A stretch of one subpath to stroke, with how far into its subpath it starts (where the
    /// dash pattern continues from).
    struct Piece {
        var points: [CGPoint]
        var isClosed: Bool
        var offset: Double
    }

    private struct Subpath {
        var vertices: [CGPoint]  // A closed subpath's first point repeated at the end.
        var isClosed: Bool
        var lengths: [Double]  // Of each line.
        var length: Double
    }

    private let subpaths: [Subpath]
    private let totalLength: Double

    init(flattening polylines: [Polyline]) {
        subpaths = polylines.map { polyline in
            var vertices = polyline.points
            if polyline.isClosed, let first = vertices.first { vertices.append(first) }
            let lengths = zip(vertices, vertices.dropFirst()).map { a, b in
                Double(hypot(b.x - a.x, b.y - a.y))
            }
            return Subpath(
                vertices: vertices, isClosed: polyline.isClosed, lengths: lengths, length: lengths.reduce(0, +))
        }
        totalLength = subpaths.reduce(0) { $0 + $1.length }
    }

    /// The pieces between `start` and `end`, fractions (0…1) of the whole length, in path order.
    func pieces(from start: Double, to end: Double) -> [Piece] {
        let from = start * totalLength
        let to = end * totalLength
        var pieces: [Piece] = []
        var subpathStart = 0.0
        for subpath in subpaths {
            defer { subpathStart += subpath.length }
            let localFrom = max(from - subpathStart, 0)
            let localTo = min(to - subpathStart, subpath.length)
            guard localTo > localFrom else { continue }
            if subpath.isClosed, localFrom == 0, localTo == subpath.length {
                // A closed subpath stroked whole keeps its join where it closes.
                pieces.append(Piece(points: Array(subpath.vertices.dropLast()), isClosed: true, offset: 0))
            } else {
                pieces.append(
                    Piece(points: cut(subpath, from: localFrom, to: localTo), isClosed: false, offset: localFrom))
            }
        }
        return pieces
    }

    /// The points of `subpath` between two distances along it, the ends interpolated.
    private func cut(_ subpath: Subpath, from: Double, to: Double) -> [CGPoint] {
        var points: [CGPoint] = []
        var travelled = 0.0
        for (index, length) in subpath.lengths.enumerated() {
            let lineStart = travelled
            travelled += length
            // Lines wholly before the range are skipped; one ending exactly where it starts too,
            // so that no zero-length line (which can bend a join) begins the piece.
            guard travelled > from else { continue }
            let a = subpath.vertices[index]
            let b = subpath.vertices[index + 1]
            func along(_ distance: Double) -> CGPoint {
                let fraction = length > 0 ? CGFloat((distance - lineStart) / length) : 0
                return CGPoint(x: a.x + (b.x - a.x) * fraction, y: a.y + (b.y - a.y) * fraction)
            }
            if points.isEmpty { points.append(along(from)) }
            if travelled >= to {
                points.append(along(to))
                break
            }
            points.append(b)
        }
        return points
    }
}
