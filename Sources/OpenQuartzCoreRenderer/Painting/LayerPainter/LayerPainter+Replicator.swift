import CCairo
import Foundation
import OpenQuartzCore

extension LayerPainter {
    /// Paints copies 1 … n − 1 of a replicator's sublayers (`replicas`), and colours copy 0
    /// (already painted by the caller when the colour is white): copy k is moved by
    /// `instanceTransform` applied k times about the centre of the replicator's bounds, and
    /// multiplied by `instanceColor` plus k times the colour offsets, clamped to 0…1.
    func paintReplicas(
        of replicator: ReplicatorLayerStorage, bounds: CGRect, _ replicas: [LayerSnapshot.Replica],
        paintAll: ([LayerSnapshot], CATransform3D?) -> Void
    ) {
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
    static func instanceMultiplier(of replicator: ReplicatorLayerStorage, index: Int) -> [Double]? {
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
