import OpenUIKit
import Testing

/// `UIView.contentMode` (issue 28): the layer's `contentsGravity`, and `.redraw`'s drawing again
/// at each new size, as UIKit sets them.
@MainActor
@Suite struct ViewContentModeTests {
    @Test func eachModeSetsItsGravity() {
        let expected: [(UIView.ContentMode, CALayerContentsGravity)] = [
            (.scaleToFill, .resize), (.scaleAspectFit, .resizeAspect), (.scaleAspectFill, .resizeAspectFill),
            (.redraw, .resize), (.center, .center), (.top, .top), (.bottom, .bottom), (.left, .left),
            (.right, .right), (.topLeft, .topLeft), (.topRight, .topRight), (.bottomLeft, .bottomLeft),
            (.bottomRight, .bottomRight),
        ]
        let view = UIImageView(frame: CGRect(x: 0, y: 0, width: 40, height: 20))
        #expect(view.contentMode == .scaleToFill)
        #expect(view.layer.contentsGravity == .resize)
        for (mode, gravity) in expected {
            view.contentMode = mode
            #expect(view.contentMode == mode)
            #expect(view.layer.contentsGravity == gravity, "\(mode)")
            #expect(view.layer.needsDisplayOnBoundsChange == (mode == .redraw), "\(mode)")
        }
    }

    /// Inside an animation block the change is not animated (gravity is not animatable).
    @Test func aModeSetInABlockAddsNoAnimation() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 40, height: 20))
        UIView.animate(withDuration: 1) { view.contentMode = .center }
        #expect(view.layer.animationKeys() == nil)
        #expect(view.layer.contentsGravity == .center)
    }
}
