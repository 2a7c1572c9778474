import Foundation

/// The abstract superclass of Core Animation's animations: Apple's `CAAnimation`.
///
/// An animation is also a `CAAction`: run for an event, it adds itself (a copy) to the layer
/// under the event's key. `add(_:forKey:)` always copies, so changing an animation after
/// adding it changes nothing on screen; the layer's copy is what `animation(forKey:)` returns
/// and what the delegate is told about.
open class CAAnimation: NSObject, NSCopying, CAMediaTiming, CAAction {
    /// Creates an animation with Apple's defaults. `required` so that `copy()` can create an
    /// instance of a subclass.
    public required override init() {
        super.init()
    }

    /// Apple's `+animation` factory.
    open class func animation() -> Self { self.init() }

    /// Every `CAAnimation` property in one value, so that a copy takes them over in a
    /// single assignment (`add(_:forKey:)` copies every animation it is given).
    package struct Storage {
        var timingFunction: CAMediaTimingFunction?
        var delegate: (any CAAnimationDelegate)?
        var isRemovedOnCompletion = true
        var timing = MediaTimingStorage()
        var customValues: [String: Any] = [:]
        var preferredFrameRateRange = CAFrameRateRange.default
    }

    @exclusivity(unchecked) package final var base = Storage()

    /// The length of the animation's active interval in its own time
    /// (``TimingParameters/activeDuration(duration:repeatCount:repeatDuration:autoreverses:)``).
    package final var activeDuration: CFTimeInterval { base.timing.activeDuration }

    /// The length of one of the animation's cycles, there and back when autoreversing.
    package final var cycleDuration: CFTimeInterval { base.timing.cycleDuration }

    /// The pacing of the animation; nil is linear.
    open var timingFunction: CAMediaTimingFunction? {
        get { base.timingFunction }
        set { base.timingFunction = newValue }
    }

    /// Told when the animation starts and stops. Held strongly, as Apple's property is.
    open var delegate: (any CAAnimationDelegate)? {
        get { base.delegate }
        set { base.delegate = newValue }
    }

    /// The frame rates the animation would like (iOS 15; default ``CAFrameRateRange/default``).
    /// Kept and copied with the animation; frames here come at the rate the renderer or the
    /// display link draws them, so it changes no value.
    open var preferredFrameRateRange: CAFrameRateRange {
        get { base.preferredFrameRateRange }
        set {
            require(newValue.isValid, "CAAnimation.preferredFrameRateRange \(newValue) is not a valid range")
            base.preferredFrameRateRange = newValue
        }
    }

    /// Whether the layer removes the animation when its active interval ends (default true).
    open var isRemovedOnCompletion: Bool {
        get { base.isRemovedOnCompletion }
        set { base.isRemovedOnCompletion = newValue }
    }

    // MARK: CAMediaTiming

    /// When the animation begins, in the layer's time; 0 means "when the transaction commits".
    open var beginTime: CFTimeInterval {
        get { base.timing.beginTime }
        set {
            requireNumber(newValue, "beginTime")
            base.timing.beginTime = newValue
        }
    }

    /// The length of one cycle. 0 or less takes the transaction's duration when added
    /// (Core Animation's behaviour; 0.25 s by default).
    open var duration: CFTimeInterval {
        get { base.timing.duration }
        set {
            requireNumber(newValue, "duration")
            base.timing.duration = newValue
        }
    }

    /// How fast the animation's time runs; negative values are allowed, as on Apple.
    open var speed: Float {
        get { base.timing.speed }
        set {
            requireNumber(Double(newValue), "speed")
            base.timing.speed = newValue
        }
    }

    /// An offset into the animation's active time; it wraps around to the start.
    open var timeOffset: CFTimeInterval {
        get { base.timing.timeOffset }
        set {
            requireNumber(newValue, "timeOffset")
            base.timing.timeOffset = newValue
        }
    }

    /// How many cycles to play; fractional counts end part-way, `.infinity` never ends, 0 or
    /// less plays one.
    open var repeatCount: Float {
        get { base.timing.repeatCount }
        set {
            // Apple stores any number; a count of 0 or less plays one cycle.
            requireNumber(Double(newValue), "repeatCount")
            base.timing.repeatCount = newValue
        }
    }

    /// How long to repeat for (`.infinity` for ever), instead of `repeatCount`.
    open var repeatDuration: CFTimeInterval {
        get { base.timing.repeatDuration }
        set {
            // Apple stores any number; 0 or less means "use repeatCount".
            requireNumber(newValue, "repeatDuration")
            base.timing.repeatDuration = newValue
        }
    }

    /// Whether each cycle plays forwards, then backwards.
    open var autoreverses: Bool {
        get { base.timing.autoreverses }
        set { base.timing.autoreverses = newValue }
    }

    /// What the animation shows outside its active interval (default `.removed`).
    open var fillMode: CAMediaTimingFillMode {
        get { base.timing.fillMode }
        set { base.timing.fillMode = newValue }
    }

    // MARK: Key-value coding

    /// The value of a property or of a custom key, falling back to `defaultValue(forKey:)`.
    open func value(forKey key: String) -> Any? {
        if let value = animationPropertyValue(forKey: key) { return value }
        return base.customValues[key] ?? type(of: self).defaultValue(forKey: key)
    }

    /// Sets a property, or stores a value under a custom key.
    open func setValue(_ value: Any?, forKey key: String) {
        if setAnimationProperty(value, forKey: key) { return }
        base.customValues[key] = value
    }

    /// `value(forKey:)` along a dotted path (custom keys only go one level deep).
    open func value(forKeyPath keyPath: String) -> Any? {
        value(forKey: keyPath)
    }

    /// `setValue(_:forKey:)` along a dotted path.
    open func setValue(_ value: Any?, forKeyPath keyPath: String) {
        setValue(value, forKey: keyPath)
    }

    /// The default value of a key nobody set: Apple's documented default for each property of
    /// the class (`speed` 1, `removedOnCompletion` true, `fillMode` "removed", a keyframe
    /// animation's `calculationMode` "linear", a spring's `mass` 1, `stiffness` 100,
    /// `damping` 10, a transition's `type` "fade" and `endProgress` 1, …); nil for properties
    /// that default to nil and for custom keys.
    open class func defaultValue(forKey key: String) -> Any? {
        // Read from a fresh instance, so the answer is the initial value by construction.
        guard !derivedAnimationKeys.contains(key) else { return nil }
        return self.init().animationPropertyValue(forKey: key)
    }

    /// Whether the value of `key` is archived; always true here.
    open func shouldArchiveValue(forKey key: String) -> Bool { true }

    // MARK: Copying

    /// A copy with every property; subclasses extend it with theirs.
    open func copy(with zone: NSZone? = nil) -> Any {
        makeCopy()
    }

    /// The copy, typed: a new instance of the same class with this one's state.
    package final func makeCopy() -> CAAnimation {
        let copy = type(of: self).init()
        copyState(to: copy)
        return copy
    }

    /// Copies this class's state (and, through `super`, its ancestors') to `copy`, an
    /// instance of the same class. The classes of this module extend it instead of
    /// `copy(with:)`, which lets `add(_:forKey:)` copy them without casting from `Any`.
    package func copyState(to copy: CAAnimation) {
        copy.base = base
    }

    /// Whether `copy(with:)` is this module's own, so `makeCopy()` may stand in for it.
    package var copiesWithoutOverride: Bool {
        let type = ObjectIdentifier(Swift.type(of: self))
        return builtInAnimationClasses.contains(type)
    }

    // MARK: CAAction

    /// Adds the animation to the layer `anObject` under `event`, as every `CAAnimation` does
    /// when it is the answer of an action search.
    open func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
        guard let layer = anObject as? CALayer else { return }
        layer.add(self, forKey: event)
    }

    // MARK: Descriptions

    open override var description: String {
        "<\(type(of: self)): \(addressString(self))>"
    }

    /// Apple's debug form: `<CABasicAnimation: 0x…; fillMode = both; duration = 0.3; …>`,
    /// listing the properties that differ from their defaults.
    open override var debugDescription: String {
        let fields = describedFields().map { "\($0.0) = \($0.1)" }
        guard !fields.isEmpty else { return description }
        return "<\(type(of: self)): \(addressString(self)); " + fields.joined(separator: "; ") + ">"
    }

    /// The `name = value` pairs of `debugDescription`, in Apple's order; subclasses append.
    package func describedFields() -> [(String, String)] {
        var fields: [(String, String)] = []
        if !isRemovedOnCompletion { fields.append(("removedOnCompletion", "0")) }
        if let delegate { fields.append(("delegate", describeObject(delegate))) }
        if fillMode != .removed { fields.append(("fillMode", fillMode.rawValue)) }
        if beginTime != 0 { fields.append(("beginTime", formatNumber(beginTime))) }
        if let timingFunction { fields.append(("timingFunction", timingFunction.description)) }
        if duration != 0 { fields.append(("duration", formatNumber(duration))) }
        if speed != 1 { fields.append(("speed", formatNumber(Double(speed)))) }
        if timeOffset != 0 { fields.append(("timeOffset", formatNumber(timeOffset))) }
        if repeatCount != 0 { fields.append(("repeatCount", formatNumber(Double(repeatCount)))) }
        if repeatDuration != 0 { fields.append(("repeatDuration", formatNumber(repeatDuration))) }
        if autoreverses { fields.append(("autoreverses", "1")) }
        return fields + subclassFields()
    }

    /// Fields a subclass adds to `debugDescription`.
    package func subclassFields() -> [(String, String)] { [] }

    package func animationPropertyValue(forKey key: String) -> Any? {
        switch key {
        case "duration": duration
        case "beginTime": beginTime
        case "speed": speed
        case "timeOffset": timeOffset
        case "repeatCount": repeatCount
        case "repeatDuration": repeatDuration
        case "autoreverses": autoreverses
        case "fillMode": fillMode.rawValue
        case "removedOnCompletion": isRemovedOnCompletion
        case "timingFunction": timingFunction
        case "delegate": delegate
        default: nil
        }
    }

    package func setAnimationProperty(_ value: Any?, forKey key: String) -> Bool {
        func number() -> Double {
            guard let value, let number = AnimatableValue.double(from: value) else {
                misuse(
                    "CAAnimation.setValue(_:forKey: \"\(key)\") needs a number, got \(describeType(value))")
            }
            return number
        }
        switch key {
        case "duration": duration = number()
        case "beginTime": beginTime = number()
        case "speed": speed = Float(number())
        case "timeOffset": timeOffset = number()
        case "repeatCount": repeatCount = Float(number())
        case "repeatDuration": repeatDuration = number()
        case "autoreverses": autoreverses = number() != 0
        case "removedOnCompletion": isRemovedOnCompletion = number() != 0
        case "fillMode": fillMode = CAMediaTimingFillMode(rawValue: value as? String ?? "removed")
        case "timingFunction": timingFunction = value as? CAMediaTimingFunction
        case "delegate": delegate = value as? any CAAnimationDelegate
        default: return false
        }
        return true
    }
}

/// Keys computed from other properties, which have no default of their own.
private let derivedAnimationKeys: Set<String> = ["settlingDuration", "perceptualDuration", "bounce"]

/// The animation classes of this module: their `copy(with:)` is `makeCopy()`.
private let builtInAnimationClasses: Set<ObjectIdentifier> = [
    ObjectIdentifier(CAAnimation.self), ObjectIdentifier(CAPropertyAnimation.self),
    ObjectIdentifier(CABasicAnimation.self), ObjectIdentifier(CASpringAnimation.self),
    ObjectIdentifier(CAKeyframeAnimation.self), ObjectIdentifier(CAAnimationGroup.self),
    ObjectIdentifier(CATransition.self),
]

/// Infinity is a value Apple accepts for every timing property (an infinite `duration` never
/// leaves its start, an infinite `beginTime` never begins); NaN is no number at all.
private func requireNumber(_ value: Double, _ name: String) {
    require(!value.isNaN, "CAAnimation.\(name) is NaN; it must be a number (infinity is allowed)")
}

/// Receives an animation's start and stop: Apple's `CAAnimationDelegate`. Both methods are
/// optional.
public protocol CAAnimationDelegate: AnyObject {
    /// The animation began (its begin time was reached).
    func animationDidStart(_ anim: CAAnimation)
    /// The animation ended: `flag` is true when it ran to the end of its active interval,
    /// false when it was removed or replaced first.
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool)
}

extension CAAnimationDelegate {
    public func animationDidStart(_ anim: CAAnimation) {}
    public func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {}
}
