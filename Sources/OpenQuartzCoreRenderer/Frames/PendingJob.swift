import CCairo
import Dispatch
import Foundation
import OpenQuartzCore

/// A frame job that the worker takes out, so that nothing holds it once the frame is painted
/// (the block that carries it lives until Dispatch lets go of it, which may be later).
final class PendingJob: @unchecked Sendable {
    // Set on the rendering thread before the block is queued, taken once by the worker.
    private var job: FrameJob?

    init(_ job: FrameJob) { self.job = job }

    func take() -> FrameJob {
        guard let job else { misuse("a frame job is taken once") }
        self.job = nil
        return job
    }
}
