import Foundation

/// Items in lines, each section after the one before: UIKit's `UICollectionViewFlowLayout`.
///
/// Scrolling vertically (the default ``scrollDirection``), items go left to right in rows as
/// wide as the collection view inside its content inset and the section's ``sectionInset``,
/// a new row starting when the next item does not fit with ``minimumInteritemSpacing`` before
/// it; rows are ``minimumLineSpacing`` apart and as tall as their tallest item, smaller items
/// centred in them. Scrolling horizontally, the same with columns, top to bottom. A section's
/// header comes before its items and its footer after them, as long as their reference size
/// along the scrolling direction (``headerReferenceSize``, ``footerReferenceSize``) and as
/// broad as the content across it.
///
/// Items in a line are spaced as UIKit spaces them: a line that is followed by another is
/// justified — the room left over is shared between the gaps, so that its first item touches
/// the leading inset and its last the trailing one (an item alone on such a line is centred)
/// — while a section's last line keeps ``minimumInteritemSpacing`` between its items, from the
/// leading inset.
///
/// Each size, inset and spacing comes from the collection view's delegate when it conforms to
/// ``UICollectionViewDelegateFlowLayout``, else from the layout's property. With an
/// ``estimatedItemSize`` other than zero, items start at that size (at the delegate's or
/// ``itemSize`` for ``automaticSize``) and take the size their cell prefers
/// (``UICollectionReusableView/preferredLayoutAttributesFitting(_:)``) once it is made.
///
/// Differences from UIKit: section headers and footers do not pin to the visible bounds
/// (``sectionHeadersPinToVisibleBounds`` is kept); right-to-left layout is not mirrored.
@preconcurrency @MainActor
open class UICollectionViewFlowLayout: UICollectionViewLayout {
    /// What a section's insets are measured from.
    public enum SectionInsetReference: Int, Sendable {
        case fromContentInset, fromSafeArea, fromLayoutMargins
    }

    /// An ``estimatedItemSize`` meaning "size each item by its cell, starting from the
    /// delegate's size or ``itemSize``".
    public static let automaticSize = CGSize(width: CGFloat.greatestFiniteMagnitude, height: .greatestFiniteMagnitude)

    /// The direction the content scrolls, and lines stack, in (vertical by default).
    open var scrollDirection = UICollectionView.ScrollDirection.vertical {
        didSet { if scrollDirection != oldValue { invalidateLayout() } }
    }
    /// The size of items the delegate gives none for (50 × 50).
    open var itemSize = CGSize(width: 50, height: 50) {
        didSet { if itemSize != oldValue { invalidateLayout() } }
    }
    /// The size items start at before their cells size them; zero (the default) sizes items
    /// by ``itemSize`` or the delegate only.
    open var estimatedItemSize = CGSize.zero {
        didSet { if estimatedItemSize != oldValue { invalidateLayout() } }
    }
    /// The least space between lines (10).
    open var minimumLineSpacing: CGFloat = 10 {
        didSet { if minimumLineSpacing != oldValue { invalidateLayout() } }
    }
    /// The least space between items in a line (10).
    open var minimumInteritemSpacing: CGFloat = 10 {
        didSet { if minimumInteritemSpacing != oldValue { invalidateLayout() } }
    }
    /// The space around each section's items (zero).
    open var sectionInset = UIEdgeInsets.zero {
        didSet { if sectionInset != oldValue { invalidateLayout() } }
    }
    /// The size of section headers: only its extent along the scrolling direction counts
    /// (zero: no headers).
    open var headerReferenceSize = CGSize.zero {
        didSet { if headerReferenceSize != oldValue { invalidateLayout() } }
    }
    /// The size of section footers: only its extent along the scrolling direction counts
    /// (zero: no footers).
    open var footerReferenceSize = CGSize.zero {
        didSet { if footerReferenceSize != oldValue { invalidateLayout() } }
    }
    /// What ``sectionInset`` is measured from across the scrolling direction: the content
    /// inset's edges (the default), or the safe area's or layout margins' where they lie
    /// further in.
    open var sectionInsetReference = SectionInsetReference.fromContentInset {
        didSet { if sectionInsetReference != oldValue { invalidateLayout() } }
    }
    /// Kept; headers scroll with the content here.
    open var sectionHeadersPinToVisibleBounds = false
    /// Kept; footers scroll with the content here.
    open var sectionFootersPinToVisibleBounds = false

    // The sections worked out by the last full pass, those before it (where items were before
    // a batch of updates), and what the pass was made for.
    private var sections: [FlowLayoutSection] = []
    private var previousSections: [FlowLayoutSection] = []
    private var laidOutContentSize = CGSize.zero
    private var laidOutFor: FlowLayoutInputs?
    private var needsFullLayout = true
    /// The sizes cells asked for, by item (``estimatedItemSize``).
    private var preferredSizes: [IndexPath: CGSize] = [:]
    // The batch of updates being applied.
    private var oldPathOf: [IndexPath: IndexPath] = [:]
    private var newPathOf: [IndexPath: IndexPath] = [:]
    private var appearingItems: Set<IndexPath> = []
    private var disappearingItems: Set<IndexPath> = []

    public override init() {
        super.init()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    open override class var invalidationContextClass: AnyClass { UICollectionViewFlowLayoutInvalidationContext.self }

    // MARK: Preparing

    /// Works out every section's header, items and footer when the layout was invalidated with
    /// its attributes (``UICollectionViewLayout/invalidateLayout()``, a reload, an update, a new
    /// property) or the collection view's size or insets changed; a scroll alone keeps them.
    open override func prepare() {
        super.prepare()
        guard let collectionView else {
            sections = []
            laidOutContentSize = .zero
            laidOutFor = nil
            return
        }
        let inputs = FlowLayoutInputs(
            size: collectionView.bounds.size, contentInset: collectionView.adjustedContentInset,
            reference: referenceInsets(in: collectionView), direction: scrollDirection)
        guard needsFullLayout || inputs != laidOutFor else { return }
        needsFullLayout = false
        laidOutFor = inputs
        previousSections = sections
        layOutSections(in: collectionView, inputs: inputs)
    }

    open override var collectionViewContentSize: CGSize { laidOutContentSize }

    /// A change of size invalidates the layout; a scroll does not.
    open override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        guard let collectionView else { return false }
        return newBounds.size != collectionView.bounds.size
    }

    /// A flow context that keeps the items' attributes unless the size changes.
    open override func invalidationContext(
        forBoundsChange newBounds: CGRect
    ) -> UICollectionViewLayoutInvalidationContext {
        let context = super.invalidationContext(forBoundsChange: newBounds)
        if let flow = context as? UICollectionViewFlowLayoutInvalidationContext {
            let resized = collectionView.map { $0.bounds.size != newBounds.size } ?? true
            flow.invalidateFlowLayoutDelegateMetrics = resized
            flow.invalidateFlowLayoutAttributes = resized
        }
        return context
    }

    open override func invalidateLayout(with context: UICollectionViewLayoutInvalidationContext) {
        let flow = context as? UICollectionViewFlowLayoutInvalidationContext
        if context.invalidateEverything || context.invalidateDataSourceCounts || flow == nil
            || flow?.invalidateFlowLayoutAttributes == true || flow?.invalidateFlowLayoutDelegateMetrics == true
        {
            needsFullLayout = true
        }
        super.invalidateLayout(with: context)
    }

    /// True for a cell whose preferred size differs, when items size themselves.
    open override func shouldInvalidateLayout(
        forPreferredLayoutAttributes preferredAttributes: UICollectionViewLayoutAttributes,
        withOriginalAttributes originalAttributes: UICollectionViewLayoutAttributes
    ) -> Bool {
        sizesItemsThemselves && preferredAttributes.representedElementCategory == .cell
            && preferredAttributes.size != originalAttributes.size
    }

    /// Records the cell's preferred size, which the item keeps from then on.
    open override func invalidationContext(
        forPreferredLayoutAttributes preferredAttributes: UICollectionViewLayoutAttributes,
        withOriginalAttributes originalAttributes: UICollectionViewLayoutAttributes
    ) -> UICollectionViewLayoutInvalidationContext {
        let context = super.invalidationContext(
            forPreferredLayoutAttributes: preferredAttributes, withOriginalAttributes: originalAttributes)
        if preferredAttributes.representedElementCategory == .cell {
            preferredSizes[preferredAttributes.indexPath] = CGSize(
                width: max(0, preferredAttributes.size.width), height: max(0, preferredAttributes.size.height))
        }
        if let flow = context as? UICollectionViewFlowLayoutInvalidationContext {
            flow.invalidateFlowLayoutAttributes = true
        }
        return context
    }

    // MARK: Answering

    open override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        let axes = FlowLayoutAxes(vertical: laidOutFor?.direction != .horizontal)
        let (low, high) = axes.span(of: rect)
        var found: [UICollectionViewLayoutAttributes] = []
        for section in sections where section.start < high && section.end > low {
            if let header = section.header, collectionRectsOverlap(header.frame, rect) {
                found.append(header.copiedAttributes())
            }
            for item in section.items where collectionRectsOverlap(item.frame, rect) {
                found.append(item.copiedAttributes())
            }
            if let footer = section.footer, collectionRectsOverlap(footer.frame, rect) {
                found.append(footer.copiedAttributes())
            }
        }
        return found
    }

    open override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        Self.item(at: indexPath, in: sections)?.copiedAttributes()
    }

    open override func layoutAttributesForSupplementaryView(
        ofKind elementKind: String, at indexPath: IndexPath
    ) -> UICollectionViewLayoutAttributes? {
        guard indexPath.count == 2, sections.indices.contains(indexPath.section) else { return nil }
        let section = sections[indexPath.section]
        switch elementKind {
        case UICollectionView.elementKindSectionHeader: return section.header?.copiedAttributes()
        case UICollectionView.elementKindSectionFooter: return section.footer?.copiedAttributes()
        default: return nil
        }
    }

    /// An inserted or reloaded item fades in at its place; an item that moved starts where it
    /// was.
    open override func initialLayoutAttributesForAppearingItem(
        at itemIndexPath: IndexPath
    ) -> UICollectionViewLayoutAttributes? {
        if appearingItems.contains(itemIndexPath) {
            return layoutAttributesForItem(at: itemIndexPath)?.fadedCopy()
        }
        guard let old = oldPathOf[itemIndexPath] else { return nil }
        return Self.item(at: old, in: previousSections)?.copiedAttributes()
    }

    /// A deleted or reloaded item fades out where it was; an item that moved ends at its new
    /// place.
    open override func finalLayoutAttributesForDisappearingItem(
        at itemIndexPath: IndexPath
    ) -> UICollectionViewLayoutAttributes? {
        if disappearingItems.contains(itemIndexPath) {
            return Self.item(at: itemIndexPath, in: previousSections)?.fadedCopy()
        }
        guard let new = newPathOf[itemIndexPath] else { return nil }
        return layoutAttributesForItem(at: new)
    }

    open override func finalizeCollectionViewUpdates() {
        super.finalizeCollectionViewUpdates()
        oldPathOf = [:]
        newPathOf = [:]
        appearingItems = []
        disappearingItems = []
    }

    // MARK: For the collection view

    override var sizesItemsThemselves: Bool { estimatedItemSize != .zero }

    override func itemsWereReloaded() {
        preferredSizes = [:]
    }

    override func itemsWillUpdate(
        newPathOf: [IndexPath: IndexPath], appearing: Set<IndexPath>, disappearing: Set<IndexPath>
    ) {
        self.newPathOf = newPathOf
        oldPathOf = Dictionary(newPathOf.map { ($0.value, $0.key) }, uniquingKeysWith: { first, _ in first })
        appearingItems = appearing
        disappearingItems = disappearing
        var kept: [IndexPath: CGSize] = [:]
        for (old, size) in preferredSizes {
            if let new = newPathOf[old] { kept[new] = size }
        }
        preferredSizes = kept
    }

    // MARK: Working out the sections

    /// The size of an item: the cell's preferred size when it gave one, else the estimate,
    /// else the delegate's or ``itemSize``.
    private func sizeOfItem(
        at indexPath: IndexPath, in collectionView: UICollectionView,
        delegate: (any UICollectionViewDelegateFlowLayout)?
    ) -> CGSize {
        if sizesItemsThemselves {
            if let preferred = preferredSizes[indexPath] { return preferred }
            if estimatedItemSize != Self.automaticSize { return estimatedItemSize }
        }
        let size = delegate?.collectionView(collectionView, layout: self, sizeForItemAt: indexPath) ?? itemSize
        return CGSize(width: max(0, size.width), height: max(0, size.height))
    }

    private func layOutSections(in collectionView: UICollectionView, inputs: FlowLayoutInputs) {
        let delegate = collectionView.delegate as? any UICollectionViewDelegateFlowLayout
        let vertical = inputs.direction != .horizontal
        let axes = FlowLayoutAxes(vertical: vertical)
        let inset = inputs.contentInset
        let reference = inputs.reference
        // How broad lines can be: across the scrolling direction, inside the content inset.
        let breadth = max(
            0, vertical ? inputs.size.width - inset.left - inset.right : inputs.size.height - inset.top - inset.bottom)
        var position: CGFloat = 0
        var made: [FlowLayoutSection] = []
        let sectionCount = collectionView.numberOfSections
        made.reserveCapacity(sectionCount)
        for section in 0..<sectionCount {
            let sectionInset =
                delegate?.collectionView(collectionView, layout: self, insetForSectionAt: section) ?? self.sectionInset
            let lineSpacing =
                delegate?.collectionView(collectionView, layout: self, minimumLineSpacingForSectionAt: section)
                ?? minimumLineSpacing
            let interitemSpacing =
                delegate?.collectionView(collectionView, layout: self, minimumInteritemSpacingForSectionAt: section)
                ?? minimumInteritemSpacing
            let headerSize =
                delegate?.collectionView(collectionView, layout: self, referenceSizeForHeaderInSection: section)
                ?? headerReferenceSize
            let footerSize =
                delegate?.collectionView(collectionView, layout: self, referenceSizeForFooterInSection: section)
                ?? footerReferenceSize
            var part = FlowLayoutSection(start: position)

            let headerLength = axes.length(of: headerSize)
            if headerLength > 0 {
                part.header = makeLayoutAttributes(
                    .supplementaryView, kind: UICollectionView.elementKindSectionHeader,
                    at: IndexPath(item: 0, section: section),
                    frame: axes.rect(along: position, across: 0, length: headerLength, breadth: breadth))
                position += headerLength
            }

            // The section's insets along the scrolling direction, and across it from the
            // reference edges.
            let before = vertical ? sectionInset.top : sectionInset.left
            let after = vertical ? sectionInset.bottom : sectionInset.right
            let leading = vertical ? sectionInset.left + reference.left : sectionInset.top + reference.top
            let trailing = vertical ? sectionInset.right + reference.right : sectionInset.bottom + reference.bottom
            let room = max(0, breadth - leading - trailing)
            position += before

            let count = collectionView.numberOfItems(inSection: section)
            let sizes = (0..<count).map { item in
                sizeOfItem(at: IndexPath(item: item, section: section), in: collectionView, delegate: delegate)
            }
            let lines = Self.lines(of: sizes.map { axes.breadth(of: $0) }, room: room, spacing: interitemSpacing)
            part.items.reserveCapacity(count)
            for (number, line) in lines.enumerated() {
                let isLast = number == lines.count - 1
                let thickness = line.map { axes.length(of: sizes[$0]) }.max() ?? 0
                let filled = line.reduce(CGFloat(0)) { $0 + axes.breadth(of: sizes[$1]) }
                // A line followed by another is justified; the last keeps the least spacing.
                var across = leading
                var gap = interitemSpacing
                if !isLast {
                    if line.count > 1 {
                        gap = (room - filled) / CGFloat(line.count - 1)
                    } else {
                        across = leading + max(0, (room - filled) / 2)
                    }
                }
                for item in line {
                    let size = sizes[item]
                    let length = axes.length(of: size)
                    let itemBreadth = axes.breadth(of: size)
                    let frame = axes.rect(
                        along: position + (thickness - length) / 2, across: across, length: length,
                        breadth: itemBreadth)
                    let path = IndexPath(item: item, section: section)
                    part.items.append(makeLayoutAttributes(.cell, kind: nil, at: path, frame: frame))
                    across += itemBreadth + gap
                }
                position += thickness
                if !isLast { position += lineSpacing }
            }
            position += after

            let footerLength = axes.length(of: footerSize)
            if footerLength > 0 {
                part.footer = makeLayoutAttributes(
                    .supplementaryView, kind: UICollectionView.elementKindSectionFooter,
                    at: IndexPath(item: 0, section: section),
                    frame: axes.rect(along: position, across: 0, length: footerLength, breadth: breadth))
                position += footerLength
            }
            part.end = position
            made.append(part)
        }
        sections = made
        laidOutContentSize =
            vertical ? CGSize(width: breadth, height: position) : CGSize(width: position, height: breadth)
    }

    /// The items in lines: each line takes items while they fit in `room` with `spacing`
    /// between them; an item broader than the room has a line of its own.
    static func lines(of breadths: [CGFloat], room: CGFloat, spacing: CGFloat) -> [Range<Int>] {
        var lines: [Range<Int>] = []
        var start = 0
        var used: CGFloat = 0
        for (index, breadth) in breadths.enumerated() {
            if index == start {
                used = breadth
            } else if used + spacing + breadth <= room + 0.000_001 {
                used += spacing + breadth
            } else {
                lines.append(start..<index)
                start = index
                used = breadth
            }
        }
        if start < breadths.count { lines.append(start..<breadths.count) }
        return lines
    }

    /// The attributes of the item at `indexPath` in `sections`, not copied.
    private static func item(
        at indexPath: IndexPath, in sections: [FlowLayoutSection]
    ) -> UICollectionViewLayoutAttributes? {
        guard indexPath.count == 2, sections.indices.contains(indexPath.section),
            sections[indexPath.section].items.indices.contains(indexPath.item)
        else { return nil }
        return sections[indexPath.section].items[indexPath.item]
    }

    /// How far the safe area or the layout margins lie inside the content inset, by
    /// ``sectionInsetReference``.
    private func referenceInsets(in collectionView: UICollectionView) -> UIEdgeInsets {
        let edges: UIEdgeInsets
        switch sectionInsetReference {
        case .fromContentInset: return .zero
        case .fromSafeArea: edges = collectionView.safeAreaInsets
        case .fromLayoutMargins: edges = collectionView.layoutMargins
        }
        let inset = collectionView.adjustedContentInset
        return UIEdgeInsets(
            top: max(0, edges.top - inset.top), left: max(0, edges.left - inset.left),
            bottom: max(0, edges.bottom - inset.bottom), right: max(0, edges.right - inset.right))
    }
}

/// What a flow layout invalidates: UIKit's `UICollectionViewFlowLayoutInvalidationContext`.
/// Both are true unless the layout made the context for a scroll (a change of the bounds'
/// origin only), when the items' places are kept.
@preconcurrency @MainActor
open class UICollectionViewFlowLayoutInvalidationContext: UICollectionViewLayoutInvalidationContext {
    /// Whether the sizes, insets and spacings are asked of the delegate again.
    open var invalidateFlowLayoutDelegateMetrics = true
    /// Whether the items' places are worked out again.
    open var invalidateFlowLayoutAttributes = true
}

/// What a flow layout's pass was made for: another size, inset or direction needs a new pass.
struct FlowLayoutInputs: Equatable {
    var size: CGSize
    var contentInset: UIEdgeInsets
    var reference: UIEdgeInsets
    var direction: UICollectionView.ScrollDirection
}

/// One section of a flow layout: where it starts and ends along the scrolling direction, and
/// the attributes of its header, items and footer.
struct FlowLayoutSection {
    var start: CGFloat
    var end: CGFloat
    var header: UICollectionViewLayoutAttributes?
    var items: [UICollectionViewLayoutAttributes] = []
    var footer: UICollectionViewLayoutAttributes?

    init(start: CGFloat) {
        self.start = start
        end = start
    }
}

/// A flow layout's two directions: its length along the scrolling direction (the lines stack
/// that way) and its breadth across it (items follow each other in a line that way).
struct FlowLayoutAxes {
    let vertical: Bool

    func length(of size: CGSize) -> CGFloat { vertical ? size.height : size.width }
    func breadth(of size: CGSize) -> CGFloat { vertical ? size.width : size.height }

    /// The rectangle at `along` on the scrolling axis and `across` on the other.
    func rect(along: CGFloat, across: CGFloat, length: CGFloat, breadth: CGFloat) -> CGRect {
        vertical
            ? CGRect(x: across, y: along, width: breadth, height: length)
            : CGRect(x: along, y: across, width: length, height: breadth)
    }

    /// Where `rect` starts and ends on the scrolling axis.
    func span(of rect: CGRect) -> (CGFloat, CGFloat) {
        vertical ? (rect.minY, rect.maxY) : (rect.minX, rect.maxX)
    }
}

/// Whether two rectangles share some area (rectangles that only touch do not).
func collectionRectsOverlap(_ a: CGRect, _ b: CGRect) -> Bool {
    a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY
}
