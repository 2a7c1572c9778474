import OpenQuartzCore

/// The gallery's palette: a warm paper background, a blue ink and an orange accent.
let paper = CGColor(red: 0.96, green: 0.95, blue: 0.92, alpha: 1)
let ink = CGColor(red: 0.17, green: 0.35, blue: 0.75, alpha: 1)
let accent = CGColor(red: 0.93, green: 0.36, blue: 0.25, alpha: 1)
let leaf = CGColor(red: 0.24, green: 0.62, blue: 0.42, alpha: 1)
let plum = CGColor(red: 0.55, green: 0.33, blue: 0.68, alpha: 1)
/// Lanes and tracks behind the moving parts.
let shade = CGColor(red: 0.88, green: 0.86, blue: 0.81, alpha: 1)

/// A canvas of `size` at the origin, made without implicit animations.
@MainActor
func canvas(_ size: CGSize) -> CALayer {
    CATransaction.setDisableActions(true)
    let root = CALayer()
    root.frame = CGRect(origin: .zero, size: size)
    root.backgroundColor = paper
    return root
}

/// A rounded square of side `side` centred on `center`, added to `root`.
@MainActor
@discardableResult
func square(_ side: CGFloat, at center: CGPoint, _ color: CGColor, in root: CALayer) -> CALayer {
    let layer = CALayer()
    layer.bounds = CGRect(x: 0, y: 0, width: side, height: side)
    layer.position = center
    layer.backgroundColor = color
    layer.cornerRadius = side / 6
    root.addSublayer(layer)
    return layer
}

/// A rounded band behind a row of the scene: where something moves.
@MainActor
@discardableResult
func lane(_ frame: CGRect, in root: CALayer) -> CALayer {
    let layer = CALayer()
    layer.frame = frame
    layer.backgroundColor = shade
    layer.cornerRadius = min(frame.width, frame.height) / 2
    root.addSublayer(layer)
    return layer
}
