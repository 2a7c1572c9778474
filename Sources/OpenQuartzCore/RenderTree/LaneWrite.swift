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
        guard case .drawn(let drawn) = field else { return nil }
        let store: Store
        switch (kind, drawn.type) {
        case (.number, .cgFloat): store = .cgFloat
        case (.number, .float): store = .float
        case (.point, .point): store = .point
        case (.size, .size): store = .size
        case (.rect, .rect): store = .rect
        case (.color, .color): store = .color
        default: return nil
        }
        guard let offset = Self.offset(ofNode: node, drawn) else { return nil }
        self.init(offset: offset, part: 0, store: store)
    }

    /// The write of transform part `part` into `field` (`transform` or `sublayerTransform`)
    /// of node `node`; nil for any other field. `store` is ``Store/transformPart`` (the whole
    /// transform from the tree's part `part`), or ``Store/planarTurn`` or ``Store/planarScale``
    /// (four entries from the tree's planar part `part`).
    package init?(node: Int, transformPart part: Int, store: Store = .transformPart, field: RenderNode.Field) {
        guard case .drawn(let drawn) = field, drawn.type == .transform,
            let offset = Self.offset(ofNode: node, drawn)
        else { return nil }
        self.init(offset: offset, part: part, store: store)
    }

    /// The offset in the nodes' buffer of `field` of node `node`.
    private static func offset(ofNode node: Int, _ field: DrawnField) -> Int? {
        let (offset, overflow) = node.multipliedReportingOverflow(by: MemoryLayout<RenderNode>.stride)
        return overflow ? nil : offset + RenderNode.drawnOffset + field.offset
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
