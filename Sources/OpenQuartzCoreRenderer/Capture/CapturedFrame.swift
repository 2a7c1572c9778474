import Foundation
import OpenQuartzCore
import Synchronization

/// A captured frame: its layers (``LayerSnapshot``, nil when the root is hidden) and their
/// values at the frame's time. Give the nodes back to the cache (``NodeBufferPool/recycle(_:)``)
/// once the frame is painted.
struct CapturedFrame: @unchecked Sendable {
    let root: LayerSnapshot?
    let nodes: FrameNodes
}
