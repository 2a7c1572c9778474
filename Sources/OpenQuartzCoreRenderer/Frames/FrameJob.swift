import CCairo
import Dispatch
import Foundation
import OpenQuartzCore

/// A captured frame on its way to a worker.
struct FrameJob: @unchecked Sendable {
    let frame: CapturedFrame
    let index: Int
    let time: CFTimeInterval
}
