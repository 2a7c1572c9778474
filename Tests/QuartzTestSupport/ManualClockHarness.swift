import Foundation
import OpenQuartzCore

/// Runs `body` with a fresh manual clock bound as `CAClock.current`, starting at `time`, and
/// commits whatever is in the thread's implicit transaction before and after the body, so that
/// tests sharing a thread never see each other's changes or settings (a test without this
/// harness may leave its implicit transaction open, with actions disabled, on a thread that
/// runs another test next).
public func withManualClock<Result>(
    startingAt time: CFTimeInterval = 0,
    _ body: (CAManualClock) throws -> Result
) rethrows -> Result {
    let clock = CAManualClock(time: time)
    return try CAClock.$current.withValue(clock) {
        CATransaction.flush()
        defer { CATransaction.flush() }
        return try body(clock)
    }
}

/// Records what an animation's delegate hears, in order.
public final class AnimationDelegateRecorder: CAAnimationDelegate {
    public enum Event: Equatable, CustomStringConvertible {
        case start(at: CFTimeInterval)
        case stop(finished: Bool, at: CFTimeInterval)

        public var description: String {
            switch self {
            case .start(let time): "start@\(time)"
            case .stop(let finished, let time): "stop(\(finished))@\(time)"
            }
        }
    }

    public private(set) var events: [Event] = []
    public private(set) var animations: [CAAnimation] = []

    public init() {}

    public func animationDidStart(_ anim: CAAnimation) {
        events.append(.start(at: CACurrentMediaTime()))
        animations.append(anim)
    }

    public func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        events.append(.stop(finished: flag, at: CACurrentMediaTime()))
        animations.append(anim)
    }
}

/// A standalone layer at `position`, set without animation and committed, so that tests
/// start from a layer that is on screen and still.
public func committedLayer(position: CGPoint = .zero) -> CALayer {
    let layer = CALayer()
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    layer.position = position
    CATransaction.commit()
    // An explicit transaction nested in the thread's implicit one commits with it.
    CATransaction.flush()
    return layer
}

/// Runs `body` and returns the warnings OpenQuartzCore gave during it, in order, instead of
/// printing them.
public func collectingWarnings(_ body: () throws -> Void) rethrows -> [String] {
    let collected = WarningCollector()
    try Warnings.$handler.withValue({ collected.append($0) }, operation: body)
    return collected.messages
}

private final class WarningCollector: @unchecked Sendable {
    // `messages` is only touched under `lock`: a warning may come from any thread of the body.
    private let lock = NSLock()
    private var stored: [String] = []

    func append(_ message: String) { lock.withLock { stored.append(message) } }
    var messages: [String] { lock.withLock { stored } }
}

/// Adds a chain of `depth` layers under `top`, each a sublayer of the one before, `side`
/// points square at its superlayer's origin, built leaf by leaf as user code builds one;
/// returns the deepest.
@discardableResult
public func addChain(depth: Int, under top: CALayer, side: CGFloat = 10) -> CALayer {
    var deepest = top
    for _ in 0..<depth {
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: side, height: side)
        deepest.addSublayer(layer)
        deepest = layer
    }
    return deepest
}
