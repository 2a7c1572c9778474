import CCairo
import Foundation
import OpenQuartzCore

/// Replays what a ``CGContext`` recorded — the drawing of a layer's `draw(in:)` — onto a Cairo
/// context whose user space is the coordinate space the recording was made in.
///
/// Paths arrive in that space already (the recording applied the transform that was current
/// when each was built); what is drawn in a user space of its own — a line's pen and dashes,
/// an image, a gradient — comes with that space's transform, applied here around it. The
/// coordinates are "the layer's coordinates", as `CGContext` documents, y growing downwards as
/// on iOS; images are drawn with their first row at the top of their rectangle in their user
/// space.
///
/// A recording that blends with anything but the normal mode, or clears, is drawn into a group
/// of its own first — the layer's backing store — so that it blends with what it drew itself
/// and clears to transparency, not into the layers beneath, as on Apple's platforms.
struct ContextPlayback {
    let context: OpaquePointer
    let resources: RenderResources

    /// How many layer trees recorded by `render(in:)` are being drawn inside one another on
    /// this thread: a layer that renders an ancestor in its own drawing would never end.
    @TaskLocal private static var embeddedTrees = 0
    private static let embeddedTreeLimit = 4

    /// What the graphics state holds that Cairo's does not: the alpha, the shadow, and the
    /// masks clipped to at this level of saves, each a group the drawing goes into until the
    /// level is restored.
    private struct Extra {
        var alpha = 1.0
        var shadow: Shadow?
        var masks: [PendingMask] = []
    }

    /// A mask clipped to: what is drawn after it goes into a group that is painted through
    /// the mask when the graphics state it was set in is restored.
    private struct PendingMask {
        let image: CGImage
        let rect: CGRect
        let transform: CGAffineTransform
    }

    /// Draws `operations` in order, leaving the Cairo state as it found it however the
    /// recording's saves and restores pair up. Those before `start` only set the state they
    /// set (a bitmap context draws what it recorded since it last drew). With `isolating`, a
    /// recording that blends or clears is drawn into a group of its own first (a layer's
    /// backing store); without, onto the target itself (a bitmap context's own pixels).
    func play(_ operations: [CGContext.Operation], from start: Int = 0, isolating: Bool = true) {
        cairo_save(context)
        defer { cairo_restore(context) }
        // Core Graphics' defaults, whatever the caller's state.
        cairo_set_operator(context, CAIRO_OPERATOR_OVER)
        cairo_set_antialias(context, CAIRO_ANTIALIAS_DEFAULT)
        cairo_set_fill_rule(context, CAIRO_FILL_RULE_WINDING)
        let isolated =
            isolating
            && operations.contains { operation in
                switch operation {
                case .setBlendMode(let mode): mode != .normal
                case .clear: true
                default: false
                }
            }
        if isolated { cairo_push_group(context) }
        var extra = Extra()
        var saved: [Extra] = []
        for (index, operation) in operations.enumerated() {
            switch operation {
            case .saveState:
                cairo_save(context)
                saved.append(Extra(alpha: extra.alpha, shadow: extra.shadow))
            case .restoreState:
                // `CGContext` ignores unmatched restores and never records them; guard anyway,
                // since restoring past the playback's own save would undo the caller's clip.
                guard let last = saved.popLast() else { continue }
                paintMasks(of: extra)
                cairo_restore(context)
                extra = last
            case .setAlpha(let alpha):
                extra.alpha = Double(min(max(alpha, 0), 1))
            case .setBlendMode(let mode):
                cairo_set_operator(context, Self.cairoOperator(mode))
            case .setShouldAntialias(let antialias):
                cairo_set_antialias(context, antialias ? CAIRO_ANTIALIAS_DEFAULT : CAIRO_ANTIALIAS_NONE)
            case .setShadow(let offset, let blur, let color):
                extra.shadow = color.map { Shadow(color: RenderColor($0), offset: offset, sigma: blur / 2) }
            case .clip(let path, let rule):
                CairoDrawing.setPath(path, in: context)
                cairo_set_fill_rule(context, Self.cairoRule(rule))
                cairo_clip(context)
            case .clipToMask(let image, let rect, let transform):
                cairo_push_group(context)
                extra.masks.append(PendingMask(image: image, rect: rect, transform: transform))
            case .fill, .stroke, .drawImage, .drawGradient, .clear, .drawEmbedded:
                guard index >= start else { continue }
                casting(extra.shadow) { paint(operation, alpha: extra.alpha) }
            }
        }
        paintMasks(of: extra)
        while let last = saved.popLast() {
            cairo_restore(context)
            paintMasks(of: last)
        }
        if isolated {
            cairo_pop_group_to_source(context)
            cairo_set_operator(context, CAIRO_OPERATOR_OVER)
            cairo_paint(context)
        }
    }

    /// Draws one painting operation.
    private func paint(_ operation: CGContext.Operation, alpha: Double) {
        switch operation {
        case .fill(let path, let color, let rule):
            setSource(color, alpha: alpha)
            CairoDrawing.setPath(path, in: context)
            cairo_set_fill_rule(context, Self.cairoRule(rule))
            fillCurrentPath(alpha: 1)
        case .stroke(let path, let color, let line):
            stroke(path, color: color, line: line, alpha: alpha)
        case .drawImage(let image, let rect, let transform):
            drawImage(image, in: rect, transform: transform, alpha: alpha)
        case .drawGradient(let gradient, let shading, let options, let transform):
            drawGradient(gradient, shading, options: options, transform: transform, alpha: alpha)
        case .clear(let path):
            cairo_save(context)
            cairo_set_operator(context, CAIRO_OPERATOR_CLEAR)
            CairoDrawing.setPath(path, in: context)
            cairo_set_fill_rule(context, CAIRO_FILL_RULE_WINDING)
            cairo_fill(context)
            cairo_restore(context)
        case .drawEmbedded(let embedded, let transform):
            if let rendering = embedded.content as? LayerRendering {
                paintLayerTree(rendering, transform: transform, alpha: alpha)
            }
        default:
            break
        }
    }

    /// Paints the tree `CALayer.render(in:)` recorded: its root in its own bounds coordinates,
    /// which `transform` maps to the recording's, with its model values or as presented at the
    /// recorded time; the root's position and transform do not apply, its opacity does.
    private func paintLayerTree(_ rendering: LayerRendering, transform: CGAffineTransform, alpha: Double) {
        guard Self.isInvertible(transform), Self.embeddedTrees < Self.embeddedTreeLimit else { return }
        let tree = RenderTree(roots: [rendering.root])
        let nodes = FrameNodes(tree.baseNodes, build: 0)
        if rendering.presented { tree.evaluate(at: rendering.time, into: &nodes.nodes) }
        var capture = LayerSnapshot.Capture(time: rendering.time, tree: tree, nodes: nodes)
        guard let snapshot = LayerSnapshot.capture(rendering.root, &capture) else { return }
        cairo_save(context)
        defer { cairo_restore(context) }
        CairoDrawing.transform(transform, in: context)
        Self.$embeddedTrees.withValue(Self.embeddedTrees + 1) {
            DeepStack.run(depth: snapshot.depth) {
                let painter = LayerPainter(context: context, resources: resources, nodes: nodes)
                painter.paintFlat(snapshot, opacity: Double(nodes[snapshot].drawn.opacity) * alpha)
            }
        }
    }

    /// Runs `draw`; under a shadow, into a group first, whose alpha casts the shadow beneath it.
    private func casting(_ shadow: Shadow?, _ draw: () -> Void) {
        guard let shadow else { return draw() }
        let blend = cairo_get_operator(context)
        cairo_push_group(context)
        cairo_set_operator(context, blend)
        draw()
        let content = cairo_pop_group(context)!
        defer { cairo_pattern_destroy(content) }
        ShadowPainter(context: context).paintShadow(shadow, ofAlphaIn: content)
        cairo_set_source(context, content)
        cairo_paint(context)
    }

    /// Paints the groups opened by the masks of `level`, innermost first, each through its
    /// mask: what was drawn since the clip shows where the mask is opaque.
    private func paintMasks(of level: Extra) {
        for mask in level.masks.reversed() {
            let content = cairo_pop_group(context)!
            defer { cairo_pattern_destroy(content) }
            guard mask.rect.width > 0, mask.rect.height > 0, Self.isInvertible(mask.transform),
                let alpha = MaskSurface.alpha(of: mask.image)
            else { continue }
            defer { cairo_surface_destroy(alpha) }
            cairo_save(context)
            cairo_set_source(context, content)
            CairoDrawing.transform(mask.transform, in: context)
            cairo_translate(context, Double(mask.rect.minX), Double(mask.rect.minY))
            cairo_scale(
                context, Double(mask.rect.width) / Double(mask.image.width),
                Double(mask.rect.height) / Double(mask.image.height))
            // Nothing shows outside the mask's rectangle, and its edge pixels reach the edge
            // instead of fading out across it.
            cairo_rectangle(context, 0, 0, Double(mask.image.width), Double(mask.image.height))
            cairo_clip(context)
            let pattern = cairo_pattern_create_for_surface(alpha)!
            cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
            cairo_mask(context, pattern)
            cairo_pattern_destroy(pattern)
            cairo_restore(context)
        }
    }

    // MARK: Painting

    /// Paints the source through the current path (consumed), scaled by `alpha`.
    ///
    /// Core Graphics confines every blend mode to what is drawn; Cairo's `IN`, `OUT`,
    /// `DEST_IN` and `DEST_ATOP` also change what lies outside, so for them, and to scale a
    /// pattern by an alpha, the path becomes a clip and the source is painted through it.
    private func fillCurrentPath(alpha: Double) {
        guard alpha < 1 || Self.isUnbounded(cairo_get_operator(context)) else {
            cairo_fill(context)
            return
        }
        cairo_save(context)
        cairo_clip(context)
        cairo_paint_with_alpha(context, alpha)
        cairo_restore(context)
    }

    private func setSource(_ color: CGColor, alpha: Double) {
        let rgba = color.rgba
        cairo_set_source_rgba(context, rgba.red, rgba.green, rgba.blue, rgba.alpha * alpha)
    }

    private func stroke(_ path: CGPath, color: CGColor, line: CGContext.LineStyle, alpha: Double) {
        let transform = line.transform
        guard Self.isInvertible(transform), line.width.isFinite else { return }
        cairo_save(context)
        defer { cairo_restore(context) }
        setSource(color, alpha: alpha)
        CairoDrawing.setPath(path, in: context)
        // The pen is the user space's: from here on widths and dashes are measured in it,
        // while the path, already built, stays where it is.
        CairoDrawing.transform(transform, in: context)
        cairo_set_line_width(context, strokeWidth(line.width))
        cairo_set_line_cap(context, Self.cairoCap(line.cap))
        cairo_set_line_join(context, Self.cairoJoin(line.join))
        cairo_set_miter_limit(context, line.miterLimit.isFinite ? max(Double(line.miterLimit), 1) : 10)
        let dashes = line.dashLengths.map(Double.init)
        cairo_set_dash(context, dashes, Int32(dashes.count), Double(line.dashPhase))
        if Self.isUnbounded(cairo_get_operator(context)) {
            // Bounded by the stroke's extents: Cairo can clip to a path, not to its outline.
            var (x1, y1, x2, y2) = (0.0, 0.0, 0.0, 0.0)
            cairo_stroke_extents(context, &x1, &y1, &x2, &y2)
            cairo_new_path(context)
            cairo_rectangle(context, x1, y1, x2 - x1, y2 - y1)
            cairo_clip(context)
            // The path again, in the space it was recorded in.
            cairo_save(context)
            CairoDrawing.transform(transform.inverted(), in: context)
            CairoDrawing.setPath(path, in: context)
            cairo_restore(context)
        }
        cairo_stroke(context)
    }

    /// The Cairo line width for a recorded one. Core Graphics draws a width of 0 (or less) as
    /// the thinnest line the device shows, one pixel; Cairo would draw nothing.
    private func strokeWidth(_ width: CGFloat) -> Double {
        guard width <= 0 || !width.isFinite else { return Double(width) }
        var (dx, dy) = (1.0, 0.0)
        cairo_device_to_user_distance(context, &dx, &dy)
        return (dx * dx + dy * dy).squareRoot()
    }

    private func drawImage(_ image: CGImage, in rect: CGRect, transform: CGAffineTransform, alpha: Double) {
        guard rect.width > 0, rect.height > 0, Self.isInvertible(transform),
            let surface = resources.images.surface(for: image)
        else { return }
        cairo_save(context)
        defer { cairo_restore(context) }
        CairoDrawing.transform(transform, in: context)
        let pixels = CGRect(x: 0, y: 0, width: image.width, height: image.height)
        guard CairoDrawing.setSource(surface, from: pixels, to: rect, in: context) else { return }
        CairoDrawing.rectangle(rect, in: context)
        fillCurrentPath(alpha: alpha)
    }

    // MARK: Conversions

    static func isInvertible(_ t: CGAffineTransform) -> Bool {
        let determinant = t.a * t.d - t.b * t.c
        return determinant.isFinite && abs(determinant) > 1e-12 && t.tx.isFinite && t.ty.isFinite
    }

    static func cairoRule(_ rule: CGPathFillRule) -> cairo_fill_rule_t {
        rule == .evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING
    }

    static func cairoCap(_ cap: CGLineCap) -> cairo_line_cap_t {
        switch cap {
        case .butt: CAIRO_LINE_CAP_BUTT
        case .round: CAIRO_LINE_CAP_ROUND
        case .square: CAIRO_LINE_CAP_SQUARE
        }
    }

    static func cairoJoin(_ join: CGLineJoin) -> cairo_line_join_t {
        switch join {
        case .miter: CAIRO_LINE_JOIN_MITER
        case .round: CAIRO_LINE_JOIN_ROUND
        case .bevel: CAIRO_LINE_JOIN_BEVEL
        }
    }

    /// Cairo's operator for a blend mode. Both follow the PDF specification's blend modes and
    /// Porter and Duff's operators; `plusDarker` (max(0, S + D − 1)) has no Cairo operator and
    /// multiplies instead, the nearest darkening one.
    static func cairoOperator(_ mode: CGBlendMode) -> cairo_operator_t {
        switch mode {
        case .normal: CAIRO_OPERATOR_OVER
        case .multiply: CAIRO_OPERATOR_MULTIPLY
        case .screen: CAIRO_OPERATOR_SCREEN
        case .overlay: CAIRO_OPERATOR_OVERLAY
        case .darken: CAIRO_OPERATOR_DARKEN
        case .lighten: CAIRO_OPERATOR_LIGHTEN
        case .colorDodge: CAIRO_OPERATOR_COLOR_DODGE
        case .colorBurn: CAIRO_OPERATOR_COLOR_BURN
        case .softLight: CAIRO_OPERATOR_SOFT_LIGHT
        case .hardLight: CAIRO_OPERATOR_HARD_LIGHT
        case .difference: CAIRO_OPERATOR_DIFFERENCE
        case .exclusion: CAIRO_OPERATOR_EXCLUSION
        case .hue: CAIRO_OPERATOR_HSL_HUE
        case .saturation: CAIRO_OPERATOR_HSL_SATURATION
        case .color: CAIRO_OPERATOR_HSL_COLOR
        case .luminosity: CAIRO_OPERATOR_HSL_LUMINOSITY
        case .clear: CAIRO_OPERATOR_CLEAR
        case .copy: CAIRO_OPERATOR_SOURCE
        case .sourceIn: CAIRO_OPERATOR_IN
        case .sourceOut: CAIRO_OPERATOR_OUT
        case .sourceAtop: CAIRO_OPERATOR_ATOP
        case .destinationOver: CAIRO_OPERATOR_DEST_OVER
        case .destinationIn: CAIRO_OPERATOR_DEST_IN
        case .destinationOut: CAIRO_OPERATOR_DEST_OUT
        case .destinationAtop: CAIRO_OPERATOR_DEST_ATOP
        case .xor: CAIRO_OPERATOR_XOR
        case .plusDarker: CAIRO_OPERATOR_MULTIPLY
        case .plusLighter: CAIRO_OPERATOR_ADD
        }
    }

    /// Whether Cairo's operator changes the destination outside what is drawn.
    static func isUnbounded(_ op: cairo_operator_t) -> Bool {
        op == CAIRO_OPERATOR_IN || op == CAIRO_OPERATOR_OUT || op == CAIRO_OPERATOR_DEST_IN
            || op == CAIRO_OPERATOR_DEST_ATOP
    }
}
