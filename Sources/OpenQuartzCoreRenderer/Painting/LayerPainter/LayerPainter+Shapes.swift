import CCairo
import Foundation
import OpenQuartzCore

extension LayerPainter {
    /// Draws a shape layer's path as `CAShapeLayer.h` describes: filled with `fillColor` by
    /// `fillRule`, then stroked with `strokeColor` in the line style, between `strokeStart` and
    /// `strokeEnd` of its length. Paths are not clipped to the bounds (Apple: "it is not
    /// automatically clipped to the layer"); only `masksToBounds` clips them.
    func paintShape(_ shape: ShapeLayerStorage) {
        guard let path = shape.path, !path.isEmpty, path.hasOnlyFinitePoints else { return }
        cairo_save(context)
        defer { cairo_restore(context) }
        CairoDrawing.setPath(path, in: context)
        if let fill = shape.fill, fill.alpha > 0 {
            let rgba = fill.rgba
            let evenOdd = shape.fillRule == .evenOdd
            if !fillWithSpans(
                path, evenOdd: evenOdd,
                color: SpanColor(red: rgba.red, green: rgba.green, blue: rgba.blue, alpha: rgba.alpha))
            {
                cairo_set_fill_rule(context, evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
                setSourceColor(fill)
                cairo_fill_preserve(context)
            }
        }
        let width = shape.lineWidth
        if let stroke = shape.stroke, stroke.alpha > 0, width.isFinite, width > 0 {
            strokeShape(shape, color: stroke)
        }
        cairo_new_path(context)
    }

    /// Strokes the current path (the whole shape's) with the shape's line style, trimmed to
    /// `strokeStart … strokeEnd`, in `color`, or with the context's source when `color` is nil
    /// (a mask's content, ``paintThroughStroke(_:of:)``: the shape has no dashes).
    func strokeShape(_ shape: ShapeLayerStorage, color: RenderColor?) {
        cairo_set_line_width(context, Double(shape.lineWidth))
        cairo_set_line_cap(context, Self.cairoCap(shape.lineCap))
        cairo_set_line_join(context, Self.cairoJoin(shape.lineJoin))
        cairo_set_miter_limit(context, shape.miterLimit.isFinite ? Double(shape.miterLimit) : 10)
        let dashes = Self.dashLengths(shape.lineDashPattern)
        let phase = shape.lineDashPhase.isFinite ? Double(shape.lineDashPhase) : 0
        let start = Self.unitClamped(shape.strokeStart, otherwise: 0)
        let end = Self.unitClamped(shape.strokeEnd, otherwise: 1)

        if start <= 0, end >= 1 {
            // The whole path: stroked as it is, curves and closed corners included.
            setShapeDash(dashes, offset: phase)
            if let color { setSourceColor(color) }
            cairo_stroke(context)
            return
        }
        // An empty range strokes nothing, even with round caps; `strokeStart > strokeEnd` too.
        guard end > start else { return }
        let pieces = StrokeRange(flattening: flattenedCurrentPath()).pieces(from: start, to: end)
        cairo_new_path(context)
        guard let first = pieces.first else { return }

        // The dashes stay where they lie on the whole path while the ends move, so a piece that
        // starts part-way into its subpath starts that far into the pattern. Cairo dashes one
        // path from one offset, and only the first piece can start part-way, so when it does and
        // others follow, the two are stroked apart, into a group, so that where they overlap a
        // translucent colour is laid once.
        if dashes != nil, first.offset > 0, pieces.count > 1, let color {
            cairo_push_group(context)
            var opaque = color
            opaque.alpha = 1
            setSourceColor(opaque)
            addStrokePieces(pieces[0...0])
            setShapeDash(dashes, offset: phase + first.offset)
            cairo_stroke(context)
            addStrokePieces(pieces.dropFirst())
            setShapeDash(dashes, offset: phase)
            cairo_stroke(context)
            cairo_pop_group_to_source(context)
            cairo_paint_with_alpha(context, color.rgba.alpha)
        } else {
            addStrokePieces(pieces[...])
            setShapeDash(dashes, offset: phase + first.offset)
            if let color { setSourceColor(color) }
            cairo_stroke(context)
        }
    }

    private func addStrokePieces(_ pieces: ArraySlice<StrokeRange.Piece>) {
        for piece in pieces {
            guard let head = piece.points.first else { continue }
            cairo_move_to(context, Double(head.x), Double(head.y))
            for point in piece.points.dropFirst() {
                cairo_line_to(context, Double(point.x), Double(point.y))
            }
            if piece.isClosed { cairo_close_path(context) }
        }
    }

    private func setShapeDash(_ lengths: [Double]?, offset: Double) {
        guard let lengths else {
            cairo_set_dash(context, nil, 0, 0)
            return
        }
        cairo_set_dash(context, lengths, Int32(lengths.count), offset)
    }

    /// The current path with its curves flattened into lines, within Cairo's tolerance in
    /// device pixels (a tenth of a pixel), so that lengths along it are arc lengths.
    private func flattenedCurrentPath() -> [StrokeRange.Polyline] {
        guard let flat = cairo_copy_path_flat(context) else { return [] }
        defer { cairo_path_destroy(flat) }
        guard flat.pointee.status == CAIRO_STATUS_SUCCESS, let data = flat.pointee.data else { return [] }
        var polylines: [StrokeRange.Polyline] = []
        var current: StrokeRange.Polyline?
        var index = 0
        while index < Int(flat.pointee.num_data) {
            let header = data[index].header
            let point = { CGPoint(x: data[index + 1].point.x, y: data[index + 1].point.y) }
            switch header.type {
            case CAIRO_PATH_MOVE_TO:
                if let current { polylines.append(current) }
                current = StrokeRange.Polyline(points: [point()], isClosed: false)
            case CAIRO_PATH_LINE_TO:
                current?.points.append(point())
            case CAIRO_PATH_CLOSE_PATH:
                current?.isClosed = true
                if let current { polylines.append(current) }
                // Cairo follows a close with a move to the subpath's start.
                current = nil
            default:
                break  // A flattened path has no curves.
            }
            index += max(Int(header.length), 1)
        }
        if let current { polylines.append(current) }
        return polylines
    }

    private static func cairoCap(_ cap: CAShapeLayerLineCap) -> cairo_line_cap_t {
        switch cap {
        case .round: CAIRO_LINE_CAP_ROUND
        case .square: CAIRO_LINE_CAP_SQUARE
        default: CAIRO_LINE_CAP_BUTT
        }
    }

    private static func cairoJoin(_ join: CAShapeLayerLineJoin) -> cairo_line_join_t {
        switch join {
        case .round: CAIRO_LINE_JOIN_ROUND
        case .bevel: CAIRO_LINE_JOIN_BEVEL
        default: CAIRO_LINE_JOIN_MITER
        }
    }

    /// The dash lengths to draw, or nil for a solid line. Cairo refuses a pattern with a
    /// negative length or only zeros by putting the whole context in an error state, which
    /// would blank the rest of the frame, so such a pattern draws a solid line.
    static func dashLengths(_ pattern: [NSNumber]?) -> [Double]? {
        guard let lengths = pattern?.map(\.doubleValue), !lengths.isEmpty,
            lengths.allSatisfy({ $0.isFinite && $0 >= 0 }), lengths.contains(where: { $0 > 0 })
        else { return nil }
        return lengths
    }

    /// `value` within 0…1 (`CAShapeLayer.h`'s range for `strokeStart` and `strokeEnd`), or
    /// `fallback` when it is not a number.
    static func unitClamped(_ value: CGFloat, otherwise fallback: Double) -> Double {
        value.isNaN ? fallback : min(max(Double(value), 0), 1)
    }
}

extension CGPath {
    /// Whether every point is a finite number: Cairo turns infinities and NaNs into garbage
    /// coordinates that could stall the rasterizer. Asked of every shape on every frame, so it
    /// walks the elements without making arrays of their points.
    var hasOnlyFinitePoints: Bool {
        @inline(__always) func finite(_ point: CGPoint) -> Bool { point.x.isFinite && point.y.isFinite }
        for element in elements {
            switch element {
            case .move(let to), .line(let to):
                guard finite(to) else { return false }
            case .quadCurve(let to, let control):
                guard finite(to), finite(control) else { return false }
            case .curve(let to, let control1, let control2):
                guard finite(to), finite(control1), finite(control2) else { return false }
            case .closeSubpath:
                break
            }
        }
        return true
    }
}
