import Foundation
import OpenCoreGraphics

/// One kind of particle a `CAEmitterLayer` emits: Apple's `CAEmitterCell`.
///
/// Most properties are a mean and a range: each particle takes a value uniformly distributed
/// in `[mean − range/2, mean + range/2]` (`CAEmitterLayer.h`, `seed`). The layer's
/// `birthRate`, `lifetime`, `velocity`, `scale` and `spin` multiply the cell's.
///
///     let spark = CAEmitterCell()
///     spark.name = "spark"
///     spark.contents = dotImage
///     spark.birthRate = 40
///     spark.lifetime = 1.5
///     spark.velocity = 80
///     spark.emissionRange = .pi * 2
///     spark.alphaSpeed = -0.6
///     emitter.emitterCells = [spark]
///
/// A cell is read when its layer commits, as Core Animation copies cells into the render
/// tree: to change a cell already in a layer, assign `emitterCells` again or go through the
/// layer's key paths (`emitter.setValue(0, forKeyPath: "emitterCells.spark.birthRate")`),
/// which also animate.
///
/// Differences from Apple: cells take part in key-value coding through the methods declared
/// here (Linux's `NSObject` has none); `style` is stored but not consulted.
open class CAEmitterCell: NSObject, CAMediaTiming {
    package var values = EmitterCellValues()

    /// Creates a cell with Apple's defaults: no contents, no births, opaque white, scale 1.
    public override init() {
        super.init()
    }

    /// The cell's name, which layer key paths use (`emitterCells.<name>.birthRate`). Defaults
    /// to nil.
    open var name: String? {
        get { values.name }
        set { values.name = newValue }
    }

    /// Whether the cell emits and draws particles. Defaults to true.
    open var isEnabled: Bool {
        get { values.isEnabled }
        set { values.isEnabled = newValue }
    }

    /// Particles born per second, times the layer's `birthRate`. Defaults to 0. Animatable.
    open var birthRate: Float {
        get { values.birthRate }
        set { values.birthRate = newValue }
    }

    /// How long each particle lives, in seconds (times the layer's `lifetime`). Defaults to 0.
    /// Animatable.
    open var lifetime: Float {
        get { values.lifetime }
        set { values.lifetime = newValue }
    }

    /// The range of `lifetime`. Defaults to 0. Animatable.
    open var lifetimeRange: Float {
        get { values.lifetimeRange }
        set { values.lifetimeRange = newValue }
    }

    /// The angle, in radians, by which the direction of emission leaves the layer's plane.
    /// Defaults to 0. Animatable.
    open var emissionLatitude: CGFloat {
        get { values.emissionLatitude }
        set { values.emissionLatitude = newValue }
    }

    /// The direction of emission in the layer's plane, in radians from the x axis. Defaults
    /// to 0 (along +x). Animatable.
    open var emissionLongitude: CGFloat {
        get { values.emissionLongitude }
        set { values.emissionLongitude = newValue }
    }

    /// The angle, in radians, of the fan of directions around `emissionLongitude`. Defaults
    /// to 0. Animatable.
    open var emissionRange: CGFloat {
        get { values.emissionRange }
        set { values.emissionRange = newValue }
    }

    /// The speed of a new particle, in points per second (times the layer's `velocity`).
    /// Defaults to 0. Animatable.
    open var velocity: CGFloat {
        get { values.velocity }
        set { values.velocity = newValue }
    }

    /// The range of `velocity`. Defaults to 0. Animatable.
    open var velocityRange: CGFloat {
        get { values.velocityRange }
        set { values.velocityRange = newValue }
    }

    /// The acceleration along x, in points per second squared. Defaults to 0. Animatable.
    open var xAcceleration: CGFloat {
        get { values.xAcceleration }
        set { values.xAcceleration = newValue }
    }

    /// The acceleration along y, in points per second squared. Defaults to 0. Animatable.
    open var yAcceleration: CGFloat {
        get { values.yAcceleration }
        set { values.yAcceleration = newValue }
    }

    /// The acceleration along z, in points per second squared. Defaults to 0. Animatable.
    open var zAcceleration: CGFloat {
        get { values.zAcceleration }
        set { values.zAcceleration = newValue }
    }

    /// The scale of a new particle's contents (times the layer's `scale`). Defaults to 1.
    /// Animatable.
    open var scale: CGFloat {
        get { values.scale }
        set { values.scale = newValue }
    }

    /// The range of `scale`. Defaults to 0. Animatable.
    open var scaleRange: CGFloat {
        get { values.scaleRange }
        set { values.scaleRange = newValue }
    }

    /// How much the scale grows per second. Defaults to 0. Animatable.
    open var scaleSpeed: CGFloat {
        get { values.scaleSpeed }
        set { values.scaleSpeed = newValue }
    }

    /// How fast particles turn, in radians per second (times the layer's `spin`). Defaults
    /// to 0. Animatable.
    open var spin: CGFloat {
        get { values.spin }
        set { values.spin = newValue }
    }

    /// The range of `spin`. Defaults to 0. Animatable.
    open var spinRange: CGFloat {
        get { values.spinRange }
        set { values.spinRange = newValue }
    }

    /// The colour the contents are multiplied by. Defaults to opaque white. Animatable.
    open var color: CGColor? {
        get { values.color }
        set { values.color = newValue }
    }

    /// The range of the colour's red component. Defaults to 0. Animatable.
    open var redRange: Float {
        get { values.redRange }
        set { values.redRange = newValue }
    }

    /// The range of the colour's green component. Defaults to 0. Animatable.
    open var greenRange: Float {
        get { values.greenRange }
        set { values.greenRange = newValue }
    }

    /// The range of the colour's blue component. Defaults to 0. Animatable.
    open var blueRange: Float {
        get { values.blueRange }
        set { values.blueRange = newValue }
    }

    /// The range of the colour's alpha. Defaults to 0. Animatable.
    open var alphaRange: Float {
        get { values.alphaRange }
        set { values.alphaRange = newValue }
    }

    /// How much red changes per second over a particle's life. Defaults to 0. Animatable.
    open var redSpeed: Float {
        get { values.redSpeed }
        set { values.redSpeed = newValue }
    }

    /// How much green changes per second over a particle's life. Defaults to 0. Animatable.
    open var greenSpeed: Float {
        get { values.greenSpeed }
        set { values.greenSpeed = newValue }
    }

    /// How much blue changes per second over a particle's life. Defaults to 0. Animatable.
    open var blueSpeed: Float {
        get { values.blueSpeed }
        set { values.blueSpeed = newValue }
    }

    /// How much alpha changes per second over a particle's life; a negative speed fades
    /// particles out. Defaults to 0. Animatable.
    open var alphaSpeed: Float {
        get { values.alphaSpeed }
        set { values.alphaSpeed = newValue }
    }

    /// The particle's image, a `CGImage`; a cell without one draws nothing. Animatable.
    open var contents: Any? {
        get { values.contents }
        set { values.contents = newValue }
    }

    /// The part of `contents` drawn, in unit coordinates. Defaults to (0, 0, 1, 1).
    /// Animatable.
    open var contentsRect: CGRect {
        get { values.contentsRect }
        set { values.contentsRect = newValue }
    }

    /// Pixels of `contents` per point. Defaults to 1.
    open var contentsScale: CGFloat {
        get { values.contentsScale }
        set { values.contentsScale = newValue }
    }

    /// The filter used when the contents shrink (`"linear"`, `"nearest"`, `"trilinear"`).
    /// Defaults to `"linear"`.
    open var minificationFilter: String {
        get { values.minificationFilter }
        set { values.minificationFilter = newValue }
    }

    /// The filter used when the contents grow (`"linear"`, `"nearest"`). Defaults to
    /// `"linear"`.
    open var magnificationFilter: String {
        get { values.magnificationFilter }
        set { values.magnificationFilter = newValue }
    }

    /// Stored; the renderer picks no level of detail. Defaults to 0.
    open var minificationFilterBias: Float {
        get { values.minificationFilterBias }
        set { values.minificationFilterBias = newValue }
    }

    /// Cells that each particle of this cell emits in turn, from where it is, in directions
    /// relative to where it is heading. Defaults to nil.
    open var emitterCells: [CAEmitterCell]? {
        get { values.emitterCells }
        set { values.emitterCells = newValue }
    }

    /// Stored for key-value coding; not consulted. Defaults to nil.
    open var style: [AnyHashable: Any]? {
        get { values.style }
        set { values.style = newValue }
    }

    // MARK: CAMediaTiming

    /// When the cell starts emitting, in its emitter's time: the layer's for a cell of the
    /// layer, the particle's age for a sub-cell. Defaults to 0.
    open var beginTime: CFTimeInterval {
        get { values.timing.beginTime }
        set { values.timing.beginTime = newValue }
    }

    /// How long the cell emits after `beginTime` (with `repeatCount` or `repeatDuration`);
    /// 0, the default, emits for ever (a sub-cell: for its particle's life).
    open var duration: CFTimeInterval {
        get { values.timing.duration }
        set { values.timing.duration = newValue }
    }

    /// How fast the cell's emission clock runs against its emitter's. Defaults to 1.
    open var speed: Float {
        get { values.timing.speed }
        set { values.timing.speed = newValue }
    }

    /// Added to the cell's emission clock. Defaults to 0.
    open var timeOffset: CFTimeInterval {
        get { values.timing.timeOffset }
        set { values.timing.timeOffset = newValue }
    }

    /// How many times `duration` repeats. Defaults to 0 (once).
    open var repeatCount: Float {
        get { values.timing.repeatCount }
        set { values.timing.repeatCount = newValue }
    }

    /// How long `duration` repeats for, instead of a count. Defaults to 0.
    open var repeatDuration: CFTimeInterval {
        get { values.timing.repeatDuration }
        set { values.timing.repeatDuration = newValue }
    }

    /// Stored; emission does not run backwards.
    open var autoreverses: Bool {
        get { values.timing.autoreverses }
        set { values.timing.autoreverses = newValue }
    }

    /// Stored; a cell emits only inside its active interval.
    open var fillMode: CAMediaTimingFillMode {
        get { values.timing.fillMode }
        set { values.timing.fillMode = newValue }
    }

    // MARK: Key-value coding (in the class body, so that subclasses can override it)

    /// The value of a property (`"birthRate"`, `"enabled"`…) or of a custom key set with
    /// `setValue(_:forKey:)`, else `defaultValue(forKey:)`. Numbers come back in the
    /// property's own type (`Float` for `birthRate`).
    open func value(forKey key: String) -> Any? {
        if let property = EmitterCellProperty.table[key] { return property.box(property.read(values)) }
        return values.customValues[key] ?? type(of: self).defaultValue(forKey: key)
    }

    /// Sets a property, or stores a value under a custom key. A value of the wrong type for a
    /// property traps with a message naming the key.
    open func setValue(_ value: Any?, forKey key: String) {
        guard let property = EmitterCellProperty.table[key] else {
            values.customValues[key] = value
            return
        }
        guard let typed = property.convert(value) else {
            misuse("CAEmitterCell.setValue(_:forKey: \"\(key)\") needs \(property.kind), got \(describeType(value))")
        }
        property.write(&values, typed)
    }

    /// The value at a key path: a property, a part of one (`contentsRect.size.width`), or a
    /// sub-cell's (`emitterCells.<name>.birthRate`).
    open func value(forKeyPath keyPath: String) -> Any? {
        let (base, rest) = splitKeyPath(keyPath)
        guard let rest else { return value(forKey: keyPath) }
        if base == "emitterCells" {
            let (name, inner) = splitKeyPath(rest)
            guard let inner, let cell = subcell(named: name) else { return nil }
            return cell.value(forKeyPath: inner)
        }
        guard let property = EmitterCellProperty.table[base],
            let component = ValueComponent(path: rest, for: property.kind)
        else { return nil }
        return component.read(from: property.read(values)).boxed
    }

    /// Sets the value at a key path (see ``value(forKeyPath:)``). A path that names no
    /// property part traps with a message; one through a sub-cell that does not exist changes
    /// nothing, with a warning.
    open func setValue(_ value: Any?, forKeyPath keyPath: String) {
        let (base, rest) = splitKeyPath(keyPath)
        guard let rest else { return setValue(value, forKey: keyPath) }
        if base == "emitterCells" {
            let (name, inner) = splitKeyPath(rest)
            guard let inner, let cell = subcell(named: name) else {
                Warnings.emit(
                    "CAEmitterCell.setValue(_:forKeyPath: \"\(keyPath)\"): no sub-cell named '\(name)'; ignored")
                return
            }
            cell.setValue(value, forKeyPath: inner)
            return
        }
        guard let property = EmitterCellProperty.table[base],
            let component = ValueComponent(path: rest, for: property.kind)
        else {
            misuse("CAEmitterCell has no key path '\(keyPath)'")
        }
        guard let part = AnimatableValue(converting: value, to: component.kind) else {
            misuse(
                "CAEmitterCell.setValue(_:forKeyPath: \"\(keyPath)\") needs \(component.kind), got \(describeType(value))"
            )
        }
        property.write(&values, component.write(part, into: property.read(values)))
    }

    /// The default of a property (`CAEmitterCell.h`); nil for other keys.
    open class func defaultValue(forKey key: String) -> Any? {
        guard let property = EmitterCellProperty.table[key] else { return nil }
        return property.box(property.read(EmitterCellValues()))
    }

    /// Whether `key` is written when the cell is archived: true, as for every key here.
    open func shouldArchiveValue(forKey key: String) -> Bool { true }

    open override var description: String {
        "<CAEmitterCell: \(addressString(self))\(name.map { " '\($0)'" } ?? "")>"
    }
}

/// The values of a `CAEmitterCell`, with the defaults `CAEmitterCell.h` documents, in one
/// value so that a layer's commit takes a cell over in a single copy.
package struct EmitterCellValues {
    package var name: String?
    package var isEnabled = true
    package var birthRate: Float = 0
    package var lifetime: Float = 0
    package var lifetimeRange: Float = 0
    package var emissionLatitude: CGFloat = 0
    package var emissionLongitude: CGFloat = 0
    package var emissionRange: CGFloat = 0
    package var velocity: CGFloat = 0
    package var velocityRange: CGFloat = 0
    package var xAcceleration: CGFloat = 0
    package var yAcceleration: CGFloat = 0
    package var zAcceleration: CGFloat = 0
    package var scale: CGFloat = 1
    package var scaleRange: CGFloat = 0
    package var scaleSpeed: CGFloat = 0
    package var spin: CGFloat = 0
    package var spinRange: CGFloat = 0
    package var color: CGColor? = opaqueWhite
    package var redRange: Float = 0
    package var greenRange: Float = 0
    package var blueRange: Float = 0
    package var alphaRange: Float = 0
    package var redSpeed: Float = 0
    package var greenSpeed: Float = 0
    package var blueSpeed: Float = 0
    package var alphaSpeed: Float = 0
    package var contents: Any?
    package var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
    package var contentsScale: CGFloat = 1
    package var minificationFilter = "linear"
    package var magnificationFilter = "linear"
    package var minificationFilterBias: Float = 0
    package var emitterCells: [CAEmitterCell]?
    package var style: [AnyHashable: Any]?
    package var timing = MediaTimingStorage()
    /// Values set for keys no property declares.
    package var customValues: [String: Any] = [:]

    package init() {}
}

/// Opaque white, a cell's default colour, shared (colours are immutable).
private let opaqueWhite = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
