import Foundation

/// Where a table view's header, sections and rows lie down its content: each section's header,
/// rows and footer one after another, below the table's header view.
struct TableGeometry {
    struct Section {
        var headerHeight: CGFloat
        var rowHeights: [CGFloat]
        var footerHeight: CGFloat
        /// Filled by ``TableGeometry/stack()``.
        var top: CGFloat = 0
        var rowTops: [CGFloat] = []
        var height: CGFloat = 0
    }

    var tableHeaderHeight: CGFloat = 0
    var tableFooterHeight: CGFloat = 0
    var sections: [Section] = []
    private(set) var contentHeight: CGFloat = 0

    /// Places the sections and rows from their heights.
    mutating func stack() {
        var y = tableHeaderHeight
        for index in sections.indices {
            sections[index].top = y
            y += sections[index].headerHeight
            var tops: [CGFloat] = []
            tops.reserveCapacity(sections[index].rowHeights.count)
            for height in sections[index].rowHeights {
                tops.append(y)
                y += height
            }
            sections[index].rowTops = tops
            y += sections[index].footerHeight
            sections[index].height = y - sections[index].top
        }
        contentHeight = y + tableFooterHeight
    }

    func contains(_ path: IndexPath) -> Bool {
        path.count == 2 && sections.indices.contains(path.section)
            && sections[path.section].rowHeights.indices.contains(path.row)
    }

    /// The rectangle of a row, `width` wide.
    func rowRect(_ path: IndexPath, width: CGFloat) -> CGRect {
        let section = sections[path.section]
        return CGRect(x: 0, y: section.rowTops[path.row], width: width, height: section.rowHeights[path.row])
    }

    func headerRect(_ section: Int, width: CGFloat) -> CGRect {
        CGRect(x: 0, y: sections[section].top, width: width, height: sections[section].headerHeight)
    }

    func footerRect(_ section: Int, width: CGFloat) -> CGRect {
        let part = sections[section]
        return CGRect(x: 0, y: part.top + part.height - part.footerHeight, width: width, height: part.footerHeight)
    }

    /// The rows any part of which lies between `minY` and `maxY`, in order.
    func rows(from minY: CGFloat, to maxY: CGFloat) -> [IndexPath] {
        var found: [IndexPath] = []
        for (index, section) in sections.enumerated() where section.top < maxY && section.top + section.height > minY {
            // The first row that ends below minY, by bisection; then every row that starts above maxY.
            var low = 0
            var high = section.rowTops.count
            while low < high {
                let middle = (low + high) / 2
                if section.rowTops[middle] + section.rowHeights[middle] <= minY { low = middle + 1 } else { high = middle }
            }
            var row = low
            while row < section.rowTops.count, section.rowTops[row] < maxY {
                if section.rowHeights[row] > 0 || section.rowTops[row] >= minY { found.append(IndexPath(row: row, section: index)) }
                row += 1
            }
        }
        return found
    }

    /// The row at `y`, if any.
    func row(at y: CGFloat) -> IndexPath? {
        rows(from: y, to: y + 0.000_001).first { path in
            let rect = rowRect(path, width: 1)
            return rect.minY <= y && y < rect.maxY
        }
    }
}
