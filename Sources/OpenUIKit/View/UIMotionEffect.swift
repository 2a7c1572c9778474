import Foundation

/// An effect that moves a view with the device's tilt: UIKit's `UIMotionEffect`. Subclasses
/// say, for a viewer offset, which key paths of the view change and by how much.
///
/// There is no device to tilt here: the viewer offset is always zero, the device held level,
/// so views show their model values. The effects are kept (``UIView/motionEffects``) and
/// answer ``keyPathsAndRelativeValues(forViewerOffset:)`` for any offset, as on iOS.
@preconcurrency @MainActor
open class UIMotionEffect: NSObject {
    override public init() { super.init() }

    /// The relative values to add to the view's key paths for `viewerOffset`, each component
    /// from -1 to 1. The base class changes nothing.
    open func keyPathsAndRelativeValues(forViewerOffset viewerOffset: UIOffset) -> [String: Any]? { nil }
}

/// An effect that moves one key path between two relative values as the device tilts along
/// one axis: UIKit's `UIInterpolatingMotionEffect`.
@preconcurrency @MainActor
open class UIInterpolatingMotionEffect: UIMotionEffect {
    /// The axis an interpolating effect follows.
    public enum EffectType: Int, Sendable {
        case tiltAlongHorizontalAxis, tiltAlongVerticalAxis
    }

    public let keyPath: String
    public let type: EffectType
    /// The relative values at an offset of -1 and of 1: numbers, points or sizes.
    open var minimumRelativeValue: Any?
    open var maximumRelativeValue: Any?

    public init(keyPath: String, type: EffectType) {
        self.keyPath = keyPath
        self.type = type
        super.init()
    }

    /// The value between the minimum and the maximum at the axis's offset, linearly: the
    /// minimum at -1, their middle at 0, the maximum at 1. Nil until both are set, or when they
    /// are not of one kind.
    override open func keyPathsAndRelativeValues(forViewerOffset viewerOffset: UIOffset) -> [String: Any]? {
        guard let minimumRelativeValue, let maximumRelativeValue else { return nil }
        let offset = type == .tiltAlongHorizontalAxis ? viewerOffset.horizontal : viewerOffset.vertical
        let fraction = (min(max(offset, -1), 1) + 1) / 2
        func mix(_ a: CGFloat, _ b: CGFloat) -> CGFloat { a + (b - a) * fraction }
        let value: Any
        switch (minimumRelativeValue, maximumRelativeValue) {
        case let (a as CGPoint, b as CGPoint): value = CGPoint(x: mix(a.x, b.x), y: mix(a.y, b.y))
        case let (a as CGSize, b as CGSize):
            value = CGSize(width: mix(a.width, b.width), height: mix(a.height, b.height))
        default:
            guard let a = AnimatableValue.double(from: minimumRelativeValue),
                let b = AnimatableValue.double(from: maximumRelativeValue)
            else { return nil }
            value = mix(CGFloat(a), CGFloat(b))
        }
        return [keyPath: value]
    }
}

/// Effects applied together: UIKit's `UIMotionEffectGroup`.
@preconcurrency @MainActor
open class UIMotionEffectGroup: UIMotionEffect {
    open var motionEffects: [UIMotionEffect]?

    /// Every member's relative values; where two change one key path, the later one's.
    override open func keyPathsAndRelativeValues(forViewerOffset viewerOffset: UIOffset) -> [String: Any]? {
        var values: [String: Any] = [:]
        for effect in motionEffects ?? [] {
            values.merge(effect.keyPathsAndRelativeValues(forViewerOffset: viewerOffset) ?? [:]) { _, later in later }
        }
        return values.isEmpty ? nil : values
    }
}

/// The key a view's motion effects are associated with it under.
nonisolated(unsafe) private let motionEffectsKey = UnsafeRawPointer(
    UnsafeMutableRawPointer.allocate(byteCount: 1, alignment: 1))

extension UIView {
    /// The motion effects added to the view, first added first.
    public var motionEffects: [UIMotionEffect] {
        get { objc_getAssociatedObject(self, motionEffectsKey) as? [UIMotionEffect] ?? [] }
        set { objc_setAssociatedObject(self, motionEffectsKey, newValue, .OBJC_ASSOCIATION_RETAIN_NONATOMIC) }
    }

    /// Adds `effect`; adding one already there does nothing.
    public func addMotionEffect(_ effect: UIMotionEffect) {
        guard !motionEffects.contains(where: { $0 === effect }) else { return }
        motionEffects.append(effect)
    }

    public func removeMotionEffect(_ effect: UIMotionEffect) {
        motionEffects.removeAll { $0 === effect }
    }
}
