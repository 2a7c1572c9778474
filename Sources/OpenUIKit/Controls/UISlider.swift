import Foundation

/// A thumb dragged along a track to pick a value in a range: Apple's `UISlider`, drawn as iOS 13
/// and later draw it.
///
/// The slider is 31 points tall (its intrinsic height; it takes the width it is given). The
/// track is 4 points high, rounded and centred vertically, filled with ``minimumTrackTintColor``
/// (the tint colour unless set) from its left end to the thumb's centre and with
/// ``maximumTrackTintColor`` (`systemFill` unless set) from there to its right end. The thumb is
/// a white 28-point circle with a shadow whose centre goes from 14 points inside the track's
/// left end to 14 points inside its right end as ``value`` goes from ``minimumValue`` to
/// ``maximumValue``. ``minimumValueImage`` and ``maximumValueImage`` sit at the ends, the track
/// between them 8 points from each (this module's figure). Every part is laid out through
/// ``trackRect(forBounds:)``, ``thumbRect(forBounds:trackRect:value:)``,
/// ``minimumValueImageRect(forBounds:)`` and ``maximumValueImageRect(forBounds:)``, so a subclass
/// that overrides them (a thick track, as iOS code often makes) is drawn by its rectangles.
///
/// A touch that goes down on the thumb (or within 10 points of it) drags it: the value follows
/// the finger's horizontal moves, sending `.valueChanged` on each move that changes it while
/// ``isContinuous`` (the default) and once as the finger lifts otherwise. A touch elsewhere on
/// the track does nothing, as on iOS. Setting ``value`` in code moves the thumb at once (inside
/// an animation block, with it) and sends nothing; ``setValue(_:animated:)`` with `animated`
/// slides the thumb and the filled track over 0.25 s, eased in and out (this module's figure).
///
/// For assistive technologies the slider is `.adjustable`, its value the percentage of the range
/// ("50%"); `accessibilityIncrement()` and `accessibilityDecrement()` move it by a tenth of
/// the range and send `.valueChanged`.
@preconcurrency @MainActor
open class UISlider: UIControl {
    /// The slider's height, as UIKit's.
    static let height: CGFloat = 31
    /// The default thumb's diameter.
    static let thumbDiameter: CGFloat = 28
    /// The default track's height.
    static let trackHeight: CGFloat = 4
    /// The space between a value image and the track (this module's figure).
    static let imageSpacing: CGFloat = 8
    /// How far outside the thumb a touch still grabs it.
    static let thumbTouchMargin: CGFloat = 10
    /// How long `setValue(_:animated:)` slides the thumb (this module's figure).
    static let animationDuration: TimeInterval = 0.25

    private let minimumValueImageView = UIImageView(frame: .zero)
    private let maximumValueImageView = UIImageView(frame: .zero)
    private let minimumTrack = UIImageView(frame: .zero)
    private let maximumTrack = UIImageView(frame: .zero)
    private let thumb = UIImageView(frame: .zero)

    private var thumbImages: [UInt: UIImage] = [:]
    private var minimumTrackImages: [UInt: UIImage] = [:]
    private var maximumTrackImages: [UInt: UIImage] = [:]

    /// The stored value, always within the range.
    private var storedValue: Float = 0
    /// The horizontal distance from the thumb's centre to the finger dragging it.
    private var dragOffset: CGFloat?
    /// The value when the drag began, for the one `.valueChanged` of a discontinuous slider.
    private var valueAtDragStart: Float = 0

    /// The value, within ``minimumValue``…``maximumValue`` (a value outside is clamped to it).
    /// Setting it moves the thumb at once (with an enclosing animation block) and sends nothing.
    open var value: Float {
        get { storedValue }
        set {
            storedValue = clamped(newValue)
            placeParts()
        }
    }

    /// The lower end of the range (0); the value and ``maximumValue`` follow it up.
    open var minimumValue: Float = 0 {
        didSet {
            if maximumValue < minimumValue { maximumValue = minimumValue }
            value = storedValue
        }
    }

    /// The upper end of the range (1); the value and ``minimumValue`` follow it down.
    open var maximumValue: Float = 1 {
        didSet {
            if minimumValue > maximumValue { minimumValue = maximumValue }
            value = storedValue
        }
    }

    /// Whether `.valueChanged` is sent on every move of a drag (true) or once as it ends.
    open var isContinuous = true

    /// The filled part of the track's colour: the tint colour when nil.
    open var minimumTrackTintColor: UIColor? { didSet { updateLook() } }
    /// The rest of the track's colour: `systemFill` when nil.
    open var maximumTrackTintColor: UIColor? { didSet { updateLook() } }
    /// The thumb's colour: white when nil.
    open var thumbTintColor: UIColor? { didSet { updateLook() } }

    /// The image at the left end, the track starting after it.
    open var minimumValueImage: UIImage? { didSet { imagesChanged() } }
    /// The image at the right end, the track ending before it.
    open var maximumValueImage: UIImage? { didSet { imagesChanged() } }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUp()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUp()
    }

    private func setUp() {
        for part in [minimumValueImageView, maximumValueImageView, maximumTrack, minimumTrack, thumb] {
            part.isUserInteractionEnabled = false
            addSubview(part)
        }
        minimumTrack.layer.maskedCorners = [.layerMinXMinYCorner, .layerMinXMaxYCorner]
        maximumTrack.layer.maskedCorners = [.layerMaxXMinYCorner, .layerMaxXMaxYCorner]
        thumb.layer.shadowColor = UIColor.black.cgColor
        thumb.layer.shadowOffset = CGSize(width: 0, height: 3)
        thumb.layer.shadowRadius = 4
        // A slider made inside an animation block appears as it is, without animating.
        UIView.performWithoutAnimation {
            updateLook()
            placeParts()
        }
    }

    /// Sets the value (clamped to the range), sliding the thumb and the filled track over 0.25 s,
    /// eased in and out, when `animated`. Sends no event, as on iOS.
    open func setValue(_ value: Float, animated: Bool) {
        if animated {
            storedValue = clamped(value)
            UIView.animate(
                withDuration: Self.animationDuration, delay: 0, options: [.curveEaseInOut, .beginFromCurrentState]
            ) {
                self.placeParts()
            }
        } else {
            self.value = value
        }
    }

    private func clamped(_ value: Float) -> Float {
        guard !value.isNaN else { return minimumValue }
        return min(max(value, minimumValue), maximumValue)
    }

    /// Where `value` is in the range, from 0 to 1 (0 for an empty range).
    private func fraction(of value: Float) -> CGFloat {
        let range = maximumValue - minimumValue
        guard range > 0 else { return 0 }
        return CGFloat((min(max(value, minimumValue), maximumValue) - minimumValue) / range)
    }

    // MARK: Images

    /// Sets the thumb's image for `state` (the normal state's shows in states without one); the
    /// thumb takes the image's size and shows it instead of the white circle.
    open func setThumbImage(_ image: UIImage?, for state: UIControl.State) {
        thumbImages[state.rawValue] = image
        imagesChanged()
    }

    /// Sets the filled track's image for `state`, stretched over it instead of its colour.
    open func setMinimumTrackImage(_ image: UIImage?, for state: UIControl.State) {
        minimumTrackImages[state.rawValue] = image
        imagesChanged()
    }

    /// Sets the rest of the track's image for `state`, stretched over it instead of its colour.
    open func setMaximumTrackImage(_ image: UIImage?, for state: UIControl.State) {
        maximumTrackImages[state.rawValue] = image
        imagesChanged()
    }

    /// The thumb's image set for `state`, if any.
    open func thumbImage(for state: UIControl.State) -> UIImage? { thumbImages[state.rawValue] }
    /// The filled track's image set for `state`, if any.
    open func minimumTrackImage(for state: UIControl.State) -> UIImage? { minimumTrackImages[state.rawValue] }
    /// The rest of the track's image set for `state`, if any.
    open func maximumTrackImage(for state: UIControl.State) -> UIImage? { maximumTrackImages[state.rawValue] }

    /// The thumb's image in the current state: its own, else the normal state's.
    open var currentThumbImage: UIImage? { image(in: thumbImages) }
    /// The filled track's image in the current state: its own, else the normal state's.
    open var currentMinimumTrackImage: UIImage? { image(in: minimumTrackImages) }
    /// The rest of the track's image in the current state: its own, else the normal state's.
    open var currentMaximumTrackImage: UIImage? { image(in: maximumTrackImages) }

    private func image(in images: [UInt: UIImage]) -> UIImage? {
        images[state.rawValue] ?? images[State.normal.rawValue]
    }

    private func imagesChanged() {
        updateLook()
        placeParts()
        invalidateIntrinsicContentSize()
    }

    open override var isHighlighted: Bool {
        didSet { if isHighlighted != oldValue { imagesChanged() } }
    }

    open override var isEnabled: Bool {
        didSet { if isEnabled != oldValue { imagesChanged() } }
    }

    open override var isSelected: Bool {
        didSet { if isSelected != oldValue { imagesChanged() } }
    }

    open override func tintColorDidChange() {
        super.tintColorDidChange()
        updateLook()
    }

    // MARK: Geometry

    /// The rectangle of ``minimumValueImage`` in `bounds`: its size, at the left end, centred
    /// vertically (empty without an image).
    open func minimumValueImageRect(forBounds bounds: CGRect) -> CGRect {
        let size = minimumValueImage?.size ?? .zero
        return CGRect(x: bounds.minX, y: bounds.midY - size.height / 2, width: size.width, height: size.height)
    }

    /// The rectangle of ``maximumValueImage`` in `bounds`: its size, at the right end, centred
    /// vertically (empty without an image).
    open func maximumValueImageRect(forBounds bounds: CGRect) -> CGRect {
        let size = maximumValueImage?.size ?? .zero
        return CGRect(
            x: bounds.maxX - size.width, y: bounds.midY - size.height / 2, width: size.width, height: size.height)
    }

    /// The track's rectangle in `bounds`: 4 points high, centred vertically, from end to end (or
    /// between the value images, 8 points from each). Override it to draw another track; the
    /// tracks, the thumb and dragging follow it.
    open func trackRect(forBounds bounds: CGRect) -> CGRect {
        var minX = bounds.minX
        var maxX = bounds.maxX
        if minimumValueImage != nil { minX = minimumValueImageRect(forBounds: bounds).maxX + Self.imageSpacing }
        if maximumValueImage != nil { maxX = maximumValueImageRect(forBounds: bounds).minX - Self.imageSpacing }
        return CGRect(
            x: minX, y: bounds.midY - Self.trackHeight / 2, width: max(0, maxX - minX), height: Self.trackHeight)
    }

    /// The thumb's rectangle for `value` on the track `rect`: the thumb's size (28 × 28, or its
    /// image's), centred on the track vertically, its centre going from half the thumb's width
    /// inside the track's left end to as far inside its right end across the range.
    open func thumbRect(forBounds bounds: CGRect, trackRect rect: CGRect, value: Float) -> CGRect {
        let size = currentThumbImage?.size ?? CGSize(width: Self.thumbDiameter, height: Self.thumbDiameter)
        let x = rect.minX + (rect.width - size.width) * fraction(of: value)
        return CGRect(x: x, y: rect.midY - size.height / 2, width: size.width, height: size.height)
    }

    // MARK: Look

    private func updateLook() {
        minimumValueImageView.image = minimumValueImage
        minimumValueImageView.isHidden = minimumValueImage == nil
        maximumValueImageView.image = maximumValueImage
        maximumValueImageView.isHidden = maximumValueImage == nil

        // A track's or the thumb's image shows instead of its colour.
        let minimumTrackImage = currentMinimumTrackImage
        minimumTrack.image = minimumTrackImage
        let minimumTrackColor: UIColor? = minimumTrackTintColor ?? tintColor
        minimumTrack.backgroundColor = minimumTrackImage == nil ? minimumTrackColor : nil
        let maximumTrackImage = currentMaximumTrackImage
        maximumTrack.image = maximumTrackImage
        let maximumTrackColor: UIColor = maximumTrackTintColor ?? UIColor.systemFill
        maximumTrack.backgroundColor = maximumTrackImage == nil ? maximumTrackColor : nil

        let thumbImage = currentThumbImage
        thumb.image = thumbImage
        let thumbColor: UIColor = thumbTintColor ?? UIColor.white
        thumb.backgroundColor = thumbImage == nil ? thumbColor : nil
        thumb.layer.shadowOpacity = thumbImage == nil ? 0.15 : 0
    }

    /// Places the value images, the two parts of the track (split at the thumb's centre) and the
    /// thumb, by the rectangle methods.
    private func placeParts() {
        minimumValueImageView.frame = minimumValueImageRect(forBounds: bounds)
        maximumValueImageView.frame = maximumValueImageRect(forBounds: bounds)
        let track = trackRect(forBounds: bounds)
        let thumbFrame = thumbRect(forBounds: bounds, trackRect: track, value: storedValue)
        let split = min(max(thumbFrame.midX, track.minX), track.maxX)
        minimumTrack.frame = CGRect(x: track.minX, y: track.minY, width: split - track.minX, height: track.height)
        maximumTrack.frame = CGRect(x: split, y: track.minY, width: track.maxX - split, height: track.height)
        let trackRadius = track.height / 2
        let minimumRadius = currentMinimumTrackImage == nil ? trackRadius : 0
        if minimumTrack.layer.cornerRadius != minimumRadius { minimumTrack.layer.cornerRadius = minimumRadius }
        let maximumRadius = currentMaximumTrackImage == nil ? trackRadius : 0
        if maximumTrack.layer.cornerRadius != maximumRadius { maximumTrack.layer.cornerRadius = maximumRadius }
        thumb.frame = thumbFrame
        let thumbRadius = currentThumbImage == nil ? min(thumbFrame.width, thumbFrame.height) / 2 : 0
        if thumb.layer.cornerRadius != thumbRadius { thumb.layer.cornerRadius = thumbRadius }
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        placeParts()
    }

    /// 31 points tall (or as tall as a value image or the thumb, when taller); no width of its
    /// own.
    open override var intrinsicContentSize: CGSize {
        let thumbHeight = currentThumbImage?.size.height ?? Self.thumbDiameter
        let height = max(
            Self.height, thumbHeight, minimumValueImage?.size.height ?? 0, maximumValueImage?.size.height ?? 0)
        return CGSize(width: UIView.noIntrinsicMetric, height: height)
    }

    /// The width it has, the intrinsic height.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        CGSize(width: bounds.width, height: intrinsicContentSize.height)
    }

    // MARK: Touches

    /// A touch on the thumb, or within 10 points of it, grabs it; elsewhere it is not tracked.
    open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        let point = touch.location(in: self)
        let thumbFrame = thumbRect(forBounds: bounds, trackRect: trackRect(forBounds: bounds), value: storedValue)
        let margin = Self.thumbTouchMargin
        guard thumbFrame.insetBy(dx: -margin, dy: -margin).contains(point) else { return false }
        dragOffset = point.x - thumbFrame.midX
        valueAtDragStart = storedValue
        return super.beginTracking(touch, with: event)
    }

    /// The thumb follows the finger across: the value is where its centre is between the
    /// centres at the two ends of the range.
    open override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        guard let dragOffset else { return false }
        let track = trackRect(forBounds: bounds)
        let lowest = thumbRect(forBounds: bounds, trackRect: track, value: minimumValue).midX
        let highest = thumbRect(forBounds: bounds, trackRect: track, value: maximumValue).midX
        if highest != lowest {
            let centre = touch.location(in: self).x - dragOffset
            let progress = Float((centre - lowest) / (highest - lowest))
            let newValue = clamped(minimumValue + progress * (maximumValue - minimumValue))
            if newValue != storedValue {
                value = newValue
                if isContinuous { sendActions(for: .valueChanged) }
            }
        }
        return super.continueTracking(touch, with: event)
    }

    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        super.endTracking(touch, with: event)
        finishDrag()
    }

    open override func cancelTracking(with event: UIEvent?) {
        super.cancelTracking(with: event)
        finishDrag()
    }

    /// A discontinuous slider reports the drag's change once, at its end.
    private func finishDrag() {
        guard dragOffset != nil else { return }
        dragOffset = nil
        if !isContinuous, storedValue != valueAtDragStart { sendActions(for: .valueChanged) }
    }

    // MARK: Accessibility

    /// A slider is `.adjustable`, with the control's state.
    override var defaultAccessibilityTraits: UIAccessibilityTraits {
        super.defaultAccessibilityTraits.union(.adjustable)
    }

    /// The value as a percentage of the range ("50%"), as iOS reads it, unless set; nil gives
    /// back that default.
    open override var accessibilityValue: String? {
        get { super.accessibilityValue ?? "\(Int((fraction(of: storedValue) * 100).rounded()))%" }
        set { super.accessibilityValue = newValue }
    }

    /// Moves the value up by a tenth of the range and sends `.valueChanged` (when it moved).
    open override func accessibilityIncrement() {
        adjust(by: (maximumValue - minimumValue) / 10)
    }

    /// Moves the value down by a tenth of the range and sends `.valueChanged` (when it moved).
    open override func accessibilityDecrement() {
        adjust(by: -(maximumValue - minimumValue) / 10)
    }

    private func adjust(by step: Float) {
        let newValue = clamped(storedValue + step)
        guard newValue != storedValue else { return }
        value = newValue
        sendActions(for: .valueChanged)
    }
}
