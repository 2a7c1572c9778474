import Foundation
import OpenCoreGraphics

/// The descriptors of the properties `CALayer` declares to key-value coding and the animation
/// engine, each made once: the accessors pass theirs to `changeValue` without hashing a key.
/// The animatable ones are those `CALayer.h` marks Animatable (filters aside: there is no Core
/// Image on Linux). A drawn property's descriptor names its field of ``DrawnValues``.
enum LayerPropertyDescriptors {
    static let bounds = LayerProperty.drawn("bounds", DrawnField(\.bounds))
    static let position = LayerProperty.drawn("position", DrawnField(\.position))
    static let zPosition = LayerProperty.drawn("zPosition", DrawnField(\.zPosition))
    static let anchorPoint = LayerProperty.drawn("anchorPoint", DrawnField(\.anchorPoint))
    static let anchorPointZ = LayerProperty.drawn("anchorPointZ", DrawnField(\.anchorPointZ))
    static let transform = LayerProperty.drawn("transform", DrawnField(\.transform))
    static let sublayerTransform = LayerProperty.drawn("sublayerTransform", DrawnField(\.sublayerTransform))
    static let contents = LayerProperty.stored(
        "contents", .image, { $0.contents }, { $0.contents = $1 },
        get: { contents in
            if let image = contents as? CGImage { return .image(image) }
            return contents == nil ? .image(nil) : .opaque(AnyHashableBox(contents))
        },
        set: { value in value.boxed }
    ).rendered(as: .contents)
    static let contentsRect = LayerProperty.drawn("contentsRect", DrawnField(\.contentsRect))
    static let contentsScale = LayerProperty.drawn("contentsScale", DrawnField(\.contentsScale))
    static let contentsCenter = LayerProperty.drawn("contentsCenter", DrawnField(\.contentsCenter))
    static let minificationFilterBias = LayerProperty.float(
        "minificationFilterBias", { $0.minificationFilterBias }, { $0.minificationFilterBias = $1 })
    static let hidden = LayerProperty.drawn("hidden", DrawnField(\.isHidden))
    static let doubleSided = LayerProperty.drawn("doubleSided", DrawnField(\.isDoubleSided), implicit: false)
    static let masksToBounds = LayerProperty.drawn("masksToBounds", DrawnField(\.masksToBounds))
    static let opacity = LayerProperty.drawn("opacity", DrawnField(\.opacity))
    static let rasterizationScale = LayerProperty.number(
        "rasterizationScale", { $0.rasterizationScale }, { $0.rasterizationScale = $1 })
    static let shouldRasterize = LayerProperty.bool(
        "shouldRasterize", { $0.shouldRasterize }, { $0.shouldRasterize = $1 })
    static let backgroundColor = LayerProperty.drawn("backgroundColor", DrawnField(\.backgroundColor))
    static let cornerRadius = LayerProperty.drawn("cornerRadius", DrawnField(\.cornerRadius))
    static let borderWidth = LayerProperty.drawn("borderWidth", DrawnField(\.borderWidth))
    static let borderColor = LayerProperty.drawn("borderColor", DrawnField(\.borderColor))
    static let shadowColor = LayerProperty.drawn("shadowColor", DrawnField(\.shadowColor))
    static let shadowOpacity = LayerProperty.drawn("shadowOpacity", DrawnField(\.shadowOpacity))
    static let shadowOffset = LayerProperty.drawn("shadowOffset", DrawnField(\.shadowOffset))
    static let shadowRadius = LayerProperty.drawn("shadowRadius", DrawnField(\.shadowRadius))
    static let shadowPath = LayerProperty.drawn("shadowPath", DrawnField(\.shadowPath))
    // Not animatable, but reachable through key-value coding.
    static let opaque = LayerProperty.bool("opaque", { $0.isOpaque }, { $0.isOpaque = $1 }, animatable: false)
    static let geometryFlipped = LayerProperty.drawn(
        "geometryFlipped", DrawnField(\.isGeometryFlipped), animatable: false)
    static let allowsGroupOpacity = LayerProperty.bool(
        "allowsGroupOpacity", { $0.allowsGroupOpacity }, { $0.allowsGroupOpacity = $1 }, animatable: false)
    static let allowsEdgeAntialiasing = LayerProperty.bool(
        "allowsEdgeAntialiasing", { $0.allowsEdgeAntialiasing }, { $0.allowsEdgeAntialiasing = $1 },
        animatable: false)
    static let needsDisplayOnBoundsChange = LayerProperty.bool(
        "needsDisplayOnBoundsChange", { $0.needsDisplayOnBoundsChange }, { $0.needsDisplayOnBoundsChange = $1 },
        animatable: false)
    static let drawsAsynchronously = LayerProperty.bool(
        "drawsAsynchronously", { $0.drawsAsynchronously }, { $0.drawsAsynchronously = $1 }, animatable: false)
    static let edgeAntialiasingMask = LayerProperty.stored(
        "edgeAntialiasingMask", .opaque, { $0.edgeAntialiasingMask }, { $0.edgeAntialiasingMask = $1 },
        animatable: false, get: { .opaque(AnyHashableBox($0)) },
        set: { CAEdgeAntialiasingMask(keyValue: $0.boxed) })
    static let contentsFormat = LayerProperty.constant(
        "contentsFormat", { $0.contentsFormat }, { $0.contentsFormat = $1 }, fallback: .RGBA8Uint)
    static let wantsExtendedDynamicRangeContent = LayerProperty.bool(
        "wantsExtendedDynamicRangeContent", { $0.wantsExtendedDynamicRangeContent },
        { $0.wantsExtendedDynamicRangeContent = $1 }, animatable: false)
    static let toneMapMode = LayerProperty.constant(
        "toneMapMode", { $0.toneMapMode }, { $0.toneMapMode = $1 }, fallback: .automatic)
    static let autoreverses = LayerProperty.bool(
        "autoreverses", { $0.timing.autoreverses }, { $0.timing.autoreverses = $1 }, animatable: false)
    static let beginTime = LayerProperty.double("beginTime", { $0.timing.beginTime }, { $0.timing.beginTime = $1 })
    static let duration = LayerProperty.double("duration", { $0.timing.duration }, { $0.timing.duration = $1 })
    static let timeOffset = LayerProperty.double(
        "timeOffset", { $0.timing.timeOffset }, { $0.timing.timeOffset = $1 })
    static let repeatDuration = LayerProperty.double(
        "repeatDuration", { $0.timing.repeatDuration }, { $0.timing.repeatDuration = $1 })
    static let speed = LayerProperty.float(
        "speed", { $0.timing.speed }, { $0.timing.speed = $1 }, animatable: false)
    static let repeatCount = LayerProperty.float(
        "repeatCount", { $0.timing.repeatCount }, { $0.timing.repeatCount = $1 }, animatable: false)
    static let name = LayerProperty.stored(
        "name", .opaque, { $0.name }, { $0.name = $1 }, animatable: false, get: { .opaque(AnyHashableBox($0)) },
        set: { $0.boxed as? String })
    static let contentsGravity = LayerProperty.constant(
        "contentsGravity", { $0.drawn.contentsGravity }, { $0.drawn.contentsGravity = $1 }, fallback: .resize)
    static let compositingFilter = LayerProperty.stored(
        "compositingFilter", .opaque, { $0.compositingFilter }, { $0.compositingFilter = $1 }, animatable: false,
        get: { .opaque(AnyHashableBox($0)) }, set: { $0.boxed })
    static let filters = LayerProperty.stored(
        "filters", .opaque, { $0.filters }, { $0.filters = $1 }, animatable: false,
        get: { .opaque(AnyHashableBox($0)) }, set: { $0.boxed as? [Any] })
    static let backgroundFilters = LayerProperty.stored(
        "backgroundFilters", .opaque, { $0.backgroundFilters }, { $0.backgroundFilters = $1 }, animatable: false,
        get: { .opaque(AnyHashableBox($0)) }, set: { $0.boxed as? [Any] })
    static let minificationFilter = LayerProperty.constant(
        "minificationFilter", { $0.drawn.minificationFilter }, { $0.drawn.minificationFilter = $1 },
        fallback: .linear)
    static let magnificationFilter = LayerProperty.constant(
        "magnificationFilter", { $0.drawn.magnificationFilter }, { $0.drawn.magnificationFilter = $1 },
        fallback: .linear)
    // CALayer.h does not mark these two Animatable: they switch at once.
    static let maskedCorners = LayerProperty.stored(
        "maskedCorners", .opaque, { $0.drawn.maskedCorners }, { $0.drawn.maskedCorners = $1 }, animatable: false,
        get: { .opaque(AnyHashableBox($0)) }, set: { CACornerMask(keyValue: $0.boxed) })
    static let cornerCurve = LayerProperty.stored(
        "cornerCurve", .opaque, { $0.drawn.cornerCurve }, { $0.drawn.cornerCurve = $1 }, animatable: false,
        get: { .opaque(AnyHashableBox($0.rawValue)) },
        set: { value in
            if let curve = value.boxed as? CALayerCornerCurve { return curve }
            guard let name = value.boxed as? String else {
                require(
                    value.boxed == nil,
                    "setValue(_:forKey: \"cornerCurve\") needs a CALayerCornerCurve or its name, got \(describeType(value.boxed))"
                )
                return .circular
            }
            return CALayerCornerCurve(rawValue: name)
        })

    /// Every descriptor above, by key.
    static let table = LayerPropertyTable([
        bounds, position, zPosition, anchorPoint, anchorPointZ, transform, sublayerTransform, contents, contentsRect,
        contentsScale, contentsCenter, minificationFilterBias, hidden, doubleSided, masksToBounds, opacity,
        rasterizationScale, shouldRasterize, backgroundColor, cornerRadius, borderWidth, borderColor, shadowColor,
        shadowOpacity, shadowOffset, shadowRadius, shadowPath, opaque, geometryFlipped, allowsGroupOpacity,
        allowsEdgeAntialiasing, needsDisplayOnBoundsChange, drawsAsynchronously, edgeAntialiasingMask,
        contentsFormat, wantsExtendedDynamicRangeContent, toneMapMode, autoreverses, beginTime, duration, timeOffset,
        repeatDuration, speed, repeatCount, name, contentsGravity, compositingFilter, filters, backgroundFilters,
        minificationFilter, magnificationFilter, maskedCorners, cornerCurve,
    ])
}

/// The properties `CALayer` declares, which its subclasses' tables inherit.
let layerPropertyTable = LayerPropertyDescriptors.table

/// A layer nobody changes, whose values are `defaultValue(forKey:)`'s answers.
nonisolated(unsafe) let prototypeLayer = CALayer(prototype: ())

extension CALayer {
    /// Creates a layer outside any transaction, for the prototype.
    fileprivate convenience init(prototype: Void) {
        self.init(layer: CALayer.self)
        hasBeenCommitted = false
    }
}
