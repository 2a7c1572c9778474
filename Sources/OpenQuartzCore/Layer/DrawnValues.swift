import Foundation
import OpenCoreGraphics

/// What the renderer draws of a base layer: its geometry, visibility, style, the placing of its
/// contents and its shadow. The layer's ``LayerStorage`` holds it (the model values, or the
/// values a presentation copy shows), and a ``RenderNode`` carries it whole, so a frame's node
/// takes a layer's drawn values in one assignment.
///
/// A drawn property is declared in three places: its field here, its `CALayer` accessor, and
/// its descriptor in `LayerPropertyDescriptors`, which finds the field once (``DrawnField``).
/// Reading, writing and resetting the field then go by its offset and type, in the model layer
/// and in a frame's nodes alike.
package struct DrawnValues: Equatable {
    // Geometry
    package var bounds = CGRect.zero
    package var position = CGPoint.zero
    package var anchorPoint = CGPoint(x: 0.5, y: 0.5)
    package var anchorPointZ: CGFloat = 0
    package var zPosition: CGFloat = 0
    package var transform = CATransform3DIdentity
    package var sublayerTransform = CATransform3DIdentity
    package var isGeometryFlipped = false
    package var isDoubleSided = true
    // Visibility and style. Colours are held by value: a frame that animates one writes four
    // numbers instead of making a `CGColor`.
    package var isHidden = false
    package var opacity: Float = 1
    package var masksToBounds = false
    package var backgroundColor: RenderColor?
    package var cornerRadius: CGFloat = 0
    package var maskedCorners = CACornerMask.all
    package var cornerCurve = CALayerCornerCurve.circular
    package var borderWidth: CGFloat = 0
    package var borderColor: RenderColor? = .opaqueBlack
    // Placing the contents
    package var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
    package var contentsCenter = CGRect(x: 0, y: 0, width: 1, height: 1)
    package var contentsScale: CGFloat = 1
    package var contentsGravity = CALayerContentsGravity.resize
    package var minificationFilter = CALayerContentsFilter.linear
    package var magnificationFilter = CALayerContentsFilter.linear
    // Shadow
    package var shadowColor: RenderColor? = .opaqueBlack
    package var shadowOpacity: Float = 0
    package var shadowOffset = CGSize(width: 0, height: -3)
    package var shadowRadius: CGFloat = 3
    package var shadowPath: CGPath?
    // Not Apple's: where a transform layer measures the layer's depth (``CALayer/depthSortPoint``).
    package var depthSortPoint: CGPoint?

    package init() {}
}

/// Where an animatable drawn property lies in ``DrawnValues`` and what type it has there:
/// found once, from a key path, when the property's descriptor is made. What a layer's
/// descriptor reads and writes through, and what a render tree writes an animated value by,
/// sets back to the model's, or stores a lane's numbers into (``LaneWrite``): one table of
/// types instead of a switch on fields.
package struct DrawnField: Hashable, Sendable {
    /// The field's Swift type.
    package enum ValueType: UInt8, Sendable {
        case cgFloat, float, bool, point, size, rect, transform, color, path
    }

    /// From the start of a ``DrawnValues``.
    package let offset: Int
    package let type: ValueType

    private init(_ path: PartialKeyPath<DrawnValues>, _ type: ValueType) {
        guard let offset = MemoryLayout<DrawnValues>.offset(of: path) else {
            misuse("\(path) is not a stored field of DrawnValues")
        }
        self.offset = offset
        self.type = type
    }

    package init(_ path: KeyPath<DrawnValues, CGFloat>) { self.init(path, .cgFloat) }
    package init(_ path: KeyPath<DrawnValues, Float>) { self.init(path, .float) }
    package init(_ path: KeyPath<DrawnValues, Bool>) { self.init(path, .bool) }
    package init(_ path: KeyPath<DrawnValues, CGPoint>) { self.init(path, .point) }
    package init(_ path: KeyPath<DrawnValues, CGSize>) { self.init(path, .size) }
    package init(_ path: KeyPath<DrawnValues, CGRect>) { self.init(path, .rect) }
    package init(_ path: KeyPath<DrawnValues, CATransform3D>) { self.init(path, .transform) }
    package init(_ path: KeyPath<DrawnValues, RenderColor?>) { self.init(path, .color) }
    package init(_ path: KeyPath<DrawnValues, CGPath?>) { self.init(path, .path) }

    /// The kind of value the animation engine holds for the field.
    package var kind: ValueKind {
        switch type {
        case .cgFloat, .float: .number
        case .bool: .bool
        case .point: .point
        case .size: .size
        case .rect: .rect
        case .transform: .transform
        case .color: .color
        case .path: .path
        }
    }

    /// Whether ``write(_:into:)`` sets the field whatever the value: a path field is set only
    /// by a path.
    package var writeAlwaysSets: Bool { type != .path }

    /// The field's value in the ``DrawnValues`` at `values`, as the animation engine holds it.
    package func value(in values: UnsafeRawPointer) -> AnimatableValue {
        let field = values + offset
        switch type {
        case .cgFloat: return .number(Double(field.load(as: CGFloat.self)))
        case .float: return .number(Double(field.load(as: Float.self)))
        case .bool: return .bool(field.load(as: Bool.self))
        case .point: return .point(field.load(as: CGPoint.self))
        case .size: return .size(field.load(as: CGSize.self))
        case .rect: return .rect(field.load(as: CGRect.self))
        case .transform: return .transform(field.load(as: CATransform3D.self))
        case .color: return .color(field.load(as: RenderColor?.self).map(ColorComponents.init))
        case .path: return .path(field.assumingMemoryBound(to: CGPath?.self).pointee)
        }
    }

    /// Writes `value`, converted to the field's type, into the ``DrawnValues`` at `values`. A
    /// value of another kind traps (the engine converted it for another property), but for a
    /// path field, which keeps its path unless `value` is one (an animated `shadowPath` whose
    /// value is some other object shows the model's path).
    package func write(_ value: AnimatableValue, into values: UnsafeMutableRawPointer) {
        let field = values + offset
        switch type {
        case .cgFloat: field.assumingMemoryBound(to: CGFloat.self).pointee = CGFloat(value.number)
        case .float: field.assumingMemoryBound(to: Float.self).pointee = Float(value.number)
        case .bool: field.assumingMemoryBound(to: Bool.self).pointee = value.boolValue
        case .point: field.assumingMemoryBound(to: CGPoint.self).pointee = value.pointValue
        case .size: field.assumingMemoryBound(to: CGSize.self).pointee = value.sizeValue
        case .rect: field.assumingMemoryBound(to: CGRect.self).pointee = value.rectValue
        case .transform: field.assumingMemoryBound(to: CATransform3D.self).pointee = value.transformValue
        case .color: field.assumingMemoryBound(to: RenderColor?.self).pointee = value.renderColor
        case .path: if case .path(let path) = value { field.assumingMemoryBound(to: CGPath?.self).pointee = path }
        }
    }

    /// Sets the field of the ``DrawnValues`` at `target` to its value in the one at `source`.
    package func copy(from source: UnsafeRawPointer, to target: UnsafeMutableRawPointer) {
        let from = source + offset
        let to = target + offset
        switch type {
        case .path:
            to.assumingMemoryBound(to: CGPath?.self).pointee = from.assumingMemoryBound(to: CGPath?.self).pointee
        // The others hold no references: their bytes are the value.
        default: to.copyMemory(from: from, byteCount: byteCount)
        }
    }

    /// The value the property's own Swift type boxes for key-value coding (`Float` for
    /// `opacity`, `CGFloat` for `cornerRadius`): on Linux a boxed number only casts back to
    /// the type it was boxed as.
    package func box(_ value: AnimatableValue) -> Any? {
        switch type {
        case .float: Float(value.number)
        default: value.boxed
        }
    }

    private var byteCount: Int {
        switch type {
        case .cgFloat: MemoryLayout<CGFloat>.size
        case .float: MemoryLayout<Float>.size
        case .bool: MemoryLayout<Bool>.size
        case .point: MemoryLayout<CGPoint>.size
        case .size: MemoryLayout<CGSize>.size
        case .rect: MemoryLayout<CGRect>.size
        case .transform: MemoryLayout<CATransform3D>.size
        case .color: MemoryLayout<RenderColor?>.size
        case .path: MemoryLayout<CGPath?>.size
        }
    }
}

extension RenderColor {
    /// Opaque black, a layer's default border and shadow colour.
    package static let opaqueBlack = RenderColor(red: 0, green: 0, blue: 0, alpha: 1, isGray: false)
}

extension ColorComponents {
    package init(_ color: RenderColor) {
        self.init(red: color.red, green: color.green, blue: color.blue, alpha: color.alpha)
    }
}

extension AnimatableValue {
    /// A colour value as a node holds it, without making a `CGColor`.
    package var renderColor: RenderColor? {
        guard case .color(let components) = self else { misuse("expected a CGColor, found \(kind)") }
        return components.map(RenderColor.init)
    }
}
