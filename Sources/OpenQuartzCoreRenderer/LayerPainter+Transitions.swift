import CCairo
import Foundation
import OpenQuartzCore

extension LayerPainter {
    /// Paints a layer during its `CATransition`: the tree it had before (`transition.before`)
    /// and the live layer (`snapshot`, drawn without the transition), each in the layer's own
    /// coordinates, moved or faded by the transition's progress.
    ///
    /// - `fade`: the two cross-fade; their colours add, so an opaque layer stays opaque.
    /// - `moveIn`: the new tree slides in over the old one from the subtype's side.
    /// - `push`: the new tree slides in and pushes the old one out the other way.
    /// - `reveal`: the old tree slides out towards the far side, uncovering the new one.
    ///
    /// A subtype names the side the motion starts from, on screen (`fromTop` comes down from
    /// the top edge); distances are the layer's width or height. Nothing is clipped to the
    /// bounds: clip a superlayer with `masksToBounds` to keep the motion inside it.
    func paintTransition(
        _ transition: LayerSnapshot.TransitionSnapshot, to snapshot: LayerSnapshot, opacity: Double
    ) {
        let progress = transition.progress
        let before = transition.before
        let size = snapshot.layer.bounds.size
        // The unit motion: where the new tree starts, relative to its place.
        let (unitX, unitY): (Double, Double) =
            switch transition.subtype {
            case .fromRight?: (1, 0)
            case .fromTop?: (0, -1)
            case .fromBottom?: (0, 1)
            default: (-1, 0)
            }
        let width = Double(size.width)
        let height = Double(size.height)
        func draw(_ tree: LayerSnapshot, live: Bool, dx: Double, dy: Double, alpha: Double) {
            guard alpha > 0 else { return }
            cairo_save(context)
            cairo_translate(context, dx, dy)
            let treeOpacity = live ? 1 : Double(tree.layer.opacity)
            paintFlat(tree, opacity: alpha * treeOpacity, transitions: !live)
            cairo_restore(context)
        }
        if opacity < 1 { cairo_push_group(context) }
        switch transition.type {
        case .moveIn:
            draw(before, live: false, dx: 0, dy: 0, alpha: 1)
            draw(
                snapshot, live: true, dx: unitX * width * (1 - progress), dy: unitY * height * (1 - progress), alpha: 1)
        case .push:
            draw(before, live: false, dx: -unitX * width * progress, dy: -unitY * height * progress, alpha: 1)
            draw(
                snapshot, live: true, dx: unitX * width * (1 - progress), dy: unitY * height * (1 - progress), alpha: 1)
        case .reveal:
            draw(snapshot, live: true, dx: 0, dy: 0, alpha: 1)
            draw(before, live: false, dx: -unitX * width * progress, dy: -unitY * height * progress, alpha: 1)
        default:
            cairo_push_group(context)
            draw(before, live: false, dx: 0, dy: 0, alpha: 1 - progress)
            cairo_set_operator(context, CAIRO_OPERATOR_ADD)
            draw(snapshot, live: true, dx: 0, dy: 0, alpha: progress)
            cairo_pop_group_to_source(context)
            cairo_paint(context)
        }
        if opacity < 1 {
            cairo_pop_group_to_source(context)
            cairo_paint_with_alpha(context, opacity)
        }
    }

    /// Paints copies 1 … n − 1 of a replicator's sublayers (`replicas`), and colours copy 0
    /// (already painted by the caller when the colour is white): copy k is moved by
    /// `instanceTransform` applied k times about the centre of the replicator's bounds, and
    /// multiplied by `instanceColor` plus k times the colour offsets, clamped to 0…1.
    func paintReplicas(
        of replicator: CAReplicatorLayer, _ replicas: [LayerSnapshot.Replica],
        paintAll: ([LayerSnapshot], CATransform3D?) -> Void
    ) {
        let bounds = replicator.bounds
        let step = CATransform3DConcat(
            CATransform3DConcat(
                CATransform3DMakeTranslation(-bounds.midX, -bounds.midY, 0), replicator.instanceTransform),
            CATransform3DMakeTranslation(bounds.midX, bounds.midY, 0))
        var transform = CATransform3DIdentity
        for replica in replicas {
            transform = CATransform3DConcat(transform, step)
            let multiplier = Self.instanceMultiplier(of: replicator, index: replica.index)
            if multiplier != nil { cairo_push_group(context) }
            paintAll(replica.sublayers, transform)
            if let multiplier { popMultiplied(by: multiplier) }
        }
    }

    /// Copy `index`'s colour multiplier, nil when it is opaque white (no change).
    static func instanceMultiplier(of replicator: CAReplicatorLayer, index: Int) -> [Double]? {
        let base = replicator.instanceColor?.rgba ?? (red: 1, green: 1, blue: 1, alpha: 1)
        let k = Double(index)
        let offsets = [
            replicator.instanceRedOffset, replicator.instanceGreenOffset, replicator.instanceBlueOffset,
            replicator.instanceAlphaOffset,
        ].map { $0.isFinite ? Double($0) : 0 }
        let components = [base.red, base.green, base.blue, base.alpha].enumerated().map { channel, value in
            min(max(value + k * offsets[channel], 0), 1)
        }
        return components == [1, 1, 1, 1] ? nil : components
    }

    /// Ends the group pushed for a copy and paints it with each channel multiplied.
    func popMultiplied(by multiplier: [Double]) {
        let group = cairo_pop_group(context)!
        defer { cairo_pattern_destroy(group) }
        var surface: OpaquePointer?
        if cairo_pattern_get_surface(group, &surface) == CAIRO_STATUS_SUCCESS, let surface,
            cairo_surface_get_type(surface) == CAIRO_SURFACE_TYPE_IMAGE,
            let data = cairo_image_surface_get_data(surface)
        {
            cairo_surface_flush(surface)
            let width = Int(cairo_image_surface_get_width(surface))
            let height = Int(cairo_image_surface_get_height(surface))
            let stride = Int(cairo_image_surface_get_stride(surface))
            // Premultiplied: a colour channel is multiplied by its factor and by alpha's.
            let alpha = UInt32((multiplier[3] * 256).rounded())
            let red = UInt32((multiplier[0] * multiplier[3] * 256).rounded())
            let green = UInt32((multiplier[1] * multiplier[3] * 256).rounded())
            let blue = UInt32((multiplier[2] * multiplier[3] * 256).rounded())
            for row in 0..<height {
                let pixels = UnsafeMutableRawPointer(data + row * stride).assumingMemoryBound(to: UInt32.self)
                for column in 0..<width {
                    let p = pixels[column]
                    guard p != 0 else { continue }
                    let a = ((p >> 24) * alpha) >> 8
                    let r = (((p >> 16) & 0xFF) * red) >> 8
                    let g = (((p >> 8) & 0xFF) * green) >> 8
                    let b = ((p & 0xFF) * blue) >> 8
                    pixels[column] = a << 24 | r << 16 | g << 8 | b
                }
            }
            cairo_surface_mark_dirty(surface)
        }
        cairo_set_source(context, group)
        cairo_paint(context)
    }
}
