/// A unified diff of two texts, by lines, with three lines of context: what `diff -u` prints.
public func unifiedDiff(from old: String, to new: String, oldName: String, newName: String) -> String {
    let oldLines = old.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let newLines = new.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let difference = newLines.difference(from: oldLines)
    guard !difference.isEmpty else { return "" }
    // Walk both files together: each old line is kept or removed, each new line kept or inserted.
    let removed = Set(
        difference.removals.map { change -> Int in
            guard case .remove(let offset, _, _) = change else { fatalError("removals lists removals") }
            return offset
        })
    let inserted = Set(
        difference.insertions.map { change -> Int in
            guard case .insert(let offset, _, _) = change else { fatalError("insertions lists insertions") }
            return offset
        })
    var rows: [(kind: Character, text: String, oldLine: Int, newLine: Int)] = []
    var oldIndex = 0
    var newIndex = 0
    while oldIndex < oldLines.count || newIndex < newLines.count {
        if oldIndex < oldLines.count, removed.contains(oldIndex) {
            rows.append(("-", oldLines[oldIndex], oldIndex, newIndex))
            oldIndex += 1
        } else if newIndex < newLines.count, inserted.contains(newIndex) {
            rows.append(("+", newLines[newIndex], oldIndex, newIndex))
            newIndex += 1
        } else {
            rows.append((" ", oldLines[oldIndex], oldIndex, newIndex))
            oldIndex += 1
            newIndex += 1
        }
    }
    // Hunks: the changed rows with up to three rows of context around them, merged when close.
    let context = 3
    var hunks: [Range<Int>] = []
    for (index, row) in rows.enumerated() where row.kind != " " {
        let range = max(0, index - context)..<min(rows.count, index + context + 1)
        if let last = hunks.last, last.upperBound >= range.lowerBound {
            hunks[hunks.count - 1] = last.lowerBound..<range.upperBound
        } else {
            hunks.append(range)
        }
    }
    var output = "--- \(oldName)\n+++ \(newName)\n"
    for hunk in hunks {
        let slice = rows[hunk]
        let oldCount = slice.filter { $0.kind != "+" }.count
        let newCount = slice.filter { $0.kind != "-" }.count
        let oldStart = slice.first!.oldLine + (oldCount > 0 ? 1 : 0)
        let newStart = slice.first!.newLine + (newCount > 0 ? 1 : 0)
        output += "@@ -\(oldStart),\(oldCount) +\(newStart),\(newCount) @@\n"
        for row in slice { output += "\(row.kind)\(row.text)\n" }
    }
    return output
}
