import Foundation

/// A model object ticking with a selector timer; it imports Foundation alone.
public final class Ticker: NSObject {
    public private(set) var ticks = 0
    public private(set) var timer: Timer?

    public func start() {
        timer = Timer.scheduledTimer(timeInterval: 60, target: self, selector: #selector(tick(_:)), userInfo: nil, repeats: true)
    }

    @objc func tick(_ timer: Timer) {
        ticks += 1
    }
}
