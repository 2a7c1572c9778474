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

    /// A new view showing a picture of the part `rect` (in the view's bounds coordinates) of
    /// this one as it is shown now, with its subviews: a view of `rect`'s size whose layer's
    /// `contents` is that picture, at the view's `contentScaleFactor`. Its layer's
    /// `contentsCenter` is the part inside `capInsets` (as fractions of `rect`'s size), so that,
    /// as UIKit's, the snapshot stretches only its middle when it is resized: the caps keep their
    /// size. With `afterScreenUpdates`, changes not yet committed are committed first. Nil when
    /// the view or `rect` has no area.
    ///
    ///     let card = view.resizableSnapshotView(
    ///         from: view.bounds, afterScreenUpdates: false,
    ///         withCapInsets: UIEdgeInsets(top: 12, left: 12, bottom: 12, right: 12))
    public func resizableSnapshotView(
        from rect: CGRect, afterScreenUpdates afterUpdates: Bool, withCapInsets capInsets: UIEdgeInsets
    ) -> UIView? {
        let rect = rect.standardized
        guard bounds.width > 0, bounds.height > 0, rect.width > 0, rect.height > 0, rect.width.isFinite,
            rect.height.isFinite
        else { return nil }
        if afterUpdates { CATransaction.flush() }
        let format = UIGraphicsImageRendererFormat()
        format.scale = layer.contentsScale
        // The renderer's picture covers `rect`; the view is drawn where its bounds are.
        let picture = UIGraphicsImageRenderer(bounds: rect, format: format).image { _ in
            drawHierarchy(in: bounds, afterScreenUpdates: false)
        }
        let snapshot = UIView(frame: CGRect(origin: .zero, size: rect.size))
        snapshot.layer.contents = picture.cgImage
        snapshot.layer.contentsScale = format.scale
        let left = min(max(capInsets.left, 0), rect.width)
        let top = min(max(capInsets.top, 0), rect.height)
        let right = min(max(capInsets.right, 0), rect.width - left)
        let bottom = min(max(capInsets.bottom, 0), rect.height - top)
        snapshot.layer.contentsCenter = CGRect(
            x: left / rect.width, y: top / rect.height,
            width: (rect.width - left - right) / rect.width, height: (rect.height - top - bottom) / rect.height)
        return snapshot
    }
}
