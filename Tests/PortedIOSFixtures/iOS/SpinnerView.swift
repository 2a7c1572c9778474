import UIKit
import QuartzCore

/// A spinner driven by a display link, hidden after a delay that a new start cancels.
public final class SpinnerView: UIView {
    private var displayLink: CADisplayLink?
    public private(set) var frames = 0
    public private(set) var lastTimestamp: CFTimeInterval = 0
    public private(set) var hideCount = 0

    public func start() {
        displayLink = CADisplayLink(target: self, selector: #selector(step(_:)))
        displayLink?.add(to: .main, forMode: .common)
        isHidden = false
        NSObject.cancelPreviousPerformRequests(withTarget: self, selector: #selector(hide), object: nil)
        perform(#selector(hide), with: nil, afterDelay: 1.0)
    }

    public func stop() {
        displayLink?.invalidate()
        displayLink = nil
    }

    @objc private func step(_ link: CADisplayLink) {
        frames += 1
        lastTimestamp = link.timestamp
        layer.transform = CATransform3DMakeRotation(CGFloat(frames) * .pi / 30, 0, 0, 1)
    }

    @objc func hide() {
        hideCount += 1
        isHidden = true
        stop()
    }
}
