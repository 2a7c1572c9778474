import Foundation

/// The items and sections inserted, deleted, reloaded and moved in one batch, and the changes
/// in the order they were made for the layout.
struct CollectionUpdates {
    var insertedItems: Set<IndexPath> = []
    var deletedItems: Set<IndexPath> = []
    var reloadedItems: Set<IndexPath> = []
    var movedItems: [IndexPath: IndexPath] = [:]
    var insertedSections = IndexSet()
    var deletedSections = IndexSet()
    var reloadedSections = IndexSet()
    var items: [UICollectionViewUpdateItem] = []
    var completions: [(Bool) -> Void] = []
}

/// A view going off screen at the end of a batch of updates: what it ends as, and what it was
/// (a cell's index path, or a supplementary view's kind and index path) for the delegate.
struct CollectionLeavingView {
    let view: UICollectionReusableView
    let attributes: UICollectionViewLayoutAttributes
    let indexPath: IndexPath
    /// The kind of a supplementary view; nil for a cell.
    let kind: String?
}

/// Changes to the items, animated as UIKit animates them: the views on screen move from where
/// they were to where the layout now puts them, inserted items come in from the layout's
/// `initialLayoutAttributesForAppearingItem(at:)` (by default their final place, fading in
/// from alpha 0) and deleted ones go to its `finalLayoutAttributesForDisappearingItem(at:)` (by
/// default fading out where they were), all in one `UIView` animation block of 0.3 s eased in
/// and out (UIKit's duration is close to it; this one is this module's, the table view's).
/// Items that move in from off screen start where they were; items that move off screen go to
/// their new place and are then reused. Changes in ``UICollectionView/performBatchUpdates(_:completion:)``
/// animate together, with deletions read in the old index paths and insertions in the new
/// ones, as UIKit reads them; a change made outside a batch is a batch of its own. The
/// completion runs once, when the animations end. When the data source's new counts do not
/// match the changes, the collection view traps with UIKit's message.
///
/// Differences from UIKit: supplementary views of sections that stay move to their new places,
/// and those of inserted, deleted or reloaded sections fade; a section cannot be moved
/// (`moveSection(_:toSection:)` is not there).
extension UICollectionView {
    /// The duration of update and layout-change animations.
    static let updateDuration: TimeInterval = 0.3

    /// Runs `updates` (the data source's changes and the collection view's insert, delete, move
    /// and reload calls) as one animated batch; `completion` gets true when its animations end.
    public func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        beginCollectingUpdates()
        updates?()
        if let completion { pendingUpdates?.completions.append(completion) }
        endCollectingUpdates()
    }

    public func insertItems(at indexPaths: [IndexPath]) {
        record { batch in
            for path in indexPaths {
                batch.insertedItems.insert(path)
                batch.items.append(UICollectionViewUpdateItem(.insert, before: nil, after: path))
            }
        }
    }

    public func deleteItems(at indexPaths: [IndexPath]) {
        record { batch in
            for path in indexPaths {
                batch.deletedItems.insert(path)
                batch.items.append(UICollectionViewUpdateItem(.delete, before: path, after: nil))
            }
        }
    }

    public func reloadItems(at indexPaths: [IndexPath]) {
        record { batch in
            for path in indexPaths {
                batch.reloadedItems.insert(path)
                batch.items.append(UICollectionViewUpdateItem(.reload, before: path, after: path))
            }
        }
    }

    public func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {
        record { batch in
            batch.movedItems[indexPath] = newIndexPath
            batch.items.append(UICollectionViewUpdateItem(.move, before: indexPath, after: newIndexPath))
        }
    }

    public func insertSections(_ sections: IndexSet) {
        record { batch in
            for section in sections {
                batch.insertedSections.insert(section)
                let path = IndexPath(item: NSNotFound, section: section)
                batch.items.append(UICollectionViewUpdateItem(.insert, before: nil, after: path))
            }
        }
    }

    public func deleteSections(_ sections: IndexSet) {
        record { batch in
            for section in sections {
                batch.deletedSections.insert(section)
                let path = IndexPath(item: NSNotFound, section: section)
                batch.items.append(UICollectionViewUpdateItem(.delete, before: path, after: nil))
            }
        }
    }

    public func reloadSections(_ sections: IndexSet) {
        record { batch in
            for section in sections {
                let path = IndexPath(item: NSNotFound, section: section)
                batch.reloadedSections.insert(section)
                batch.items.append(UICollectionViewUpdateItem(.reload, before: path, after: path))
            }
        }
    }

    private func beginCollectingUpdates() {
        if updateDepth == 0, pendingUpdates == nil { pendingUpdates = CollectionUpdates() }
        updateDepth += 1
    }

    private func endCollectingUpdates() {
        updateDepth -= 1
        guard updateDepth == 0, let updates = pendingUpdates else { return }
        pendingUpdates = nil
        applyUpdates(updates)
    }

    /// Adds a change to the batch being collected, or applies it alone.
    private func record(_ change: (inout CollectionUpdates) -> Void) {
        beginCollectingUpdates()
        var batch = pendingUpdates ?? CollectionUpdates()
        change(&batch)
        pendingUpdates = batch
        endCollectingUpdates()
    }

    // MARK: Applying a batch

    private func applyUpdates(_ updates: CollectionUpdates) {
        guard !needsReload else {
            // A collection view never laid out has nothing on screen to animate: it reads its
            // items afresh.
            reloadModel()
            layoutIfNeeded()
            for completion in updates.completions { completion(true) }
            return
        }
        let layout = layoutStorage
        let oldCounts = itemCounts
        let newCounts = currentItemCounts()
        let sectionMap = mapSections(updates, old: oldCounts.count, new: newCounts.count)
        var itemMap: [IndexPath: IndexPath] = [:]
        for (old, new) in sectionMap where !updates.reloadedSections.contains(old) {
            itemMap.merge(
                mapItems(updates, oldSection: old, newSection: new, oldCount: oldCounts[old], newCount: newCounts[new])
            ) { $1 }
        }
        // Reloaded items (and those of reloaded sections) go and come like deleted and inserted ones.
        var newPathOf: [IndexPath: IndexPath] = [:]
        for (old, new) in itemMap where !updates.reloadedItems.contains(old) { newPathOf[old] = new }
        var oldPathOf: [IndexPath: IndexPath] = [:]
        for (old, new) in newPathOf { oldPathOf[new] = old }
        var disappearing = Set<IndexPath>()
        for (section, count) in oldCounts.enumerated() {
            for item in 0..<count where newPathOf[IndexPath(item: item, section: section)] == nil {
                disappearing.insert(IndexPath(item: item, section: section))
            }
        }
        var appearing = Set<IndexPath>()
        for (section, count) in newCounts.enumerated() {
            for item in 0..<count where oldPathOf[IndexPath(item: item, section: section)] == nil {
                appearing.insert(IndexPath(item: item, section: section))
            }
        }
        // Where the items were, for those that come on screen from off it (the layout still
        // holds the old places).
        let oldAttributes = cellAttributesBeforeUpdate()
        let insertedOrReloadedSections = updates.insertedSections.union(updates.reloadedSections)

        // The views that stay (by new index path, with their old one) and those that go.
        var staying: [IndexPath: UICollectionViewCell] = [:]
        var stayingOldPath: [IndexPath: IndexPath] = [:]
        var deletedCells: [(IndexPath, UICollectionViewCell)] = []
        for (oldPath, cell) in visibleCellsByPath {
            if let newPath = newPathOf[oldPath] {
                staying[newPath] = cell
                stayingOldPath[newPath] = oldPath
            } else {
                deletedCells.append((oldPath, cell))
            }
        }
        var keptSupplementaries: [CollectionElementKey: UICollectionReusableView] = [:]
        var removedSupplementaries: [(CollectionElementKey, UICollectionReusableView)] = []
        for (key, view) in visibleSupplementaries {
            let oldSection = key.indexPath.section
            if let section = sectionMap[oldSection], !updates.reloadedSections.contains(oldSection) {
                var path = key.indexPath
                path.section = section
                keptSupplementaries[CollectionElementKey(kind: key.kind, indexPath: path)] = view
            } else {
                removedSupplementaries.append((key, view))
            }
        }
        selectedPaths = selectedPaths.compactMap { itemMap[$0] }
        itemCounts = newCounts
        visibleCellsByPath = staying
        visibleSupplementaries = keptSupplementaries

        // The layout learns the new counts and prepares.
        layout.itemsWillUpdate(newPathOf: newPathOf, appearing: appearing, disappearing: disappearing)
        let context = layout.makeInvalidationContext()
        context.invalidatesEverything = true
        context.invalidatesDataSourceCounts = true
        layout.invalidateLayout(with: context)
        layoutIsValid = false
        prepareLayoutIfNeeded()
        layout.prepare(forCollectionViewUpdates: updates.items)
        let target = clampedOffset(layout.targetContentOffset(forProposedContentOffset: clampedOffset(contentOffset)))
        if target != contentOffset { UIView.performWithoutAnimation { contentOffset = target } }
        prepareLayoutIfNeeded()

        // What goes: deleted cells to the layout's final attributes (else fading where they
        // are), cells that stay but move off screen to their new places.
        var leaving: [CollectionLeavingView] = []
        for (oldPath, cell) in deletedCells {
            let end =
                layout.finalLayoutAttributesForDisappearingItem(at: oldPath)
                ?? attributesShown(by: cell, at: oldPath).fadedCopy()
            leaving.append(CollectionLeavingView(view: cell, attributes: end, indexPath: oldPath, kind: nil))
        }
        let upcoming = elementAttributes(in: bounds)
        for (newPath, cell) in staying where upcoming.cells[newPath] == nil {
            visibleCellsByPath[newPath] = nil
            let oldPath = stayingOldPath[newPath] ?? newPath
            let end =
                layout.finalLayoutAttributesForDisappearingItem(at: oldPath)
                ?? layout.layoutAttributesForItem(at: newPath) ?? attributesShown(by: cell, at: newPath)
            leaving.append(CollectionLeavingView(view: cell, attributes: end, indexPath: newPath, kind: nil))
        }
        for (key, view) in removedSupplementaries {
            let end =
                layout.finalLayoutAttributesForDisappearingSupplementaryElement(ofKind: key.kind, at: key.indexPath)
                ?? attributesShown(by: view, at: key.indexPath).fadedCopy()
            leaving.append(CollectionLeavingView(view: view, attributes: end, indexPath: key.indexPath, kind: key.kind))
        }

        // What comes: the views that come on screen start where the layout or their old place
        // says, without animation.
        var shown = CollectionVisibleElements()
        let supplementariesBefore = Set(visibleSupplementaries.keys)
        UIView.performWithoutAnimation {
            shown = realizeVisibleElements()
            for (path, attributes) in shown.cells where staying[path] == nil {
                guard let cell = visibleCellsByPath[path] else { continue }
                let start: UICollectionViewLayoutAttributes
                if let initial = layout.initialLayoutAttributesForAppearingItem(at: path) {
                    start = initial
                } else if let old = oldPathOf[path] {
                    start = oldAttributes[old] ?? attributes
                } else {
                    start = attributes.fadedCopy()
                }
                applyAttributes(start, to: cell)
            }
            for (key, attributes) in shown.supplementaries where !supplementariesBefore.contains(key) {
                guard let view = visibleSupplementaries[key] else { continue }
                if let initial = layout.initialLayoutAttributesForAppearingSupplementaryElement(
                    ofKind: key.kind, at: key.indexPath)
                {
                    applyAttributes(initial, to: view)
                } else if insertedOrReloadedSections.contains(key.indexPath.section) {
                    applyAttributes(attributes.fadedCopy(), to: view)
                }
            }
        }
        let settled = shown
        let gone = leaving
        UIView.animate(withDuration: Self.updateDuration, delay: 0, options: [.curveEaseInOut]) {
            self.applyAttributes(of: settled)
            for item in gone { self.applyAttributes(item.attributes, to: item.view) }
            layout.finalizeCollectionViewUpdates()
        } completion: { finished in
            for item in gone { self.finishLeaving(item) }
            for completion in updates.completions { completion(finished) }
        }
    }

    /// A view that went off screen in a batch of updates goes to its pool, unless it is on
    /// screen again.
    private func finishLeaving(_ item: CollectionLeavingView) {
        if let kind = item.kind {
            guard !visibleSupplementaries.values.contains(where: { $0 === item.view }) else { return }
            endDisplaying(supplementary: item.view, CollectionElementKey(kind: kind, indexPath: item.indexPath))
        } else if let cell = item.view as? UICollectionViewCell {
            guard !visibleCellsByPath.values.contains(where: { $0 === cell }) else { return }
            endDisplaying(cell, at: item.indexPath)
        }
    }

    /// The attributes a view on screen shows now, for an element at `indexPath`.
    private func attributesShown(
        by view: UICollectionReusableView, at indexPath: IndexPath
    ) -> UICollectionViewLayoutAttributes {
        let attributes = UICollectionViewLayoutAttributes(forCellWith: indexPath)
        attributes.size = view.bounds.size
        attributes.center = view.center
        attributes.transform3D = view.transform3D
        attributes.alpha = view.alpha
        attributes.zIndex = Int(view.layer.zPosition)
        attributes.isHidden = view.isHidden
        return attributes
    }

    /// The layout's attributes of every cell in and around the content, before it learns of
    /// the updates.
    private func cellAttributesBeforeUpdate() -> [IndexPath: UICollectionViewLayoutAttributes] {
        let margin = CGSize(width: max(bounds.width, 1), height: max(bounds.height, 1))
        let rect = CGRect(
            x: min(0, contentOffset.x) - margin.width, y: min(0, contentOffset.y) - margin.height,
            width: max(contentSize.width, contentOffset.x + bounds.width) + 3 * margin.width,
            height: max(contentSize.height, contentOffset.y + bounds.height) + 3 * margin.height)
        var found: [IndexPath: UICollectionViewLayoutAttributes] = [:]
        for attributes in layoutStorage.layoutAttributesForElements(in: rect) ?? []
        where attributes.representedElementCategory == .cell {
            found[attributes.indexPath] = attributes
        }
        return found
    }

    /// The old sections that stay, each to its new index; traps when the counts disagree.
    private func mapSections(_ updates: CollectionUpdates, old: Int, new: Int) -> [Int: Int] {
        let deleted = updates.deletedSections
        let inserted = updates.insertedSections
        guard new == old - deleted.count + inserted.count else {
            fatalError(
                "UICollectionView: Invalid update: invalid number of sections. The number of sections contained in the collection view after the update (\(new)) must be equal to the number of sections contained in the collection view before the update (\(old)), plus or minus the number of sections inserted or deleted (\(inserted.count) inserted, \(deleted.count) deleted)."
            )
        }
        let stayingOld = (0..<old).filter { !deleted.contains($0) }
        let stayingNew = (0..<new).filter { !inserted.contains($0) }
        var map: [Int: Int] = [:]
        for (from, to) in zip(stayingOld, stayingNew) { map[from] = to }
        return map
    }

    /// The items of an old section that stay, each to its new index path; traps with UIKit's
    /// message when the new count is not the old one with the changes.
    private func mapItems(
        _ updates: CollectionUpdates, oldSection: Int, newSection: Int, oldCount: Int, newCount: Int
    ) -> [IndexPath: IndexPath] {
        let deleted = Set(updates.deletedItems.filter { $0.count == 2 && $0.section == oldSection }.map(\.item))
        let inserted = Set(updates.insertedItems.filter { $0.count == 2 && $0.section == newSection }.map(\.item))
        let movedOut = updates.movedItems.filter { $0.key.count == 2 && $0.key.section == oldSection }
        let movedIn = updates.movedItems.filter { $0.value.count == 2 && $0.value.section == newSection }
        let expected = oldCount - deleted.count + inserted.count - movedOut.count + movedIn.count
        guard newCount == expected else {
            fatalError(
                "UICollectionView: Invalid update: invalid number of items in section \(newSection). The number of items contained in an existing section after the update (\(newCount)) must be equal to the number of items contained in that section before the update (\(oldCount)), plus or minus the number of items inserted or deleted from that section (\(inserted.count) inserted, \(deleted.count) deleted) and plus or minus the number of items moved into or out of that section (\(movedIn.count) moved in, \(movedOut.count) moved out)."
            )
        }
        let outItems = Set(movedOut.keys.map(\.item))
        let inItems = Set(movedIn.values.map(\.item))
        let stayingOld = (0..<oldCount).filter { !deleted.contains($0) && !outItems.contains($0) }
        let stayingNew = (0..<newCount).filter { !inserted.contains($0) && !inItems.contains($0) }
        var map: [IndexPath: IndexPath] = [:]
        for (old, new) in zip(stayingOld, stayingNew) {
            map[IndexPath(item: old, section: oldSection)] = IndexPath(item: new, section: newSection)
        }
        for (from, to) in movedOut { map[from] = to }
        return map
    }
}
