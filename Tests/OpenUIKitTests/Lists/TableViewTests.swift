import OpenUIKit
import QuartzTestSupport
import Testing

/// Rows of numbers, counting the cells it is asked for and the delegate calls.
@MainActor
final class NumberRows: NSObject, UITableViewDataSource, UITableViewDelegate {
    var rows: [Int]
    var height: CGFloat?
    var cellsAsked = 0
    var log: [String] = []

    init(_ count: Int, height: CGFloat? = nil) {
        rows = Array(0..<count)
        self.height = height
    }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { rows.count }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        cellsAsked += 1
        let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        cell.textLabel?.text = "Row \(rows[indexPath.row])"
        return cell
    }

    func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
        height ?? tableView.rowHeight
    }

    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        log.append("didSelect \(indexPath.row)")
    }

    func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath) {
        log.append("didDeselect \(indexPath.row)")
    }
}

/// A cell sized by its constraints: a 60-point block with 20 points above and below.
@MainActor
final class BlockCell: UITableViewCell {
    let block = UIView()

    override init(style: CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
        block.translatesAutoresizingMaskIntoConstraints = false
        contentView.addSubview(block)
        NSLayoutConstraint.activate([
            block.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 20),
            block.bottomAnchor.constraint(equalTo: contentView.bottomAnchor, constant: -20),
            block.leadingAnchor.constraint(equalTo: contentView.leadingAnchor),
            block.trailingAnchor.constraint(equalTo: contentView.trailingAnchor),
            block.heightAnchor.constraint(equalToConstant: 60),
        ])
    }

    required init?(coder: NSCoder) { fatalError("not archived") }
}

@MainActor
@Suite("Table views: cells on screen only, reuse, heights, selection, animated updates", .serialized)
struct TableViewTests {
    private func table(_ source: NumberRows, height: CGFloat = 300) -> UITableView {
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 390, height: height), style: .plain)
        table.register(UITableViewCell.self, forCellReuseIdentifier: "row")
        table.dataSource = source
        table.delegate = source
        table.layoutIfNeeded()
        return table
    }

    private func y(_ view: UIView) -> Double { Double(view.layer.presentation()?.frame.minY ?? .nan) }

    @Test func foundationsIndexPathsReadAsUIKitsToo() {
        let path = IndexPath(row: 3, section: 1)
        let bridged = path as NSIndexPath
        #expect(bridged.section == 1 && bridged.row == 3 && bridged.item == 3)
        #expect(NSIndexPath(item: 4, section: 2) as IndexPath == IndexPath(item: 4, section: 2))
        #expect(NSIndexPath(row: 5, section: 0).row == 5)
    }
    @Test func onlyTheRowsOnScreenHaveCellsAndScrolledOffOnesAreReused() {
        let source = NumberRows(100, height: 50)
        let table = table(source)
        #expect(table.contentSize == CGSize(width: 390, height: 5000))
        #expect(table.indexPathsForVisibleRows == (0..<6).map { IndexPath(row: $0, section: 0) })
        #expect(
            table.cellForRow(at: IndexPath(row: 2, section: 0))?.frame == CGRect(x: 0, y: 100, width: 390, height: 50))
        #expect(table.cellForRow(at: IndexPath(row: 2, section: 0))?.textLabel?.text == "Row 2")
        let made = Set(table.visibleCells.map(ObjectIdentifier.init))
        table.contentOffset = CGPoint(x: 0, y: 525)
        table.layoutIfNeeded()
        #expect(table.indexPathsForVisibleRows?.map(\.row) == Array(10...16))
        #expect(table.cellForRow(at: IndexPath(row: 10, section: 0))?.textLabel?.text == "Row 10")
        let reused = table.visibleCells.filter { made.contains(ObjectIdentifier($0)) }.count
        #expect(reused == 6, "the six cells that left are the first six handed out again")
        #expect(source.cellsAsked == 13)
        #expect(table.indexPathForRow(at: CGPoint(x: 10, y: 530)) == IndexPath(row: 10, section: 0))
        table.scrollToRow(at: IndexPath(row: 50, section: 0), at: .top, animated: false)
        #expect(table.contentOffset.y == 2500)
        table.scrollToRow(at: IndexPath(row: 99, section: 0), at: .middle, animated: false)
        #expect(table.contentOffset.y == 4700, "clamped to the end of the content")
    }

    /// Automatic heights: standard cells are 44 points; a cell with constraints is as tall as
    /// they ask (20 + 60 + 20), and the rows below move when it is measured.
    @Test func automaticRowHeightsComeFromTheCells() {
        let source = NumberRows(3)
        let table = table(source)
        #expect(table.rectForRow(at: IndexPath(row: 2, section: 0)) == CGRect(x: 0, y: 88, width: 390, height: 44))

        let blocks = NumberRows(3)
        let other = UITableView(frame: CGRect(x: 0, y: 0, width: 390, height: 600), style: .plain)
        other.register(BlockCell.self, forCellReuseIdentifier: "row")
        other.dataSource = blocks
        other.layoutIfNeeded()
        #expect(other.rectForRow(at: IndexPath(row: 1, section: 0)) == CGRect(x: 0, y: 100, width: 390, height: 100))
        #expect(other.contentSize.height == 300)
        let cell = other.cellForRow(at: IndexPath(row: 0, section: 0)) as? BlockCell
        #expect(cell?.block.frame == CGRect(x: 0, y: 20, width: 390, height: 60))
    }

    /// A tap highlights the row while the finger is down and selects it when lifted; a second
    /// row's tap deselects the first; deselecting with animation fades the grey over 0.25 s.
    @Test func aTapSelectsARowAndDeselectingFades() throws {
        try withManualClock { clock in
            let source = NumberRows(10, height: 50)
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 300))
            let table = table(source)
            window.addSubview(table)
            let finger = window.touchDown(at: CGPoint(x: 100, y: 125))
            let cell = try #require(table.cellForRow(at: IndexPath(row: 2, section: 0)))
            #expect(cell.isHighlighted && !cell.isSelected && source.log.isEmpty)
            window.liftTouch(finger)
            #expect(!cell.isHighlighted && cell.isSelected)
            #expect(source.log == ["didSelect 2"] && table.indexPathForSelectedRow == IndexPath(row: 2, section: 0))
            let tap = window.touchDown(at: CGPoint(x: 100, y: 25))
            window.liftTouch(tap)
            #expect(source.log == ["didSelect 2", "didDeselect 2", "didSelect 0"])
            #expect(!cell.isSelected)

            let first = try #require(table.cellForRow(at: IndexPath(row: 0, section: 0)))
            let grey = try #require(first.subviews.first { $0.backgroundColor == .systemGray4 })
            CATransaction.flush()
            table.deselectRow(at: IndexPath(row: 0, section: 0), animated: true)
            CATransaction.flush()
            clock.advance(by: 0.125)
            #expect(abs(Double(grey.layer.presentation()?.opacity ?? -1) - 0.5) < 0.01, "half way, eased in and out")
            clock.advance(by: 0.13)
            CATransaction.flush()
            #expect(grey.superview == nil && table.indexPathForSelectedRow == nil)
            #expect(source.log.count == 3, "the delegate hears nothing of a deselection in code")
        }
    }

    /// Deleting a row: it fades out where it was while the rows below slide up a row, over 0.3
    /// s eased in and out, then it goes.
    @Test func deletingARowFadesItAndSlidesTheRestUp() throws {
        try withManualClock { clock in
            let source = NumberRows(5, height: 50)
            let table = table(source)
            CATransaction.flush()
            let deleted = try #require(table.cellForRow(at: IndexPath(row: 1, section: 0)))
            let below = try #require(table.cellForRow(at: IndexPath(row: 2, section: 0)))
            source.rows.remove(at: 1)
            table.deleteRows(at: [IndexPath(row: 1, section: 0)], with: .fade)
            #expect(table.numberOfRows(inSection: 0) == 4)
            #expect(table.cellForRow(at: IndexPath(row: 1, section: 0)) === below)
            #expect(below.frame.minY == 50 && table.contentSize.height == 200)
            CATransaction.flush()
            clock.advance(by: 0.15)
            #expect(abs(y(below) - 75) < 1e-6, "half way from 100 to 50")
            #expect(abs(Double(deleted.layer.presentation()?.opacity ?? -1) - 0.5) < 1e-6)
            #expect(abs(y(deleted) - 50) < 1e-6, "a fading row stays where it was")
            clock.advance(by: 0.16)
            CATransaction.flush()
            #expect(deleted.superview == nil)
            #expect(table.visibleCells.map { $0.textLabel?.text } == ["Row 0", "Row 2", "Row 3", "Row 4"])
        }
    }

    /// Inserting rows in a batch: the new one slides in from the left, the others move down,
    /// and the batch's completion runs when the animations end.
    @Test func aBatchInsertSlidesTheNewRowIn() throws {
        try withManualClock { clock in
            let source = NumberRows(3, height: 50)
            let table = table(source)
            CATransaction.flush()
            let first = try #require(table.cellForRow(at: IndexPath(row: 0, section: 0)))
            var finished: Bool?
            table.performBatchUpdates {
                source.rows.insert(9, at: 0)
                table.insertRows(at: [IndexPath(row: 0, section: 0)], with: .left)
            } completion: {
                finished = $0
            }
            let inserted = try #require(table.cellForRow(at: IndexPath(row: 0, section: 0)))
            #expect(
                inserted.textLabel?.text == "Row 9" && table.cellForRow(at: IndexPath(row: 1, section: 0)) === first)
            CATransaction.flush()
            clock.advance(by: 0.15)
            #expect(abs(Double(inserted.layer.presentation()?.frame.minX ?? .nan) - -195) < 1e-4)
            #expect(abs(y(first) - 25) < 1e-6)
            #expect(finished == nil)
            clock.advance(by: 0.16)
            CATransaction.flush()
            #expect(finished == true && inserted.frame.minX == 0 && first.frame.minY == 50)
        }
    }

    /// A grouped table with titled sections: the titles in capitals in 38-point headers, the
    /// first section 35 points down when untitled.
    @Test func sectionsHaveHeadersWithTheirTitles() throws {
        final class Sections: NSObject, UITableViewDataSource {
            func numberOfSections(in tableView: UITableView) -> Int { 2 }
            func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 2 }
            func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                UITableViewCell(style: .value1, reuseIdentifier: nil)
            }
            func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
                section == 1 ? "Settings" : nil
            }
        }
        let source = Sections()
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 390, height: 600), style: .grouped)
        table.dataSource = source
        table.layoutIfNeeded()
        #expect(table.numberOfSections == 2)
        #expect(table.rectForRow(at: IndexPath(row: 0, section: 0)).minY == 35)
        #expect(table.rect(forSection: 1) == CGRect(x: 0, y: 35 + 88, width: 390, height: 38 + 88))
        let header = try #require(table.headerView(forSection: 1))
        #expect(header.textLabel?.text == "SETTINGS" && header.frame.height == 38)
    }

    /// A table view controller: its view is the table; overrides of the data source and
    /// delegate methods are what the table calls; the selection clears when it appears again.
    @Test func aTableViewControllersOverridesAreCalled() {
        final class Fruit: UITableViewController {
            var selected: [Int] = []
            override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 4 }
            override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                let cell =
                    tableView.dequeueReusableCell(withIdentifier: "fruit")
                    ?? UITableViewCell(style: .default, reuseIdentifier: "fruit")
                cell.textLabel?.text = ["Apple", "Pear", "Plum", "Fig"][indexPath.row]
                return cell
            }
            override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
                selected.append(indexPath.row)
            }
        }
        let controller = Fruit(style: .insetGrouped)
        let window = UIWindow(frame: UIScreen.main.bounds)
        window.rootViewController = controller
        window.makeKeyAndVisible()
        controller.tableView.layoutIfNeeded()
        #expect(controller.tableView.style == .insetGrouped && controller.tableView.visibleCells.count == 4)
        #expect(controller.tableView.contentOffset.y == -47, "resting below the status bar, as the safe area asks")
        let row = controller.tableView.rectForRow(at: IndexPath(row: 1, section: 0))
        #expect(abs(row.minY - (35 + 44)) < 1e-6)
        let finger = window.touchDown(at: controller.tableView.convert(CGPoint(x: 100, y: row.midY), to: window))
        window.liftTouch(finger)
        #expect(controller.selected == [1] && controller.tableView.indexPathForSelectedRow?.row == 1)
        controller.beginAppearanceTransition(false, animated: false)
        controller.endAppearanceTransition()
        controller.beginAppearanceTransition(true, animated: false)
        controller.endAppearanceTransition()
        #expect(controller.tableView.indexPathForSelectedRow == nil)
    }
}
