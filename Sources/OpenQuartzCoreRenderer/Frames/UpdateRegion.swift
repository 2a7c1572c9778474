import Foundation
import OpenQuartzCore

/// The pixels of a frame that differ from the frame before it: the boxes (before and after) of
/// every layer whose values changed, with its subtree. Everything else is still on the bitmap.
enum UpdateRegion {
    /// More separate boxes than this are merged into one around them all.
    static let boxLimit = 8

    /// The boxes to redraw, clipped to `screen`; nil when everything must be.
    static func changes(
        from previous: DrawnFrame, to frame: CapturedFrame, extents: FrameExtents, screen: PixelBox
    ) -> [PixelBox]? {
        guard let root = frame.root, root === previous.root, previous.nodes.nodes.count == frame.nodes.nodes.count
        else { return nil }
        // The nodes are compared where they lie: each is large, and holds references.
        return previous.nodes.nodes.withUnsafeBufferPointer { before in
            frame.nodes.nodes.withUnsafeBufferPointer { after in
                var boxes: [PixelBox] = []
                // Past this many separate boxes the region is the one box around them all
                // (whatever is merged after), which needs no merging.
                var around: PixelBox?
                func changed(_ snapshot: LayerSnapshot) -> Bool {
                    before[snapshot.nodeIndex] != after[snapshot.nodeIndex]
                }
                func anyChange(in snapshot: LayerSnapshot) -> Bool {
                    if changed(snapshot) { return true }
                    if let mask = snapshot.mask, anyChange(in: mask) { return true }
                    return snapshot.sublayers.contains { anyChange(in: $0) }
                }
                func collect(_ snapshot: LayerSnapshot) {
                    guard changed(snapshot) || (snapshot.mask.map(anyChange(in:)) ?? false) else {
                        for sublayer in snapshot.sublayers { collect(sublayer) }
                        return
                    }
                    add(previous.extents.boxes[snapshot.nodeIndex].intersection(screen))
                    add(extents.boxes[snapshot.nodeIndex].intersection(screen))
                }
                func add(_ box: PixelBox) {
                    guard !box.isEmpty else { return }
                    if let whole = around {
                        around = whole.union(box)
                        return
                    }
                    // Overlapping boxes become one.
                    var merged = box
                    boxes.removeAll { other in
                        let overlaps = !merged.intersection(other).isEmpty
                        if overlaps { merged = merged.union(other) }
                        return overlaps
                    }
                    boxes.append(merged)
                    if boxes.count > 4 * boxLimit { around = boxes.reduce(PixelBox.empty) { $0.union($1) } }
                }
                collect(root)
                if let around { return [around] }
                if boxes.count > boxLimit { return [boxes.reduce(PixelBox.empty) { $0.union($1) }] }
                return boxes
            }
        }
    }
}
