import Foundation
import OpenCoreGraphics

extension RenderNode {
    /// A property of a node that an animation may write: the layer property's descriptor
    /// names it (`LayerProperty.renderField`), and a ``RenderTree`` resolves it once, when it
    /// is built, so that a frame writes values by a switch, with no strings and no `Any`.
    package enum Field: Sendable, CaseIterable {
        case bounds, position, anchorPoint, anchorPointZ, zPosition, transform, sublayerTransform
        case isHidden, isDoubleSided, opacity, masksToBounds, backgroundColor, cornerRadius
        case borderWidth, borderColor, contents, contentsRect, contentsCenter, contentsScale
        case shadowColor, shadowOpacity, shadowOffset, shadowRadius, shadowPath
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
        case .bounds: node.pointee.bounds = base.pointee.bounds
        case .position: node.pointee.position = base.pointee.position
        case .anchorPoint: node.pointee.anchorPoint = base.pointee.anchorPoint
        case .anchorPointZ: node.pointee.anchorPointZ = base.pointee.anchorPointZ
        case .zPosition: node.pointee.zPosition = base.pointee.zPosition
        case .transform: node.pointee.transform = base.pointee.transform
        case .sublayerTransform: node.pointee.sublayerTransform = base.pointee.sublayerTransform
        case .isHidden: node.pointee.isHidden = base.pointee.isHidden
        case .isDoubleSided: node.pointee.isDoubleSided = base.pointee.isDoubleSided
        case .opacity: node.pointee.opacity = base.pointee.opacity
        case .masksToBounds: node.pointee.masksToBounds = base.pointee.masksToBounds
        case .backgroundColor: node.pointee.backgroundColor = base.pointee.backgroundColor
        case .cornerRadius: node.pointee.cornerRadius = base.pointee.cornerRadius
        case .borderWidth: node.pointee.borderWidth = base.pointee.borderWidth
        case .borderColor: node.pointee.borderColor = base.pointee.borderColor
        case .contents: node.pointee.contents = base.pointee.contents
        case .contentsRect: node.pointee.contentsRect = base.pointee.contentsRect
        case .contentsCenter: node.pointee.contentsCenter = base.pointee.contentsCenter
        case .contentsScale: node.pointee.contentsScale = base.pointee.contentsScale
        case .shadowColor: node.pointee.shadowColor = base.pointee.shadowColor
        case .shadowOpacity: node.pointee.shadowOpacity = base.pointee.shadowOpacity
        case .shadowOffset: node.pointee.shadowOffset = base.pointee.shadowOffset
        case .shadowRadius: node.pointee.shadowRadius = base.pointee.shadowRadius
        case .shadowPath: node.pointee.shadowPath = base.pointee.shadowPath
        case .shapePath, .fillColor, .strokeColor, .strokeStart, .strokeEnd, .lineWidth, .miterLimit,
            .lineDashPhase, .startPoint, .endPoint, .fontSize, .foregroundColor, .instanceTransform, .instanceColor,
            .instanceRedOffset, .instanceGreenOffset, .instanceBlueOffset, .instanceAlphaOffset:
            node.pointee.kind = base.pointee.kind
        }
    }

    /// Whether a write of `field` always sets it, whatever the value: then a frame need not
    /// set it back to its base value first. A shadow path is set only by a path, and fields of
    /// the subclass payload are written into the payload that the reset gives back.
    package static func writeAlwaysSets(_ field: Field) -> Bool {
        switch field {
        case .shadowPath, .shapePath, .fillColor, .strokeColor, .strokeStart, .strokeEnd, .lineWidth, .miterLimit,
            .lineDashPhase, .startPoint, .endPoint, .fontSize, .foregroundColor, .instanceTransform, .instanceColor,
            .instanceRedOffset, .instanceGreenOffset, .instanceBlueOffset, .instanceAlphaOffset:
            false
        default: true
        }
    }

    /// Writes an animated value into `field`, converted as the layer's property converts it.
    package mutating func write(_ value: AnimatableValue, to field: Field) {
        switch field {
        case .bounds: bounds = value.rectValue
        case .position: position = value.pointValue
        case .anchorPoint: anchorPoint = value.pointValue
        case .anchorPointZ: anchorPointZ = CGFloat(value.number)
        case .zPosition: zPosition = CGFloat(value.number)
        case .transform: transform = value.transformValue
        case .sublayerTransform: sublayerTransform = value.transformValue
        case .isHidden: isHidden = value.boolValue
        case .isDoubleSided: isDoubleSided = value.boolValue
        case .opacity: opacity = Float(value.number)
        case .masksToBounds: masksToBounds = value.boolValue
        case .backgroundColor: backgroundColor = value.renderColor
        case .cornerRadius: cornerRadius = CGFloat(value.number)
        case .borderWidth: borderWidth = CGFloat(value.number)
        case .borderColor: borderColor = value.renderColor
        case .contents:
            if case .image(let image) = value { contents = image } else { contents = value.boxed as? CGImage }
        case .contentsRect: contentsRect = value.rectValue
        case .contentsCenter: contentsCenter = value.rectValue
        case .contentsScale: contentsScale = CGFloat(value.number)
        case .shadowColor: shadowColor = value.renderColor
        case .shadowOpacity: shadowOpacity = Float(value.number)
        case .shadowOffset: shadowOffset = value.sizeValue
        case .shadowRadius: shadowRadius = CGFloat(value.number)
        case .shadowPath: if case .path(let path) = value { shadowPath = path }
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

extension AnimatableValue {
    /// A colour value as a node holds it, without making a `CGColor`.
    fileprivate var renderColor: RenderColor? {
        guard case .color(let components) = self else { misuse("expected a CGColor, found \(kind)") }
        return components.map(RenderColor.init)
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
