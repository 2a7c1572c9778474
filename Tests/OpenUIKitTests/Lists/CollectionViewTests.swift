import Foundation
import OpenUIKit
import QuartzTestSupport
import Testing

/// Items of numbers in sections: counts the cell instances it is handed, logs the delegate's
/// highlight and selection calls, and gives sizes and insets when told to.
@MainActor
final class GridNumbers: NSObject, UICollectionViewDataSource, UICollectionViewDelegateFlowLayout {
    var counts: [Int]
    var sizes: ((IndexPath) -> CGSize)?
    var insets: [Int: UIEdgeInsets] = [:]
    var cellsMade: Set<ObjectIdentifier> = []
    var log: [String] = []

    init(_ counts: [Int]) {
        self.counts = counts
    }

    func numberOfSections(in collectionView: UICollectionView) -> Int { counts.count }

    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        counts[section]
    }

    func collectionView(
        _ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath
    ) -> UICollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "number", for: indexPath)
        cellsMade.insert(ObjectIdentifier(cell))
        (cell as? GridCell)?.number = indexPath.item
        return cell
    }

    func collectionView(
        _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
    ) -> UICollectionReusableView {
        collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: "label", for: indexPath)
    }

    func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
        sizeForItemAt indexPath: IndexPath
    ) -> CGSize {
        sizes?(indexPath) ?? (collectionViewLayout as? UICollectionViewFlowLayout)?.itemSize ?? .zero
    }

    func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
        insetForSectionAt section: Int
    ) -> UIEdgeInsets {
        insets[section] ?? (collectionViewLayout as? UICollectionViewFlowLayout)?.sectionInset ?? .zero
    }

    func collectionView(_ collectionView: UICollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool {
        log.append("shouldHighlight \(indexPath.item)")
        return true
    }

    func collectionView(_ collectionView: UICollectionView, didHighlightItemAt indexPath: IndexPath) {
        log.append("didHighlight \(indexPath.item)")
    }

    func collectionView(_ collectionView: UICollectionView, didUnhighlightItemAt indexPath: IndexPath) {
        log.append("didUnhighlight \(indexPath.item)")
    }

    func collectionView(_ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool {
        log.append("shouldSelect \(indexPath.item)")
        return true
    }

    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
        log.append("didSelect \(indexPath.item)")
    }

    func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath) {
        log.append("didDeselect \(indexPath.item)")
    }
}

/// A cell that remembers its item and counts its reuses.
@MainActor
final class GridCell: UICollectionViewCell {
    var number = -1
    var reuses = 0
    var applied: [IndexPath] = []

    override func prepareForReuse() {
        super.prepareForReuse()
        reuses += 1
    }

    override func apply(_ layoutAttributes: UICollectionViewLayoutAttributes) {
        super.apply(layoutAttributes)
        applied.append(layoutAttributes.indexPath)
    }
}

/// A cell that asks for a width of its own: 60 points, and 20 more for each item before it.
@MainActor
final class GridSizingCell: UICollectionViewCell {
    override func preferredLayoutAttributesFitting(
        _ layoutAttributes: UICollectionViewLayoutAttributes
    ) -> UICollectionViewLayoutAttributes {
        let attributes = super.preferredLayoutAttributesFitting(layoutAttributes)
        attributes.size = CGSize(width: 60 + 20 * CGFloat(attributes.indexPath.item), height: 50)
        return attributes
    }
}

/// A carousel: 100-point items in a row, 100 points down, each scaled by its distance from the
/// middle of the visible bounds (1 there, a third less 100 points away, never below a half).
@MainActor
final class GridCarouselLayout: UICollectionViewLayout {
    var cache: [UICollectionViewLayoutAttributes] = []
    var prepares = 0

    override func prepare() {
        super.prepare()
        prepares += 1
        guard let collectionView else { return }
        let middle = collectionView.bounds.midX
        cache = (0..<collectionView.numberOfItems(inSection: 0)).map { item -> UICollectionViewLayoutAttributes in
            let attributes = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: item, section: 0))
            attributes.frame = CGRect(x: CGFloat(item) * 100, y: 100, width: 100, height: 100)
            let scale = max(0.5, 1 - abs(attributes.center.x - middle) / 300)
            attributes.transform = CGAffineTransform(scaleX: scale, y: scale)
            attributes.zIndex = Int((scale * 100).rounded())
            return attributes
        }
    }

    override var collectionViewContentSize: CGSize {
        CGSize(width: CGFloat(cache.count) * 100, height: collectionView?.bounds.height ?? 0)
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        cache.filter { $0.frame.minX < rect.maxX && $0.frame.maxX > rect.minX }
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        cache.indices.contains(indexPath.item) ? cache[indexPath.item] : nil
    }

    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { true }
}

/// A flow layout that notes the batches of updates it hears of.
@MainActor
final class GridRecordingFlowLayout: UICollectionViewFlowLayout {
    var updates: [String] = []
    var finalizations = 0

    override func prepare(forCollectionViewUpdates updateItems: [UICollectionViewUpdateItem]) {
        super.prepare(forCollectionViewUpdates: updateItems)
        for update in updateItems {
            let after = update.indexPathAfterUpdate.map { "\($0.section)-\($0.item)" } ?? "none"
            updates.append("\(update.updateAction) \(after)")
        }
    }

    override func finalizeCollectionViewUpdates() {
        super.finalizeCollectionViewUpdates()
        finalizations += 1
    }
}

/// A flow layout that brings a drag to rest at a multiple of 300 points.
@MainActor
final class GridPagingFlowLayout: UICollectionViewFlowLayout {
    var proposed = CGPoint(x: -1, y: -1)
    var velocity = CGPoint.zero

    override func targetContentOffset(
        forProposedContentOffset proposedContentOffset: CGPoint, withScrollingVelocity velocity: CGPoint
    ) -> CGPoint {
        proposed = proposedContentOffset
        self.velocity = velocity
        return CGPoint(x: proposedContentOffset.x, y: (proposedContentOffset.y / 300).rounded() * 300)
    }
}

/// Attributes with a property of their own, copied by their override.
@MainActor
final class GridScaleAttributes: UICollectionViewLayoutAttributes {
    var scale: CGFloat = 1

    override func copy(with zone: NSZone? = nil) -> Any {
        let copy = super.copy(with: zone)
        (copy as? GridScaleAttributes)?.scale = scale
        return copy
    }
}

@MainActor
@Suite(
    "Collection views: flow layouts, cells on screen only, reuse, selection, custom layouts, animated updates",
    .serialized)
struct CollectionViewTests {
    /// The data sources made inline, kept for the test: a collection view holds its data
    /// source weakly, as UIKit's does.
    private let keptSources = KeptSources()

    private func grid(
        _ source: GridNumbers, layout: UICollectionViewLayout, size: CGSize = CGSize(width: 320, height: 480),
        cellClass: AnyClass = GridCell.self
    ) -> UICollectionView {
        keptSources.sources.append(source)
        let collection = UICollectionView(frame: CGRect(origin: .zero, size: size), collectionViewLayout: layout)
        collection.register(cellClass, forCellWithReuseIdentifier: "number")
        for kind in [UICollectionView.elementKindSectionHeader, UICollectionView.elementKindSectionFooter] {
            collection.register(
                UICollectionReusableView.self, forSupplementaryViewOfKind: kind, withReuseIdentifier: "label")
        }
        collection.dataSource = source
        collection.delegate = source
        collection.layoutIfNeeded()
        return collection
    }

    /// A flow layout of `item`-sized items with the same spacing between lines and items and
    /// the same inset all round.
    private func flow(
        item: CGSize = CGSize(width: 100, height: 100), spacing: CGFloat = 10, inset: CGFloat = 10
    ) -> UICollectionViewFlowLayout {
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = item
        layout.minimumLineSpacing = spacing
        layout.minimumInteritemSpacing = spacing
        layout.sectionInset = UIEdgeInsets(top: inset, left: inset, bottom: inset, right: inset)
        return layout
    }

    private func frames(_ collection: UICollectionView, _ count: Int, section: Int = 0) -> [CGRect?] {
        (0..<count).map { collection.layoutAttributesForItem(at: IndexPath(item: $0, section: section))?.frame }
    }

    private func rect(_ x: CGFloat, _ y: CGFloat, _ width: CGFloat, _ height: CGFloat) -> CGRect {
        CGRect(x: x, y: y, width: width, height: height)
    }

    /// 320 points wide with insets of 10 leave 300 for items: two 100-point items (210 with
    /// the spacing), not three (320). A full row is justified, its 100 spare points between
    /// its two items (x = 10 and 210); the last row keeps the least spacing from the left.
    /// With 80-point items three fit (260): the 60 spare points make two gaps of 30
    /// (x = 10, 120, 230), and the last row's two items are 10 apart (x = 10, 100).
    @Test func aVerticalFlowLayoutJustifiesFullRowsAndNotTheLastOne() {
        let collection = grid(GridNumbers([7]), layout: flow())
        #expect(collection.contentSize == CGSize(width: 320, height: 10 + 4 * 100 + 3 * 10 + 10))
        #expect(
            frames(collection, 7) == [
                rect(10, 10, 100, 100), rect(210, 10, 100, 100), rect(10, 120, 100, 100), rect(210, 120, 100, 100),
                rect(10, 230, 100, 100), rect(210, 230, 100, 100), rect(10, 340, 100, 100),
            ])
        #expect(collection.cellForItem(at: IndexPath(item: 1, section: 0))?.frame == rect(210, 10, 100, 100))

        let narrow = grid(GridNumbers([8]), layout: flow(item: CGSize(width: 80, height: 80)))
        #expect(
            frames(narrow, 8) == [
                rect(10, 10, 80, 80), rect(120, 10, 80, 80), rect(230, 10, 80, 80),
                rect(10, 100, 80, 80), rect(120, 100, 80, 80), rect(230, 100, 80, 80),
                rect(10, 190, 80, 80), rect(100, 190, 80, 80),
            ])
        #expect(narrow.contentSize == CGSize(width: 320, height: 280))
        #expect(narrow.cellForItem(at: IndexPath(item: 7, section: 0))?.frame == rect(100, 190, 80, 80))
    }

    /// Scrolling horizontally, items go down in columns: 250 points high with insets of 10
    /// leave 230, room for two 100-point items, whose column is justified (y = 10 and 140); the
    /// columns are 10 apart, and the content is as high as the view.
    @Test func aHorizontalFlowLayoutFillsColumns() {
        let layout = flow()
        layout.scrollDirection = .horizontal
        let collection = grid(GridNumbers([5]), layout: layout, size: CGSize(width: 320, height: 250))
        #expect(collection.contentSize == CGSize(width: 340, height: 250))
        #expect(
            frames(collection, 5) == [
                rect(10, 10, 100, 100), rect(10, 140, 100, 100), rect(120, 10, 100, 100), rect(120, 140, 100, 100),
                rect(230, 10, 100, 100),
            ])
        #expect(collection.indexPathsForVisibleItems.count == 5)
    }

    /// Sizes and insets from the delegate: three items of different heights fit exactly in a
    /// 320-point row (100 + 10 + 100 + 10 + 100) and are centred in its 100-point height; the
    /// second section's insets come from the delegate too.
    @Test func theDelegateGivesSizesAndInsets() {
        let source = GridNumbers([3, 2])
        source.sizes = { path in
            path.section == 0 ? CGSize(width: 100, height: [50, 100, 70][path.item]) : CGSize(width: 120, height: 40)
        }
        source.insets[1] = UIEdgeInsets(top: 20, left: 30, bottom: 40, right: 30)
        let collection = grid(source, layout: flow(inset: 0))
        #expect(frames(collection, 3) == [rect(0, 25, 100, 50), rect(110, 0, 100, 100), rect(220, 15, 100, 70)])
        #expect(frames(collection, 2, section: 1) == [rect(30, 120, 120, 40), rect(160, 120, 120, 40)])
        #expect(collection.contentSize == CGSize(width: 320, height: 200))
    }

    /// Headers before each section's items and footers after them, as wide as the view and as
    /// high as the reference sizes say (their widths do not count); only those on screen are
    /// views.
    @Test func headersAndFootersComeBeforeAndAfterTheItems() throws {
        let layout = flow()
        layout.headerReferenceSize = CGSize(width: 999, height: 40)
        layout.footerReferenceSize = CGSize(width: 0, height: 30)
        let collection = grid(GridNumbers([3, 3]), layout: layout)
        #expect(collection.contentSize == CGSize(width: 320, height: 600))
        #expect(frames(collection, 3) == [rect(10, 50, 100, 100), rect(210, 50, 100, 100), rect(10, 160, 100, 100)])
        #expect(frames(collection, 3, section: 1)[0] == rect(10, 350, 100, 100))
        let header = try #require(
            collection.supplementaryView(
                forElementKind: UICollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 1)))
        #expect(header.frame == rect(0, 300, 320, 40) && header.superview === collection)
        #expect(collection.visibleSupplementaryViews(ofKind: UICollectionView.elementKindSectionHeader).count == 2)
        #expect(
            collection.indexPathsForVisibleSupplementaryElements(ofKind: UICollectionView.elementKindSectionFooter)
                == [IndexPath(item: 0, section: 0)])
        #expect(
            collection.layoutAttributesForSupplementaryElement(
                ofKind: UICollectionView.elementKindSectionFooter, at: IndexPath(item: 0, section: 1))?.frame
                == rect(0, 570, 320, 30))
        #expect(collection.visibleCells.count == 6)
    }

    /// Ten items (five rows) are on screen, each a subview; 1,100 points down the rows of items
    /// 20 to 29 are, and their cells are the ten that scrolled off, reused.
    @Test func onlyTheItemsOnScreenHaveCellsAndScrolledOffOnesAreReused() {
        let source = GridNumbers([100])
        let collection = grid(source, layout: flow())
        #expect(collection.contentSize == CGSize(width: 320, height: 10 + 50 * 100 + 49 * 10 + 10))
        #expect(collection.indexPathsForVisibleItems == (0..<10).map { IndexPath(item: $0, section: 0) })
        #expect(collection.subviews.filter { $0 is UICollectionViewCell }.count == 10)
        #expect(source.cellsMade.count == 10)

        collection.contentOffset = CGPoint(x: 0, y: 1100)
        collection.layoutIfNeeded()
        #expect(collection.indexPathsForVisibleItems.map(\.item) == Array(20..<30))
        #expect(collection.visibleCells.map { ($0 as? GridCell)?.number } == (20..<30).map { Optional($0) })
        #expect(source.cellsMade.count == 10, "the ten cells that left are the ones handed out again")
        #expect(collection.visibleCells.reduce(0) { $0 + (($1 as? GridCell)?.reuses ?? 0) } == 10)
        #expect(collection.subviews.filter { $0 is UICollectionViewCell }.count == 10)
        #expect(collection.cellForItem(at: IndexPath(item: 0, section: 0)) == nil)
        let cell = collection.cellForItem(at: IndexPath(item: 21, section: 0)) as? GridCell
        #expect(cell?.frame == rect(210, 1110, 100, 100) && cell?.applied.last == IndexPath(item: 21, section: 0))
        #expect(collection.indexPathForItem(at: CGPoint(x: 250, y: 1150)) == IndexPath(item: 21, section: 0))
        #expect(collection.indexPathForItem(at: CGPoint(x: 150, y: 1150)) == nil, "between two items")

        collection.scrollToItem(at: IndexPath(item: 50, section: 0), at: .top, animated: false)
        #expect(abs(collection.contentOffset.y - (10 + 25 * 110)) < 1e-9)
        collection.scrollToItem(at: IndexPath(item: 0, section: 0), at: .centeredVertically, animated: false)
        #expect(collection.contentOffset.y == 0, "clamped to the start of the content")
    }

    /// A tap highlights the item while the finger is down and selects it when lifted; a tap
    /// on another item deselects the first. The delegate hears it all in UIKit's order;
    /// selecting in code tells it nothing.
    @Test func aTapSelectsAnItemAndTellsTheDelegateInOrder() throws {
        let source = GridNumbers([6])
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let collection = grid(source, layout: flow())
        window.addSubview(collection)
        let first = try #require(collection.cellForItem(at: IndexPath(item: 0, section: 0)))
        let finger = window.touchDown(at: CGPoint(x: 60, y: 60))
        #expect(first.isHighlighted && !first.isSelected)
        #expect(source.log == ["shouldHighlight 0", "didHighlight 0"])
        window.liftTouch(finger)
        #expect(!first.isHighlighted && first.isSelected)
        #expect(
            source.log == ["shouldHighlight 0", "didHighlight 0", "shouldSelect 0", "didUnhighlight 0", "didSelect 0"])
        #expect(collection.indexPathsForSelectedItems == [IndexPath(item: 0, section: 0)])

        source.log = []
        let second = window.touchDown(at: CGPoint(x: 260, y: 60))
        window.liftTouch(second)
        #expect(
            source.log == [
                "shouldHighlight 1", "didHighlight 1", "shouldSelect 1", "didDeselect 0", "didUnhighlight 1",
                "didSelect 1",
            ])
        #expect(!first.isSelected && collection.cellForItem(at: IndexPath(item: 1, section: 0))?.isSelected == true)

        source.log = []
        collection.selectItem(at: IndexPath(item: 2, section: 0), animated: false, scrollPosition: [])
        #expect(collection.indexPathsForSelectedItems == [IndexPath(item: 2, section: 0)] && source.log.isEmpty)
        collection.deselectItem(at: IndexPath(item: 2, section: 0), animated: false)
        #expect(collection.indexPathsForSelectedItems == [] && source.log.isEmpty)
    }

    /// A layout that invalidates itself on every change of the bounds is prepared again as the
    /// content scrolls: 130 points along, the middle of the bounds is at 280, so item 2
    /// (centred at 250) is scaled by 1 − 30/300 = 0.9, and item 1 has gone off screen.
    @Test func aCarouselLayoutScalesItsCellsAsTheContentScrolls() throws {
        let layout = GridCarouselLayout()
        let collection = grid(GridNumbers([10]), layout: layout, size: CGSize(width: 300, height: 300))
        #expect(collection.contentSize == CGSize(width: 1000, height: 300))
        #expect(collection.indexPathsForVisibleItems.map(\.item) == [0, 1, 2])
        #expect(collection.cellForItem(at: IndexPath(item: 1, section: 0))?.transform.a == 1)
        let side = try #require(collection.cellForItem(at: IndexPath(item: 0, section: 0)))
        #expect(abs(side.transform.a - 2.0 / 3) < 1e-9)

        let prepared = layout.prepares
        collection.contentOffset = CGPoint(x: 130, y: 0)
        collection.layoutIfNeeded()
        #expect(layout.prepares == prepared + 1)
        #expect(collection.indexPathsForVisibleItems.map(\.item) == [1, 2, 3, 4])
        let cell = try #require(collection.cellForItem(at: IndexPath(item: 2, section: 0)))
        #expect(abs(cell.transform.a - 0.9) < 1e-9 && abs(cell.transform.d - 0.9) < 1e-9)
        #expect(cell.center == CGPoint(x: 250, y: 150) && cell.bounds.size == CGSize(width: 100, height: 100))
        #expect(abs(cell.frame.width - 90) < 1e-9, "the view's frame is the scaled one")
        #expect(cell.layer.zPosition == 90)
        let far = try #require(collection.cellForItem(at: IndexPath(item: 4, section: 0)))
        #expect(far.transform.a == 0.5, "170 points away: clamped at a half")
        #expect(collection.cellForItem(at: IndexPath(item: 0, section: 0)) == nil)
    }

    /// Inserting an item in a batch: it fades in at its place while the others move on a
    /// place (item 1's cell from (260, 60) to (60, 170)), over 0.3 s eased in and out; the
    /// layout hears the batch, and the completion runs once when the animations end.
    @Test func aBatchInsertFadesTheNewItemInAndMovesTheOthers() throws {
        try withManualClock { clock in
            let source = GridNumbers([4])
            let layout = GridRecordingFlowLayout()
            layout.itemSize = CGSize(width: 100, height: 100)
            layout.sectionInset = UIEdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
            let collection = grid(source, layout: layout)
            CATransaction.flush()
            let moving = try #require(collection.cellForItem(at: IndexPath(item: 1, section: 0)))
            #expect(moving.center == CGPoint(x: 260, y: 60))
            var completions: [Bool] = []
            collection.performBatchUpdates {
                source.counts[0] = 5
                collection.insertItems(at: [IndexPath(item: 0, section: 0)])
            } completion: {
                completions.append($0)
            }
            #expect(collection.numberOfItems(inSection: 0) == 5 && collection.contentSize.height == 340)
            #expect(layout.updates == ["insert 0-0"])
            #expect(collection.cellForItem(at: IndexPath(item: 2, section: 0)) === moving)
            #expect(moving.center == CGPoint(x: 60, y: 170), "the model is at the new place at once")
            let inserted = try #require(collection.cellForItem(at: IndexPath(item: 0, section: 0)))
            #expect(inserted !== moving && inserted.center == CGPoint(x: 60, y: 60) && inserted.alpha == 1)
            CATransaction.flush()
            clock.advance(by: 0.15)
            let shown = try #require(moving.layer.presentation()?.position)
            #expect(abs(shown.x - 160) < 1e-4 && abs(shown.y - 115) < 1e-4, "half way, eased in and out: \(shown)")
            #expect(abs(Double(inserted.layer.presentation()?.opacity ?? -1) - 0.5) < 1e-6)
            #expect(completions.isEmpty)
            clock.advance(by: 0.16)
            CATransaction.flush()
            #expect(completions == [true], "once, when the animations end")
            #expect(layout.finalizations == 1)
            #expect(collection.visibleCells.count == 5)
        }
    }

    /// With an estimated item size, each item starts at the estimate and then takes the size
    /// its cell prefers: 60, 80 and 100 points wide, in one row 10 points apart.
    @Test func cellsSizeThemselvesWithAnEstimatedItemSize() {
        let layout = flow(inset: 0)
        layout.estimatedItemSize = CGSize(width: 50, height: 50)
        let collection = grid(GridNumbers([3]), layout: layout, cellClass: GridSizingCell.self)
        #expect(frames(collection, 3) == [rect(0, 0, 60, 50), rect(70, 0, 80, 50), rect(160, 0, 100, 50)])
        #expect(collection.contentSize == CGSize(width: 320, height: 50))
        #expect(collection.cellForItem(at: IndexPath(item: 2, section: 0))?.frame == rect(160, 0, 100, 50))
    }

    /// Attributes: a frame is a centre and a size (a new size keeps the centre); a copy is
    /// equal until a property changes; a subclass's copy is of the subclass.
    @Test func layoutAttributesCopyAndCompareByValue() throws {
        let attributes = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: 3, section: 1))
        attributes.frame = rect(10, 20, 100, 50)
        #expect(attributes.center == CGPoint(x: 60, y: 45) && attributes.bounds == rect(0, 0, 100, 50))
        attributes.size = CGSize(width: 50, height: 10)
        #expect(attributes.frame == rect(35, 40, 50, 10))
        attributes.alpha = 0.5
        attributes.zIndex = 2
        attributes.transform = CGAffineTransform(scaleX: 2, y: 2)
        let copy = try #require(attributes.copy() as? UICollectionViewLayoutAttributes)
        #expect(copy !== attributes && copy.isEqual(attributes) && copy == attributes)
        #expect(copy.representedElementCategory == .cell && copy.representedElementKind == nil)
        #expect(copy.transform3D.m11 == 2)
        copy.alpha = 1
        #expect(!copy.isEqual(attributes))

        let header = UICollectionViewLayoutAttributes(
            forSupplementaryViewOfKind: UICollectionView.elementKindSectionHeader, with: IndexPath(item: 0, section: 0))
        #expect(header.representedElementCategory == .supplementaryView)
        #expect(header.representedElementKind == "UICollectionElementKindSectionHeader")

        let scaled = GridScaleAttributes(forCellWith: IndexPath(item: 0, section: 0))
        scaled.scale = 3
        let scaledCopy = try #require(scaled.copy() as? GridScaleAttributes)
        #expect(scaledCopy.scale == 3 && scaledCopy.indexPath == IndexPath(item: 0, section: 0))
    }

    /// A collection view controller: its view is the collection view; overrides of the data
    /// source and delegate methods are what it calls; the selection clears when it appears
    /// again.
    @Test func aCollectionViewControllersOverridesAreCalled() throws {
        final class Tiles: UICollectionViewController {
            var selected: [Int] = []
            override func viewDidLoad() {
                super.viewDidLoad()
                collectionView.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "tile")
            }
            override func collectionView(
                _ collectionView: UICollectionView, numberOfItemsInSection section: Int
            ) -> Int { 6 }
            override func collectionView(
                _ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath
            ) -> UICollectionViewCell {
                collectionView.dequeueReusableCell(withReuseIdentifier: "tile", for: indexPath)
            }
            override func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
                selected.append(indexPath.item)
            }
        }
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 100, height: 100)
        let controller = Tiles(collectionViewLayout: layout)
        let window = UIWindow(frame: UIScreen.main.bounds)
        window.rootViewController = controller
        window.makeKeyAndVisible()
        controller.collectionView.layoutIfNeeded()
        #expect(controller.collectionViewLayout === layout && controller.collectionView.visibleCells.count == 6)
        let collection = try #require(controller.collectionView)
        let frame = try #require(collection.layoutAttributesForItem(at: IndexPath(item: 4, section: 0))?.frame)
        let finger = window.touchDown(at: collection.convert(CGPoint(x: frame.midX, y: frame.midY), to: window))
        window.liftTouch(finger)
        #expect(controller.selected == [4])
        #expect(controller.collectionView.indexPathsForSelectedItems == [IndexPath(item: 4, section: 0)])
        controller.beginAppearanceTransition(false, animated: false)
        controller.endAppearanceTransition()
        controller.beginAppearanceTransition(true, animated: false)
        controller.endAppearanceTransition()
        #expect(controller.collectionView.indexPathsForSelectedItems == [])
    }

    /// A flick: the content would coast to 200 + 1,200 / (−1000 ln 0.998) ≈ 799 points; the
    /// layout's target content offset rounds that to 900, where the content comes to rest.
    @Test func aDragComesToRestWhereTheLayoutSays() {
        withManualClock { clock in
            let layout = GridPagingFlowLayout()
            layout.itemSize = CGSize(width: 390, height: 100)
            layout.minimumLineSpacing = 0
            let window = UIWindow(frame: UIScreen.main.bounds)
            window.makeKeyAndVisible()
            defer { withExtendedLifetime(window) {} }
            let collection = grid(GridNumbers([100]), layout: layout, size: CGSize(width: 390, height: 600))
            collection.contentInsetAdjustmentBehavior = .never
            window.addSubview(collection)
            let finger = window.touchDown(at: CGPoint(x: 200, y: 500))
            for step in 1...10 {
                clock.advance(by: 1.0 / 60)
                window.moveTouch(finger, to: CGPoint(x: 200, y: 500 - CGFloat(step) * 20))
            }
            window.liftTouch(finger)
            #expect(abs(layout.proposed.y - (200 + 1200 / (-1000 * log(0.998)))) < 1, "\(layout.proposed)")
            #expect(layout.velocity.y > 0, "the offset was growing")
            clock.advance(by: 1)
            #expect(abs(collection.contentOffset.y - 900) < 1e-6, "\(collection.contentOffset)")
            collection.layoutIfNeeded()
            #expect(collection.cellForItem(at: IndexPath(item: 9, section: 0))?.frame == rect(0, 900, 390, 100))
        }
    }
}

/// Data sources a test keeps alive.
@MainActor
private final class KeptSources {
    var sources: [GridNumbers] = []
}
