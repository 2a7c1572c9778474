import Foundation

/// A view whose content is larger than itself and moves under it: Apple's `UIScrollView`.
///
/// ``contentOffset`` is the bounds' origin. ``setContentOffset(_:animated:)`` moves it over
/// 0.3 s on an ease-in-ease-out curve, a step per display refresh (the scroll view animates its
/// offset itself, as UIKit's does, so the delegate hears `scrollViewDidScroll` at each step and
/// `scrollViewDidEndScrollingAnimation` at the end). A finger drags the content (its
/// ``panGestureRecognizer``) and, lifted while moving, the content decelerates at
/// ``decelerationRate`` (the speed multiplied by 0.998 each millisecond, UIKit's normal rate)
/// until it stops or reaches an edge. The length and curve of the animated offset are this
/// module's (UIKit does not document them); there is no bouncing past the edges, paging or
/// zooming here.
@preconcurrency @MainActor
open class UIScrollView: UIView {
    /// How fast a flicked scroll view slows: the fraction of its speed kept per millisecond.
    public struct DecelerationRate: RawRepresentable, Hashable, Sendable {
        public let rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        public static let normal = DecelerationRate(rawValue: 0.998)
        public static let fast = DecelerationRate(rawValue: 0.99)
    }

    /// Whether the safe area is added to the content inset: UIKit's
    /// `UIScrollView.ContentInsetAdjustmentBehavior`.
    public enum ContentInsetAdjustmentBehavior: Int, Sendable {
        case automatic, scrollableAxes, never, always
    }

    open weak var delegate: (any UIScrollViewDelegate)?
    open var contentSize = CGSize.zero
    open var contentInset = UIEdgeInsets.zero {
        didSet { adjustedInsetMayHaveChanged() }
    }
    /// Whether ``adjustedContentInset`` adds the safe area (every behaviour but `.never`
    /// does here: a scroll view under a navigation bar starts below it).
    open var contentInsetAdjustmentBehavior = ContentInsetAdjustmentBehavior.automatic {
        didSet { adjustedInsetMayHaveChanged() }
    }
    private var lastAdjustedInset = UIEdgeInsets.zero
    open var isScrollEnabled = true {
        didSet { panGestureRecognizer.isEnabled = isScrollEnabled }
    }
    open var decelerationRate = DecelerationRate.normal
    open var bounces = true
    open var alwaysBounceVertical = false
    open var alwaysBounceHorizontal = false
    open var isPagingEnabled = false
    open var showsVerticalScrollIndicator = true
    open var showsHorizontalScrollIndicator = true
    open var scrollsToTop = true
    /// Where the scroll indicators sit inside the bounds (kept: there are no indicators drawn).
    open var verticalScrollIndicatorInsets = UIEdgeInsets.zero
    open var horizontalScrollIndicatorInsets = UIEdgeInsets.zero
    /// Both indicators' insets (iOS 11's single property): reads the vertical one's.
    open var scrollIndicatorInsets: UIEdgeInsets {
        get { verticalScrollIndicatorInsets }
        set {
            verticalScrollIndicatorInsets = newValue
            horizontalScrollIndicatorInsets = newValue
        }
    }

    /// The recognizer that drags the content.
    public private(set) var panGestureRecognizer = UIPanGestureRecognizer()
    public private(set) var isDragging = false
    public private(set) var isDecelerating = false
    open var isTracking: Bool { panGestureRecognizer.numberOfTouches > 0 }

    private var motion: CADisplayLink?
    private var dragStart = CGPoint.zero

    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUp()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUp()
    }

    private final func setUp() {
        clipsToBounds = true
        panGestureRecognizer = UIPanGestureRecognizer { [unowned self] pan in self.panned(pan) }
        addGestureRecognizer(panGestureRecognizer)
    }

    // MARK: The offset

    /// Where the content's origin is in the view: the bounds' origin.
    open var contentOffset: CGPoint {
        get { bounds.origin }
        set {
            guard newValue != bounds.origin else { return }
            bounds.origin = newValue
            delegate?.scrollViewDidScroll(self)
        }
    }

    /// The insets that apply: ``contentInset`` and, unless the adjustment behaviour is
    /// `.never`, the safe area (a bar's height, the home indicator's).
    open var adjustedContentInset: UIEdgeInsets {
        var inset = contentInset
        guard contentInsetAdjustmentBehavior != .never else { return inset }
        let safe = safeAreaInsets
        inset.top += safe.top
        inset.left += safe.left
        inset.bottom += safe.bottom
        inset.right += safe.right
        return inset
    }

    /// Called when ``adjustedContentInset`` changed.
    open func adjustedContentInsetDidChange() {}

    open override func safeAreaInsetsDidChange() {
        super.safeAreaInsetsDidChange()
        adjustedInsetMayHaveChanged()
    }

    /// A scroll view resting at the top of its content stays there when the insets change (so
    /// that a table under a navigation bar starts below the bar), as UIKit keeps it.
    private final func adjustedInsetMayHaveChanged() {
        let old = lastAdjustedInset
        let new = adjustedContentInset
        guard new != old else { return }
        lastAdjustedInset = new
        var offset = contentOffset
        if offset.y == -old.top { offset.y = -new.top }
        if offset.x == -old.left { offset.x = -new.left }
        contentOffset = offset
        adjustedContentInsetDidChange()
    }

    /// The offsets the content can rest at: from the top-left inset to the end of the content.
    var offsetRange: (min: CGPoint, max: CGPoint) {
        let inset = adjustedContentInset
        let low = CGPoint(x: -inset.left, y: -inset.top)
        let high = CGPoint(
            x: max(low.x, contentSize.width + inset.right - bounds.width),
            y: max(low.y, contentSize.height + inset.bottom - bounds.height))
        return (low, high)
    }

    private final func clamped(_ point: CGPoint) -> CGPoint {
        let (low, high) = offsetRange
        return CGPoint(x: min(max(point.x, low.x), high.x), y: min(max(point.y, low.y), high.y))
    }

    /// Moves the content to `contentOffset`, over 0.3 s when `animated`.
    open func setContentOffset(_ contentOffset: CGPoint, animated: Bool) {
        stopMotion()
        guard animated else {
            self.contentOffset = contentOffset
            return
        }
        let from = self.contentOffset
        let start = CACurrentMediaTime()
        let curve = CAMediaTimingFunction(name: .easeInEaseOut)
        let duration = 0.3
        runMotion { [unowned self] time in
            let progress = min((time - start) / duration, 1)
            let eased = CGFloat(curve.value(at: progress))
            self.contentOffset = CGPoint(
                x: from.x + (contentOffset.x - from.x) * eased, y: from.y + (contentOffset.y - from.y) * eased)
            guard progress >= 1 else { return true }
            self.delegate?.scrollViewDidEndScrollingAnimation(self)
            return false
        }
    }

    /// Scrolls the least that shows `rect` (in the content's coordinates).
    open func scrollRectToVisible(_ rect: CGRect, animated: Bool) {
        var offset = contentOffset
        if rect.maxX > offset.x + bounds.width { offset.x = rect.maxX - bounds.width }
        if rect.minX < offset.x { offset.x = rect.minX }
        if rect.maxY > offset.y + bounds.height { offset.y = rect.maxY - bounds.height }
        if rect.minY < offset.y { offset.y = rect.minY }
        setContentOffset(clamped(offset), animated: animated)
    }

    // MARK: Motion on the display's refreshes

    /// Calls `step` with the media time at each refresh until it answers false.
    private final func runMotion(_ step: @escaping @MainActor (CFTimeInterval) -> Bool) {
        let link = CADisplayLink { [weak self] link in
            MainActor.assumeIsolated {
                guard let self, self.motion === link else {
                    link.invalidate()
                    return
                }
                if !step(link.timestamp) { self.stopMotion() }
            }
        }
        motion = link
        link.add(to: .main, forMode: .common)
    }

    private final func stopMotion() {
        motion?.invalidate()
        motion = nil
        if isDecelerating {
            isDecelerating = false
            delegate?.scrollViewDidEndDecelerating(self)
        }
    }

    // MARK: Dragging

    private final func panned(_ pan: UIPanGestureRecognizer) {
        switch pan.state {
        case .began:
            stopMotion()
            isDragging = true
            dragStart = contentOffset
            delegate?.scrollViewWillBeginDragging(self)
            fallthrough
        case .changed:
            let moved = pan.translation(in: self)
            contentOffset = clamped(CGPoint(x: dragStart.x - moved.x, y: dragStart.y - moved.y))
        case .ended, .cancelled:
            isDragging = false
            let velocity = pan.velocity(in: self)
            var speed = CGPoint(x: -velocity.x, y: -velocity.y)
            let moving = hypot(speed.x, speed.y) > 1
            delegate?.scrollViewDidEndDragging(self, willDecelerate: moving)
            guard moving else { return }
            isDecelerating = true
            delegate?.scrollViewWillBeginDecelerating(self)
            var last = CACurrentMediaTime()
            let rate = decelerationRate.rawValue
            runMotion { [unowned self] time in
                let elapsed = time - last
                last = time
                let kept = pow(rate, CGFloat(elapsed * 1000))
                // The distance covered at a speed falling geometrically over the interval.
                let travel = rate < 1 ? (1 - kept) / -log(rate) / 1000 : CGFloat(elapsed)
                let target = CGPoint(
                    x: self.contentOffset.x + speed.x * travel, y: self.contentOffset.y + speed.y * travel)
                let next = self.clamped(target)
                if next.x != target.x { speed.x = 0 }
                if next.y != target.y { speed.y = 0 }
                speed = CGPoint(x: speed.x * kept, y: speed.y * kept)
                self.contentOffset = next
                return hypot(speed.x, speed.y) > 1
            }
        default:
            break
        }
    }
}

/// What a scroll view tells: Apple's `UIScrollViewDelegate`, each method doing nothing unless
/// implemented.
@preconcurrency @MainActor
public protocol UIScrollViewDelegate: AnyObject {
    func scrollViewDidScroll(_ scrollView: UIScrollView)
    func scrollViewWillBeginDragging(_ scrollView: UIScrollView)
    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool)
    func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView)
    func scrollViewDidEndDecelerating(_ scrollView: UIScrollView)
    func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView)
}

extension UIScrollViewDelegate {
    public func scrollViewDidScroll(_ scrollView: UIScrollView) {}
    public func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {}
    public func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {}
    public func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView) {}
    public func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {}
    public func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) {}
}
