import Foundation

extension UIView {
    /// Draws the view and its subviews, as they are shown, into the current context
    /// (`UIGraphicsGetCurrentContext()`), their bounds stretched over `rect`; false when there
    /// is no current context. With `afterScreenUpdates`, changes not yet committed are
    /// committed first, as UIKit draws the screen after its next update.
    ///
    ///     let image = UIGraphicsImageRenderer(size: view.bounds.size).image { _ in
    ///         view.drawHierarchy(in: view.bounds, afterScreenUpdates: true)
    ///     }
    @discardableResult
    public func drawHierarchy(in rect: CGRect, afterScreenUpdates afterUpdates: Bool) -> Bool {
        guard let context = UIGraphicsGetCurrentContext(), bounds.width > 0, bounds.height > 0 else { return false }
        if afterUpdates { CATransaction.flush() }
        context.saveGState()
        defer { context.restoreGState() }
        context.translateBy(x: rect.minX, y: rect.minY)
        context.scaleBy(x: rect.width / bounds.width, y: rect.height / bounds.height)
        context.translateBy(x: -bounds.minX, y: -bounds.minY)
        (layer.presentation() ?? layer).render(in: context)
        return true
    }
}

extension UIView {
    /// A new view showing a picture of this one as it is shown now, with its subviews: its
    /// layer's `contents`, at the view's `contentScaleFactor`, the size of its bounds. With
    /// `afterScreenUpdates`, changes not yet committed are committed first. Nil for a view
    /// with no area.
    public func snapshotView(afterScreenUpdates afterUpdates: Bool) -> UIView? {
        guard bounds.width > 0, bounds.height > 0 else { return nil }
        if afterUpdates { CATransaction.flush() }
        let format = UIGraphicsImageRendererFormat()
        format.scale = layer.contentsScale
        let picture = UIGraphicsImageRenderer(bounds: bounds, format: format).image { _ in
            drawHierarchy(in: bounds, afterScreenUpdates: false)
        }
        let snapshot = UIView(frame: CGRect(origin: .zero, size: bounds.size))
        snapshot.layer.contents = picture.cgImage
        snapshot.layer.contentsScale = format.scale
        return snapshot
    }
}
