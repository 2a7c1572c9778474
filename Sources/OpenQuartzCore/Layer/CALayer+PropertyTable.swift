import Foundation
import OpenCoreGraphics

/// The properties `CALayer` declares to key-value coding and the animation engine. The
/// animatable ones are those `CALayer.h` marks Animatable (filters aside: there is no Core
/// Image on Linux).
let layerPropertyTable = LayerPropertyTable([
    .rect("bounds", \.bounds),
    .point("position", \.position),
    .number("zPosition", \.zPosition),
    .point("anchorPoint", \.anchorPoint),
    .number("anchorPointZ", \.anchorPointZ),
    .transform("transform", \.transform),
    .transform("sublayerTransform", \.sublayerTransform),
    .stored(
        "contents", .image, \.contents,
        get: { contents in
            if let image = contents as? CGImage { return .image(image) }
            return contents == nil ? .image(nil) : .opaque(AnyHashableBox(contents))
        },
        set: { value in value.boxed }),
    .rect("contentsRect", \.contentsRect),
    .number("contentsScale", \.contentsScale),
    .rect("contentsCenter", \.contentsCenter),
    .float("minificationFilterBias", \.minificationFilterBias),
    .bool("hidden", \.isHidden),
    .bool("doubleSided", \.isDoubleSided, implicit: false),
    .bool("masksToBounds", \.masksToBounds),
    .float("opacity", \.opacity),
    .number("rasterizationScale", \.rasterizationScale),
    .bool("shouldRasterize", \.shouldRasterize),
    .color("backgroundColor", \.backgroundColor),
    .number("cornerRadius", \.cornerRadius),
    .number("borderWidth", \.borderWidth),
    .color("borderColor", \.borderColor),
    .color("shadowColor", \.shadowColor),
    .float("shadowOpacity", \.shadowOpacity),
    .size("shadowOffset", \.shadowOffset),
    .number("shadowRadius", \.shadowRadius),
    .stored(
        "shadowPath", .path, \.shadowPath, get: { .path($0) },
        set: { value in
            guard case .path(let path) = value else { preconditionFailure("expected a CGPath, found \(value.kind)") }
            return path
        }),
    // Not animatable, but reachable through key-value coding.
    .bool("opaque", \.isOpaque, animatable: false),
    .bool("geometryFlipped", \.isGeometryFlipped, animatable: false),
    .bool("allowsGroupOpacity", \.allowsGroupOpacity, animatable: false),
    .bool("allowsEdgeAntialiasing", \.allowsEdgeAntialiasing, animatable: false),
    .bool("needsDisplayOnBoundsChange", \.needsDisplayOnBoundsChange, animatable: false),
    .bool("autoreverses", \.autoreverses, animatable: false),
    .double("beginTime", \.beginTime),
    .double("duration", \.duration),
    .double("timeOffset", \.timeOffset),
    .double("repeatDuration", \.repeatDuration),
    .float("speed", \.speed, animatable: false),
    .float("repeatCount", \.repeatCount, animatable: false),
    .stored(
        "name", .opaque, \.name, animatable: false, get: { .opaque(AnyHashableBox($0)) },
        set: {
            $0.boxed as? String
        }),
    .stored(
        "contentsGravity", .opaque, \.contentsGravity, animatable: false,
        get: { .opaque(AnyHashableBox($0.rawValue)) },
        set: { value in
            if let gravity = value.boxed as? CALayerContentsGravity { return gravity }
            return CALayerContentsGravity(rawValue: value.boxed as? String ?? "resize")
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
