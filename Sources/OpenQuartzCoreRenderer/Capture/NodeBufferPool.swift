import Foundation
import OpenQuartzCore
import Synchronization

/// The node buffers of a renderer's frames in flight, and those free for the next frames:
/// a frame takes one on the capturing thread and gives it back from the thread that painted
/// it. Buffers of an older build of the tree are let go of instead of kept.
final class NodeBufferPool: Sendable {
    private struct State {
        var build = 0
        var free: [FrameNodes] = []
    }

    private let state: Mutex<State>

    init() {
        var state = State()
        // Room for every frame a renderer keeps in flight, so that giving one back never
        // grows the list.
        state.free.reserveCapacity(64)
        self.state = Mutex(state)
    }

    /// A buffer for a frame of `build`: a free one, holding the nodes of an earlier frame of
    /// the same build, or a new one holding `base`.
    func take(build: Int, base: [RenderNode]) -> FrameNodes {
        let free = state.withLock { state -> FrameNodes? in
            if state.build != build {
                state.build = build
                state.free.removeAll(keepingCapacity: true)
            }
            return state.free.popLast()
        }
        return free ?? FrameNodes(base, build: build)
    }

    /// Gives back the buffer of a frame that is painted: nothing reads it any more.
    func recycle(_ nodes: FrameNodes) {
        state.withLock { state in
            if state.build == nodes.build { state.free.append(nodes) }
        }
    }
}
