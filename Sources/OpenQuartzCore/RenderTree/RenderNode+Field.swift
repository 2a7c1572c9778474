import Foundation
import OpenCoreGraphics

extension RenderNode {
    /// A property of a node that an animation may write: the layer property's descriptor
    /// names it (`LayerProperty.renderField`), and a ``RenderTree`` resolves it once, when it
    /// is built, so that a frame writes values with no strings and no `Any`.
    package enum Field: Hashable, Sendable {
        /// A field of the base layer's ``DrawnValues``.
        case drawn(DrawnField)
        case contents
        // Fields of the subclass payload
        case shapePath, fillColor, strokeColor, strokeStart, strokeEnd, lineWidth, miterLimit, lineDashPhase
        case startPoint, endPoint
        case fontSize, foregroundColor
        case instanceTransform, instanceColor, instanceRedOffset, instanceGreenOffset, instanceBlueOffset
        case instanceAlphaOffset
    }

    /// Sets `field` of `node` back to its value in `base`: the subclass payload as a whole for
    /// a field of the payload. Through pointers, so that only the one field is copied: a node
    /// passed by value (or borrowed beside a mutation) is copied whole, several hundred bytes.
    package static func reset(
        _ field: Field, of node: UnsafeMutablePointer<RenderNode>, to base: UnsafePointer<RenderNode>
    ) {
        switch field {
        case .drawn(let drawn):
            drawn.copy(
                from: UnsafeRawPointer(base) + drawnOffset, to: UnsafeMutableRawPointer(node) + drawnOffset)
        case .contents: node.pointee.contents = base.pointee.contents
        default: node.pointee.kind = base.pointee.kind
        }
    }

    /// Whether a write of `field` always sets it, whatever the value: then a frame need not
    /// set it back to its base value first. A path is set only by a path, and fields of the
    /// subclass payload are written into the payload that the reset gives back.
    package static func writeAlwaysSets(_ field: Field) -> Bool {
        switch field {
        case .drawn(let drawn): drawn.writeAlwaysSets
        case .contents: true
        default: false
        }
    }

    /// Writes an animated value into `field`, converted as the layer's property converts it.
    package mutating func write(_ value: AnimatableValue, to field: Field) {
        switch field {
        case .drawn(let drawn):
            withUnsafeMutablePointer(to: &self.drawn) { drawn.write(value, into: $0) }
        case .contents:
            if case .image(let image) = value { contents = image } else { contents = value.boxed as? CGImage }
        case .shapePath, .fillColor, .strokeColor, .strokeStart, .strokeEnd, .lineWidth, .miterLimit,
            .lineDashPhase:
            guard case .shape(var shape) = kind else { return }
            kind = .plain  // so that the payload is uniquely held while it changes
            shape.write(value, to: field)
            kind = .shape(shape)
        case .startPoint, .endPoint:
            guard case .gradient(var gradient) = kind else { return }
            if field == .startPoint {
                gradient.startPoint = value.pointValue
            } else {
                gradient.endPoint = value.pointValue
            }
            kind = .gradient(gradient)
        case .fontSize, .foregroundColor:
            guard case .text(var text) = kind else { return }
            if field == .fontSize {
                text.fontSize = CGFloat(value.number)
            } else {
                text.foregroundColor = value.colorValue
            }
            kind = .text(text)
        case .instanceTransform, .instanceColor, .instanceRedOffset, .instanceGreenOffset, .instanceBlueOffset,
            .instanceAlphaOffset:
            guard case .replicator(var replicator) = kind else { return }
            switch field {
            case .instanceTransform: replicator.instanceTransform = value.transformValue
            case .instanceColor: replicator.instanceColor = value.colorValue
            case .instanceRedOffset: replicator.instanceRedOffset = Float(value.number)
            case .instanceGreenOffset: replicator.instanceGreenOffset = Float(value.number)
            case .instanceBlueOffset: replicator.instanceBlueOffset = Float(value.number)
            default: replicator.instanceAlphaOffset = Float(value.number)
            }
            kind = .replicator(replicator)
        }
    }
}

extension RenderColor {
    /// A colour in vector form, as `AnimatableValue(vector:kind:)` reads it: NaNs are no colour.
    @inline(__always)
    init?(vector v: SIMD4<Double>) {
        guard !v[0].isNaN else { return nil }
        self.init(red: v[0], green: v[1], blue: v[2], alpha: v[3], isGray: false)
    }
}

extension ShapeLayerStorage {
    fileprivate mutating func write(_ value: AnimatableValue, to field: RenderNode.Field) {
        switch field {
        case .shapePath: if case .path(let newPath) = value { path = newPath }
        case .fillColor: fill = value.renderColor
        case .strokeColor: stroke = value.renderColor
        case .strokeStart: strokeStart = CGFloat(value.number)
        case .strokeEnd: strokeEnd = CGFloat(value.number)
        case .lineWidth: lineWidth = CGFloat(value.number)
        case .miterLimit: miterLimit = CGFloat(value.number)
        default: lineDashPhase = CGFloat(value.number)
        }
    }
}
