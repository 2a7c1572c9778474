import Foundation
import OpenCoreGraphics

/// A layer that emits, moves and draws particles: Apple's `CAEmitterLayer`.
///
/// Each of `emitterCells` is one kind of particle. The particles are drawn above the layer's
/// background, contents, sublayers and border, clipped like sublayers when `masksToBounds`.
///
///     let emitter = CAEmitterLayer()
///     emitter.frame = CGRect(x: 0, y: 0, width: 300, height: 300)
///     emitter.emitterPosition = CGPoint(x: 150, y: 150)
///     emitter.emitterCells = [spark]
///     emitter.beginTime = CACurrentMediaTime()   // start now, not pre-warmed
///
/// The simulation is a pure function of the layer's time (see ``particles(atTime:)``): a
/// frame at time t is the same picture whichever frames were drawn before it, so frames can
/// be drawn in any order and on several threads. It starts at local time 0, the layer's
/// `beginTime` ("The simulation starts at layer's beginTime", `CAEmitterLayer.h`): on a
/// clock that has run for a while, an emitter created with the default `beginTime` of 0
/// shows particles already spread out, as on iOS 7 and later; set `beginTime` to
/// `CACurrentMediaTime()` to start it empty.
///
/// The layer remembers its configuration each time a transaction that changed it commits
/// (its properties, its cells and the animations of its emitter keys), and every particle
/// takes the configuration of the moment it was born: particles already alive keep their
/// course when the emitter moves or its cells change, and setting `birthRate` to 0 stops
/// births while the living particles run out their lives. At most
/// ``maximumParticleCount`` particles are shown; beyond, the oldest are left out.
///
/// Differences from Apple: `preservesDepth` is stored but particles are always flattened
/// into the layer's plane; `emissionRange` spreads directions in the layer's plane (a fan),
/// not in a cone; a sub-cell emits at a constant rate over its particle's life.
open class CAEmitterLayer: CALayer {
    package var emitterStorage = EmitterLayerStorage()
    /// The configurations recorded at this layer's commits; a presentation copy shares its
    /// model layer's.
    package private(set) var timeline = EmitterTimeline()

    /// The most particles an emitter shows at once; beyond it, the oldest are left out, so
    /// that no birth rate can exhaust memory or time. An OpenQuartzCore addition.
    public static let maximumParticleCount = 10_000

    /// Creates an emitter layer with Apple's defaults: no cells, a point emitter at the origin.
    public override init() {
        super.init()
        observesCommits = true
    }

    /// Creates a copy of `layer` for the presentation tree, emitter properties included.
    public override init(layer: Any) {
        super.init(layer: layer)
        if let emitter = layer as? CAEmitterLayer {
            emitterStorage = emitter.emitterStorage
            timeline = emitter.timeline
        }
    }

    /// Creates an emitter layer from an archive (nothing is decoded: Apple's defaults), or the
    /// copy `CALayer` makes for the presentation tree, emitter properties included.
    public required init?(coder: NSCoder) {
        let model = (coder as? LayerCreationCoder)?.model
        if let emitter = model as? CAEmitterLayer {
            emitterStorage = emitter.emitterStorage
            timeline = emitter.timeline
        }
        super.init(coder: coder)
        // A new emitter records its commits; a copy shares its model's record instead.
        if model == nil { observesCommits = true }
    }

    override package class var propertyTable: LayerPropertyTable { emitterLayerPropertyTable }

    /// The kinds of particle emitted. Defaults to nil. A cell is read when the layer commits:
    /// see ``CAEmitterCell``.
    open var emitterCells: [CAEmitterCell]? {
        get { emitterStorage.emitterCells }
        set { changeValue(EmitterLayerPropertyDescriptors.emitterCells) { emitterStorage.emitterCells = newValue } }
    }

    /// Multiplies every cell's `birthRate`. Defaults to 1. Animatable.
    open var birthRate: Float {
        get { emitterStorage.birthRate }
        set { changeValue(EmitterLayerPropertyDescriptors.birthRate) { emitterStorage.birthRate = newValue } }
    }

    /// Multiplies the lifetime of every new particle. Defaults to 1. Animatable.
    open var lifetime: Float {
        get { emitterStorage.lifetime }
        set { changeValue(EmitterLayerPropertyDescriptors.lifetime) { emitterStorage.lifetime = newValue } }
    }

    /// The centre of the emission shape, in the layer's coordinates. Defaults to (0, 0).
    /// Animatable.
    open var emitterPosition: CGPoint {
        get { emitterStorage.emitterPosition }
        set {
            changeValue(EmitterLayerPropertyDescriptors.emitterPosition) { emitterStorage.emitterPosition = newValue }
        }
    }

    /// The depth of the centre of the emission shape. Defaults to 0. Animatable.
    open var emitterZPosition: CGFloat {
        get { emitterStorage.emitterZPosition }
        set {
            changeValue(EmitterLayerPropertyDescriptors.emitterZPosition) { emitterStorage.emitterZPosition = newValue }
        }
    }

    /// The size of the emission shape (see ``CAEmitterLayerEmitterShape``). Defaults to zero.
    /// Animatable.
    open var emitterSize: CGSize {
        get { emitterStorage.emitterSize }
        set { changeValue(EmitterLayerPropertyDescriptors.emitterSize) { emitterStorage.emitterSize = newValue } }
    }

    /// The depth of a cuboid emission shape. Defaults to 0. Animatable.
    open var emitterDepth: CGFloat {
        get { emitterStorage.emitterDepth }
        set { changeValue(EmitterLayerPropertyDescriptors.emitterDepth) { emitterStorage.emitterDepth = newValue } }
    }

    /// The emission shape. Defaults to `.point`.
    open var emitterShape: CAEmitterLayerEmitterShape {
        get { emitterStorage.emitterShape }
        set { changeValue(EmitterLayerPropertyDescriptors.emitterShape) { emitterStorage.emitterShape = newValue } }
    }

    /// Which part of the shape emits. Defaults to `.volume`.
    open var emitterMode: CAEmitterLayerEmitterMode {
        get { emitterStorage.emitterMode }
        set { changeValue(EmitterLayerPropertyDescriptors.emitterMode) { emitterStorage.emitterMode = newValue } }
    }

    /// The order and blending particles are drawn with. Defaults to `.unordered`.
    open var renderMode: CAEmitterLayerRenderMode {
        get { emitterStorage.renderMode }
        set { changeValue(EmitterLayerPropertyDescriptors.renderMode) { emitterStorage.renderMode = newValue } }
    }

    /// Stored; particles are always flattened into the layer's plane here. Defaults to false.
    open var preservesDepth: Bool {
        get { emitterStorage.preservesDepth }
        set { changeValue(EmitterLayerPropertyDescriptors.preservesDepth) { emitterStorage.preservesDepth = newValue } }
    }

    /// Multiplies every cell's `velocity`. Defaults to 1. Animatable.
    open var velocity: Float {
        get { emitterStorage.velocity }
        set { changeValue(EmitterLayerPropertyDescriptors.velocity) { emitterStorage.velocity = newValue } }
    }

    /// Multiplies every cell's `scale`. Defaults to 1. Animatable.
    open var scale: Float {
        get { emitterStorage.scale }
        set { changeValue(EmitterLayerPropertyDescriptors.scale) { emitterStorage.scale = newValue } }
    }

    /// Multiplies every cell's `spin`. Defaults to 1. Animatable.
    open var spin: Float {
        get { emitterStorage.spin }
        set { changeValue(EmitterLayerPropertyDescriptors.spin) { emitterStorage.spin = newValue } }
    }

    /// Seeds the particles' random numbers: the same seed gives the same particles. Defaults
    /// to 0.
    open var seed: UInt32 {
        get { emitterStorage.seed }
        set { changeValue(EmitterLayerPropertyDescriptors.seed) { emitterStorage.seed = newValue } }
    }

    // MARK: Key paths into cells

    /// The value at a key path, including a cell's: `emitterCells.<name>.<key>`, and deeper
    /// through sub-cells (`emitterCells.fire.emitterCells.spark.birthRate`).
    open override func value(forKeyPath keyPath: String) -> Any? {
        guard let (cell, rest) = cellKeyPath(keyPath) else { return super.value(forKeyPath: keyPath) }
        // A presentation copy carries the animated value of a cell's key path.
        if let animated = storage.customValues[keyPath] { return animated }
        return cell?.value(forKeyPath: rest)
    }

    /// Sets the value at a key path; for a cell's (`emitterCells.<name>.<key>`) the action
    /// search runs for the whole key path, so an `actions` entry can animate it, and the
    /// change shows once the layer commits. A path naming no cell changes nothing, with a
    /// warning (documents and states refer to cells by name).
    open override func setValue(_ value: Any?, forKeyPath keyPath: String) {
        guard let (cell, rest) = cellKeyPath(keyPath) else { return super.setValue(value, forKeyPath: keyPath) }
        guard let cell else {
            Warnings.emit(
                "CAEmitterLayer.setValue(_:forKeyPath: \"\(keyPath)\"): no emitter cell by that name; ignored")
            return
        }
        changeValue(forKey: keyPath) { cell.setValue(value, forKeyPath: rest) }
    }

    /// For `emitterCells.<name>.<rest>`: the cell called `name` (nil when there is none) and
    /// `rest`; nil for other key paths.
    private func cellKeyPath(_ keyPath: String) -> (cell: CAEmitterCell?, rest: String)? {
        guard keyPath.hasPrefix("emitterCells.") else { return nil }
        let (name, rest) = splitKeyPath(String(keyPath.dropFirst("emitterCells.".count)))
        guard let rest else { return nil }
        return (emitterStorage.emitterCells?.first { $0.values.name == name }, rest)
    }

    override package func derivedValue(forKeyPath keyPath: String) -> Any? {
        guard let (cell, rest) = cellKeyPath(keyPath) else { return nil }
        return cell?.value(forKeyPath: rest)
    }

    // MARK: Recording the configuration

    override package func didCommit(atMediaTime time: Double) {
        guard !isPresentationCopy else { return }
        let start = timeline.isEmpty ? -Double.infinity : convertTime(time, from: nil)
        timeline.record(EmitterConfiguration(of: self), from: start)
    }
}

/// The model values `CAEmitterLayer` adds, with the defaults `CAEmitterLayer.h` documents.
package struct EmitterLayerStorage: SubclassLayerStorage {
    package var emitterCells: [CAEmitterCell]?
    package var birthRate: Float = 1
    package var lifetime: Float = 1
    package var emitterPosition = CGPoint.zero
    package var emitterZPosition: CGFloat = 0
    package var emitterSize = CGSize.zero
    package var emitterDepth: CGFloat = 0
    package var emitterShape = CAEmitterLayerEmitterShape.point
    package var emitterMode = CAEmitterLayerEmitterMode.volume
    package var renderMode = CAEmitterLayerRenderMode.unordered
    package var preservesDepth = false
    package var velocity: Float = 1
    package var scale: Float = 1
    package var spin: Float = 1
    package var seed: UInt32 = 0

    package init() {}
}

/// The properties of `CAEmitterLayer.h`, whose Animatable marks they follow.
/// Each is described once here: the table is made of them, and each setter changes its own.
enum EmitterLayerPropertyDescriptors {
    static let emitter = SubclassPropertyBuilder(storage: \CAEmitterLayer.emitterStorage)
    static let emitterCells = emitter.property(
        "emitterCells", .opaque, \.emitterCells, animatable: false,
        get: { .opaque(AnyHashableBox($0)) },
        set: { value in
            let boxed = value.boxed
            guard boxed == nil || boxed is [CAEmitterCell] else {
                misuse("'emitterCells' holds an array of CAEmitterCells, got \(describeType(boxed))")
            }
            return boxed as? [CAEmitterCell]
        })
    static let birthRate = emitter.float("birthRate", \.birthRate)
    static let lifetime = emitter.float("lifetime", \.lifetime)
    static let emitterPosition = emitter.point("emitterPosition", \.emitterPosition)
    static let emitterZPosition = emitter.number("emitterZPosition", \.emitterZPosition)
    static let emitterSize = emitter.size("emitterSize", \.emitterSize)
    static let emitterDepth = emitter.number("emitterDepth", \.emitterDepth)
    static let emitterShape = emitter.constant("emitterShape", \.emitterShape)
    static let emitterMode = emitter.constant("emitterMode", \.emitterMode)
    static let renderMode = emitter.constant("renderMode", \.renderMode)
    static let preservesDepth = emitter.bool("preservesDepth", \.preservesDepth)
    static let velocity = emitter.float("velocity", \.velocity)
    static let scale = emitter.float("scale", \.scale)
    static let spin = emitter.float("spin", \.spin)
    static let seed = emitter.property(
        "seed", .number, \.seed, animatable: false, get: { .number(Double($0)) },
        set: { seedValue($0.number) }, box: { seedValue($0.number) })

    static let all: [LayerProperty] = [
        emitterCells, birthRate, lifetime, emitterPosition, emitterZPosition, emitterSize, emitterDepth, emitterShape,
        emitterMode, renderMode, preservesDepth, velocity, scale, spin, seed,
    ]
}

/// `CALayer`'s properties and these.
let emitterLayerPropertyTable = LayerPropertyTable(EmitterLayerPropertyDescriptors.all, inheriting: layerPropertyTable)

/// A number as a seed: rounded, clamped to `UInt32`'s range, 0 when not finite.
private func seedValue(_ number: Double) -> UInt32 {
    guard number.isFinite else { return 0 }
    return UInt32(min(max(number.rounded(), 0), Double(UInt32.max)))
}
