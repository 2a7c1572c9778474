import Foundation

/// Where a collection view's elements go: UIKit's `UICollectionViewLayout`, the abstract base
/// of layouts.
///
/// A subclass works out its elements' places in ``prepare()`` (the collection view calls it
/// before it first asks for attributes, and again after each invalidation), gives the size of
/// the content (``collectionViewContentSize``) and answers
/// ``layoutAttributesForElements(in:)`` with the attributes of the elements in a rectangle of
/// the content, and ``layoutAttributesForItem(at:)`` for one item. The collection view asks for
/// the rectangle on screen at each layout pass, so attributes that depend on the content
/// offset — a carousel scaling its cells by their distance from the centre — change as the
/// content scrolls when ``shouldInvalidateLayout(forBoundsChange:)`` answers true: every change
/// of the bounds then invalidates the layout (``invalidateLayout(with:)``, with the context of
/// ``invalidationContext(forBoundsChange:)``) and prepares it again.
///
/// ``invalidateLayout()`` invalidates everything; `reloadData()` and batch updates invalidate
/// through ``invalidateLayout(with:)`` with an invalidation context that says so, not through
/// ``invalidateLayout()``, as UIKit does. Batch updates call
/// ``prepare(forCollectionViewUpdates:)`` after ``prepare()``, take inserted items from
/// ``initialLayoutAttributesForAppearingItem(at:)`` and deleted ones to
/// ``finalLayoutAttributesForDisappearingItem(at:)`` (nil, this class's answer: the final or
/// the last attributes faded to transparent), and call ``finalizeCollectionViewUpdates()`` in
/// the animation block. When a drag ends, the collection view asks
/// ``targetContentOffset(forProposedContentOffset:withScrollingVelocity:)`` where to come to
/// rest, and animates there (0.3 s) when it answers another offset than where the content
/// would coast to.
///
/// Differences from UIKit: the collection view shows decoration views of classes registered
/// with ``register(_:forDecorationViewOfKind:)``, but there are no layout-to-layout transition
/// objects, and an invalidation context's `contentOffsetAdjustment` and
/// `contentSizeAdjustment` are kept but not applied. A change of the collection view's size
/// always prepares the layout again, whatever ``shouldInvalidateLayout(forBoundsChange:)``
/// answers.
@preconcurrency @MainActor
open class UICollectionViewLayout: NSObject {
    /// The collection view the layout is the layout of.
    public internal(set) weak var collectionView: UICollectionView?

    /// The class of the attributes the layout makes (`UICollectionViewLayoutAttributes` or a
    /// subclass of it); a subclass returns its own.
    open class var layoutAttributesClass: AnyClass { UICollectionViewLayoutAttributes.self }

    /// The class of the invalidation contexts the layout makes (a subclass of
    /// ``UICollectionViewLayoutInvalidationContext``).
    open class var invalidationContextClass: AnyClass { UICollectionViewLayoutInvalidationContext.self }

    /// Decoration view classes by kind.
    var decorationClasses: [String: UICollectionReusableView.Type] = [:]

    public override init() {
        super.init()
    }

    /// A layout with the defaults: nothing is decoded. Present so that subclasses written for
    /// Apple, with `required init?(coder:)` calling `super`, compile.
    public required init?(coder: NSCoder) {
        super.init()
    }

    // MARK: Providing the layout

    /// Works out the elements' places; the collection view calls it before asking for
    /// attributes, after each invalidation. Does nothing; subclasses override it.
    open func prepare() {}

    /// The size of the whole content (zero here).
    open var collectionViewContentSize: CGSize { .zero }

    /// The attributes of every element any part of which lies in `rect` (nil here).
    open func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? { nil }

    /// The attributes of the cell at `indexPath` (nil here).
    open func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }

    /// The attributes of the supplementary view of `elementKind` at `indexPath` (nil here).
    open func layoutAttributesForSupplementaryView(
        ofKind elementKind: String, at indexPath: IndexPath
    ) -> UICollectionViewLayoutAttributes? { nil }

    /// The attributes of the decoration view of `elementKind` at `indexPath` (nil here).
    open func layoutAttributesForDecorationView(
        ofKind elementKind: String, at indexPath: IndexPath
    ) -> UICollectionViewLayoutAttributes? { nil }

    /// Where scrolling that would stop at `proposedContentOffset`, moving at `velocity` (points
    /// a second, positive where the offset grows) when the finger lifted, should stop instead:
    /// the proposed offset here. Snapping layouts override it.
    open func targetContentOffset(
        forProposedContentOffset proposedContentOffset: CGPoint, withScrollingVelocity velocity: CGPoint
    ) -> CGPoint {
        proposedContentOffset
    }

    /// The content offset to use after batch updates or a change of layout: the proposed one
    /// here.
    open func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint) -> CGPoint {
        proposedContentOffset
    }

    /// Makes the collection view's decoration views of `elementKind` from `viewClass` (a
    /// `UICollectionReusableView` subclass); nil removes the registration.
    open func register(_ viewClass: AnyClass?, forDecorationViewOfKind elementKind: String) {
        guard let viewClass else {
            decorationClasses[elementKind] = nil
            return
        }
        decorationClasses[elementKind] = registrable(
            viewClass, as: UICollectionReusableView.self, "UICollectionViewLayout.register",
            "decoration kind \"\(elementKind)\"")
    }

    // MARK: Invalidating

    /// Whether a change of the collection view's bounds to `newBounds` invalidates the layout
    /// (false here; a layout whose attributes depend on the content offset answers true). The
    /// collection view's bounds are still the old ones when it is asked.
    open func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { false }

    /// The context the collection view invalidates the layout with when
    /// ``shouldInvalidateLayout(forBoundsChange:)`` answers true: a new context of
    /// ``invalidationContextClass`` that invalidates nothing in particular.
    open func invalidationContext(forBoundsChange newBounds: CGRect) -> UICollectionViewLayoutInvalidationContext {
        makeInvalidationContext()
    }

    /// Whether a view's preferred attributes (from its
    /// ``UICollectionReusableView/preferredLayoutAttributesFitting(_:)``) invalidate the layout
    /// (false here; the flow layout answers true for a cell's new size when it sizes its items
    /// by their cells).
    open func shouldInvalidateLayout(
        forPreferredLayoutAttributes preferredAttributes: UICollectionViewLayoutAttributes,
        withOriginalAttributes originalAttributes: UICollectionViewLayoutAttributes
    ) -> Bool {
        false
    }

    /// The context the collection view invalidates the layout with for a view's preferred
    /// attributes: one that invalidates the view's item.
    open func invalidationContext(
        forPreferredLayoutAttributes preferredAttributes: UICollectionViewLayoutAttributes,
        withOriginalAttributes originalAttributes: UICollectionViewLayoutAttributes
    ) -> UICollectionViewLayoutInvalidationContext {
        let context = makeInvalidationContext()
        if preferredAttributes.representedElementCategory == .cell {
            context.invalidateItems(at: [preferredAttributes.indexPath])
        }
        return context
    }

    /// Invalidates the whole layout: ``invalidateLayout(with:)`` with a context that
    /// invalidates everything. The collection view prepares the layout again at its next
    /// layout pass. A subclass that caches its attributes overrides it (calling `super`).
    open func invalidateLayout() {
        let context = makeInvalidationContext()
        context.invalidatesEverything = true
        invalidateLayout(with: context)
    }

    /// Invalidates what `context` says; the collection view prepares the layout again at its
    /// next layout pass. A subclass overriding it calls `super`.
    open func invalidateLayout(with context: UICollectionViewLayoutInvalidationContext) {
        collectionView?.layoutWasInvalidated()
    }

    // MARK: Updates and transitions

    /// Called after ``prepare()`` when a batch of updates is applied, with the changes in the
    /// order they were made. Does nothing; subclasses override it to note inserted and deleted
    /// items.
    open func prepare(forCollectionViewUpdates updateItems: [UICollectionViewUpdateItem]) {}

    /// Called in the updates' animation block, after the other changes: what it changes
    /// animates with them. Does nothing.
    open func finalizeCollectionViewUpdates() {}

    /// Present for overrides; the collection view does not animate changes of its bounds.
    open func prepare(forAnimatedBoundsChange oldBounds: CGRect) {}
    /// Present for overrides; the collection view does not animate changes of its bounds.
    open func finalizeAnimatedBoundsChange() {}

    /// Called on the old layout before an animated change of layout.
    open func prepareForTransition(to newLayout: UICollectionViewLayout) {}
    /// Called on the new layout before an animated change of layout.
    open func prepareForTransition(from oldLayout: UICollectionViewLayout) {}
    /// Called on both layouts when an animated change of layout has ended.
    open func finalizeLayoutTransition() {}

    /// Where an item that appears in a batch of updates starts (nil here: the collection view
    /// starts an inserted item at its final attributes with alpha 0, and an item that moved in
    /// from off screen where it was).
    open func initialLayoutAttributesForAppearingItem(
        at itemIndexPath: IndexPath
    ) -> UICollectionViewLayoutAttributes? {
        nil
    }

    /// Where an item that disappears in a batch of updates ends (nil here: the collection view
    /// fades a deleted item out where it was).
    open func finalLayoutAttributesForDisappearingItem(
        at itemIndexPath: IndexPath
    ) -> UICollectionViewLayoutAttributes? {
        nil
    }

    /// Where a supplementary view that appears in a batch of updates starts (nil here: its
    /// final attributes with alpha 0, for a view of an inserted or reloaded section).
    open func initialLayoutAttributesForAppearingSupplementaryElement(
        ofKind elementKind: String, at elementIndexPath: IndexPath
    ) -> UICollectionViewLayoutAttributes? {
        nil
    }

    /// Where a supplementary view that disappears in a batch of updates ends (nil here: it
    /// fades out where it was).
    open func finalLayoutAttributesForDisappearingSupplementaryElement(
        ofKind elementKind: String, at elementIndexPath: IndexPath
    ) -> UICollectionViewLayoutAttributes? {
        nil
    }

    // MARK: For the layouts of this module

    /// Whether the layout sizes its items by their cells' preferred attributes (the flow
    /// layout with an estimated item size): the default preferred attributes of a view then
    /// measure its constraints.
    var sizesItemsThemselves: Bool { false }

    /// The collection view reloaded its data.
    func itemsWereReloaded() {}

    /// A batch of updates is being applied: `newPathOf` maps the old index paths of the items
    /// that stay (reloaded ones excepted) to their new ones; `appearing` are the new index
    /// paths of inserted and reloaded items, `disappearing` the old ones of deleted and
    /// reloaded items. Called before `prepare()`.
    func itemsWillUpdate(newPathOf: [IndexPath: IndexPath], appearing: Set<IndexPath>, disappearing: Set<IndexPath>) {}

    /// A new invalidation context of `invalidationContextClass`.
    func makeInvalidationContext() -> UICollectionViewLayoutInvalidationContext {
        let contextType =
            (type(of: self).invalidationContextClass as? UICollectionViewLayoutInvalidationContext.Type)
            ?? UICollectionViewLayoutInvalidationContext.self
        return contextType.init()
    }

    /// New attributes of `layoutAttributesClass` for an element at `indexPath`.
    func makeLayoutAttributes(
        _ category: UICollectionView.ElementCategory, kind: String?, at indexPath: IndexPath, frame: CGRect
    ) -> UICollectionViewLayoutAttributes {
        let attributesType =
            (type(of: self).layoutAttributesClass as? UICollectionViewLayoutAttributes.Type)
            ?? UICollectionViewLayoutAttributes.self
        let attributes = attributesType.init()
        attributes.indexPath = indexPath
        attributes.representedElementCategory = category
        attributes.representedElementKind = kind
        attributes.frame = frame
        return attributes
    }
}

/// What an invalidation of a layout concerns: UIKit's
/// `UICollectionViewLayoutInvalidationContext`. A layout's
/// ``UICollectionViewLayout/invalidateLayout(with:)`` reads it to decide what to work out again.
///
/// Differences from UIKit: ``contentOffsetAdjustment`` and ``contentSizeAdjustment`` are kept
/// but the collection view does not apply them.
@preconcurrency @MainActor
open class UICollectionViewLayoutInvalidationContext: NSObject {
    var invalidatesEverything = false
    var invalidatesDataSourceCounts = false

    /// A context that invalidates nothing in particular. The layouts make contexts of their
    /// `invalidationContextClass` through it.
    public required override init() {
        super.init()
    }

    /// Whether everything is invalidated (``UICollectionViewLayout/invalidateLayout()``, a
    /// reload, batch updates).
    open var invalidateEverything: Bool { invalidatesEverything }

    /// Whether the numbers of sections and items changed (a reload, batch updates).
    open var invalidateDataSourceCounts: Bool { invalidatesDataSourceCounts }

    /// The items invalidated with ``invalidateItems(at:)``.
    open private(set) var invalidatedItemIndexPaths: [IndexPath]?

    /// The supplementary views invalidated, by kind.
    open private(set) var invalidatedSupplementaryIndexPaths: [String: [IndexPath]]?

    /// Kept; the collection view does not apply it.
    open var contentOffsetAdjustment = CGPoint.zero
    /// Kept; the collection view does not apply it.
    open var contentSizeAdjustment = CGSize.zero

    /// Marks the items at `indexPaths` as invalidated.
    open func invalidateItems(at indexPaths: [IndexPath]) {
        invalidatedItemIndexPaths = (invalidatedItemIndexPaths ?? []) + indexPaths
    }

    /// Marks the supplementary views of `elementKind` at `indexPaths` as invalidated.
    open func invalidateSupplementaryElements(ofKind elementKind: String, at indexPaths: [IndexPath]) {
        var invalidated = invalidatedSupplementaryIndexPaths ?? [:]
        invalidated[elementKind, default: []] += indexPaths
        invalidatedSupplementaryIndexPaths = invalidated
    }
}

/// One change of a batch of updates, as a layout's
/// ``UICollectionViewLayout/prepare(forCollectionViewUpdates:)`` gets it: UIKit's
/// `UICollectionViewUpdateItem`. A change of a whole section has index paths whose item is
/// `NSNotFound`, as on iOS.
@preconcurrency @MainActor
open class UICollectionViewUpdateItem: NSObject {
    /// What the change does.
    public enum Action: Int, Sendable {
        case insert, delete, reload, move, none
    }

    /// The index path before the change (nil for an insertion).
    public let indexPathBeforeUpdate: IndexPath?
    /// The index path after the change (nil for a deletion).
    public let indexPathAfterUpdate: IndexPath?
    /// What the change does.
    public let updateAction: Action

    init(_ action: Action, before: IndexPath?, after: IndexPath?) {
        updateAction = action
        indexPathBeforeUpdate = before
        indexPathAfterUpdate = after
        super.init()
    }
}
