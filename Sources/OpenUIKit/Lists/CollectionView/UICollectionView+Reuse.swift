import Foundation

/// Registering cell and supplementary view classes, and handing out views to reuse.
extension UICollectionView {
    /// Makes cells of `cellClass` (a `UICollectionViewCell` subclass) for `identifier`; nil
    /// removes the registration.
    public func register(_ cellClass: AnyClass?, forCellWithReuseIdentifier identifier: String) {
        guard let cellClass else {
            cellClasses[identifier] = nil
            return
        }
        cellClasses[identifier] = registrable(
            cellClass, as: UICollectionViewCell.self, "UICollectionView.register", "identifier \"\(identifier)\"")
    }

    /// Makes supplementary views of `elementKind` of `viewClass` (a `UICollectionReusableView`
    /// subclass) for `identifier`; nil removes the registration.
    public func register(
        _ viewClass: AnyClass?, forSupplementaryViewOfKind elementKind: String, withReuseIdentifier identifier: String
    ) {
        let key = CollectionElementKey.Reuse(kind: elementKind, identifier: identifier)
        guard let viewClass else {
            supplementaryClasses[key] = nil
            return
        }
        supplementaryClasses[key] = registrable(
            viewClass, as: UICollectionReusableView.self, "UICollectionView.register",
            "kind \"\(elementKind)\", identifier \"\(identifier)\"")
    }

    /// A cell for `identifier`: one that scrolled off (after its `prepareForReuse()`), else a
    /// new one of the registered class. Traps when no class is registered for the identifier,
    /// as UIKit does.
    public func dequeueReusableCell(
        withReuseIdentifier identifier: String, for indexPath: IndexPath
    ) -> UICollectionViewCell {
        if var pool = reusableCells[identifier], let cell = pool.popLast() {
            reusableCells[identifier] = pool
            cell.prepareForReuse()
            return cell
        }
        guard let type = cellClasses[identifier] else {
            fatalError(
                "UICollectionView.dequeueReusableCell: could not dequeue a cell with identifier \"\(identifier)\" for \(Self.describe(indexPath)) - register a class for the identifier first (register(_:forCellWithReuseIdentifier:))"
            )
        }
        return type.init(registeredWithReuseIdentifier: identifier)
    }

    /// A supplementary view of `elementKind` for `identifier`, reused or made. Traps when no
    /// class is registered for the kind and identifier, as UIKit does.
    public func dequeueReusableSupplementaryView(
        ofKind elementKind: String, withReuseIdentifier identifier: String, for indexPath: IndexPath
    ) -> UICollectionReusableView {
        let key = CollectionElementKey.Reuse(kind: elementKind, identifier: identifier)
        if var pool = reusableSupplementaries[key], let view = pool.popLast() {
            reusableSupplementaries[key] = pool
            view.prepareForReuse()
            return view
        }
        guard let type = supplementaryClasses[key] else {
            fatalError(
                "UICollectionView.dequeueReusableSupplementaryView: could not dequeue a view of kind \"\(elementKind)\" with identifier \"\(identifier)\" for \(Self.describe(indexPath)) - register a class for the kind and identifier first (register(_:forSupplementaryViewOfKind:withReuseIdentifier:))"
            )
        }
        return type.init(registeredWithReuseIdentifier: identifier)
    }

    /// A decoration view of `kind`, reused or made from the class the layout registered; nil
    /// when it registered none.
    func dequeueDecorationView(ofKind kind: String) -> UICollectionReusableView? {
        if var pool = reusableDecorations[kind], let view = pool.popLast() {
            reusableDecorations[kind] = pool
            view.prepareForReuse()
            return view
        }
        return layoutStorage.decorationClasses[kind].map { $0.init(registeredWithReuseIdentifier: kind) }
    }

    /// Takes a cell off screen, its highlight and animations gone, into its pool.
    func enqueue(_ cell: UICollectionViewCell) {
        cell.removeFromSuperview()
        cell.layer.removeAllAnimations()
        if cell.isHighlighted { cell.isHighlighted = false }
        guard let identifier = cell.reuseIdentifier else { return }
        reusableCells[identifier, default: []].append(cell)
    }

    /// Takes a supplementary view of `kind` off screen into its pool.
    func enqueue(supplementary view: UICollectionReusableView, kind: String) {
        view.removeFromSuperview()
        view.layer.removeAllAnimations()
        guard let identifier = view.reuseIdentifier else { return }
        let key = CollectionElementKey.Reuse(kind: kind, identifier: identifier)
        reusableSupplementaries[key, default: []].append(view)
    }

    /// Takes a decoration view of `kind` off screen into its pool.
    func enqueue(decoration view: UICollectionReusableView, kind: String) {
        view.removeFromSuperview()
        view.layer.removeAllAnimations()
        reusableDecorations[kind, default: []].append(view)
    }
}

/// `viewClass` as the view type a registration needs, trapping, as UIKit does, when it is not
/// a subclass of it; `caller` and `naming` say which registration.
func registrable<View: UIView>(_ viewClass: AnyClass, as _: View.Type, _ caller: String, _ naming: String)
    -> View.Type
{
    guard let type = viewClass as? View.Type else {
        fatalError("\(caller): \(viewClass) is not a \(View.self) subclass (\(naming))")
    }
    return type
}
