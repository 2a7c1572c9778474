import Foundation

/// A row of segments, one selected: UIKit's `UISegmentedControl`, drawn as iOS 13 and later
/// draw it — a grey rounded track, the selected segment on a white rounded thumb, thin dividers
/// between the others, 13-point titles (semibold when selected).
///
/// A tap on another segment selects it, slides the thumb there over 0.25 s (eased in and out;
/// iOS runs a spring of about that length) and sends `.valueChanged`; a momentary control
/// highlights the tapped segment while the finger is down and keeps no selection. Setting
/// ``selectedSegmentIndex`` in code moves the thumb at once (inside an animation block, with it)
/// and sends nothing, as on iOS.
@preconcurrency @MainActor
open class UISegmentedControl: UIControl {
    /// The index of no segment.
    public static let noSegment = -1

    private struct Segment {
        var title: String?
        var image: UIImage?
        var isEnabled = true
        var width: CGFloat = 0
        var action: UIAction?
    }

    private var segments: [Segment] = []
    private let track = UIView()
    private let thumb = UIView()
    private var segmentViews: [UILabel] = []
    private var imageViews: [UIImageView?] = []
    private var dividers: [UIView] = []
    private var titleAttributes: [UInt: [NSAttributedString.Key: Any]] = [:]
    private var touchedSegment: Int?

    /// The selected segment, or ``noSegment``.
    open var selectedSegmentIndex = UISegmentedControl.noSegment {
        didSet {
            guard selectedSegmentIndex != oldValue else { return }
            guard selectedSegmentIndex == Self.noSegment || segments.indices.contains(selectedSegmentIndex) else {
                fatalError(
                    "UISegmentedControl.selectedSegmentIndex: \(selectedSegmentIndex) is out of bounds (\(segments.count) segments)")
            }
            updateLook()
            placeThumb()
        }
    }

    /// Whether a tap only highlights its segment, keeping no selection.
    open var isMomentary = false
    /// Whether segments without a set width are as wide as their content (else all equal).
    open var apportionsSegmentWidthsByContent = false { didSet { setNeedsLayout() } }
    /// The thumb's colour (white unless set).
    open var selectedSegmentTintColor: UIColor? { didSet { updateLook() } }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUp()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUp()
    }

    /// A control with a segment for each title (`String`) or image (`UIImage`).
    public convenience init(items: [Any]?) {
        self.init(frame: .zero)
        for item in items ?? [] {
            if let image = item as? UIImage {
                segments.append(Segment(image: image))
            } else {
                segments.append(Segment(title: "\(item)"))
            }
        }
        rebuild()
        frame.size = intrinsicContentSize
    }

    /// iOS 14's control with a segment for each action, which runs when its segment is tapped.
    public convenience init(frame: CGRect, actions: [UIAction]) {
        self.init(frame: frame)
        segments = actions.map { Segment(title: $0.title, image: $0.image, action: $0) }
        rebuild()
    }

    private func setUp() {
        track.backgroundColor = UIColor(red: 118 / 255, green: 118 / 255, blue: 128 / 255, alpha: 0.12)
        track.layer.cornerRadius = 9
        track.isUserInteractionEnabled = false
        addSubview(track)
        thumb.backgroundColor = .white
        thumb.layer.cornerRadius = 7
        thumb.layer.shadowColor = UIColor.black.cgColor
        thumb.layer.shadowOpacity = 0.12
        thumb.layer.shadowRadius = 4
        thumb.layer.shadowOffset = CGSize(width: 0, height: 3)
        thumb.isUserInteractionEnabled = false
        thumb.isHidden = true
        addSubview(thumb)
    }

    // MARK: Segments

    open var numberOfSegments: Int { segments.count }

    open func insertSegment(withTitle title: String?, at segment: Int, animated: Bool) {
        insert(Segment(title: title), at: segment)
    }

    open func insertSegment(with image: UIImage?, at segment: Int, animated: Bool) {
        insert(Segment(image: image), at: segment)
    }

    open func insertSegment(action: UIAction, at segment: Int, animated: Bool) {
        insert(Segment(title: action.title, image: action.image, action: action), at: segment)
    }

    /// Inserts at `segment` (clamped to the ends), the selection following its segment.
    private func insert(_ new: Segment, at segment: Int) {
        let index = min(max(segment, 0), segments.count)
        segments.insert(new, at: index)
        rebuild()
        if selectedSegmentIndex != Self.noSegment, selectedSegmentIndex >= index { selectedSegmentIndex += 1 }
    }

    open func removeSegment(at segment: Int, animated: Bool) {
        guard segments.indices.contains(segment) else { return }
        segments.remove(at: segment)
        rebuild()
        if selectedSegmentIndex == segment {
            selectedSegmentIndex = Self.noSegment
        } else if selectedSegmentIndex > segment {
            selectedSegmentIndex -= 1
        }
    }

    open func removeAllSegments() {
        segments = []
        rebuild()
        selectedSegmentIndex = Self.noSegment
    }

    open func setTitle(_ title: String?, forSegmentAt segment: Int) {
        requireSegment(segment, "setTitle(_:forSegmentAt:)")
        segments[segment].title = title
        segments[segment].image = nil
        rebuild()
    }

    open func titleForSegment(at segment: Int) -> String? {
        segments.indices.contains(segment) ? segments[segment].title : nil
    }

    open func setImage(_ image: UIImage?, forSegmentAt segment: Int) {
        requireSegment(segment, "setImage(_:forSegmentAt:)")
        segments[segment].image = image
        segments[segment].title = nil
        rebuild()
    }

    open func imageForSegment(at segment: Int) -> UIImage? {
        segments.indices.contains(segment) ? segments[segment].image : nil
    }

    open func setEnabled(_ enabled: Bool, forSegmentAt segment: Int) {
        requireSegment(segment, "setEnabled(_:forSegmentAt:)")
        segments[segment].isEnabled = enabled
        updateLook()
    }

    open func isEnabledForSegment(at segment: Int) -> Bool {
        segments.indices.contains(segment) ? segments[segment].isEnabled : false
    }

    /// A segment's width (0: worked out from the control's).
    open func setWidth(_ width: CGFloat, forSegmentAt segment: Int) {
        requireSegment(segment, "setWidth(_:forSegmentAt:)")
        segments[segment].width = max(0, width)
        setNeedsLayout()
    }

    open func widthForSegment(at segment: Int) -> CGFloat {
        segments.indices.contains(segment) ? segments[segment].width : 0
    }

    /// The title attributes (`.font`, `.foregroundColor`) for a state: `.normal` or `.selected`.
    open func setTitleTextAttributes(_ attributes: [NSAttributedString.Key: Any]?, for state: UIControl.State) {
        titleAttributes[state.rawValue] = attributes
        updateLook()
        invalidateIntrinsicContentSize()
    }

    open func titleTextAttributes(for state: UIControl.State) -> [NSAttributedString.Key: Any]? {
        titleAttributes[state.rawValue]
    }

    private func requireSegment(_ segment: Int, _ method: String) {
        guard segments.indices.contains(segment) else {
            fatalError("UISegmentedControl.\(method): segment \(segment) is out of bounds (\(segments.count) segments)")
        }
    }


    // MARK: Look

    private func rebuild() {
        for view in segmentViews { view.removeFromSuperview() }
        for view in imageViews { view?.removeFromSuperview() }
        for view in dividers { view.removeFromSuperview() }
        segmentViews = segments.map { _ in
            let label = UILabel()
            label.textAlignment = .center
            label.isUserInteractionEnabled = false
            addSubview(label)
            return label
        }
        imageViews = segments.map { segment in
            guard let image = segment.image else { return nil }
            let view = UIImageView(image: image)
            view.isUserInteractionEnabled = false
            addSubview(view)
            return view
        }
        dividers = segments.dropFirst().map { _ in
            let divider = UIView()
            divider.backgroundColor = UIColor(white: 0.56, alpha: 0.3)
            divider.isUserInteractionEnabled = false
            insertSubview(divider, aboveSubview: track)
            return divider
        }
        updateLook()
        invalidateIntrinsicContentSize()
        setNeedsLayout()
    }

    private func font(selected: Bool) -> UIFont {
        let attributes = titleAttributes[(selected ? State.selected : State.normal).rawValue]
            ?? titleAttributes[State.normal.rawValue]
        return attributes?[.font] as? UIFont ?? .systemFont(ofSize: 13, weight: selected ? .semibold : .regular)
    }

    private func updateLook() {
        for (index, label) in segmentViews.enumerated() {
            let selected = index == selectedSegmentIndex || index == touchedSegment && isMomentary
            let attributes = titleAttributes[(selected ? State.selected : State.normal).rawValue]
                ?? titleAttributes[State.normal.rawValue]
            label.text = segments[index].title
            label.font = font(selected: selected)
            var color = attributes?[.foregroundColor] as? UIColor ?? .label
            if !segments[index].isEnabled || !isEnabled { color = color.withAlphaComponent(0.3) }
            label.textColor = color
        }
        thumb.backgroundColor = selectedSegmentTintColor ?? .white
        for (index, divider) in dividers.enumerated() {
            // No divider beside the selected segment, as iOS draws it.
            divider.alpha = selectedSegmentIndex == index || selectedSegmentIndex == index + 1 ? 0 : 1
        }
    }

    /// The segments' rectangles: set widths kept, the rest sharing what is left (equally, or
    /// by content when ``apportionsSegmentWidthsByContent``).
    private func segmentRects() -> [CGRect] {
        guard !segments.isEmpty else { return [] }
        let fixed = segments.reduce(0) { $0 + $1.width }
        let free = segments.indices.filter { segments[$0].width == 0 }
        let left = max(0, bounds.width - fixed)
        let contents = free.map { contentWidth(of: $0) }
        let total = contents.reduce(0, +)
        var widths = segments.map(\.width)
        for (position, index) in free.enumerated() {
            widths[index] = apportionsSegmentWidthsByContent && total > 0
                ? left * contents[position] / total : left / CGFloat(free.count)
        }
        var x: CGFloat = 0
        return widths.map { width in
            defer { x += width }
            return CGRect(x: x, y: 0, width: width, height: bounds.height)
        }
    }

    private func contentWidth(of index: Int) -> CGFloat {
        if let image = segments[index].image { return image.size.width + 24 }
        let title = (segments[index].title ?? "") as NSString
        return title.size(withAttributes: [.font: font(selected: true)]).width + 24
    }

    private func placeThumb() {
        let rects = segmentRects()
        guard rects.indices.contains(selectedSegmentIndex) else {
            thumb.isHidden = true
            return
        }
        thumb.isHidden = false
        thumb.frame = rects[selectedSegmentIndex].insetBy(dx: 2, dy: 2)
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        track.frame = bounds
        let rects = segmentRects()
        for (index, rect) in rects.enumerated() {
            segmentViews[index].frame = rect
            if let imageView = imageViews[index] {
                let size = imageView.image?.size ?? .zero
                imageView.frame = CGRect(
                    x: rect.midX - size.width / 2, y: rect.midY - size.height / 2, width: size.width, height: size.height)
            }
        }
        for (index, divider) in dividers.enumerated() {
            divider.frame = CGRect(x: rects[index].maxX - 0.5, y: bounds.height * 0.25, width: 1, height: bounds.height * 0.5)
        }
        placeThumb()
    }

    /// As wide as the widest segment's content times the segments, 32 points tall.
    open override var intrinsicContentSize: CGSize {
        let widest = segments.indices.map { segments[$0].width > 0 ? segments[$0].width : contentWidth(of: $0) }.max() ?? 0
        let width = apportionsSegmentWidthsByContent
            ? segments.indices.reduce(0) { $0 + (segments[$1].width > 0 ? segments[$1].width : contentWidth(of: $1)) }
            : widest * CGFloat(segments.count)
        return CGSize(width: width, height: 32)
    }

    // MARK: Touches

    private func segment(at point: CGPoint) -> Int? {
        segmentRects().firstIndex { $0.contains(point) }
    }

    open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        guard let index = segment(at: touch.location(in: self)), segments[index].isEnabled else { return false }
        touchedSegment = index
        if isMomentary { updateLook() }
        return super.beginTracking(touch, with: event)
    }

    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        super.endTracking(touch, with: event)
        let tapped = touchedSegment
        touchedSegment = nil
        guard let tapped, let touch, segment(at: touch.location(in: self)) == tapped else {
            updateLook()
            return
        }
        if isMomentary {
            updateLook()
        } else {
            // Tapping the selected segment again sends nothing, as on iOS.
            guard tapped != selectedSegmentIndex else { return }
            UIView.animate(withDuration: 0.25, delay: 0, options: [.curveEaseInOut, .beginFromCurrentState]) {
                self.selectedSegmentIndex = tapped
            }
        }
        segments[tapped].action?.perform(sender: self)
        sendActions(for: .valueChanged)
    }

    open override func cancelTracking(with event: UIEvent?) {
        super.cancelTracking(with: event)
        touchedSegment = nil
        updateLook()
    }
}
