import Foundation

extension CALayer {
    /// Changes a model value the way every property setter does: finds the action while the
    /// old value is still in place, applies the change inside the current transaction, then
    /// runs the action (which sees the new value).
    @inline(__always)
    package func changeValue(forKey key: String, _ apply: () -> Void) {
        guard !isPresentationCopy else {
            apply()
            return
        }
        let transactions = TransactionStack.current
        let action = transactions.disableActions ? nil : action(forKey: key)
        if action != nil {
            transactions.recordValueBeforeChange(of: self, forKey: key) { presentationValue(forKey: key) }
        }
        apply()
        transactions.noteChanged(self)
        if type(of: self).needsDisplay(forKey: key) { setNeedsDisplay() }
        action?.run(forKey: key, object: self, arguments: nil)
    }

    /// Runs the action for an event that changes no property (`onOrderIn`, `onOrderOut`).
    package func runAction(forKey event: String) {
        guard !isPresentationCopy, !CATransaction.disableActions() else { return }
        action(forKey: event)?.run(forKey: event, object: self, arguments: nil)
    }
}

/// One run of the action search for one layer and event.
struct ActionSearch {
    let layer: CALayer
    let event: String

    func run() -> (any CAAction)? {
        if let delegate = layer.delegate, let answer = delegate.action(for: layer, forKey: event) {
            return meaningful(answer)
        }
        if let answer = layer.actions?[event] {
            return meaningful(answer)
        }
        var style = layer.style
        while let dictionary = style {
            if let actions = dictionary["actions"] as? [String: any CAAction], let answer = actions[event] {
                return meaningful(answer)
            }
            style = dictionary["style"] as? [AnyHashable: Any]
        }
        if let answer = type(of: layer).defaultAction(forKey: event) {
            return meaningful(answer)
        }
        return nil
    }

    /// `CALayer.h`: "If the final result is an instance of NSNull, it is converted to nil."
    private func meaningful(_ action: any CAAction) -> (any CAAction)? {
        action is NSNull ? nil : action
    }
}
