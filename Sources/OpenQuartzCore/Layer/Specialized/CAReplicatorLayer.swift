import Foundation
import OpenCoreGraphics

/// A layer that draws its sublayers several times, each copy moved, delayed and tinted a
/// step further than the one before: Apple's `CAReplicatorLayer`.
///
/// Every property but `preservesDepth` is animatable and animates implicitly on a
/// standalone layer, as `CAReplicatorLayer.h` marks them.
///
///     let dots = CAReplicatorLayer()
///     dots.addSublayer(dot)
///     dots.instanceCount = 3
///     dots.instanceTransform = CATransform3DMakeTranslation(20, 0, 0)
///     dots.instanceDelay = 0.2       // each copy runs the sublayers' animations 0.2 s later
///     dots.instanceAlphaOffset = -0.3
open class CAReplicatorLayer: CALayer {
    package var replicatorStorage = ReplicatorLayerStorage()

    /// Creates a replicator layer with Apple's defaults: one instance, no offsets.
    public override init() {
        super.init()
    }

    /// Creates a copy of `layer` for the presentation tree, replicator properties included.
    public override init(layer: Any) {
        super.init(layer: layer)
        if let replicator = layer as? CAReplicatorLayer { replicatorStorage = replicator.replicatorStorage }
    }

    /// Creates a layer from an archive (nothing is decoded: Apple's defaults), or the copy
    /// `CALayer` makes for the presentation tree, replicator properties included.
    public required init?(coder: NSCoder) {
        if let replicator = (coder as? LayerCreationCoder)?.model as? CAReplicatorLayer {
            replicatorStorage = replicator.replicatorStorage
        }
        super.init(coder: coder)
    }

    override package class var propertyTable: LayerPropertyTable { replicatorLayerPropertyTable }

    /// How many copies of the sublayers are drawn, the original included. Defaults to 1.
    /// Animatable: an animated count is the interpolated number truncated to an integer.
    open var instanceCount: Int {
        get { replicatorStorage.instanceCount }
        set {
            changeValue(ReplicatorLayerPropertyDescriptors.instanceCount) { replicatorStorage.instanceCount = newValue }
        }
    }

    /// Whether the copies keep their depth, as in a `CATransformLayer`, rather than being
    /// flattened into the layer's plane. Defaults to false.
    open var preservesDepth: Bool {
        get { replicatorStorage.preservesDepth }
        set {
            changeValue(ReplicatorLayerPropertyDescriptors.preservesDepth) {
                replicatorStorage.preservesDepth = newValue
            }
        }
    }

    /// How much later, in seconds, each copy's time runs than the copy before. Defaults to 0.
    /// Animatable.
    open var instanceDelay: CFTimeInterval {
        get { replicatorStorage.instanceDelay }
        set {
            changeValue(ReplicatorLayerPropertyDescriptors.instanceDelay) { replicatorStorage.instanceDelay = newValue }
        }
    }

    /// The transform that takes copy k − 1 to copy k, about the layer's centre. Defaults to
    /// the identity. Animatable.
    open var instanceTransform: CATransform3D {
        get { replicatorStorage.instanceTransform }
        set {
            changeValue(ReplicatorLayerPropertyDescriptors.instanceTransform) {
                replicatorStorage.instanceTransform = newValue
            }
        }
    }

    /// The colour the first copy is multiplied by. Defaults to opaque white. Animatable.
    open var instanceColor: CGColor? {
        get { replicatorStorage.instanceColor }
        set {
            changeValue(ReplicatorLayerPropertyDescriptors.instanceColor) { replicatorStorage.instanceColor = newValue }
        }
    }

    /// What each copy adds to the red of the previous copy's colour. Defaults to 0. Animatable.
    open var instanceRedOffset: Float {
        get { replicatorStorage.instanceRedOffset }
        set {
            changeValue(ReplicatorLayerPropertyDescriptors.instanceRedOffset) {
                replicatorStorage.instanceRedOffset = newValue
            }
        }
    }

    /// What each copy adds to the green of the previous copy's colour. Defaults to 0.
    /// Animatable.
    open var instanceGreenOffset: Float {
        get { replicatorStorage.instanceGreenOffset }
        set {
            changeValue(ReplicatorLayerPropertyDescriptors.instanceGreenOffset) {
                replicatorStorage.instanceGreenOffset = newValue
            }
        }
    }

    /// What each copy adds to the blue of the previous copy's colour. Defaults to 0.
    /// Animatable.
    open var instanceBlueOffset: Float {
        get { replicatorStorage.instanceBlueOffset }
        set {
            changeValue(ReplicatorLayerPropertyDescriptors.instanceBlueOffset) {
                replicatorStorage.instanceBlueOffset = newValue
            }
        }
    }

    /// What each copy adds to the alpha of the previous copy's colour. Defaults to 0.
    /// Animatable; a negative offset fades the copies out one by one.
    open var instanceAlphaOffset: Float {
        get { replicatorStorage.instanceAlphaOffset }
        set {
            changeValue(ReplicatorLayerPropertyDescriptors.instanceAlphaOffset) {
                replicatorStorage.instanceAlphaOffset = newValue
            }
        }
    }
}

/// The model values `CAReplicatorLayer` adds, with the defaults `CAReplicatorLayer.h`
/// documents.
package struct ReplicatorLayerStorage: SubclassLayerStorage {
    package var instanceCount = 1
    package var preservesDepth = false
    package var instanceDelay: CFTimeInterval = 0
    package var instanceTransform = CATransform3DIdentity
    package var instanceColor: CGColor? = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
    package var instanceRedOffset: Float = 0
    package var instanceGreenOffset: Float = 0
    package var instanceBlueOffset: Float = 0
    package var instanceAlphaOffset: Float = 0

    package init() {}
}

/// The properties of `CAReplicatorLayer.h`, whose Animatable marks they
/// follow (`instanceCount` included).
/// Each is described once here: the table is made of them, and each setter changes its own.
enum ReplicatorLayerPropertyDescriptors {
    static let replicator = SubclassPropertyBuilder(storage: \CAReplicatorLayer.replicatorStorage)
    static let instanceCount = replicator.property(
        "instanceCount", .number, \.instanceCount, animatable: true,
        get: { .number(Double($0)) }, set: { Int(saturating: $0.number) }, box: { Int(saturating: $0.number) })
    static let preservesDepth = replicator.bool("preservesDepth", \.preservesDepth)
    static let instanceDelay = replicator.double("instanceDelay", \.instanceDelay)
    static let instanceTransform = replicator.transform("instanceTransform", \.instanceTransform).rendered(
        as: .instanceTransform)
    static let instanceColor = replicator.color("instanceColor", \.instanceColor).rendered(as: .instanceColor)
    static let instanceRedOffset = replicator.float("instanceRedOffset", \.instanceRedOffset).rendered(
        as: .instanceRedOffset)
    static let instanceGreenOffset = replicator.float("instanceGreenOffset", \.instanceGreenOffset).rendered(
        as: .instanceGreenOffset)
    static let instanceBlueOffset = replicator.float("instanceBlueOffset", \.instanceBlueOffset).rendered(
        as: .instanceBlueOffset)
    static let instanceAlphaOffset = replicator.float("instanceAlphaOffset", \.instanceAlphaOffset).rendered(
        as: .instanceAlphaOffset)

    static let all: [LayerProperty] = [
        instanceCount, preservesDepth, instanceDelay, instanceTransform, instanceColor, instanceRedOffset,
        instanceGreenOffset, instanceBlueOffset, instanceAlphaOffset,
    ]
}

/// `CALayer`'s properties and these.
let replicatorLayerPropertyTable = LayerPropertyTable(
    ReplicatorLayerPropertyDescriptors.all, inheriting: layerPropertyTable)

extension Int {
    /// The integer part of `value`, held to `Int`'s range (NaN is 0): a count read from a
    /// file or interpolated by an animation may be far beyond it, where `Int(_:)` traps.
    init(saturating value: Double) {
        if value.isNaN {
            self = 0
        } else if value >= 9.2e18 {
            self = .max
        } else if value <= -9.2e18 {
            self = .min
        } else {
            self = Int(value)
        }
    }
}
