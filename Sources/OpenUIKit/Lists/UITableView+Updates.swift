import Foundation

/// The rows and sections inserted, deleted, reloaded and moved in one batch.
struct TableUpdates {
    var insertedRows: [IndexPath: UITableView.RowAnimation] = [:]
    var deletedRows: [IndexPath: UITableView.RowAnimation] = [:]
    var reloadedRows: [IndexPath: UITableView.RowAnimation] = [:]
    var movedRows: [IndexPath: IndexPath] = [:]
    var insertedSections: [Int: UITableView.RowAnimation] = [:]
    var deletedSections: [Int: UITableView.RowAnimation] = [:]
    var reloadedSections: [Int: UITableView.RowAnimation] = [:]
    var completions: [(Bool) -> Void] = []
}

/// Changes to the rows, animated as UIKit animates them: the rows that stay slide to their new
/// places, inserted rows come in and deleted ones go out by their ``UITableView/RowAnimation``
/// (`.fade` and `.automatic` fade, `.left`/`.right` slide sideways, `.top`/`.bottom` slide by
/// their height, `.middle` fades, `.none` appears or goes at once), all over 0.3 s eased in and
/// out (UIKit's figure is close to it; this one is this module's). Updates between
/// ``UITableView/beginUpdates()`` and ``UITableView/endUpdates()``, or in
/// ``UITableView/performBatchUpdates(_:completion:)``, animate together, with deletions read in
/// the old rows' index paths and insertions in the new ones', as UIKit reads them. When the
/// data source's new counts do not match the changes, the table traps with UIKit's message.
extension UITableView {
    /// The duration of row updates.
    static let updateDuration: TimeInterval = 0.3

    public func beginUpdates() {
        if updateDepth == 0, pendingUpdates == nil { pendingUpdates = TableUpdates() }
        updateDepth += 1
    }

    public func endUpdates() {
        guard updateDepth > 0 else { fatalError("UITableView.endUpdates: called without a matching beginUpdates()") }
        updateDepth -= 1
        guard updateDepth == 0, let updates = pendingUpdates else { return }
        pendingUpdates = nil
        apply(updates)
    }

    /// Runs `updates` (the data source's changes and the table's insert/delete/move/reload
    /// calls) as one animated batch; `completion` gets true when its animations end.
    public func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        beginUpdates()
        updates?()
        if let completion { pendingUpdates?.completions.append(completion) }
        endUpdates()
    }

    public func insertRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        record { for path in indexPaths { $0.insertedRows[path] = animation } }
    }

    public func deleteRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        record { for path in indexPaths { $0.deletedRows[path] = animation } }
    }

    public func reloadRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        record { for path in indexPaths { $0.reloadedRows[path] = animation } }
    }

    public func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) {
        record { $0.movedRows[indexPath] = newIndexPath }
    }

    public func insertSections(_ sections: IndexSet, with animation: RowAnimation) {
        record { for section in sections { $0.insertedSections[section] = animation } }
    }

    public func deleteSections(_ sections: IndexSet, with animation: RowAnimation) {
        record { for section in sections { $0.deletedSections[section] = animation } }
    }

    public func reloadSections(_ sections: IndexSet, with animation: RowAnimation) {
        record { for section in sections { $0.reloadedSections[section] = animation } }
    }

    /// Adds a change to the batch being collected, or applies it alone.
    private func record(_ change: (inout TableUpdates) -> Void) {
        beginUpdates()
        change(&pendingUpdates!)
        endUpdates()
    }

    // MARK: Applying a batch

    private func apply(_ updates: TableUpdates) {
        guard !needsReload else {
            // A table never laid out has nothing on screen to animate: it reads its rows afresh.
            reloadModel()
            layoutIfNeeded()
            for completion in updates.completions { completion(true) }
            return
        }
        let oldCounts = rowCounts
        let newCounts = currentRowCounts()
        let sectionMap = mapSections(updates, old: oldCounts.count, new: newCounts.count)
        var rowMap: [IndexPath: IndexPath] = [:]
        for (old, new) in sectionMap where updates.reloadedSections[old] == nil {
            rowMap.merge(mapRows(updates, oldSection: old, newSection: new, oldCount: oldCounts[old], newCount: newCounts[new])) { $1 }
        }
        let reloaded = Set(updates.reloadedRows.keys)

        // What stays, what goes, what comes.
        let oldGeometry = geometry
        let oldVisible = visibleCellsByPath
        var leaving: [(UITableViewCell, RowAnimation)] = []
        var staying: [IndexPath: UITableViewCell] = [:]
        for (oldPath, cell) in oldVisible {
            if let newPath = rowMap[oldPath], !reloaded.contains(oldPath) {
                staying[newPath] = cell
            } else {
                let animation = updates.deletedRows[oldPath] ?? updates.reloadedRows[oldPath]
                    ?? updates.deletedSections[oldPath.section] ?? updates.reloadedSections[oldPath.section] ?? .fade
                leaving.append((cell, animation))
            }
        }
        var measured: [IndexPath: CGFloat] = [:]
        for (oldPath, height) in measuredHeights where !reloaded.contains(oldPath) {
            if let newPath = rowMap[oldPath] { measured[newPath] = height }
        }
        measuredHeights = measured
        selectedPaths = selectedPaths.compactMap { rowMap[$0] }
        var oldPathOf: [IndexPath: IndexPath] = [:]
        for (old, new) in rowMap where !reloaded.contains(old) { oldPathOf[new] = old }
        var headers: [Int: UIView] = [:]
        var footers: [Int: UIView] = [:]
        for (old, view) in visibleHeaders {
            if let new = sectionMap[old], updates.reloadedSections[old] == nil { headers[new] = view } else { view.removeFromSuperview() }
        }
        for (old, view) in visibleFooters {
            if let new = sectionMap[old], updates.reloadedSections[old] == nil { footers[new] = view } else { view.removeFromSuperview() }
        }
        visibleHeaders = headers
        visibleFooters = footers
        rowCounts = newCounts
        visibleCellsByPath = staying
        geometry = makeGeometry(rowCounts: newCounts) { [measured] path in measured[path] }
        contentSize = CGSize(width: bounds.width, height: geometry.contentHeight)
        let range = offsetRange
        if contentOffset.y > range.max.y { contentOffset.y = range.max.y }

        // The cells that come on screen start where they were, or as their animation says.
        let width = bounds.width
        var arriving: [(UITableViewCell, CGRect, RowAnimation?)] = []
        let stayingFrames = staying.mapValues(\.frame)
        UIView.performWithoutAnimation {
            placeVisibleRows()
            for (path, cell) in visibleCellsByPath where staying[path] == nil {
                let final = geometry.rowRect(path, width: width)
                if let old = oldPathOf[path], oldGeometry.contains(old) {
                    cell.frame = oldGeometry.rowRect(old, width: width)
                    arriving.append((cell, final, nil))
                } else {
                    let animation = updates.insertedRows[path] ?? updates.reloadedRows[oldPathOf[path] ?? path]
                        ?? updates.insertedSections[path.section] ?? .fade
                    cell.frame = Self.outside(final, by: animation, width: width)
                    cell.alpha = Self.fades(animation) ? 0 : 1
                    arriving.append((cell, final, animation))
                }
            }
            for (path, cell) in staying { cell.frame = stayingFrames[path] ?? cell.frame }
        }
        for (cell, animation) in leaving where animation == .none { enqueue(cell) }
        let animatedLeaving = leaving.filter { $0.1 != .none }
        UIView.animate(withDuration: Self.updateDuration, delay: 0, options: [.curveEaseInOut]) {
            for (cell, final, _) in arriving {
                cell.frame = final
                cell.alpha = 1
            }
            for (path, cell) in staying { cell.frame = self.geometry.rowRect(path, width: width) }
            for (cell, animation) in animatedLeaving {
                cell.frame = Self.outside(cell.frame, by: animation, width: width)
                if Self.fades(animation) { cell.alpha = 0 }
            }
            self.placeVisibleRows()
        } completion: { finished in
            for (cell, _) in animatedLeaving where !self.visibleCellsByPath.values.contains(where: { $0 === cell }) {
                self.enqueue(cell)
            }
            for completion in updates.completions { completion(finished) }
        }
    }

    /// Where a row going out (or coming in) by `animation` is, off its place `frame`.
    static func outside(_ frame: CGRect, by animation: RowAnimation, width: CGFloat) -> CGRect {
        switch animation {
        case .left: frame.offsetBy(dx: -width, dy: 0)
        case .right: frame.offsetBy(dx: width, dy: 0)
        case .top: frame.offsetBy(dx: 0, dy: -frame.height)
        case .bottom: frame.offsetBy(dx: 0, dy: frame.height)
        case .fade, .none, .middle, .automatic: frame
        }
    }

    /// Whether a row comes and goes by fading.
    static func fades(_ animation: RowAnimation) -> Bool {
        switch animation {
        case .fade, .middle, .automatic: true
        case .left, .right, .top, .bottom, .none: false
        }
    }

    /// The old sections that stay, each to its new index; traps when the counts disagree.
    private func mapSections(_ updates: TableUpdates, old: Int, new: Int) -> [Int: Int] {
        let deleted = Set(updates.deletedSections.keys)
        let inserted = Set(updates.insertedSections.keys)
        guard new == old - deleted.count + inserted.count else {
            fatalError(
                "UITableView: Invalid update: invalid number of sections. The number of sections contained in the table view after the update (\(new)) must be equal to the number of sections contained in the table view before the update (\(old)), plus or minus the number of sections inserted or deleted (\(inserted.count) inserted, \(deleted.count) deleted)."
            )
        }
        let stayingOld = (0..<old).filter { !deleted.contains($0) }
        let stayingNew = (0..<new).filter { !inserted.contains($0) }
        return Dictionary(uniqueKeysWithValues: zip(stayingOld, stayingNew))
    }

    /// The rows of an old section that stay, each to its new index path; traps with UIKit's
    /// message when the new count is not the old one with the changes.
    private func mapRows(
        _ updates: TableUpdates, oldSection: Int, newSection: Int, oldCount: Int, newCount: Int
    ) -> [IndexPath: IndexPath] {
        let deleted = Set(updates.deletedRows.keys.filter { $0.section == oldSection }.map(\.row))
        let inserted = Set(updates.insertedRows.keys.filter { $0.section == newSection }.map(\.row))
        let movedOut = updates.movedRows.filter { $0.key.section == oldSection }
        let movedIn = updates.movedRows.filter { $0.value.section == newSection }
        let expected = oldCount - deleted.count + inserted.count - movedOut.count + movedIn.count
        guard newCount == expected else {
            fatalError(
                "UITableView: Invalid update: invalid number of rows in section \(newSection). The number of rows contained in an existing section after the update (\(newCount)) must be equal to the number of rows contained in that section before the update (\(oldCount)), plus or minus the number of rows inserted or deleted from that section (\(inserted.count) inserted, \(deleted.count) deleted) and plus or minus the number of rows moved into or out of that section (\(movedIn.count) moved in, \(movedOut.count) moved out)."
            )
        }
        let outRows = Set(movedOut.keys.map(\.row))
        let inRows = Set(movedIn.values.map(\.row))
        let stayingOld = (0..<oldCount).filter { !deleted.contains($0) && !outRows.contains($0) }
        let stayingNew = (0..<newCount).filter { !inserted.contains($0) && !inRows.contains($0) }
        var map: [IndexPath: IndexPath] = [:]
        for (old, new) in zip(stayingOld, stayingNew) {
            map[IndexPath(row: old, section: oldSection)] = IndexPath(row: new, section: newSection)
        }
        for (from, to) in movedOut { map[from] = to }
        return map
    }
}
