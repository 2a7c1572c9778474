import Foundation
import OpenCoreGraphics

/// One layer as a frame shows it: every value the renderer reads of a layer, typed, in a value
/// that shares nothing mutable with the live tree. What the renderer captures per layer per
/// frame, and what its content cache compares from frame to frame.
///
/// `init(presenting:)` reads a layer's typed properties: a presentation copy's give the node
/// of the frame the copy was made for.
package struct RenderNode: Equatable {
    /// The base layer's drawn values, as its storage holds them.
    package var drawn = DrawnValues()
    /// Only an image draws (other objects set as `contents` show nothing).
    package var contents: CGImage?
    /// What the layer's class adds.
    package var kind = Kind.plain

    /// The values a layer subclass adds that the renderer reads.
    package enum Kind: Equatable {
        case plain
        case transformLayer
        case shape(ShapeLayerStorage)
        case text(TextLayerStorage)
        case gradient(GradientLayerStorage)
        case replicator(ReplicatorLayerStorage)
        case emitter(renderMode: CAEmitterLayerRenderMode)
    }

    package init() {}

    /// The node of `layer` as its properties stand: for a presentation copy, the frame it was
    /// made for; for a model layer, the model values.
    package init(presenting layer: CALayer) {
        self.init(storage: layer.storage)
        kind = Self.kind(of: layer)
    }

    /// The node of a layer's base properties, kind `.plain`.
    package init(storage: borrowing LayerStorage) {
        drawn = storage.drawn
        contents = storage.contents as? CGImage
    }

    /// Where `drawn` lies in a node, found once: a render tree writes fields of it by offset.
    package static let drawnOffset = MemoryLayout<RenderNode>.offset(of: \.drawn)!

    /// Whether the `contents` image is sampled nearest when drawn larger, and when smaller.
    package var magnifiesNearest: Bool { drawn.magnificationFilter == .nearest }
    package var minifiesNearest: Bool { drawn.minificationFilter == .nearest }

    /// The subclass payload of `layer`.
    package static func kind(of layer: CALayer) -> Kind {
        switch layer {
        case let shape as CAShapeLayer: .shape(shape.shapeStorage)
        case let text as CATextLayer: .text(text.textStorage)
        case let gradient as CAGradientLayer: .gradient(gradient.gradientStorage)
        case let replicator as CAReplicatorLayer: .replicator(replicator.replicatorStorage)
        case let emitter as CAEmitterLayer: .emitter(renderMode: emitter.emitterStorage.renderMode)
        case is CATransformLayer: .transformLayer
        default: .plain
        }
    }

    /// The shape values, for a shape layer's node.
    package var shape: ShapeLayerStorage? {
        if case .shape(let shape) = kind { return shape }
        return nil
    }

    /// The replicator values, for a replicator's node.
    package var replicator: ReplicatorLayerStorage? {
        if case .replicator(let replicator) = kind { return replicator }
        return nil
    }

    package var isTransformLayer: Bool {
        if case .transformLayer = kind { return true }
        return false
    }
}

extension ShapeLayerStorage: Equatable {
    package static func == (a: Self, b: Self) -> Bool {
        a.path == b.path && a.fill == b.fill && a.fillRule == b.fillRule && a.stroke == b.stroke
            && a.strokeStart == b.strokeStart && a.strokeEnd == b.strokeEnd && a.lineWidth == b.lineWidth
            && a.miterLimit == b.miterLimit && a.lineCap == b.lineCap && a.lineJoin == b.lineJoin
            && a.lineDashPhase == b.lineDashPhase && a.lineDashPattern == b.lineDashPattern
    }
}

extension TextLayerStorage: Equatable {
    package static func == (a: Self, b: Self) -> Bool {
        a.fontSize == b.fontSize && a.foregroundColor == b.foregroundColor && a.isWrapped == b.isWrapped
            && a.truncationMode == b.truncationMode && a.alignmentMode == b.alignmentMode
            && a.allowsFontSubpixelQuantization == b.allowsFontSubpixelQuantization
            && sameObjectValue(a.string, b.string) && sameObjectValue(a.font, b.font)
    }
}

extension GradientLayerStorage: Equatable {
    package static func == (a: Self, b: Self) -> Bool {
        guard a.type == b.type, a.startPoint == b.startPoint, a.endPoint == b.endPoint, a.locations == b.locations,
            a.focalPoint == b.focalPoint, a.blendsInSRGB == b.blendsInSRGB
        else { return false }
        guard let colorsA = a.colors, let colorsB = b.colors else { return a.colors == nil && b.colors == nil }
        return colorsA.count == colorsB.count && zip(colorsA, colorsB).allSatisfy { sameObjectValue($0, $1) }
    }
}

extension ReplicatorLayerStorage: Equatable {
    package static func == (a: Self, b: Self) -> Bool {
        a.instanceCount == b.instanceCount && a.preservesDepth == b.preservesDepth
            && a.instanceDelay == b.instanceDelay && a.instanceTransform == b.instanceTransform
            && a.instanceColor == b.instanceColor && a.instanceRedOffset == b.instanceRedOffset
            && a.instanceGreenOffset == b.instanceGreenOffset && a.instanceBlueOffset == b.instanceBlueOffset
            && a.instanceAlphaOffset == b.instanceAlphaOffset
    }
}

/// Equal when both are the same object, or equal hashable values (a text layer's `string`
/// and `font`, a gradient's colours: client objects of any type).
private func sameObjectValue(_ a: Any?, _ b: Any?) -> Bool {
    switch (a, b) {
    case (nil, nil): return true
    case let (a?, b?):
        // Colours first, by a class cast: a gradient's are compared every frame, and the cast
        // to AnyHashable searches the conformances.
        if let a = a as? CGColor, let b = b as? CGColor { return a === b || a == b }
        if let a = a as? AnyHashable, let b = b as? AnyHashable { return a == b }
        return (a as AnyObject) === (b as AnyObject)
    default: return false
    }
}
