import Foundation

/// Items in sections, placed by a layout object and scrolled: UIKit's `UICollectionView`.
///
/// The collection view asks its ``dataSource`` for the numbers of sections and items, and its
/// ``collectionViewLayout`` where each element goes. At each layout pass it prepares the layout
/// if it was invalidated, asks it for the attributes of the elements in the visible bounds,
/// and makes views for those elements only — cells from the data source
/// (`collectionView(_:cellForItemAt:)`, which dequeues them with
/// ``dequeueReusableCell(withReuseIdentifier:for:)``), headers and footers
/// (`collectionView(_:viewForSupplementaryElementOfKind:at:)`) and the layout's decoration
/// views — reusing those that scrolled off. Each view is put where its attributes say: its
/// centre and size, transform, alpha, `zPosition` (the `zIndex`) and hidden state, and then
/// hears ``UICollectionReusableView/apply(_:)``. A change of the bounds asks the layout's
/// `shouldInvalidateLayout(forBoundsChange:)` (before the bounds change, as UIKit does), so a
/// layout whose attributes depend on the offset is prepared again as the content scrolls.
///
/// A tap on an item highlights it while the finger is down and selects it when lifted. The
/// delegate hears, in order: `shouldHighlightItemAt` and `didHighlightItemAt` when the finger
/// goes down; then when it lifts on the same item `shouldSelectItemAt`, `didDeselectItemAt` for
/// the item selected before (unless ``allowsMultipleSelection``), `didUnhighlightItemAt` and
/// `didSelectItemAt` (with ``allowsMultipleSelection``, a tap on a selected item asks
/// `shouldDeselectItemAt` and deselects it instead). A finger lifted elsewhere, or taken by a
/// drag, only unhighlights. ``selectItem(at:animated:scrollPosition:)`` and
/// ``deselectItem(at:animated:)`` tell the delegate nothing, as on iOS. Inserting, deleting,
/// moving and reloading items and sections animate (UICollectionView+Updates.swift). When a
/// drag ends, the layout's `targetContentOffset(forProposedContentOffset:withScrollingVelocity:)`
/// says where the content comes to rest.
///
/// Differences from UIKit: there are no diffable data sources, compositional or list layouts,
/// cell registrations, prefetching, drag and drop, interactive movement or reordering, and no
/// focus; nibs cannot be registered. Changes of selection and of layout show without UIKit's
/// cross-fades. The delay before a touch highlights (`delaysContentTouches`) is not there: an
/// item highlights as the finger goes down.
@preconcurrency @MainActor
open class UICollectionView: UIScrollView {
    /// The direction a flow layout scrolls in.
    public enum ScrollDirection: Int, Sendable {
        case vertical, horizontal
    }

    /// What an element of a collection view is.
    public enum ElementCategory: UInt, Sendable {
        case cell, supplementaryView, decorationView
    }

    /// Where an item scrolled to comes to rest, on each axis: at most one of ``top``,
    /// ``centeredVertically`` and ``bottom``, and one of ``left``, ``centeredHorizontally`` and
    /// ``right``; empty scrolls the least that shows the item.
    public struct ScrollPosition: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        public static let top = ScrollPosition(rawValue: 1 << 0)
        public static let centeredVertically = ScrollPosition(rawValue: 1 << 1)
        public static let bottom = ScrollPosition(rawValue: 1 << 2)
        public static let left = ScrollPosition(rawValue: 1 << 3)
        public static let centeredHorizontally = ScrollPosition(rawValue: 1 << 4)
        public static let right = ScrollPosition(rawValue: 1 << 5)
    }

    /// The kind of a flow layout's section headers.
    nonisolated public static let elementKindSectionHeader = "UICollectionElementKindSectionHeader"
    /// The kind of a flow layout's section footers.
    nonisolated public static let elementKindSectionFooter = "UICollectionElementKindSectionFooter"

    /// Gives the items and their cells; a new one reloads the data.
    open weak var dataSource: (any UICollectionViewDataSource)? {
        didSet { reloadData() }
    }

    /// Where the elements go; setting it is ``setCollectionViewLayout(_:animated:)`` without
    /// animation.
    open var collectionViewLayout: UICollectionViewLayout {
        get { layoutStorage }
        set { setCollectionViewLayout(newValue, animated: false) }
    }
    var layoutStorage: UICollectionViewLayout

    /// A view behind the items, the size of the collection view (it does not scroll).
    open var backgroundView: UIView? {
        didSet {
            oldValue?.removeFromSuperview()
            if let backgroundView { insertSubview(backgroundView, at: 0) }
            setNeedsLayout()
        }
    }

    /// Whether a tap selects an item (and whether ``selectItem(at:animated:scrollPosition:)``
    /// does anything).
    open var allowsSelection = true
    /// Whether more than one item can be selected; a tap on a selected item then deselects it.
    open var allowsMultipleSelection = false
    /// Kept: nothing is prefetched here.
    open var isPrefetchingEnabled = true

    // The model: the items counted at the last reload or update, the views on screen and those
    // waiting to be reused.
    var itemCounts: [Int] = []
    var needsReload = true
    /// Whether the layout has been prepared since it was last invalidated.
    var layoutIsValid = false
    /// The bounds' size the layout was last prepared for.
    var preparedSize: CGSize?
    var isLayingOut = false
    var visibleCellsByPath: [IndexPath: UICollectionViewCell] = [:]
    var visibleSupplementaries: [CollectionElementKey: UICollectionReusableView] = [:]
    var visibleDecorations: [CollectionElementKey: UICollectionReusableView] = [:]
    var reusableCells: [String: [UICollectionViewCell]] = [:]
    var reusableSupplementaries: [CollectionElementKey.Reuse: [UICollectionReusableView]] = [:]
    var reusableDecorations: [String: [UICollectionReusableView]] = [:]
    var cellClasses: [String: UICollectionViewCell.Type] = [:]
    var supplementaryClasses: [CollectionElementKey.Reuse: UICollectionReusableView.Type] = [:]
    var selectedPaths: [IndexPath] = []
    private var highlightedPath: IndexPath?
    /// Set while a batch of updates is being collected (UICollectionView+Updates.swift).
    var pendingUpdates: CollectionUpdates?
    var updateDepth = 0

    /// A collection view whose elements `layout` places.
    public init(frame: CGRect, collectionViewLayout layout: UICollectionViewLayout) {
        layoutStorage = layout
        super.init(frame: frame)
        setUpCollectionView()
    }

    /// A collection view with a flow layout.
    public required init?(coder: NSCoder) {
        layoutStorage = UICollectionViewFlowLayout()
        super.init(coder: coder)
        setUpCollectionView()
    }

    private func setUpCollectionView() {
        backgroundColor = .systemBackground
        layoutStorage.collectionView = self
        panGestureRecognizer.addTarget { [weak self] recognizer in
            self?.dragMayHaveEnded(recognizer)
        }
    }

    /// The delegate as a collection view's delegate.
    var collectionDelegate: (any UICollectionViewDelegate)? { delegate as? any UICollectionViewDelegate }

    /// The bounds; a change asks the layout whether it invalidates it (while the bounds are
    /// still the old ones) and lays the collection view out again.
    open override var bounds: CGRect {
        get { super.bounds }
        set {
            let old = super.bounds
            if newValue != old {
                let layout = layoutStorage
                if layout.shouldInvalidateLayout(forBoundsChange: newValue) {
                    layout.invalidateLayout(with: layout.invalidationContext(forBoundsChange: newValue))
                    layoutIsValid = false
                }
            }
            super.bounds = newValue
            if newValue != old { setNeedsLayout() }
        }
    }

    // MARK: Reloading

    /// Forgets every item and asks the data source again at the next layout; the selection is
    /// cleared.
    open func reloadData() {
        needsReload = true
        setNeedsLayout()
    }

    /// Counts the items again; the views on screen go back to the pools and the layout is
    /// invalidated.
    func reloadModel() {
        needsReload = false
        for (path, cell) in visibleCellsByPath { endDisplaying(cell, at: path) }
        visibleCellsByPath = [:]
        for (key, view) in visibleSupplementaries { endDisplaying(supplementary: view, key) }
        visibleSupplementaries = [:]
        for (key, view) in visibleDecorations { enqueue(decoration: view, kind: key.kind) }
        visibleDecorations = [:]
        selectedPaths = []
        highlightedPath = nil
        itemCounts = currentItemCounts()
        let layout = layoutStorage
        layout.itemsWereReloaded()
        let context = layout.makeInvalidationContext()
        context.invalidatesEverything = true
        context.invalidatesDataSourceCounts = true
        layout.invalidateLayout(with: context)
        layoutIsValid = false
    }

    /// The number of items in each section, as the data source says now.
    func currentItemCounts() -> [Int] {
        guard let dataSource else { return [] }
        let sections = dataSource.numberOfSections(in: self)
        guard sections >= 0 else { fatalError("UICollectionView: the data source gives \(sections) sections") }
        return (0..<sections).map { section in
            let items = dataSource.collectionView(self, numberOfItemsInSection: section)
            guard items >= 0 else {
                fatalError("UICollectionView: the data source gives \(items) items in section \(section)")
            }
            return items
        }
    }

    // MARK: The layout

    /// Makes `layout` the collection view's layout; animated, the views on screen move to
    /// their new places over 0.3 s, eased in and out.
    open func setCollectionViewLayout(_ layout: UICollectionViewLayout, animated: Bool) {
        setCollectionViewLayout(layout, animated: animated, completion: nil)
    }

    /// Makes `layout` the collection view's layout, calling `completion` when the change has
    /// shown (at once without animation).
    open func setCollectionViewLayout(
        _ layout: UICollectionViewLayout, animated: Bool, completion: ((Bool) -> Void)?
    ) {
        let old = layoutStorage
        guard layout !== old else {
            completion?(true)
            return
        }
        if old.collectionView === self { old.collectionView = nil }
        layoutStorage = layout
        layout.collectionView = self
        layoutIsValid = false
        preparedSize = nil
        guard animated, !needsReload else {
            setNeedsLayout()
            completion?(true)
            return
        }
        old.prepareForTransition(to: layout)
        layout.prepareForTransition(from: old)
        var shown = CollectionVisibleElements()
        UIView.performWithoutAnimation {
            self.prepareLayoutIfNeeded()
            let target = self.clampedOffset(layout.targetContentOffset(forProposedContentOffset: self.contentOffset))
            if target != self.contentOffset { self.contentOffset = target }
            shown = self.realizeVisibleElements()
        }
        let settled = shown
        for view in allVisibleViews { view.willTransition(from: old, to: layout) }
        UIView.animate(withDuration: Self.updateDuration, delay: 0, options: [.curveEaseInOut]) {
            self.applyAttributes(of: settled)
        } completion: { finished in
            old.finalizeLayoutTransition()
            layout.finalizeLayoutTransition()
            for view in self.allVisibleViews { view.didTransition(from: old, to: layout) }
            completion?(finished)
        }
    }

    /// The layout was invalidated: it is prepared again at the next layout pass.
    func layoutWasInvalidated() {
        layoutIsValid = false
        if !isLayingOut { setNeedsLayout() }
    }

    /// Reads the data if a reload is pending, and prepares the layout if it was invalidated or
    /// the size changed; the content size is the layout's.
    func prepareLayoutIfNeeded() {
        if needsReload { reloadModel() }
        let layout = layoutStorage
        if let preparedSize, preparedSize != bounds.size {
            layout.invalidateLayout(with: layout.invalidationContext(forBoundsChange: bounds))
            layoutIsValid = false
        }
        guard !layoutIsValid else { return }
        if layout.collectionView !== self { layout.collectionView = self }
        layout.prepare()
        layoutIsValid = true
        preparedSize = bounds.size
        contentSize = layout.collectionViewContentSize
    }

    // MARK: Layout

    open override func layoutSubviews() {
        super.layoutSubviews()
        isLayingOut = true
        defer { isLayingOut = false }
        backgroundView?.frame = CGRect(origin: contentOffset, size: bounds.size)
        applyAttributes(of: realizeVisibleElements())
    }

    /// The attributes of the elements the layout puts in `rect`, by element; the cells' index
    /// paths must exist.
    func elementAttributes(in rect: CGRect) -> CollectionVisibleElements {
        var found = CollectionVisibleElements()
        for attributes in layoutStorage.layoutAttributesForElements(in: rect) ?? [] {
            guard collectionRectsOverlap(attributes.frame, rect) else { continue }
            switch attributes.representedElementCategory {
            case .cell:
                guard containsItem(attributes.indexPath) else {
                    fatalError(
                        "UICollectionView received layout attributes for a cell with an index path that does not exist: \(Self.describe(attributes.indexPath))"
                    )
                }
                found.cells[attributes.indexPath] = attributes
            case .supplementaryView:
                guard let kind = attributes.representedElementKind else { continue }
                found.supplementaries[CollectionElementKey(kind: kind, indexPath: attributes.indexPath)] = attributes
            case .decorationView:
                guard let kind = attributes.representedElementKind else { continue }
                found.decorations[CollectionElementKey(kind: kind, indexPath: attributes.indexPath)] = attributes
            }
        }
        return found
    }

    /// Prepares the layout if needed and makes the views of the elements in the visible bounds,
    /// recycling those gone; new views are put in place, the others are left where they are.
    /// Answers the attributes of every element on screen.
    @discardableResult
    func realizeVisibleElements() -> CollectionVisibleElements {
        prepareLayoutIfNeeded()
        var shown = elementAttributes(in: bounds)
        // Cells that left go back to the pool before new ones are asked for, so that they are
        // the ones handed out; a cell that sizes itself may move the items after it, and a few
        // passes settle it.
        for _ in 0..<4 {
            recycleCells(keeping: shown.cells)
            var resized = false
            for path in shown.cells.keys.sorted() where visibleCellsByPath[path] == nil {
                guard let attributes = shown.cells[path] else { continue }
                let cell = makeCell(for: path)
                visibleCellsByPath[path] = cell
                applyAttributes(attributes, to: cell)
                if preferredAttributesInvalidateLayout(of: cell, attributes) { resized = true }
            }
            guard resized else { break }
            prepareLayoutIfNeeded()
            shown = elementAttributes(in: bounds)
        }
        recycleCells(keeping: shown.cells)
        let index = backgroundView?.superview === self ? 1 : 0
        for path in shown.cells.keys.sorted() {
            guard let cell = visibleCellsByPath[path], cell.superview !== self else { continue }
            if let attributes = shown.cells[path] { applyAttributes(attributes, to: cell) }
            insertSubview(cell, at: index)
            collectionDelegate?.collectionView(self, willDisplay: cell, forItemAt: path)
        }
        realizeSupplementaries(shown.supplementaries)
        realizeDecorations(shown.decorations)
        return shown
    }

    /// Puts every view on screen where its attributes in `shown` say.
    func applyAttributes(of shown: CollectionVisibleElements) {
        for (path, attributes) in shown.cells {
            if let cell = visibleCellsByPath[path] { applyAttributes(attributes, to: cell) }
        }
        for (key, attributes) in shown.supplementaries {
            if let view = visibleSupplementaries[key] { applyAttributes(attributes, to: view) }
        }
        for (key, attributes) in shown.decorations {
            if let view = visibleDecorations[key] { applyAttributes(attributes, to: view) }
        }
    }

    /// Puts `view` where `attributes` say, changing only what differs (so that, in an
    /// animation block, what stays the same does not restart an animation), then tells it.
    func applyAttributes(_ attributes: UICollectionViewLayoutAttributes, to view: UICollectionReusableView) {
        if view.center != attributes.center { view.center = attributes.center }
        if view.bounds.size != attributes.size {
            view.bounds = CGRect(origin: view.bounds.origin, size: attributes.size)
        }
        if view.transform3D != attributes.transform3D { view.transform3D = attributes.transform3D }
        if view.layer.opacity != Float(attributes.alpha) { view.alpha = attributes.alpha }
        if view.layer.zPosition != CGFloat(attributes.zIndex) { view.layer.zPosition = CGFloat(attributes.zIndex) }
        if view.isHidden != attributes.isHidden { view.isHidden = attributes.isHidden }
        view.apply(attributes)
    }

    /// Asks a new view for its preferred attributes; when the layout takes them, invalidates it
    /// and answers true.
    private func preferredAttributesInvalidateLayout(
        of view: UICollectionReusableView, _ attributes: UICollectionViewLayoutAttributes
    ) -> Bool {
        let layout = layoutStorage
        view.measuresItselfForLayout = layout.sizesItemsThemselves
        let preferred = view.preferredLayoutAttributesFitting(attributes.copiedAttributes())
        guard layout.shouldInvalidateLayout(forPreferredLayoutAttributes: preferred, withOriginalAttributes: attributes)
        else { return false }
        let context = layout.invalidationContext(
            forPreferredLayoutAttributes: preferred, withOriginalAttributes: attributes)
        layout.invalidateLayout(with: context)
        layoutIsValid = false
        return true
    }

    /// The data source's cell for `path`, selected if its item is.
    func makeCell(for path: IndexPath) -> UICollectionViewCell {
        guard let dataSource else {
            fatalError(
                "UICollectionView: \(Self.describe(path)) needs a cell and the collection view has no data source")
        }
        let cell = dataSource.collectionView(self, cellForItemAt: path)
        let selected = selectedPaths.contains(path)
        if cell.isSelected != selected { cell.isSelected = selected }
        return cell
    }

    private func recycleCells(keeping needed: [IndexPath: UICollectionViewLayoutAttributes]) {
        for (path, cell) in visibleCellsByPath where needed[path] == nil {
            visibleCellsByPath[path] = nil
            endDisplaying(cell, at: path)
        }
    }

    /// A cell leaves the screen: the delegate hears it if it was shown, and it goes to its
    /// pool.
    func endDisplaying(_ cell: UICollectionViewCell, at path: IndexPath) {
        if cell.superview === self { collectionDelegate?.collectionView(self, didEndDisplaying: cell, forItemAt: path) }
        enqueue(cell)
    }

    /// A supplementary view leaves the screen, as `endDisplaying(_:at:)`.
    func endDisplaying(supplementary view: UICollectionReusableView, _ key: CollectionElementKey) {
        if view.superview === self {
            collectionDelegate?.collectionView(
                self, didEndDisplayingSupplementaryView: view, forElementOfKind: key.kind, at: key.indexPath)
        }
        enqueue(supplementary: view, kind: key.kind)
    }

    private func realizeSupplementaries(_ needed: [CollectionElementKey: UICollectionViewLayoutAttributes]) {
        for (key, view) in visibleSupplementaries where needed[key] == nil {
            visibleSupplementaries[key] = nil
            endDisplaying(supplementary: view, key)
        }
        for key in needed.keys.sorted(by: CollectionElementKey.precedes) where visibleSupplementaries[key] == nil {
            guard let attributes = needed[key], let dataSource else { continue }
            let view = dataSource.collectionView(self, viewForSupplementaryElementOfKind: key.kind, at: key.indexPath)
            visibleSupplementaries[key] = view
            applyAttributes(attributes, to: view)
            addSubview(view)
            collectionDelegate?.collectionView(
                self, willDisplaySupplementaryView: view, forElementKind: key.kind, at: key.indexPath)
        }
    }

    private func realizeDecorations(_ needed: [CollectionElementKey: UICollectionViewLayoutAttributes]) {
        for (key, view) in visibleDecorations where needed[key] == nil {
            visibleDecorations[key] = nil
            enqueue(decoration: view, kind: key.kind)
        }
        let index = backgroundView?.superview === self ? 1 : 0
        for key in needed.keys.sorted(by: CollectionElementKey.precedes) where visibleDecorations[key] == nil {
            guard let attributes = needed[key], let view = dequeueDecorationView(ofKind: key.kind) else { continue }
            visibleDecorations[key] = view
            applyAttributes(attributes, to: view)
            insertSubview(view, at: index)
        }
    }

    /// Every view on screen: cells, supplementary and decoration views.
    var allVisibleViews: [UICollectionReusableView] {
        var views = visibleCellsByPath.values.map { $0 as UICollectionReusableView }
        views += visibleSupplementaries.values
        views += visibleDecorations.values
        return views
    }

    /// Whether an item exists at `path` (at the last reload or update).
    func containsItem(_ path: IndexPath) -> Bool {
        path.count == 2 && itemCounts.indices.contains(path[0]) && path[1] >= 0 && path[1] < itemCounts[path[0]]
    }

    /// An index path as the messages name it.
    static func describe(_ path: IndexPath) -> String {
        path.count == 2 ? "item \(path[1]) in section \(path[0])" : "index path \(path)"
    }

    /// `point` brought within the offsets the content can rest at.
    func clampedOffset(_ point: CGPoint) -> CGPoint {
        let (low, high) = offsetRange
        return CGPoint(x: min(max(point.x, low.x), high.x), y: min(max(point.y, low.y), high.y))
    }

    // MARK: Where a drag comes to rest

    /// When a drag ends, asks the layout where the content should come to rest, given where
    /// it would coast to; when that is elsewhere, animates there instead of coasting.
    private func dragMayHaveEnded(_ recognizer: UIGestureRecognizer) {
        guard recognizer.state == .ended, let pan = recognizer as? UIPanGestureRecognizer else { return }
        let velocity = pan.velocity(in: self)
        // The offset's speed, in points a second: the content moves against the finger.
        let speed = CGPoint(x: -velocity.x, y: -velocity.y)
        var proposed = contentOffset
        let rate = decelerationRate.rawValue
        if isDecelerating, rate > 0, rate < 1 {
            // Where a speed falling by `rate` each millisecond takes the offset.
            let reach = 1 / (-log(rate) * 1000)
            proposed.x += speed.x * reach
            proposed.y += speed.y * reach
        }
        proposed = clampedOffset(proposed)
        let target = clampedOffset(
            layoutStorage.targetContentOffset(forProposedContentOffset: proposed, withScrollingVelocity: speed))
        guard abs(target.x - proposed.x) > 0.5 || abs(target.y - proposed.y) > 0.5 else { return }
        setContentOffset(target, animated: true)
    }

    // MARK: Selection

    /// The selected items, in order.
    open var indexPathsForSelectedItems: [IndexPath]? { selectedPaths.sorted() }

    /// Selects an item (deselecting the others unless several may be selected) and, for a
    /// non-empty `scrollPosition`, scrolls to it; the delegate hears nothing. Nil deselects
    /// every item. Does nothing when ``allowsSelection`` is off.
    open func selectItem(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
        guard let indexPath else {
            for path in selectedPaths { deselectItem(at: path, animated: animated) }
            return
        }
        guard allowsSelection else { return }
        if !allowsMultipleSelection {
            for path in selectedPaths where path != indexPath { deselectItem(at: path, animated: animated) }
        }
        if !selectedPaths.contains(indexPath) { selectedPaths.append(indexPath) }
        visibleCellsByPath[indexPath]?.isSelected = true
        if !scrollPosition.isEmpty { scrollToItem(at: indexPath, at: scrollPosition, animated: animated) }
    }

    /// Deselects an item; the delegate hears nothing.
    open func deselectItem(at indexPath: IndexPath, animated: Bool) {
        selectedPaths.removeAll { $0 == indexPath }
        visibleCellsByPath[indexPath]?.isSelected = false
    }

    /// An item tapped: the delegate asked and told, in UIKit's order.
    private func selectByTap(_ path: IndexPath) {
        let delegate = collectionDelegate
        if allowsMultipleSelection, selectedPaths.contains(path) {
            let deselects = delegate?.collectionView(self, shouldDeselectItemAt: path) ?? true
            unhighlight(path)
            guard deselects else { return }
            deselectItem(at: path, animated: false)
            delegate?.collectionView(self, didDeselectItemAt: path)
            return
        }
        guard delegate?.collectionView(self, shouldSelectItemAt: path) ?? true else {
            unhighlight(path)
            return
        }
        if !allowsMultipleSelection {
            for previous in selectedPaths.sorted() where previous != path {
                deselectItem(at: previous, animated: false)
                delegate?.collectionView(self, didDeselectItemAt: previous)
            }
        }
        unhighlight(path)
        if !selectedPaths.contains(path) { selectedPaths.append(path) }
        visibleCellsByPath[path]?.isSelected = true
        delegate?.collectionView(self, didSelectItemAt: path)
    }

    // MARK: Touches

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard allowsSelection, highlightedPath == nil, let touch = touches.first,
            let path = indexPathForItem(at: touch.location(in: self)), let cell = visibleCellsByPath[path],
            collectionDelegate?.collectionView(self, shouldHighlightItemAt: path) ?? true
        else { return }
        highlightedPath = path
        cell.isHighlighted = true
        collectionDelegate?.collectionView(self, didHighlightItemAt: path)
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {}

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let path = highlightedPath else { return }
        highlightedPath = nil
        guard let touch = touches.first, indexPathForItem(at: touch.location(in: self)) == path else {
            unhighlight(path)
            return
        }
        selectByTap(path)
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let path = highlightedPath else { return }
        highlightedPath = nil
        unhighlight(path)
    }

    private func unhighlight(_ path: IndexPath) {
        visibleCellsByPath[path]?.isHighlighted = false
        collectionDelegate?.collectionView(self, didUnhighlightItemAt: path)
    }
}

/// A supplementary or decoration view's place: its kind and index path.
struct CollectionElementKey: Hashable {
    let kind: String
    let indexPath: IndexPath

    /// A pool of reusable supplementary views: their kind and reuse identifier.
    struct Reuse: Hashable {
        let kind: String
        let identifier: String
    }

    /// By index path, then kind: the order views are made in.
    static func precedes(_ a: CollectionElementKey, _ b: CollectionElementKey) -> Bool {
        a.indexPath != b.indexPath ? a.indexPath < b.indexPath : a.kind < b.kind
    }
}

/// The attributes of the elements on screen, by element.
struct CollectionVisibleElements {
    var cells: [IndexPath: UICollectionViewLayoutAttributes] = [:]
    var supplementaries: [CollectionElementKey: UICollectionViewLayoutAttributes] = [:]
    var decorations: [CollectionElementKey: UICollectionViewLayoutAttributes] = [:]
}
