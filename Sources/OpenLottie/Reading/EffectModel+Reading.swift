import Foundation

extension EffectModel {
    /// The layer's effects (`ef`) that the complete engine draws, in order. Every enabled
    /// effect but the drop shadow (``DropShadowModel``) is noted as a feature; an effect without
    /// the values its type has warns and is left out.
    static func effects(readingLayer layer: JSONNode) throws(LottieError) -> [EffectModel] {
        var read: [EffectModel] = []
        for effect in try layer["ef"]?.elements() ?? [] {
            let type = try effect.integer("ty", default: -1)
            guard type != 25, try effect.integer("en", default: 1) != 0 else { continue }
            guard LottieFeature.drawingEffectTypes.contains(type) else {
                // Expression controls (sliders, colours, points, …) draw nothing.
                effect.use(.effectControls)
                continue
            }
            effect.use(.effect(type))
            let values = try effect["ef"]?.elements() ?? []
            func value(_ index: Int) -> JSONNode? { index < values.count ? values[index]["v"] : nil }
            func colour(_ index: Int) throws(LottieError) -> KeyframeGroup<LottieVector>? {
                try value(index)?.keyframeGroup { n throws(LottieError) in try n.vector() }
            }
            func scalar(_ index: Int) throws(LottieError) -> KeyframeGroup<Double>? {
                try value(index)?.keyframeGroup { n throws(LottieError) in try n.scalar() }
            }
            let model: EffectModel?
            switch type {
            case 20:
                model = try colour(0).flatMap { black throws(LottieError) in
                    try colour(1).flatMap { white throws(LottieError) in
                        try scalar(2).map { .tint(black: black, white: white, amount: $0) }
                    }
                }
            case 21:
                model = try colour(2).flatMap { color throws(LottieError) in
                    try scalar(6).map { .fill(color: color, opacity: $0) }
                }
            case 23:
                model = try colour(0).flatMap { highlights throws(LottieError) in
                    try colour(1).flatMap { midtones throws(LottieError) in
                        try colour(2).map { .tritone(highlights: highlights, midtones: midtones, shadows: $0) }
                    }
                }
            case 22:
                model = try StrokeEffect(values: values).map { .stroke($0) }
            case 29:
                model = try scalar(0).map { .gaussianBlur(blurriness: $0) }
                if let dimensions = try scalar(1), dimensions.keyframes.contains(where: { $0.value != 1 }) {
                    effect.use(.blurInOneDimension)
                }
            default:
                model = nil
            }
            if let model {
                read.append(model)
            } else if LottieFeature.effect(type).support(in: .complete) == .drawn {
                effect.warn("the effect lacks values its type has and is not drawn")
            }
        }
        return read
    }
}

extension StrokeEffect {
    /// Bodymovin's eleven values of a stroke effect (path, all masks, stroke sequentially,
    /// colour, brush size, brush hardness, opacity, start, end, spacing, paint style), or nil
    /// when some are missing.
    init?(values: [JSONNode]) throws(LottieError) {
        guard values.count >= 11 else { return nil }
        func scalar(_ index: Int) throws(LottieError) -> KeyframeGroup<Double>? {
            try values[index]["v"]?.keyframeGroup { n throws(LottieError) in try n.scalar() }
        }
        guard let mask = try scalar(0), let allMasks = try scalar(1),
            let color = try values[3]["v"]?.keyframeGroup({ n throws(LottieError) in try n.vector() }),
            let brushSize = try scalar(4), let opacity = try scalar(6), let start = try scalar(7),
            let end = try scalar(8), let spacing = try scalar(9), let style = try scalar(10)
        else { return nil }
        self.init(
            mask: Int(mask.first.rounded()), allMasks: allMasks.first != 0, color: color, brushSize: brushSize,
            opacity: opacity, start: start, end: end, spacing: spacing,
            paintStyle: PaintStyle(rawValue: Int(style.first.rounded())) ?? .onOriginalImage)
    }
}
