import Foundation

/// What is where in a table: its counts, its rows' cells and rectangles, and scrolling to a row.
extension UITableView {
    /// The number of sections at the last reload or update.
    public var numberOfSections: Int {
        layOutIfReloadPending()
        return rowCounts.count
    }

    /// The number of rows in `section` at the last reload or update.
    public func numberOfRows(inSection section: Int) -> Int {
        layOutIfReloadPending()
        guard rowCounts.indices.contains(section) else {
            fatalError("UITableView.numberOfRows(inSection:): section \(section) is out of bounds (\(rowCounts.count) sections)")
        }
        return rowCounts[section]
    }

    func layOutIfReloadPending() {
        if needsReload { reloadModel() }
    }

    /// The cell of a row on screen, nil for a row off screen.
    public func cellForRow(at indexPath: IndexPath) -> UITableViewCell? {
        visibleCellsByPath[indexPath]
    }

    /// The cells on screen, top to bottom.
    public var visibleCells: [UITableViewCell] {
        (indexPathsForVisibleRows ?? []).compactMap { visibleCellsByPath[$0] }
    }

    /// The rows on screen, top to bottom.
    public var indexPathsForVisibleRows: [IndexPath]? {
        visibleCellsByPath.keys.sorted()
    }

    /// The row a cell on screen shows.
    public func indexPath(for cell: UITableViewCell) -> IndexPath? {
        visibleCellsByPath.first { $0.value === cell }?.key
    }

    /// The row at `point` (the table's coordinates).
    public func indexPathForRow(at point: CGPoint) -> IndexPath? {
        layOutIfReloadPending()
        return geometry.row(at: point.y)
    }

    /// A row's rectangle in the table's coordinates.
    public func rectForRow(at indexPath: IndexPath) -> CGRect {
        layOutIfReloadPending()
        guard geometry.contains(indexPath) else { return .zero }
        return geometry.rowRect(indexPath, width: bounds.width)
    }

    /// A section's rectangle: its header, rows and footer.
    public func rect(forSection section: Int) -> CGRect {
        layOutIfReloadPending()
        guard geometry.sections.indices.contains(section) else { return .zero }
        let part = geometry.sections[section]
        return CGRect(x: 0, y: part.top, width: bounds.width, height: part.height)
    }

    /// The header view of a section on screen.
    public func headerView(forSection section: Int) -> UITableViewHeaderFooterView? {
        visibleHeaders[section] as? UITableViewHeaderFooterView
    }

    /// The footer view of a section on screen.
    public func footerView(forSection section: Int) -> UITableViewHeaderFooterView? {
        visibleFooters[section] as? UITableViewHeaderFooterView
    }

    /// Scrolls so that the row rests at `scrollPosition` (`.none`: the least that shows it).
    public func scrollToRow(at indexPath: IndexPath, at scrollPosition: ScrollPosition, animated: Bool) {
        layOutIfReloadPending()
        guard geometry.contains(indexPath) else {
            fatalError("UITableView.scrollToRow: row \(indexPath.row) in section \(indexPath.section) does not exist")
        }
        let rect = geometry.rowRect(indexPath, width: bounds.width)
        var y: CGFloat
        switch scrollPosition {
        case .top: y = rect.minY
        case .middle: y = rect.midY - bounds.height / 2
        case .bottom: y = rect.maxY - bounds.height
        case .none:
            scrollRectToVisible(rect, animated: animated)
            return
        }
        let inset = adjustedContentInset
        y = min(max(y, -inset.top), max(-inset.top, geometry.contentHeight + inset.bottom - bounds.height))
        setContentOffset(CGPoint(x: contentOffset.x, y: y), animated: animated)
    }
}
