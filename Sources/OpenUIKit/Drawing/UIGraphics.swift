import Foundation

/// The graphics contexts pushed on one thread, innermost last: UIKit's context stack, which
/// `UIBezierPath.fill()`, `UIColor.setFill()` and their kind draw into.
final class GraphicsContextStack {
    var contexts: [CGContext] = []
    /// The image contexts begun with `UIGraphicsBeginImageContext…`, with their scales.
    var imageContexts: [(context: CGContext, scale: CGFloat)] = []

    /// This thread's stack, made the first time it is asked for.
    static var current: GraphicsContextStack {
        let dictionary = Thread.current.threadDictionary
        if let stack = dictionary[key] as? GraphicsContextStack { return stack }
        let stack = GraphicsContextStack()
        dictionary[key] = stack
        return stack
    }

    private static let key = "OpenUIKit.GraphicsContextStack"
}

/// The context UIKit drawing goes into on this thread: the one `draw(_:)` runs with, or the
/// last one pushed; nil outside any.
public func UIGraphicsGetCurrentContext() -> CGContext? {
    GraphicsContextStack.current.contexts.last
}

/// Makes `context` the current one on this thread until the matching
/// ``UIGraphicsPopContext()``.
public func UIGraphicsPushContext(_ context: CGContext) {
    GraphicsContextStack.current.contexts.append(context)
}

/// Restores the context that was current before the last ``UIGraphicsPushContext(_:)``; does
/// nothing when none was pushed, as UIKit.
public func UIGraphicsPopContext() {
    _ = GraphicsContextStack.current.contexts.popLast()
}

/// Fills `rect` with the current fill colour in the current context.
public func UIRectFill(_ rect: CGRect) {
    UIGraphicsGetCurrentContext()?.fill(rect)
}
