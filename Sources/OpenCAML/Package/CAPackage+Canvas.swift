import Foundation
import OpenQuartzCore

extension CAPackage {
    /// The rectangle the document is drawn in, in the root layer's superlayer coordinates:
    /// ``documentSize`` centred on the root layer's bounds, since the host places the root to
    /// fill its view whatever its `position` (FORMAT.md §5). A document of no size (a root
    /// without `bounds`, as Control Center glyphs have) gets the box of the root's sublayers.
    /// Not in Apple's API.
    public var canvasRect: CGRect {
        let root = rootLayer
        let size = root.bounds.size
        let centre = CGPoint(
            x: root.position.x + (0.5 - root.anchorPoint.x) * size.width,
            y: root.position.y + (0.5 - root.anchorPoint.y) * size.height)
        if documentSize.width > 0, documentSize.height > 0 {
            return CGRect(
                x: centre.x - documentSize.width / 2, y: centre.y - documentSize.height / 2,
                width: documentSize.width, height: documentSize.height)
        }
        let frames = (root.sublayers ?? []).map(\.frame).filter { $0.width > 0 && $0.height > 0 }
        guard let first = frames.first else {
            return CGRect(x: centre.x - 0.5, y: centre.y - 0.5, width: 1, height: 1)
        }
        let box = frames.dropFirst().reduce(first) { $0.union($1) }
        // Sublayer frames are in the root's bounds coordinates; the root's origin maps there.
        return box.offsetBy(
            dx: root.frame.minX - root.bounds.minX, dy: root.frame.minY - root.bounds.minY)
    }

    /// A layer of the canvas's size holding ``rootLayer``, drawn as Apple draws the document:
    /// y up (the container is `geometryFlipped`) unless `index.xml` says the package is flipped,
    /// the root placed as ``canvasRect`` says. Its `bounds` are ``canvasRect``, so the root keeps
    /// its own `position`. Each call makes a new container and moves the root into it. Not in
    /// Apple's API.
    public func makeCanvasLayer() -> CALayer {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        defer { CATransaction.commit() }
        let canvas = CALayer()
        let rect = canvasRect
        canvas.bounds = rect
        canvas.anchorPoint = .zero
        canvas.position = .zero
        canvas.isGeometryFlipped = !isPackageGeometryFlipped
        canvas.addSublayer(rootLayer)
        return canvas
    }
}
