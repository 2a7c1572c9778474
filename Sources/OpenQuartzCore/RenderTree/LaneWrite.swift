import Foundation
import OpenCoreGraphics

/// A vector or keyframe lane's value written straight into a field of a node in a frame's
/// node buffer: a typed store at a byte offset from the buffer's start, resolved when a
/// ``RenderTree`` is built, so that a frame writes a value with no switch on fields or
/// kinds and no box (what `write(AnimatableValue(vector:kind:), to:)` writes).
package struct LaneWrite {
    /// What is stored: the lanes' numbers as the field's type.
    package enum Store: UInt8 {
        /// Nothing: the entry is not the value of a node's field, or its field has no store here.
        case none
        case cgFloat, float, point, size, rect, color
        /// A transform part: the transform the part makes, from ``RenderTree``'s part `part`.
        case transformPart
        /// A transform part that changes only `m11`, `m12`, `m21` and `m22` (a rotation about
        /// z, a scale in x or y): those four entries from the tree's planar part `part`, the
        /// others left as the model's. `planarTurn` for a rotation, `planarScale` for a scale.
        case planarTurn, planarScale
    }

    /// 8 bytes, not 16: one per vector entry, read every frame (100,000 entries are 0.8 MB a
    /// frame, not 1.6 MB). A write that does not fit (a node buffer past 4 GiB, a part index
    /// past 2^28) is not made: the value takes the boxed write instead.
    private let offsetBits: UInt32
    /// The store in the top 4 bits; the part's index in the others.
    private let storeAndPart: UInt32

    private static let partBits: UInt32 = 28

    /// From the start of the node buffer: the node's offset plus the field's.
    @inline(__always) package var offset: Int { Int(offsetBits) }
    /// For ``Store/transformPart``: the part's index in the tree.
    @inline(__always) package var part: Int { Int(storeAndPart & (1 << Self.partBits - 1)) }
    @inline(__always) package var store: Store {
        Store(rawValue: UInt8(truncatingIfNeeded: storeAndPart >> Self.partBits)).unsafelyUnwrapped
    }

    package static let none = LaneWrite(offset: 0, part: 0, store: .none)!

    /// Nil when `offset` or `part` does not fit.
    package init?(offset: Int, part: Int, store: Store) {
        guard let offsetBits = UInt32(exactly: offset), part >= 0, part < 1 << Int(Self.partBits) else {
            return nil
        }
        self.offsetBits = offsetBits
        storeAndPart = UInt32(store.rawValue) << Self.partBits | UInt32(part)
    }

    /// The write of a lane value of `kind` into `field` of node `node`; nil when the field is
    /// not written by a store (a payload field, a value of another kind).
    package init?(node: Int, kind: ValueKind, field: RenderNode.Field) {
        let store: Store
        let fieldOffset: Int?
        switch (kind, field) {
        case (.number, .opacity): (store, fieldOffset) = (.float, Self.fieldOffsets.opacity)
        case (.number, .shadowOpacity): (store, fieldOffset) = (.float, Self.fieldOffsets.shadowOpacity)
        case (.number, .zPosition): (store, fieldOffset) = (.cgFloat, Self.fieldOffsets.zPosition)
        case (.number, .anchorPointZ): (store, fieldOffset) = (.cgFloat, Self.fieldOffsets.anchorPointZ)
        case (.number, .cornerRadius): (store, fieldOffset) = (.cgFloat, Self.fieldOffsets.cornerRadius)
        case (.number, .borderWidth): (store, fieldOffset) = (.cgFloat, Self.fieldOffsets.borderWidth)
        case (.number, .contentsScale): (store, fieldOffset) = (.cgFloat, Self.fieldOffsets.contentsScale)
        case (.number, .shadowRadius): (store, fieldOffset) = (.cgFloat, Self.fieldOffsets.shadowRadius)
        case (.point, .position): (store, fieldOffset) = (.point, Self.fieldOffsets.position)
        case (.point, .anchorPoint): (store, fieldOffset) = (.point, Self.fieldOffsets.anchorPoint)
        case (.size, .shadowOffset): (store, fieldOffset) = (.size, Self.fieldOffsets.shadowOffset)
        case (.rect, .bounds): (store, fieldOffset) = (.rect, Self.fieldOffsets.bounds)
        case (.rect, .contentsRect): (store, fieldOffset) = (.rect, Self.fieldOffsets.contentsRect)
        case (.rect, .contentsCenter): (store, fieldOffset) = (.rect, Self.fieldOffsets.contentsCenter)
        case (.color, .backgroundColor): (store, fieldOffset) = (.color, Self.fieldOffsets.backgroundColor)
        case (.color, .borderColor): (store, fieldOffset) = (.color, Self.fieldOffsets.borderColor)
        case (.color, .shadowColor): (store, fieldOffset) = (.color, Self.fieldOffsets.shadowColor)
        default: return nil
        }
        guard let offset = Self.offset(ofNode: node, fieldOffset) else { return nil }
        self.init(offset: offset, part: 0, store: store)
    }

    /// The write of transform part `part` into `field` (`transform` or `sublayerTransform`)
    /// of node `node`; nil for any other field. `store` is ``Store/transformPart`` (the whole
    /// transform from the tree's part `part`), or ``Store/planarTurn`` or ``Store/planarScale``
    /// (four entries from the tree's planar part `part`).
    package init?(node: Int, transformPart part: Int, store: Store = .transformPart, field: RenderNode.Field) {
        let fieldOffset: Int?
        switch field {
        case .transform: fieldOffset = Self.fieldOffsets.transform
        case .sublayerTransform: fieldOffset = Self.fieldOffsets.sublayerTransform
        default: return nil
        }
        guard let offset = Self.offset(ofNode: node, fieldOffset) else { return nil }
        self.init(offset: offset, part: part, store: store)
    }

    /// The offset in the nodes' buffer of the field at `fieldOffset` in node `node`.
    private static func offset(ofNode node: Int, _ fieldOffset: Int?) -> Int? {
        fieldOffset.map { node * MemoryLayout<RenderNode>.stride + $0 }
    }

    /// Where in a node each field a write can go to lies, found once: asked of a key path
    /// for every write, it took a tree of 10,000 layers 9 M instructions to build.
    private static let fieldOffsets = FieldOffsets()

    private struct FieldOffsets {
        let opacity = MemoryLayout<RenderNode>.offset(of: \.opacity)
        let shadowOpacity = MemoryLayout<RenderNode>.offset(of: \.shadowOpacity)
        let zPosition = MemoryLayout<RenderNode>.offset(of: \.zPosition)
        let anchorPointZ = MemoryLayout<RenderNode>.offset(of: \.anchorPointZ)
        let cornerRadius = MemoryLayout<RenderNode>.offset(of: \.cornerRadius)
        let borderWidth = MemoryLayout<RenderNode>.offset(of: \.borderWidth)
        let contentsScale = MemoryLayout<RenderNode>.offset(of: \.contentsScale)
        let shadowRadius = MemoryLayout<RenderNode>.offset(of: \.shadowRadius)
        let position = MemoryLayout<RenderNode>.offset(of: \.position)
        let anchorPoint = MemoryLayout<RenderNode>.offset(of: \.anchorPoint)
        let shadowOffset = MemoryLayout<RenderNode>.offset(of: \.shadowOffset)
        let bounds = MemoryLayout<RenderNode>.offset(of: \.bounds)
        let contentsRect = MemoryLayout<RenderNode>.offset(of: \.contentsRect)
        let contentsCenter = MemoryLayout<RenderNode>.offset(of: \.contentsCenter)
        let backgroundColor = MemoryLayout<RenderNode>.offset(of: \.backgroundColor)
        let borderColor = MemoryLayout<RenderNode>.offset(of: \.borderColor)
        let shadowColor = MemoryLayout<RenderNode>.offset(of: \.shadowColor)
        let transform = MemoryLayout<RenderNode>.offset(of: \.transform)
        let sublayerTransform = MemoryLayout<RenderNode>.offset(of: \.sublayerTransform)
    }

    /// Stores `v` into the buffer at `nodes` (any store but the transform parts', which the
    /// tree writes). The field's memory is reached as `MemoryLayout.offset(of:)` allows.
    @inline(__always)
    package func store(_ v: SIMD4<Double>, into nodes: UnsafeMutableRawPointer) {
        let field = nodes + offset
        switch store {
        case .none, .transformPart, .planarTurn, .planarScale: break
        case .cgFloat: field.assumingMemoryBound(to: CGFloat.self).pointee = CGFloat(v[0])
        case .float: field.assumingMemoryBound(to: Float.self).pointee = Float(v[0])
        case .point: field.assumingMemoryBound(to: CGPoint.self).pointee = CGPoint(x: v[0], y: v[1])
        case .size: field.assumingMemoryBound(to: CGSize.self).pointee = CGSize(width: v[0], height: v[1])
        case .rect:
            field.assumingMemoryBound(to: CGRect.self).pointee = CGRect(x: v[0], y: v[1], width: v[2], height: v[3])
        case .color: field.assumingMemoryBound(to: RenderColor?.self).pointee = RenderColor(vector: v)
        }
    }

    /// The lanes' numbers that ``store(_:into:)`` left in the buffer at `nodes` (a `Float`
    /// field gives its `Float`'s value; no colour gives NaNs, as `baseVector` does): how the
    /// tree's readers see a value it stored into a node instead of keeping it.
    package func load(from nodes: UnsafeRawPointer) -> SIMD4<Double> {
        let field = nodes + offset
        switch store {
        case .none, .transformPart, .planarTurn, .planarScale: misuse("a \(store) write holds no lane numbers")
        case .cgFloat: return SIMD4(field.assumingMemoryBound(to: CGFloat.self).pointee, 0, 0, 0)
        case .float: return SIMD4(Double(field.assumingMemoryBound(to: Float.self).pointee), 0, 0, 0)
        case .point:
            let point = field.assumingMemoryBound(to: CGPoint.self).pointee
            return SIMD4(point.x, point.y, 0, 0)
        case .size:
            let size = field.assumingMemoryBound(to: CGSize.self).pointee
            return SIMD4(size.width, size.height, 0, 0)
        case .rect:
            let rect = field.assumingMemoryBound(to: CGRect.self).pointee
            return SIMD4(rect.origin.x, rect.origin.y, rect.size.width, rect.size.height)
        case .color:
            guard let color = field.assumingMemoryBound(to: RenderColor?.self).pointee else {
                return SIMD4(repeating: .nan)
            }
            return SIMD4(color.red, color.green, color.blue, color.alpha)
        }
    }

    /// The whole transform a transform part's write left in the buffer at `nodes`.
    package func loadTransform(from nodes: UnsafeRawPointer) -> CATransform3D {
        switch store {
        case .transformPart, .planarTurn, .planarScale:
            return (nodes + offset).assumingMemoryBound(to: CATransform3D.self).pointee
        default: misuse("a \(store) write holds no transform")
        }
    }
}
