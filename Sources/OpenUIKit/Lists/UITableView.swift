import Foundation

/// Rows in sections, scrolled: UIKit's `UITableView`.
///
/// The table asks its ``dataSource`` for the number of rows and for the cells of the rows on
/// screen only, reusing the cells that scroll off (``dequeueReusableCell(withIdentifier:for:)``
/// with a class registered for the identifier). Row heights come from the delegate's
/// `tableView(_:heightForRowAt:)` or ``rowHeight``; with ``automaticDimension`` (the default) a
/// row is as tall as its cell's content asks — its constraints, or its standard labels — and
/// rows not yet shown count as ``estimatedRowHeight`` until they are. Cells lay out when the
/// table does (`layoutIfNeeded()`, or at the commit after a scroll).
///
/// A tap on a row highlights it while the finger is down and selects it when lifted, with the
/// delegate's `willSelectRowAt`/`didSelectRowAt`; ``selectRow(at:animated:scrollPosition:)``
/// and ``deselectRow(at:animated:)`` tell the delegate nothing, as on iOS. Inserting, deleting,
/// moving and reloading rows and sections animate (UITableView+Updates.swift).
///
/// Differences from UIKit: section headers scroll with the content (they do not float in the
/// plain style); the heights of titled headers and footers and of the grouped style's gaps
/// are this module's (28 points for a plain title, 38 for a grouped one, 18 between grouped
/// sections); there is no swipe to delete, index bar or drag and drop.
@preconcurrency @MainActor
open class UITableView: UIScrollView {
    /// How sections look.
    public enum Style: Int, Sendable {
        case plain, grouped, insetGrouped
    }

    /// Where a row scrolled to comes to rest.
    public enum ScrollPosition: Int, Sendable {
        case none, top, middle, bottom
    }

    /// How inserted and deleted rows come and go.
    public enum RowAnimation: Int, Sendable {
        case fade, right, left, top, bottom, none, middle
        case automatic = 100
    }

    /// A height the table works out itself.
    public static let automaticDimension: CGFloat = -1

    /// The style, fixed at creation.
    public let style: Style
    /// Gives the rows and their cells.
    open weak var dataSource: (any UITableViewDataSource)? {
        didSet { needsReload = true; setNeedsLayout() }
    }

    /// The height of rows the delegate gives none for (default ``automaticDimension``).
    open var rowHeight = UITableView.automaticDimension {
        didSet { needsReload = true; setNeedsLayout() }
    }
    /// The height counted for rows of automatic height not yet shown (default 44).
    open var estimatedRowHeight: CGFloat = 44
    /// The height of section headers the delegate gives none for (default automatic).
    open var sectionHeaderHeight = UITableView.automaticDimension
    /// The height of section footers the delegate gives none for (default automatic).
    open var sectionFooterHeight = UITableView.automaticDimension
    /// The estimated heights of headers and footers (kept; heights here are exact).
    open var estimatedSectionHeaderHeight = UITableView.automaticDimension
    open var estimatedSectionFooterHeight = UITableView.automaticDimension

    /// The lines between rows.
    open var separatorStyle = UITableViewCell.SeparatorStyle.singleLine {
        didSet { setNeedsLayout() }
    }
    /// The lines' colour (UIKit's separator grey).
    open var separatorColor: UIColor? = .separator {
        didSet { setNeedsLayout() }
    }
    /// The lines' insets: 16 points from the leading edge.
    open var separatorInset = UIEdgeInsets(top: 0, left: 16, bottom: 0, right: 0) {
        didSet { setNeedsLayout() }
    }

    /// A view above the first section (its frame's height is kept).
    open var tableHeaderView: UIView? {
        didSet { replaceAccessoryView(oldValue, with: tableHeaderView) }
    }
    /// A view below the last section (its frame's height is kept).
    open var tableFooterView: UIView? {
        didSet { replaceAccessoryView(oldValue, with: tableFooterView) }
    }
    /// A view behind the rows, the size of the table.
    open var backgroundView: UIView? {
        didSet {
            oldValue?.removeFromSuperview()
            if let backgroundView { insertSubview(backgroundView, at: 0) }
            setNeedsLayout()
        }
    }

    /// Whether a tap selects a row.
    open var allowsSelection = true
    /// Whether more than one row can be selected.
    open var allowsMultipleSelection = false
    /// Whether the table is in editing mode (``setEditing(_:animated:)`` without animation).
    open var isEditing: Bool {
        get { editingStorage }
        set { setEditing(newValue, animated: false) }
    }
    private var editingStorage = false

    // The model: the rows counted at the last reload or update, their geometry, the cells on
    // screen and those waiting to be reused.
    var rowCounts: [Int] = []
    var geometry = TableGeometry()
    var needsReload = true
    /// Heights measured from cells, by row; cleared by a reload.
    var measuredHeights: [IndexPath: CGFloat] = [:]
    var visibleCellsByPath: [IndexPath: UITableViewCell] = [:]
    var visibleHeaders: [Int: UIView] = [:]
    var visibleFooters: [Int: UIView] = [:]
    var reusableCells: [String: [UITableViewCell]] = [:]
    var reusableHeaderFooters: [String: [UITableViewHeaderFooterView]] = [:]
    var cellClasses: [String: UITableViewCell.Type] = [:]
    var headerFooterClasses: [String: UITableViewHeaderFooterView.Type] = [:]
    var selectedPaths: [IndexPath] = []
    private var highlightedPath: IndexPath?
    /// Set while a batch of updates is being collected (UITableView+Updates.swift).
    var pendingUpdates: TableUpdates?
    var updateDepth = 0

    /// A table of `style`.
    public init(frame: CGRect, style: Style) {
        self.style = style
        super.init(frame: frame)
        backgroundColor = style == .plain ? .systemBackground : .systemGroupedBackground
    }

    public override convenience init(frame: CGRect) {
        self.init(frame: frame, style: .plain)
    }

    public required init?(coder: NSCoder) {
        style = .plain
        super.init(coder: coder)
    }

    /// The delegate as a table's delegate.
    var tableDelegate: (any UITableViewDelegate)? { delegate as? any UITableViewDelegate }

    open override var contentOffset: CGPoint {
        didSet { if contentOffset != oldValue { setNeedsLayout() } }
    }

    // MARK: Reloading

    /// Forgets every row and asks the data source again at the next layout.
    open func reloadData() {
        needsReload = true
        setNeedsLayout()
    }

    /// Counts the rows again and measures the headers and footers; the cells on screen go back
    /// to the reuse pools.
    func reloadModel() {
        needsReload = false
        for (path, cell) in visibleCellsByPath {
            tableDelegate?.tableView(self, didEndDisplaying: cell, forRowAt: path)
            enqueue(cell)
        }
        visibleCellsByPath = [:]
        for view in visibleHeaders.values { enqueue(headerOrFooter: view) }
        for view in visibleFooters.values { enqueue(headerOrFooter: view) }
        visibleHeaders = [:]
        visibleFooters = [:]
        measuredHeights = [:]
        selectedPaths = []
        rowCounts = currentRowCounts()
        geometry = makeGeometry(rowCounts: rowCounts) { _ in nil }
    }

    /// The number of rows in each section, as the data source says now.
    func currentRowCounts() -> [Int] {
        guard let dataSource else { return [] }
        let sections = dataSource.numberOfSections(in: self)
        guard sections >= 0 else { fatalError("UITableView: the data source gives \(sections) sections") }
        return (0..<sections).map { section in
            let rows = dataSource.tableView(self, numberOfRowsInSection: section)
            guard rows >= 0 else { fatalError("UITableView: the data source gives \(rows) rows in section \(section)") }
            return rows
        }
    }

    /// The geometry for `rowCounts`, a row's height taken from `knownHeight` when it gives one.
    func makeGeometry(rowCounts: [Int], knownHeight: (IndexPath) -> CGFloat?) -> TableGeometry {
        var made = TableGeometry()
        made.tableHeaderHeight = tableHeaderView?.frame.height ?? 0
        made.tableFooterHeight = tableFooterView?.frame.height ?? 0
        made.sections = rowCounts.enumerated().map { section, rows in
            TableGeometry.Section(
                headerHeight: supplementaryHeight(header: true, section: section), rowHeights: (0..<rows).map { row in
                    let path = IndexPath(row: row, section: section)
                    return knownHeight(path) ?? height(ofRow: path)
                }, footerHeight: supplementaryHeight(header: false, section: section))
        }
        made.stack()
        return made
    }

    /// A row's height: the delegate's or ``rowHeight``, else (automatic) what its cell measured,
    /// else the estimate.
    func height(ofRow path: IndexPath) -> CGFloat {
        let given = tableDelegate?.tableView(self, heightForRowAt: path) ?? rowHeight
        if given != UITableView.automaticDimension { return max(0, given) }
        return measuredHeights[path] ?? (estimatedRowHeight > 0 ? estimatedRowHeight : 44)
    }

    /// A section's header (or footer) height: the delegate's or the table's, else
    /// (automatic) the delegate's view's, else the title's row, else the style's gap.
    private func supplementaryHeight(header: Bool, section: Int) -> CGFloat {
        let given = header
            ? tableDelegate?.tableView(self, heightForHeaderInSection: section) ?? sectionHeaderHeight
            : tableDelegate?.tableView(self, heightForFooterInSection: section) ?? sectionFooterHeight
        if given != UITableView.automaticDimension { return max(0, given) }
        if let view = header
            ? tableDelegate?.tableView(self, viewForHeaderInSection: section)
            : tableDelegate?.tableView(self, viewForFooterInSection: section)
        {
            return fittingHeight(of: view)
        }
        let title = header
            ? dataSource?.tableView(self, titleForHeaderInSection: section)
            : dataSource?.tableView(self, titleForFooterInSection: section)
        switch style {
        case .plain: return title != nil ? 28 : 0
        case .grouped, .insetGrouped: return title != nil ? 38 : !header ? 0 : section == 0 ? 35 : 18
        }
    }

    private func fittingHeight(of view: UIView) -> CGFloat {
        if view.frame.height > 0 { return view.frame.height }
        return view.systemLayoutSizeFitting(
            CGSize(width: bounds.width, height: 0), withHorizontalFittingPriority: .required,
            verticalFittingPriority: .fittingSizeLevel
        ).height
    }

    private func replaceAccessoryView(_ old: UIView?, with new: UIView?) {
        old?.removeFromSuperview()
        if let new { addSubview(new) }
        needsReload = true
        setNeedsLayout()
    }

    // MARK: Layout

    open override func layoutSubviews() {
        super.layoutSubviews()
        if needsReload { reloadModel() }
        backgroundView?.frame = CGRect(origin: contentOffset, size: bounds.size)
        placeVisibleRows()
    }

    /// Puts the cells of the rows on screen in place, making the ones missing and reusing those
    /// gone. A row of automatic height is measured when its cell is first made, and the rows
    /// below move to match.
    func placeVisibleRows() {
        let width = bounds.width
        var needed = geometry.rows(from: bounds.minY, to: bounds.maxY)
        // Cells that left go back to the pools before new ones are asked for, so that they are
        // the ones handed out; measuring a row may move the rows after it, and a few passes
        // settle it.
        for _ in 0..<4 {
            recycleCells(notIn: Set(needed))
            var remeasured = false
            for path in needed where visibleCellsByPath[path] == nil {
                let cell = makeCell(for: path)
                visibleCellsByPath[path] = cell
                if measure(cell, at: path, width: width) { remeasured = true }
            }
            guard remeasured else { break }
            geometry = makeGeometry(rowCounts: rowCounts) { [measuredHeights] path in
                measuredHeights[path]
            }
            needed = geometry.rows(from: bounds.minY, to: bounds.maxY)
        }
        recycleCells(notIn: Set(needed))
        for path in needed {
            guard let cell = visibleCellsByPath[path] else { continue }
            cell.frame = geometry.rowRect(path, width: width)
            placeSeparator(of: cell)
            if cell.superview !== self {
                insertSubview(cell, at: backgroundView == nil ? 0 : 1)
                tableDelegate?.tableView(self, willDisplay: cell, forRowAt: path)
            }
        }
        contentSize = CGSize(width: width, height: geometry.contentHeight)
        tableHeaderView?.frame = CGRect(x: 0, y: 0, width: width, height: geometry.tableHeaderHeight)
        tableFooterView?.frame = CGRect(
            x: 0, y: geometry.contentHeight - geometry.tableFooterHeight, width: width, height: geometry.tableFooterHeight)
        placeHeadersAndFooters(width: width)
    }

    private func recycleCells(notIn needed: Set<IndexPath>) {
        for (path, cell) in visibleCellsByPath where !needed.contains(path) {
            visibleCellsByPath[path] = nil
            tableDelegate?.tableView(self, didEndDisplaying: cell, forRowAt: path)
            enqueue(cell)
        }
    }

    /// Records the height `cell` asks for at `path` when the row's height is automatic;
    /// answers whether it differs from what was counted.
    private func measure(_ cell: UITableViewCell, at path: IndexPath, width: CGFloat) -> Bool {
        let given = tableDelegate?.tableView(self, heightForRowAt: path) ?? rowHeight
        guard given == UITableView.automaticDimension, measuredHeights[path] == nil else { return false }
        let height = cell.fittingHeight(width: width)
        measuredHeights[path] = height
        return geometry.contains(path) && geometry.rowRect(path, width: width).height != height
    }

    /// The data source's cell for `path`, selected if its row is.
    func makeCell(for path: IndexPath) -> UITableViewCell {
        guard let dataSource else { fatalError("UITableView: a row needs a cell and the table has no data source") }
        let cell = dataSource.tableView(self, cellForRowAt: path)
        cell.setSelected(selectedPaths.contains(path), animated: false)
        cell.setEditing(isEditing, animated: false)
        return cell
    }

    private func placeSeparator(of cell: UITableViewCell) {
        let inset = cell.separatorInset ?? separatorInset
        let thickness = 1 / max(UIScreen.main.scale, 1)
        cell.separator.isHidden = separatorStyle == .none
        cell.separator.backgroundColor = separatorColor
        cell.separator.frame = CGRect(
            x: inset.left, y: cell.bounds.height - thickness, width: max(0, cell.bounds.width - inset.left - inset.right),
            height: thickness)
        cell.bringSubviewToFront(cell.separator)
    }

    private func placeHeadersAndFooters(width: CGFloat) {
        let visibleSections = geometry.sections.indices.filter { index in
            let section = geometry.sections[index]
            return section.top < bounds.maxY && section.top + section.height > bounds.minY
        }
        let shown = Set(visibleSections)
        for (section, view) in visibleHeaders where !shown.contains(section) {
            enqueue(headerOrFooter: view)
            visibleHeaders[section] = nil
        }
        for (section, view) in visibleFooters where !shown.contains(section) {
            enqueue(headerOrFooter: view)
            visibleFooters[section] = nil
        }
        for section in visibleSections {
            if geometry.sections[section].headerHeight > 0 {
                let view = visibleHeaders[section] ?? supplementaryView(header: true, section: section)
                visibleHeaders[section] = view
                if let view {
                    view.frame = geometry.headerRect(section, width: width)
                    if view.superview !== self { addSubview(view) }
                }
            }
            if geometry.sections[section].footerHeight > 0 {
                let view = visibleFooters[section] ?? supplementaryView(header: false, section: section)
                visibleFooters[section] = view
                if let view {
                    view.frame = geometry.footerRect(section, width: width)
                    if view.superview !== self { addSubview(view) }
                }
            }
        }
    }

    /// The delegate's header or footer view, else one showing the data source's title.
    private func supplementaryView(header: Bool, section: Int) -> UIView? {
        if let view = header
            ? tableDelegate?.tableView(self, viewForHeaderInSection: section)
            : tableDelegate?.tableView(self, viewForFooterInSection: section)
        {
            return view
        }
        let title = header
            ? dataSource?.tableView(self, titleForHeaderInSection: section)
            : dataSource?.tableView(self, titleForFooterInSection: section)
        guard let title else { return nil }
        let view = UITableViewHeaderFooterView(reuseIdentifier: nil)
        view.textLabel?.text = style == .plain || !header ? title : title.uppercased()
        if style == .plain && header { view.backgroundColor = .secondarySystemBackground }
        return view
    }

    // MARK: Selection

    /// The first selected row.
    open var indexPathForSelectedRow: IndexPath? { selectedPaths.sorted().first }
    /// The selected rows, in order; nil when none is.
    open var indexPathsForSelectedRows: [IndexPath]? { selectedPaths.isEmpty ? nil : selectedPaths.sorted() }

    /// Selects a row (deselecting the others unless several may be selected) and scrolls to it;
    /// the delegate hears nothing. Nil deselects every row.
    open func selectRow(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
        guard let indexPath else {
            for path in selectedPaths { deselectRow(at: path, animated: animated) }
            return
        }
        if !allowsMultipleSelection {
            for path in selectedPaths where path != indexPath { deselectRow(at: path, animated: animated) }
        }
        if !selectedPaths.contains(indexPath) { selectedPaths.append(indexPath) }
        visibleCellsByPath[indexPath]?.setSelected(true, animated: animated)
        if scrollPosition != .none { scrollToRow(at: indexPath, at: scrollPosition, animated: animated) }
    }

    /// Deselects a row (its cell's selected background fading over 0.25 s when `animated`);
    /// the delegate hears nothing.
    open func deselectRow(at indexPath: IndexPath, animated: Bool) {
        selectedPaths.removeAll { $0 == indexPath }
        visibleCellsByPath[indexPath]?.setSelected(false, animated: animated)
    }

    /// A row selected by a tap: the delegate asked and told.
    private func selectByTap(_ tapped: IndexPath) {
        let delegate = tableDelegate
        guard let path = delegate == nil ? tapped : delegate?.tableView(self, willSelectRowAt: tapped) else { return }
        let deselecting = allowsMultipleSelection
            ? selectedPaths.filter { $0 == path } : selectedPaths.filter { $0 != path }
        for previous in deselecting {
            guard let deselected = delegate == nil ? previous : delegate?.tableView(self, willDeselectRowAt: previous)
            else { continue }
            deselectRow(at: deselected, animated: false)
            delegate?.tableView(self, didDeselectRowAt: deselected)
        }
        if allowsMultipleSelection, !deselecting.isEmpty { return }
        if !selectedPaths.contains(path) { selectedPaths.append(path) }
        visibleCellsByPath[path]?.setSelected(true, animated: false)
        delegate?.tableView(self, didSelectRowAt: path)
    }

    // MARK: Touches

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard allowsSelection, !isEditing, let touch = touches.first,
            let path = indexPathForRow(at: touch.location(in: self)), let cell = visibleCellsByPath[path],
            tableDelegate?.tableView(self, shouldHighlightRowAt: path) ?? true
        else { return }
        highlightedPath = path
        cell.setHighlighted(true, animated: false)
        tableDelegate?.tableView(self, didHighlightRowAt: path)
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {}

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let path = endHighlight() else { return }
        if let touch = touches.first, indexPathForRow(at: touch.location(in: self)) == path {
            selectByTap(path)
        }
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        endHighlight()
    }

    @discardableResult
    private func endHighlight() -> IndexPath? {
        guard let path = highlightedPath else { return nil }
        highlightedPath = nil
        visibleCellsByPath[path]?.setHighlighted(false, animated: false)
        tableDelegate?.tableView(self, didUnhighlightRowAt: path)
        return path
    }

    // MARK: Editing

    /// Enters or leaves editing mode; the cells on screen hear it.
    open func setEditing(_ editing: Bool, animated: Bool) {
        editingStorage = editing
        for cell in visibleCellsByPath.values { cell.setEditing(editing, animated: animated) }
    }
}
