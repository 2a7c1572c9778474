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
