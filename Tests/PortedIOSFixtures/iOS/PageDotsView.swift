import UIKit

/// Page dots that ease towards the current page on a display link. The link holds a weak
/// proxy rather than the view, the usual way to keep a display link from retaining its owner:
/// the proxy answers for the view's methods by forwarding messages to it.
public final class PageDotsView: UIView {
    public var progress: CGFloat = 0
    public private(set) var steps = 0
    public var targetPage: CGFloat = 0
    private var displayLink: CADisplayLink?

    public func startEasing() {
        displayLink?.invalidate()
        displayLink = CADisplayLink(target: DotsWeakProxy(self), selector: #selector(step))
        displayLink?.add(to: .current, forMode: .common)
    }

    public func stopEasing() {
        displayLink?.invalidate()
        displayLink = nil
    }

    @objc private func step() {
        steps += 1
        progress += (targetPage - progress) * 0.5
    }

    deinit {
        displayLink?.invalidate()
    }
}

final class DotsWeakProxy: NSObject {
    weak var target: NSObjectProtocol?

    init(_ target: NSObjectProtocol) {
        self.target = target
        super.init()
    }

    override func responds(to aSelector: Selector!) -> Bool {
        guard let target = target else { return super.responds(to: aSelector) }
        return target.responds(to: aSelector)
    }

    override func forwardingTarget(for aSelector: Selector!) -> Any? {
        return target
    }
}
