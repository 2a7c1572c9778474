import Foundation
import OpenQuartzCore

/// A frame as the bitmap shows it, kept to find what the next one changes: its snapshots,
/// its nodes (kept out of the capture's pool until the next frame is drawn) and their boxes.
struct DrawnFrame {
    let root: LayerSnapshot
    let nodes: FrameNodes
    let extents: FrameExtents
}
