import CCairo
import Dispatch
import Foundation
import OpenQuartzCore

/// Frames painted out of order, handed out in order.
final class OrderedResults: @unchecked Sendable {
    private let condition = NSCondition()
    private var frames: [Int: CARenderedFrame] = [:]
    private var inFlight = 0

    func started() {
        condition.withLock { inFlight += 1 }
    }

    func put(_ frame: CARenderedFrame) {
        condition.withLock {
            frames[frame.index] = frame
            inFlight -= 1
            condition.broadcast()
        }
    }

    func takeIfReady(_ index: Int) -> CARenderedFrame? {
        condition.withLock { frames.removeValue(forKey: index) }
    }

    func take(_ index: Int) -> CARenderedFrame {
        condition.withLock {
            while frames[index] == nil { condition.wait() }
            return frames.removeValue(forKey: index)!
        }
    }

    func waitForAll() {
        condition.withLock {
            while inFlight > 0 { condition.wait() }
        }
    }
}
