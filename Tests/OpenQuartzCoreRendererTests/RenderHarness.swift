import OpenQuartzCore
import OpenQuartzCoreRenderer

// The colours the renderer tests paint with, and the pixels they probe for.

let white = CGColor(gray: 1, alpha: 1)
let black = CGColor(gray: 0, alpha: 1)
let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
let green = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)

let whitePixel = [255, 255, 255, 255]
let blackPixel = [0, 0, 0, 255]
let redPixel = [255, 0, 0, 255]
let greenPixel = [0, 255, 0, 255]
let bluePixel = [0, 0, 255, 255]
let yellowPixel = [255, 255, 0, 255]

/// A white root `side` points square at the renderer's origin, made without implicit
/// animations: the rest of the test's transaction builds the tree without animating it.
func root(side: CGFloat = 96) -> CALayer {
    CATransaction.setDisableActions(true)
    let layer = CALayer()
    layer.frame = CGRect(x: 0, y: 0, width: side, height: side)
    layer.backgroundColor = white
    return layer
}

/// A sublayer of `parent` with a frame and a background colour.
@discardableResult
func box(_ frame: CGRect, _ color: CGColor?, in parent: CALayer) -> CALayer {
    let layer = CALayer()
    layer.frame = frame
    layer.backgroundColor = color
    parent.addSublayer(layer)
    return layer
}

/// Gives `layer` a shadow of `opacity`, moved by `offset` and blurred by `radius`.
func castShadow(from layer: CALayer, opacity: Float = 1, offset: CGSize, radius: CGFloat) {
    layer.shadowOpacity = opacity
    layer.shadowOffset = offset
    layer.shadowRadius = radius
}

/// A shape sublayer of `parent`, covering its bounds, that fills `path` with `fill`.
@discardableResult
func shape(_ path: CGPath, fill: CGColor?, in parent: CALayer) -> CAShapeLayer {
    let layer = CAShapeLayer()
    layer.frame = parent.bounds
    layer.path = path
    layer.fillColor = fill
    parent.addSublayer(layer)
    return layer
}

/// Renders one frame of `layer` at `time` with `renderer`, or with a new renderer whose bitmap
/// covers the layer's bounds at `scale` pixels per point, and returns the renderer. With
/// `whole`, every pixel is drawn again, not only the frame's update region (for tests of what
/// drawing does from frame to frame, such as the content cache).
///
/// The frame commits the implicit transaction, so changes after it go into a new one; that one
/// is made without implicit animations too, so that a test changes its layers between frames
/// as it built them. A test that means such a change to animate calls
/// `CATransaction.setDisableActions(false)` first.
func render(
    _ layer: CALayer, at time: CFTimeInterval = 0, scale: CGFloat = 1, renderer: CARenderer? = nil,
    whole: Bool = false
) -> CARenderer {
    let size = layer.bounds.size
    let renderer =
        renderer ?? CARenderer(width: Int(size.width * scale), height: Int(size.height * scale), scale: scale)
    renderer.layer = layer
    renderer.beginFrame(atTime: time)
    if whole { renderer.addUpdate(renderer.bounds) }
    renderer.render()
    renderer.endFrame()
    CATransaction.setDisableActions(true)
    return renderer
}

/// A square image of four coloured quadrants, `side` pixels wide: red top left, green top
/// right, blue bottom left, yellow bottom right.
func quadrantImage(side: Int = 16) -> CGImage {
    var pixels: [UInt8] = []
    for y in 0..<side {
        for x in 0..<side {
            let colour =
                switch (x < side / 2, y < side / 2) {
                case (true, true): redPixel
                case (false, true): greenPixel
                case (true, false): bluePixel
                case (false, false): yellowPixel
                }
            pixels += colour.map(UInt8.init)
        }
    }
    return CGImage(width: side, height: side, rgbaPixels: pixels)!
}
