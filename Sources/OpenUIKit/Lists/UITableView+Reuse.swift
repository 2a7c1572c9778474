import Foundation

/// Registering cell and header classes, and handing out cells to reuse.
extension UITableView {
    /// Makes cells of `cellClass` (a `UITableViewCell` subclass) for `identifier`; nil removes
    /// the registration.
    public func register(_ cellClass: AnyClass?, forCellReuseIdentifier identifier: String) {
        guard let cellClass else {
            cellClasses[identifier] = nil
            return
        }
        guard let type = cellClass as? UITableViewCell.Type else {
            fatalError("UITableView.register: \(cellClass) is not a UITableViewCell subclass (identifier \"\(identifier)\")")
        }
        cellClasses[identifier] = type
    }

    /// Makes headers and footers of `aClass` (a `UITableViewHeaderFooterView` subclass).
    public func register(_ aClass: AnyClass?, forHeaderFooterViewReuseIdentifier identifier: String) {
        guard let aClass else {
            headerFooterClasses[identifier] = nil
            return
        }
        guard let type = aClass as? UITableViewHeaderFooterView.Type else {
            fatalError(
                "UITableView.register: \(aClass) is not a UITableViewHeaderFooterView subclass (identifier \"\(identifier)\")")
        }
        headerFooterClasses[identifier] = type
    }

    /// A cell for `identifier`: one that scrolled off (after its `prepareForReuse()`), else a
    /// new one of the registered class. Traps when no class is registered, as UIKit does.
    public func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> UITableViewCell {
        if let cell = dequeueReusableCell(withIdentifier: identifier) { return cell }
        fatalError(
            "UITableView.dequeueReusableCell: unable to dequeue a cell with identifier \"\(identifier)\" - register a class for the identifier first (register(_:forCellReuseIdentifier:))"
        )
    }

    /// A cell for `identifier` if one can be reused or made, else nil (the data source makes
    /// one with `UITableViewCell(style:reuseIdentifier:)`).
    public func dequeueReusableCell(withIdentifier identifier: String) -> UITableViewCell? {
        if var pool = reusableCells[identifier], let cell = pool.popLast() {
            reusableCells[identifier] = pool
            cell.prepareForReuse()
            return cell
        }
        return cellClasses[identifier].map { $0.init(registeredWithReuseIdentifier: identifier) }
    }

    /// A header or footer view for `identifier`, reused or made; nil when none is registered.
    public func dequeueReusableHeaderFooterView(withIdentifier identifier: String) -> UITableViewHeaderFooterView? {
        if var pool = reusableHeaderFooters[identifier], let view = pool.popLast() {
            reusableHeaderFooters[identifier] = pool
            view.prepareForReuse()
            return view
        }
        return headerFooterClasses[identifier].map { $0.init(registeredWithReuseIdentifier: identifier) }
    }

    func enqueue(_ cell: UITableViewCell) {
        cell.removeFromSuperview()
        cell.layer.removeAllAnimations()
        cell.alpha = 1
        cell.isHighlighted = false
        guard let identifier = cell.reuseIdentifier else { return }
        reusableCells[identifier, default: []].append(cell)
    }

    func enqueue(headerOrFooter view: UIView) {
        view.removeFromSuperview()
        guard let reusable = view as? UITableViewHeaderFooterView, let identifier = reusable.reuseIdentifier else { return }
        reusableHeaderFooters[identifier, default: []].append(reusable)
    }
}
