import Foundation

/// Where one element of a collection view goes and how it looks: UIKit's
/// `UICollectionViewLayoutAttributes`.
///
/// A layout answers with these; the collection view puts each cell, supplementary view or
/// decoration view where its attributes say — ``center`` and ``size`` (through ``frame`` or
/// ``bounds``), ``transform3D``, ``alpha``, ``zIndex`` (the layer's `zPosition`) and
/// ``isHidden`` — and then hands them to the view's
/// ``UICollectionReusableView/apply(_:)``. A layout with attributes of its own subclasses this
/// class, names the subclass in its `layoutAttributesClass`, and overrides ``copy(with:)``
/// (calling `super`, which makes an instance of the subclass) and `isEqual(_:)` for the
/// properties it adds, as on iOS.
///
/// Two attributes are equal (`isEqual(_:)`, `==`) when they are of the same class and every
/// property above, the index path and the represented element are equal.
///
/// Differences from UIKit: ``frame`` is the rectangle of ``center`` and ``size``; a
/// ``transform`` does not change it (it changes the view's frame once applied).
@preconcurrency @MainActor
open class UICollectionViewLayoutAttributes: NSObject, @preconcurrency NSCopying, UIDynamicItem {
    /// The element's index path: a section and an item (for a cell), or the index path the
    /// layout gives a supplementary or decoration view.
    open var indexPath = IndexPath(item: 0, section: 0)

    /// Whether the attributes are a cell's, a supplementary view's or a decoration view's.
    public internal(set) var representedElementCategory = UICollectionView.ElementCategory.cell
    /// The kind of a supplementary or decoration view (such as
    /// ``UICollectionView/elementKindSectionHeader``); nil for a cell.
    public internal(set) var representedElementKind: String?

    /// The rectangle the element occupies, stored as its origin and size.
    private var rectangle = CGRect.zero

    /// The element's rectangle in the collection view's content. Setting it sets ``center`` and
    /// ``size``.
    open var frame: CGRect {
        get { rectangle }
        set { rectangle = newValue.standardized }
    }

    /// The element's centre in the collection view's content.
    open var center: CGPoint {
        get { CGPoint(x: rectangle.midX, y: rectangle.midY) }
        set {
            rectangle.origin = CGPoint(
                x: newValue.x - rectangle.width / 2, y: newValue.y - rectangle.height / 2)
        }
    }

    /// The element's size; a new one keeps the ``center``.
    open var size: CGSize {
        get { rectangle.size }
        set {
            let middle = center
            rectangle = CGRect(
                x: middle.x - newValue.width / 2, y: middle.y - newValue.height / 2, width: newValue.width,
                height: newValue.height)
        }
    }

    /// The element's bounds: its ``size`` at the origin. Setting it sets the size only.
    open var bounds: CGRect {
        get { CGRect(origin: .zero, size: rectangle.size) }
        set { size = newValue.size }
    }

    /// The element's 3D transform about its centre (the identity by default).
    open var transform3D = CATransform3DIdentity

    /// The affine part of ``transform3D``; setting it replaces the 3D transform.
    open var transform: CGAffineTransform {
        get { CATransform3DGetAffineTransform(transform3D) }
        set { transform3D = CATransform3DMakeAffineTransform(newValue) }
    }

    /// The element's opacity, from 0 to 1 (1 by default).
    open var alpha: CGFloat = 1
    /// The element's place front to back among the others: its view's layer's `zPosition`
    /// (0 by default).
    open var zIndex = 0
    /// Whether the element is hidden (false by default).
    open var isHidden = false

    /// Attributes for the cell at index path (0, 0), with the defaults above. A subclass
    /// inherits or overrides this initializer: ``copy(with:)`` and the layouts make instances
    /// of the subclass through it.
    public required override init() {
        super.init()
    }

    /// Attributes for the cell of the item at `indexPath`.
    public convenience init(forCellWith indexPath: IndexPath) {
        self.init()
        self.indexPath = indexPath
    }

    /// Attributes for a supplementary view of `elementKind` at `indexPath`.
    public convenience init(forSupplementaryViewOfKind elementKind: String, with indexPath: IndexPath) {
        self.init()
        self.indexPath = indexPath
        representedElementCategory = .supplementaryView
        representedElementKind = elementKind
    }

    /// Attributes for a decoration view of `decorationViewKind` at `indexPath`.
    public convenience init(forDecorationViewOfKind decorationViewKind: String, with indexPath: IndexPath) {
        self.init()
        self.indexPath = indexPath
        representedElementCategory = .decorationView
        representedElementKind = decorationViewKind
    }

    // MARK: Copying and comparing

    /// A copy of the same class (made with `init()`) with every property above. A subclass
    /// overrides it, calls `super` and copies the properties it adds.
    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = type(of: self).init()
        copy.indexPath = indexPath
        copy.representedElementCategory = representedElementCategory
        copy.representedElementKind = representedElementKind
        copy.rectangle = rectangle
        copy.transform3D = transform3D
        copy.alpha = alpha
        copy.zIndex = zIndex
        copy.isHidden = isHidden
        return copy
    }

    /// Whether `object` is attributes of the same class with equal values.
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UICollectionViewLayoutAttributes else { return false }
        if other === self { return true }
        return MainActor.assumeIsolated { self.hasEqualValues(to: other) }
    }

    /// A hash of the index path and the represented element.
    open override var hash: Int {
        MainActor.assumeIsolated { self.identityHash }
    }

    private func hasEqualValues(to other: UICollectionViewLayoutAttributes) -> Bool {
        ObjectIdentifier(type(of: self)) == ObjectIdentifier(type(of: other)) && indexPath == other.indexPath
            && representedElementCategory == other.representedElementCategory
            && representedElementKind == other.representedElementKind && rectangle == other.rectangle
            && transform3D == other.transform3D && alpha == other.alpha && zIndex == other.zIndex
            && isHidden == other.isHidden
    }

    private var identityHash: Int {
        var hasher = Hasher()
        hasher.combine(indexPath)
        hasher.combine(representedElementCategory)
        hasher.combine(representedElementKind)
        return hasher.finalize()
    }

    /// ``copy(with:)`` as attributes; traps when an override returns something else.
    func copiedAttributes() -> UICollectionViewLayoutAttributes {
        guard let copy = copy(with: nil) as? UICollectionViewLayoutAttributes else {
            fatalError("\(type(of: self)).copy(with:) must return a UICollectionViewLayoutAttributes")
        }
        return copy
    }

    /// A copy with `alpha` 0: where an element fades in from or out to by default.
    func fadedCopy() -> UICollectionViewLayoutAttributes {
        let copy = copiedAttributes()
        copy.alpha = 0
        return copy
    }
}
