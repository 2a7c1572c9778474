import Foundation

/// A layer that keeps its sublayers in 3D instead of flattening them into its plane:
/// Apple's `CATransformLayer`, for true 3D hierarchies such as a cube built from six faces.
///
/// It declares no properties of its own. What changes is how it is drawn, as
/// `CATransformLayer.h` describes:
/// - only its sublayers are drawn: its own `backgroundColor`, `contents`, border and other
///   drawn properties are ignored;
/// - properties that assume a flat 2D image are ignored too: `mask`, `masksToBounds` and the
///   shadow properties;
/// - `opacity` applies to each sublayer on its own: the layer does not composite its
///   sublayers as a group;
/// - its `transform` and `sublayerTransform` still apply, so rotating it turns the whole 3D
///   arrangement.
///
///     let cube = CATransformLayer()
///     for face in faces { cube.addSublayer(face) }   // each face placed with a 3D transform
///     cube.transform = CATransform3DMakeRotation(.pi / 4, 0, 1, 0)
///
/// Its properties animate as any `CALayer`'s do; the difference is entirely the renderer's.
open class CATransformLayer: CALayer {
    /// Creates a transform layer.
    public override init() {
        super.init()
    }

    /// Creates a copy of `layer` for the presentation tree.
    public override init(layer: Any) {
        super.init(layer: layer)
    }

    /// Creates a layer from an archive (nothing is decoded: Apple's defaults), or the copy
    /// `CALayer` makes for the presentation tree.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }
}
