import CCairo
import Foundation
import OpenQuartzCore

extension LayerPainter {
    /// Fills the layer's shape — its bounds with their rounded corners, whether or not it
    /// masks to bounds (`CAGradientLayer.h`: "filling the shape of the layer (i.e. including
    /// rounded corners)") — with its gradient, over its background.
    ///
    /// The points "are defined in a unit coordinate space that is then mapped to the layer's
    /// bounds rectangle" (the header), so the whole gradient is stretched with the bounds: a
    /// radial gradient is an ellipse, 2 × (endPoint − startPoint) across along each axis; an
    /// axial gradient's bands are perpendicular to its axis in unit space, so on a wide layer a
    /// diagonal gradient's middle band joins the other two corners; a conic gradient's angles
    /// are measured in unit space. Colours beyond the first and last stops extend to the edges,
    /// as Core Animation draws them.
    ///
    /// `ramp`, when given, replaces the layer's colours and locations (a gradient masked by a
    /// gradient of the same geometry, ``maskedGradientRamp(of:)``).
    func paintGradient(_ gradient: GradientLayerStorage, of layer: RenderNode, ramp: ColorRamp? = nil) {
        let bounds = layer.drawn.bounds
        guard bounds.width > 0, bounds.height > 0, bounds.width.isFinite, bounds.height.isFinite,
            bounds.minX.isFinite, bounds.minY.isFinite,
            let ramp = ramp ?? self.ramp(of: gradient)
        else { return }
        let start = gradient.startPoint
        let end = gradient.endPoint
        guard start.x.isFinite, start.y.isFinite, end.x.isFinite, end.y.isFinite else { return }

        // Cairo's pattern matrix maps user space (the layer's points) to pattern space.
        var userToUnit = cairo_matrix_t()
        let (width, height) = (Double(bounds.width), Double(bounds.height))
        cairo_matrix_init(
            &userToUnit, 1 / width, 0, 0, 1 / height, -Double(bounds.minX) / width, -Double(bounds.minY) / height)
        let pattern: OpaquePointer
        var matrix = userToUnit
        // What ``GradientRaster`` draws instead of the pattern, where it can.
        var raster: (shape: GradientRaster.Shape, userToPattern: cairo_matrix_t)?
        // Whether the pattern is Cairo's linear or radial one, which takes the ramp's stops.
        var takesStops = false
        switch gradient.type {
        case .radial:
            let radiusX = abs(Double(end.x - start.x))
            let radiusY = abs(Double(end.y - start.y))
            guard radiusX > 0, radiusY > 0 else {
                // An ellipse with no width or height: every point lies beyond its edge.
                pattern = ramp.lastColorPattern()
                break
            }
            // A unit circle about the origin in pattern space is the ellipse in unit space; a
            // focal point inside it is where the first colour is.
            let focal = gradient.focalPoint.map { (Double($0.x), Double($0.y)) }
            pattern = cairo_pattern_create_radial(focal?.0 ?? 0, focal?.1 ?? 0, 0, 0, 0, 1)
            cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
            var unitToCircle = cairo_matrix_t()
            cairo_matrix_init(
                &unitToCircle, 1 / radiusX, 0, 0, 1 / radiusY, -Double(start.x) / radiusX, -Double(start.y) / radiusY)
            cairo_matrix_multiply(&matrix, &userToUnit, &unitToCircle)
            if focal == nil { raster = (.radial, matrix) }
            takesStops = true
        case .conic:
            pattern = ramp.conicPattern(center: start, toward: end)
        default:
            // `.axial`, and any type Core Animation does not know, as the header's default.
            guard start != end else {
                // An axis of no length (Apple does not say what it draws): every point counts
                // as past its end.
                pattern = ramp.lastColorPattern()
                break
            }
            // The same ramp in the layer's own points, with no pattern matrix: pixman takes
            // the matrix in 16.16 fixed point, where the 1/20,000 of a layer padded by 10,000
            // points on each side (as lottie-ios pads its gradient layers) is off by a fifth,
            // and the ramp lands pixels away. In unit space the value at u is
            // (u − s)·d / |d|²; with u = (p − origin) / size it is (p − p₁)·g, g the axis
            // scaled by 1 / size and over |d|², so the ramp runs from p₁ to p₁ + g / |g|².
            let d = (x: Double(end.x - start.x), y: Double(end.y - start.y))
            let squared = d.x * d.x + d.y * d.y
            let g = (x: d.x / width / squared, y: d.y / height / squared)
            let gSquared = g.x * g.x + g.y * g.y
            let p1 = (
                x: Double(start.x) * width + Double(bounds.minX), y: Double(start.y) * height + Double(bounds.minY)
            )
            pattern = cairo_pattern_create_linear(p1.x, p1.y, p1.x + g.x / gSquared, p1.y + g.y / gSquared)
            cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
            cairo_matrix_init_identity(&matrix)
            var toParameter = cairo_matrix_t()
            cairo_matrix_init(&toParameter, g.x, 0, g.y, 0, -(p1.x * g.x + p1.y * g.y), 0)
            raster = (.linear, toParameter)
            takesStops = true
        }
        defer { cairo_pattern_destroy(pattern) }
        cairo_pattern_set_matrix(pattern, &matrix)

        cairo_save(context)
        defer { cairo_restore(context) }
        cairo_new_path(context)
        // CAGradientLayer.h: the gradient fills "the shape of the layer (i.e. including rounded
        // corners)", with or without masksToBounds.
        addRoundedRect(bounds, of: layer)
        if let raster, resources.drawsGradients {
            // Filling the clip to a mask's path, straight into the path's spans; otherwise
            // into a bitmap composited through the path.
            if let spanClip,
                fillSpanClip(spanClip, ramp: ramp, shape: raster.shape, userToPattern: raster.userToPattern)
            {
                // The path is not part of Cairo's saved state: left behind, it would join the
                // next clip.
                cairo_new_path(context)
                return
            }
            if resources.gradients.fill(context, ramp: ramp, shape: raster.shape, userToPattern: raster.userToPattern) {
                return
            }
        }
        if takesStops {
            // The linear and radial patterns get their stops only now that they are drawn:
            // Cairo inserts each stop in order, and a blended ramp has dozens.
            ramp.addStops(to: pattern)
        }
        cairo_set_source(context, pattern)
        cairo_fill(context)
    }

    /// The one ramp that draws `snapshot`, a gradient layer and nothing else, masked by its
    /// mask, when the mask is a gradient layer of the same geometry (``isMaskedByItsOwnAlphas(_:)``):
    /// the layer's colours with the mask's alphas (``ColorRamp/masked(by:)``). Painted directly,
    /// the pair needs neither group a mask costs. Only where the clip lies within the gradients'
    /// straight edges: at an edge, a mask lays its coverage over the content's, where one
    /// gradient would lay it once.
    func maskedGradientRamp(of snapshot: LayerSnapshot) -> ColorRamp? {
        let node = nodes[snapshot]
        guard isMaskedByItsOwnAlphas(snapshot), let mask = snapshot.mask,
            case .gradient(let gradient) = node.kind, case .gradient(let alpha) = nodes[mask].kind,
            !gradient.blendsInSRGB, !alpha.blendsInSRGB,
            clipLiesWithin(node.drawn.bounds.insetBy(dx: cornerRadius(of: node), dy: cornerRadius(of: node))),
            let colors = ColorRamp(colors: gradient.colors, locations: gradient.locations),
            let alphas = ColorRamp(colors: alpha.colors, locations: alpha.locations)
        else { return nil }
        return resources.gradients.blended(colors, maskedBy: alphas)
    }

    /// Whether `snapshot` is a gradient layer drawing nothing else, whose mask is a gradient
    /// layer of the same geometry — the same bounds in the same place, type,
    /// points and corners — that draws nothing else and has colours (as Lottie's gradients with
    /// alpha stops are drawn): what ``maskedGradientRamp(of:)`` makes one ramp of, the clip
    /// aside. Reads the layers' values only; no ramp is made.
    func isMaskedByItsOwnAlphas(_ snapshot: LayerSnapshot) -> Bool {
        guard let mask = snapshot.mask else { return false }
        let node = nodes[snapshot]
        let maskNode = nodes[mask]
        guard case .gradient(let gradient) = node.kind, case .gradient(let alpha) = maskNode.kind,
            drawsOnlyItsGradient(snapshot, isMask: false), drawsOnlyItsGradient(mask, isMask: true),
            maskNode.drawn.opacity == 1, maskNode.drawn.bounds == node.drawn.bounds, alpha.type == gradient.type,
            alpha.startPoint == gradient.startPoint, alpha.endPoint == gradient.endPoint,
            alpha.focalPoint == gradient.focalPoint,
            maskNode.drawn.cornerRadius == node.drawn.cornerRadius,
            maskNode.drawn.maskedCorners == node.drawn.maskedCorners,
            maskNode.drawn.cornerCurve == node.drawn.cornerCurve,
            CATransform3DIsIdentity(maskNode.transformToSuperlayer3D)
        else { return false }
        return (gradient.colors ?? []).contains { $0 is CGColor } && (alpha.colors ?? []).contains { $0 is CGColor }
    }

    /// The one ramp that draws `snapshot` when it is a gradient layer that draws its gradient
    /// and nothing else, masked by the same gradient's alphas (``maskedGradientRamp(of:)``) or
    /// not masked at all; nil otherwise.
    func soleGradientRamp(of snapshot: LayerSnapshot) -> ColorRamp? {
        guard snapshot.mask == nil else { return maskedGradientRamp(of: snapshot) }
        guard case .gradient(let gradient) = nodes[snapshot].kind, drawsOnlyItsGradient(snapshot, isMask: false)
        else { return nil }
        return ramp(of: gradient)
    }

    /// The gradient layer's colours at their locations, blended as Core Animation blends
    /// them (``ColorRamp/blendedInGenericRGB()``), or in sRGB when the layer asks; nil when it
    /// has no colours.
    func ramp(of gradient: GradientLayerStorage) -> ColorRamp? {
        let ramp = ColorRamp(colors: gradient.colors, locations: gradient.locations)
        return gradient.blendsInSRGB ? ramp : ramp.map(resources.gradients.blended)
    }

    /// Whether the layer is a gradient layer that draws its gradient and nothing more: no
    /// background, border, contents, drawing, sublayers, shadow or anything that needs a group.
    func drawsOnlyItsGradient(_ snapshot: LayerSnapshot, isMask: Bool) -> Bool {
        let node = nodes[snapshot]
        guard case .gradient = node.kind else { return false }
        return snapshot.sublayers.isEmpty && (!isMask || snapshot.mask == nil) && snapshot.replicas.isEmpty
            && snapshot.particles.isEmpty && snapshot.transition == nil && snapshot.blendOperator == nil
            && !snapshot.hasFilters
            && (snapshot.drawing?.operations.isEmpty ?? true) && node.contents == nil
            && !node.drawsBackground && !node.drawsBorder && Shadow(of: node) == nil
    }

    /// Whether the clip lies within `rect` (in the current user space).
    func clipLiesWithin(_ rect: CGRect) -> Bool {
        rect.contains(clipExtents)
    }
}
