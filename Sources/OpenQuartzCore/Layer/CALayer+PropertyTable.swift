import Foundation
import OpenCoreGraphics

/// The properties `CALayer` declares to key-value coding and the animation engine. The
/// animatable ones are those `CALayer.h` marks Animatable (filters aside: there is no Core
/// Image on Linux).
let layerPropertyTable = LayerPropertyTable([
    .rect("bounds", { $0.bounds }, { $0.bounds = $1 }).rendered(as: .bounds),
    .point("position", { $0.position }, { $0.position = $1 }).rendered(as: .position),
    .number("zPosition", { $0.zPosition }, { $0.zPosition = $1 }).rendered(as: .zPosition),
    .point("anchorPoint", { $0.anchorPoint }, { $0.anchorPoint = $1 }).rendered(as: .anchorPoint),
    .number("anchorPointZ", { $0.anchorPointZ }, { $0.anchorPointZ = $1 }).rendered(as: .anchorPointZ),
    .transform("transform", { $0.transform }, { $0.transform = $1 }).rendered(as: .transform),
    .transform("sublayerTransform", { $0.sublayerTransform }, { $0.sublayerTransform = $1 })
        .rendered(as: .sublayerTransform),
    .stored(
        "contents", .image, { $0.contents }, { $0.contents = $1 },
        get: { contents in
            if let image = contents as? CGImage { return .image(image) }
            return contents == nil ? .image(nil) : .opaque(AnyHashableBox(contents))
        },
        set: { value in value.boxed }
    ).rendered(as: .contents),
    .rect("contentsRect", { $0.contentsRect }, { $0.contentsRect = $1 }).rendered(as: .contentsRect),
    .number("contentsScale", { $0.contentsScale }, { $0.contentsScale = $1 }).rendered(as: .contentsScale),
    .rect("contentsCenter", { $0.contentsCenter }, { $0.contentsCenter = $1 }).rendered(as: .contentsCenter),
    .float("minificationFilterBias", { $0.minificationFilterBias }, { $0.minificationFilterBias = $1 }),
    .bool("hidden", { $0.isHidden }, { $0.isHidden = $1 }).rendered(as: .isHidden),
    .bool("doubleSided", { $0.isDoubleSided }, { $0.isDoubleSided = $1 }, implicit: false).rendered(as: .isDoubleSided),
    .bool("masksToBounds", { $0.masksToBounds }, { $0.masksToBounds = $1 }).rendered(as: .masksToBounds),
    .float("opacity", { $0.opacity }, { $0.opacity = $1 }).rendered(as: .opacity),
    .number("rasterizationScale", { $0.rasterizationScale }, { $0.rasterizationScale = $1 }),
    .bool("shouldRasterize", { $0.shouldRasterize }, { $0.shouldRasterize = $1 }),
    .color("backgroundColor", { $0.backgroundColor }, { $0.backgroundColor = $1 }).rendered(as: .backgroundColor),
    .number("cornerRadius", { $0.cornerRadius }, { $0.cornerRadius = $1 }).rendered(as: .cornerRadius),
    .number("borderWidth", { $0.borderWidth }, { $0.borderWidth = $1 }).rendered(as: .borderWidth),
    .color("borderColor", { $0.borderColor }, { $0.borderColor = $1 }).rendered(as: .borderColor),
    .color("shadowColor", { $0.shadowColor }, { $0.shadowColor = $1 }).rendered(as: .shadowColor),
    .float("shadowOpacity", { $0.shadowOpacity }, { $0.shadowOpacity = $1 }).rendered(as: .shadowOpacity),
    .size("shadowOffset", { $0.shadowOffset }, { $0.shadowOffset = $1 }).rendered(as: .shadowOffset),
    .number("shadowRadius", { $0.shadowRadius }, { $0.shadowRadius = $1 }).rendered(as: .shadowRadius),
    .stored(
        "shadowPath", .path, { $0.shadowPath }, { $0.shadowPath = $1 }, get: { .path($0) },
        set: { value in
            guard case .path(let path) = value else { misuse("expected a CGPath, found \(value.kind)") }
            return path
        }
    ).rendered(as: .shadowPath),
    // Not animatable, but reachable through key-value coding.
    .bool("opaque", { $0.isOpaque }, { $0.isOpaque = $1 }, animatable: false),
    .bool("geometryFlipped", { $0.isGeometryFlipped }, { $0.isGeometryFlipped = $1 }, animatable: false),
    .bool("allowsGroupOpacity", { $0.allowsGroupOpacity }, { $0.allowsGroupOpacity = $1 }, animatable: false),
    .bool(
        "allowsEdgeAntialiasing", { $0.allowsEdgeAntialiasing }, { $0.allowsEdgeAntialiasing = $1 }, animatable: false),
    .bool(
        "needsDisplayOnBoundsChange", { $0.needsDisplayOnBoundsChange }, { $0.needsDisplayOnBoundsChange = $1 },
        animatable: false),
    .bool("drawsAsynchronously", { $0.drawsAsynchronously }, { $0.drawsAsynchronously = $1 }, animatable: false),
    .stored(
        "edgeAntialiasingMask", .opaque, { $0.edgeAntialiasingMask }, { $0.edgeAntialiasingMask = $1 },
        animatable: false, get: { .opaque(AnyHashableBox($0)) },
        set: { CAEdgeAntialiasingMask(keyValue: $0.boxed) }),
    .stored(
        "contentsFormat", .opaque, { $0.contentsFormat }, { $0.contentsFormat = $1 }, animatable: false,
        get: { .opaque(AnyHashableBox($0.rawValue)) },
        set: { value in
            if let format = value.boxed as? CALayerContentsFormat { return format }
            return CALayerContentsFormat(rawValue: value.boxed as? String ?? "RGBA8")
        }),
    .bool(
        "wantsExtendedDynamicRangeContent", { $0.wantsExtendedDynamicRangeContent },
        { $0.wantsExtendedDynamicRangeContent = $1 }, animatable: false),
    .stored(
        "toneMapMode", .opaque, { $0.toneMapMode }, { $0.toneMapMode = $1 }, animatable: false,
        get: { .opaque(AnyHashableBox($0.rawValue)) },
        set: { value in
            if let mode = value.boxed as? CALayer.ToneMapMode { return mode }
            return CALayer.ToneMapMode(rawValue: value.boxed as? String ?? "automatic")
        }),
    .bool("autoreverses", { $0.timing.autoreverses }, { $0.timing.autoreverses = $1 }, animatable: false),
    .double("beginTime", { $0.timing.beginTime }, { $0.timing.beginTime = $1 }),
    .double("duration", { $0.timing.duration }, { $0.timing.duration = $1 }),
    .double("timeOffset", { $0.timing.timeOffset }, { $0.timing.timeOffset = $1 }),
    .double("repeatDuration", { $0.timing.repeatDuration }, { $0.timing.repeatDuration = $1 }),
    .float("speed", { $0.timing.speed }, { $0.timing.speed = $1 }, animatable: false),
    .float("repeatCount", { $0.timing.repeatCount }, { $0.timing.repeatCount = $1 }, animatable: false),
    .stored(
        "name", .opaque, { $0.name }, { $0.name = $1 }, animatable: false, get: { .opaque(AnyHashableBox($0)) },
        set: {
            $0.boxed as? String
        }),
    .stored(
        "contentsGravity", .opaque, { $0.contentsGravity }, { $0.contentsGravity = $1 }, animatable: false,
        get: { .opaque(AnyHashableBox($0.rawValue)) },
        set: { value in
            if let gravity = value.boxed as? CALayerContentsGravity { return gravity }
            return CALayerContentsGravity(rawValue: value.boxed as? String ?? "resize")
        }),
    .stored(
        "compositingFilter", .opaque, { $0.compositingFilter }, { $0.compositingFilter = $1 }, animatable: false,
        get: { .opaque(AnyHashableBox($0)) }, set: { $0.boxed }),
    .stored(
        "filters", .opaque, { $0.filters }, { $0.filters = $1 }, animatable: false,
        get: { .opaque(AnyHashableBox($0)) }, set: { $0.boxed as? [Any] }),
    .stored(
        "backgroundFilters", .opaque, { $0.backgroundFilters }, { $0.backgroundFilters = $1 }, animatable: false,
        get: { .opaque(AnyHashableBox($0)) }, set: { $0.boxed as? [Any] }),
    .stored(
        "minificationFilter", .opaque, { $0.minificationFilter }, { $0.minificationFilter = $1 }, animatable: false,
        get: { .opaque(AnyHashableBox($0.rawValue)) }, set: { CALayerContentsFilter(keyValue: $0.boxed) }),
    .stored(
        "magnificationFilter", .opaque, { $0.magnificationFilter }, { $0.magnificationFilter = $1 },
        animatable: false, get: { .opaque(AnyHashableBox($0.rawValue)) },
        set: { CALayerContentsFilter(keyValue: $0.boxed) }),
    // CALayer.h does not mark these two Animatable: they switch at once.
    .stored(
        "maskedCorners", .opaque, { $0.maskedCorners }, { $0.maskedCorners = $1 }, animatable: false,
        get: { .opaque(AnyHashableBox($0)) }, set: { CACornerMask(keyValue: $0.boxed) }),
    .stored(
        "cornerCurve", .opaque, { $0.cornerCurve }, { $0.cornerCurve = $1 }, animatable: false,
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
        }),
])

/// A layer nobody changes, whose values are `defaultValue(forKey:)`'s answers.
nonisolated(unsafe) let prototypeLayer = CALayer(prototype: ())

extension CALayer {
    /// Creates a layer outside any transaction, for the prototype.
    fileprivate convenience init(prototype: Void) {
        self.init(layer: CALayer.self)
        hasBeenCommitted = false
    }
}

extension CALayerContentsFilter {
    /// The filter a key-value-coded value names: a filter, or its name; linear otherwise.
    init(keyValue: Any?) {
        if let filter = keyValue as? CALayerContentsFilter {
            self = filter
        } else {
            self = CALayerContentsFilter(rawValue: keyValue as? String ?? "linear")
        }
    }
}
