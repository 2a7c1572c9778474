import Foundation
import OpenCoreGraphics

extension LayerModel {
    /// Reads a composition's `layers`.
    static func layers(reading node: JSONNode) throws(LottieError) -> [LayerModel] {
        var layers: [LayerModel] = []
        let elements = try node.elements()
        for element in elements {
            layers.append(try LayerModel(reading: element))
        }
        let used = Set(layers.indices.compactMap { LayerModel.matteSource(of: $0, in: layers) })
        for (position, layer) in layers.enumerated() where layer.isMatteSource && !used.contains(position) {
            elements[position].use(.unusedMatteSource)
        }
        return layers
    }

    init(reading node: JSONNode) throws(LottieError) {
        guard node.isObject else { throw node.error("expected a layer object, found \(node.kind)") }
        path = node.path
        name = try node.string("nm") ?? ""
        index = try node["ind"].map { n throws(LottieError) in try n.integer() }
        parentIndex = try node["parent"].map { n throws(LottieError) in try n.integer() }
        inFrame = try node.number("ip", default: 0)
        outFrame = try node.number("op", default: node.context.limits.maximumFrames)
        startTime = try node.number("st", default: 0)
        timeStretch = 1
        if let stretch = node["sr"] {
            timeStretch = try stretch.number()
            if timeStretch == 0 { throw stretch.error("a time stretch of 0 is not a duration") }
        }
        isHidden = try node.bool("hd")
        isMatteSource = try node.bool("td")
        matte = try node["tt"].flatMap { n throws(LottieError) in MatteType(rawValue: try n.integer()) }
        if let matte { node.use(matte == .luma || matte == .lumaInverted ? .lumaMatte : .alphaMatte) }
        matteParent = try node["tp"].map { n throws(LottieError) in try n.integer() }
        if matte != nil, matteParent != nil { node.use(.matteByIndex) }
        blendMode = BlendMode(rawValue: try node.integer("bm", default: 0)) ?? .normal
        if blendMode != .normal { node.use(blendMode == .hardMix ? .hardMixBlendMode : .blendMode) }
        transform = try node["ks"].map { n throws(LottieError) in try TransformModel(reading: n) } ?? .identity
        autoOrient = try node.bool("ao")
        if autoOrient { node.use(.autoOrient) }
        masks = []
        if let maskNodes = try node["masksProperties"]?.elements() {
            if !maskNodes.isEmpty { node["masksProperties"]?.use(.masks) }
            for maskNode in maskNodes {
                let modeName = try maskNode.string("mode") ?? "a"
                guard let mode = MaskModel.Mode(rawValue: modeName) else {
                    throw maskNode.error("unknown mask mode \"\(modeName)\"")
                }
                if ![.add, .subtract, .intersect, .none].contains(mode) {
                    maskNode.use(.maskMode(modeName))
                }
                let expansion = try maskNode.keyframes("x", default: 0) { n throws(LottieError) in try n.scalar() }
                if expansion.keyframes.contains(where: { $0.value != 0 }) {
                    maskNode.use(.maskExpansion)
                }
                let opacity = try maskNode.keyframes("o", default: 100) { n throws(LottieError) in try n.scalar() }
                if opacity.keyframes.contains(where: { $0.value != 100 }) {
                    maskNode.use(.maskOpacity)
                }
                masks.append(
                    MaskModel(
                        mode: mode, isInverted: try maskNode.bool("inv"),
                        shape: try maskNode.required("pt").keyframeGroup { n throws(LottieError) in try n.bezierShape()
                        }, opacity: opacity, expansion: expansion))
            }
        }
        dropShadow = try DropShadowModel(readingLayer: node)
        if dropShadow != nil { node.use(.dropShadow) }
        effects = try EffectModel.effects(readingLayer: node)
        if node["parent"] != nil { node.use(.parenting) }
        let type = try node.integer("ty", default: 3)
        switch type {
        case 0:
            node.use(.precomposition)
            if node["tm"] != nil { node.use(.timeRemapping) }
            let timeRemapping = try node["tm"].map { n throws(LottieError) in
                try n.keyframeGroup { v throws(LottieError) in try v.scalar() }
            }
            content = .precomposition(
                assetID: try node.required("refId").string(), width: try node.number("w", default: 0),
                height: try node.number("h", default: 0), timeRemapping: timeRemapping)
        case 1:
            let hex = try node.string("sc") ?? "#000000"
            content = .solid(
                color: KeyframeGroup(Self.color(hex: hex)), width: try node.number("sw", default: 0),
                height: try node.number("sh", default: 0))
        case 2:
            node.use(.image)
            content = .image(assetID: try node.required("refId").string())
        case 3:
            content = .null
        case 4:
            content = .shapes(
                try node["shapes"].map { n throws(LottieError) in try ShapeItem.items(reading: n, depth: 0) } ?? [])
        case 5:
            node.use(.text)
            content = .text(try TextModel(readingLayer: node))
        case 13:
            node.use(.camera)
            let zoom = try node.keyframes("pe", default: 0) { n throws(LottieError) in try n.scalar() }
            if zoom.keyframes.contains(where: { !($0.value > 0) }) {
                node.warn(
                    "a camera's zoom must be above 0: the composition's default perspective is used where it is not")
            }
            content = .camera(CameraModel(zoom: zoom, hasPointOfInterest: node["ks"]?["a"] != nil))
        default:
            node.use(.layerType(type))
            content = .unsupported
        }
        is3D = try node.bool("ddd")
        if is3D { node.use(.threeDLayer) }
    }

    /// `#rrggbb` (or `#rgb`) as red, green, blue and alpha from 0 to 1; anything else is
    /// black, as players draw it.
    static func color(hex: String) -> LottieVector {
        var digits = hex.hasPrefix("#") ? String(hex.dropFirst()) : hex
        if digits.count == 3 { digits = digits.map { "\($0)\($0)" }.joined() }
        guard digits.count >= 6, let value = UInt32(digits.prefix(6), radix: 16) else {
            return LottieVector([0, 0, 0, 1])
        }
        return LottieVector([
            Double((value >> 16) & 0xFF) / 255, Double((value >> 8) & 0xFF) / 255, Double(value & 0xFF) / 255, 1,
        ])
    }
}

extension DropShadowModel {
    /// The layer's drop shadow: the layer style (`sy`, type 1) or the effect (`ef`, type 25).
    /// Other styles are noted as features.
    init?(readingLayer layer: JSONNode) throws(LottieError) {
        var found: DropShadowModel?
        if let styles = try layer["sy"]?.elements() {
            for style in styles {
                guard try style.integer("ty", default: -1) == 1 else {
                    style.use(.layerStyle(try style.integer("ty", default: -1)))
                    continue
                }
                func scalar(_ key: String, _ fallback: Double) throws(LottieError) -> KeyframeGroup<Double> {
                    try style.keyframes(key, default: fallback) { n throws(LottieError) in try n.scalar() }
                }
                found = DropShadowModel(
                    color: try style.keyframes("c", default: LottieVector([0, 0, 0, 1])) { n throws(LottieError) in
                        try n.vector()
                    },
                    opacity: try scalar("o", 75), angle: try scalar("a", 120), distance: try scalar("d", 5),
                    radius: try scalar("s", 5), opacityIsByte: false)
            }
        }
        if let effects = try layer["ef"]?.elements() {
            for effect in effects {
                // Other effects are EffectModel's.
                guard try effect.integer("ty", default: -1) == 25 else { continue }
                guard let values = try effect["ef"]?.elements(), values.count >= 5 else {
                    effect.warn("the drop shadow lacks values its type has and is not drawn")
                    continue
                }
                func scalar(_ index: Int) throws(LottieError) -> KeyframeGroup<Double> {
                    try values[index].required("v").keyframeGroup { n throws(LottieError) in try n.scalar() }
                }
                found = DropShadowModel(
                    color: try values[0].required("v").keyframeGroup { n throws(LottieError) in try n.vector() },
                    opacity: try scalar(1), angle: try scalar(2), distance: try scalar(3), radius: try scalar(4),
                    opacityIsByte: true)
            }
        }
        guard let found else { return nil }
        self = found
    }
}
