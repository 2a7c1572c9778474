import Foundation

/// The layer tree's changes behind `CALayer`'s tree methods (declared in the class, where
/// subclasses can override them): adopting a sublayer, leaving a superlayer, the tree kept for
/// a transition, and the checks that keep it a tree.
extension CALayer {
    /// Moves `layer` into the sublayers at the index `index` picks among the others. A layer
    /// that was not a sublayer here hears `onOrderIn`.
    func place(_ layer: CALayer, at index: ([CALayer]) -> Int) {
        // The tree is the timing chain the thread delivering events walks; the action after
        // is user code, run outside the lock.
        let wasHere = TransactionLock.shared.withLock {
            checkCanAdopt(layer)
            recordTreeBeforeChange()
            let wasHere = layer.parent === self
            if wasHere, maskLayer !== layer {
                sublayerList.removeAll { $0 === layer }
            } else {
                layer.detachFromSuperlayer(runningAction: false)
            }
            let position = min(max(index(sublayerList), 0), sublayerList.count)
            sublayerList.insert(layer, at: position)
            layer.parent = self
            layer.timingDidChange()
            TransactionStack.current.noteChanged(self)
            return wasHere
        }
        if !wasHere { layer.runAction(forKey: kCAOnOrderIn) }
    }

    func detachFromSuperlayer(runningAction: Bool) {
        let detached = TransactionLock.shared.withLock {
            guard let parent else { return false }
            parent.recordTreeBeforeChange()
            if parent.maskLayer === self {
                parent.maskLayer = nil
            } else {
                // A layer is in one list once; clearing `sublayers` removes them from the front,
                // so this finds each at once (a scan of the whole list each was quadratic).
                if let index = parent.sublayerList.firstIndex(where: { $0 === self }) {
                    parent.sublayerList.remove(at: index)
                }
            }
            self.parent = nil
            timingDidChange()
            TransactionStack.current.noteChanged(parent)
            return true
        }
        if detached, runningAction { runAction(forKey: kCAOnOrderOut) }
    }

    /// Keeps the sublayers and mask as they were before the first change of the tree in this
    /// transaction, for a transition to capture.
    func recordTreeBeforeChange() {
        guard !isPresentationCopy, treeBeforeChange == nil else { return }
        treeBeforeChange = (sublayerList, maskLayer)
        TransactionStack.current.noteChanged(self)
    }

    /// Gives a snapshot copy its own copied sublayers and mask, without transactions or actions.
    package func adoptSnapshotTree(sublayers: [CALayer], mask: CALayer?) {
        require(isPresentationCopy, "only snapshot copies adopt a tree directly")
        sublayerList = sublayers
        maskLayer = mask
        for layer in sublayers { layer.parent = self }
        mask?.parent = self
    }

    func checkCanAdopt(_ layer: CALayer) {
        // A layer with nothing under it can only be an ancestor of this one by being it: no
        // walk up the tree, so that building a deep chain leaf by leaf stays linear.
        guard layer !== self, layer.sublayerList.isEmpty, layer.maskLayer == nil else {
            checkIsNotAncestor(layer)
            return
        }
    }

    func checkIsNotAncestor(_ layer: CALayer) {
        var ancestor: CALayer? = self
        while let current = ancestor {
            require(
                current !== layer,
                "cannot add \(layer.layerName) to \(layerName): \(layer.layerName) would become its own ancestor")
            ancestor = current.parent
        }
    }

    /// The layer's name, or its address, for messages.
    package var layerName: String {
        if let name = storage.name { return "layer '\(name)'" }
        return "<\(type(of: self)): \(addressString(self))>"
    }
}
