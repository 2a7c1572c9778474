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
        let size = nodes[snapshot].drawn.bounds.size
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
            let treeOpacity = live ? 1 : Double(nodes[tree].drawn.opacity)
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
}
