import Foundation

/// What is where in a collection view: its counts, its items' cells and attributes, and
/// scrolling to an item.
extension UICollectionView {
    /// The number of sections at the last reload or update.
    public var numberOfSections: Int {
        if needsReload { reloadModel() }
        return itemCounts.count
    }

    /// The number of items in `section` at the last reload or update.
    public func numberOfItems(inSection section: Int) -> Int {
        if needsReload { reloadModel() }
        guard itemCounts.indices.contains(section) else {
            fatalError(
                "UICollectionView.numberOfItems(inSection:): section \(section) is out of bounds (\(itemCounts.count) sections)"
            )
        }
        return itemCounts[section]
    }

    /// The cell of an item on screen; nil for an item off screen.
    public func cellForItem(at indexPath: IndexPath) -> UICollectionViewCell? {
        visibleCellsByPath[indexPath]
    }

    /// The cells on screen, in the order of their index paths.
    public var visibleCells: [UICollectionViewCell] {
        indexPathsForVisibleItems.compactMap { visibleCellsByPath[$0] }
    }

    /// The items on screen, in order.
    public var indexPathsForVisibleItems: [IndexPath] {
        visibleCellsByPath.keys.sorted()
    }

    /// The item a cell on screen shows.
    public func indexPath(for cell: UICollectionViewCell) -> IndexPath? {
        visibleCellsByPath.first { $0.value === cell }?.key
    }

    /// The item whose attributes' frame contains `point` (the collection view's coordinates),
    /// the one with the highest `zIndex` where several do; hidden items are passed over.
    public func indexPathForItem(at point: CGPoint) -> IndexPath? {
        prepareLayoutIfNeeded()
        let probe = CGRect(x: point.x, y: point.y, width: 1, height: 1)
        var found: UICollectionViewLayoutAttributes?
        for attributes in collectionViewLayout.layoutAttributesForElements(in: probe) ?? [] {
            let frame = attributes.frame
            guard attributes.representedElementCategory == .cell, !attributes.isHidden,
                frame.minX <= point.x, point.x < frame.maxX, frame.minY <= point.y, point.y < frame.maxY,
                containsItem(attributes.indexPath)
            else { continue }
            if let best = found, best.zIndex >= attributes.zIndex { continue }
            found = attributes
        }
        return found?.indexPath
    }

    /// The layout's attributes of the item at `indexPath`.
    public func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        prepareLayoutIfNeeded()
        return collectionViewLayout.layoutAttributesForItem(at: indexPath)
    }

    /// The layout's attributes of the supplementary view of `kind` at `indexPath`.
    public func layoutAttributesForSupplementaryElement(
        ofKind kind: String, at indexPath: IndexPath
    ) -> UICollectionViewLayoutAttributes? {
        prepareLayoutIfNeeded()
        return collectionViewLayout.layoutAttributesForSupplementaryView(ofKind: kind, at: indexPath)
    }

    /// The supplementary views of `elementKind` on screen, in the order of their index paths.
    public func visibleSupplementaryViews(ofKind elementKind: String) -> [UICollectionReusableView] {
        indexPathsForVisibleSupplementaryElements(ofKind: elementKind).compactMap {
            visibleSupplementaries[CollectionElementKey(kind: elementKind, indexPath: $0)]
        }
    }

    /// The index paths of the supplementary views of `elementKind` on screen, in order.
    public func indexPathsForVisibleSupplementaryElements(ofKind elementKind: String) -> [IndexPath] {
        visibleSupplementaries.keys.filter { $0.kind == elementKind }.map(\.indexPath).sorted()
    }

    /// The supplementary view of `elementKind` at `indexPath` when it is on screen.
    public func supplementaryView(
        forElementKind elementKind: String, at indexPath: IndexPath
    ) -> UICollectionReusableView? {
        visibleSupplementaries[CollectionElementKey(kind: elementKind, indexPath: indexPath)]
    }

    /// Scrolls so that the item rests at `scrollPosition` on each axis it names (inside the
    /// adjusted content inset, and within the content's range); an empty position scrolls the
    /// least that shows the item. Traps for an item that does not exist.
    public func scrollToItem(at indexPath: IndexPath, at scrollPosition: ScrollPosition, animated: Bool) {
        prepareLayoutIfNeeded()
        guard containsItem(indexPath), let attributes = collectionViewLayout.layoutAttributesForItem(at: indexPath)
        else {
            fatalError("UICollectionView.scrollToItem: \(Self.describe(indexPath)) does not exist")
        }
        let frame = attributes.frame
        let vertical: ScrollPosition = [.top, .centeredVertically, .bottom]
        let horizontal: ScrollPosition = [.left, .centeredHorizontally, .right]
        guard !scrollPosition.isDisjoint(with: vertical.union(horizontal)) else {
            scrollRectToVisible(frame, animated: animated)
            return
        }
        let inset = adjustedContentInset
        var offset = contentOffset
        if scrollPosition.contains(.top) {
            offset.y = frame.minY - inset.top
        } else if scrollPosition.contains(.centeredVertically) {
            offset.y = frame.midY - inset.top - (bounds.height - inset.top - inset.bottom) / 2
        } else if scrollPosition.contains(.bottom) {
            offset.y = frame.maxY - bounds.height + inset.bottom
        }
        if scrollPosition.contains(.left) {
            offset.x = frame.minX - inset.left
        } else if scrollPosition.contains(.centeredHorizontally) {
            offset.x = frame.midX - inset.left - (bounds.width - inset.left - inset.right) / 2
        } else if scrollPosition.contains(.right) {
            offset.x = frame.maxX - bounds.width + inset.right
        }
        setContentOffset(clampedOffset(offset), animated: animated)
    }
}
