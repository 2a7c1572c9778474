import Foundation
import OpenCoreGraphics

/// A part of a structured value that a key path such as `position.x`,
/// `bounds.size.width` or `transform.rotation.z` names.
///
/// Apple documents these paths in "Core Animation Programming Guide › Key-Value Coding
/// Extensions"; a path names the property first and then the part of its value.
package enum ValueComponent: Equatable, Sendable {
    case x, y
    case width, height
    case origin, size
    case originX, originY, sizeWidth, sizeHeight
    case transform(TransformComponent)

    /// Parses the part of a key path after the property name (`"x"`, `"size.width"`,
    /// `"rotation.z"`) for a value of the given kind; nil when that kind has no such part.
    package init?(path: String, for kind: ValueKind) {
        switch (kind, path) {
        case (.point, "x"): self = .x
        case (.point, "y"): self = .y
        case (.size, "width"): self = .width
        case (.size, "height"): self = .height
        case (.rect, "origin"): self = .origin
        case (.rect, "size"): self = .size
        case (.rect, "origin.x"): self = .originX
        case (.rect, "origin.y"): self = .originY
        case (.rect, "size.width"): self = .sizeWidth
        case (.rect, "size.height"): self = .sizeHeight
        case (.transform, "rotation"): self = .transform(.rotation)
        case (.transform, "rotation.x"): self = .transform(.rotationX)
        case (.transform, "rotation.y"): self = .transform(.rotationY)
        case (.transform, "rotation.z"): self = .transform(.rotationZ)
        case (.transform, "scale"): self = .transform(.scale)
        case (.transform, "scale.x"): self = .transform(.scaleX)
        case (.transform, "scale.y"): self = .transform(.scaleY)
        case (.transform, "scale.z"): self = .transform(.scaleZ)
        case (.transform, "scale.xy"): self = .transform(.scaleXY)
        case (.transform, "translation"): self = .transform(.translation)
        case (.transform, "translation.x"): self = .transform(.translationX)
        case (.transform, "translation.y"): self = .transform(.translationY)
        case (.transform, "translation.z"): self = .transform(.translationZ)
        default: return nil
        }
    }

    /// The kind of value the part itself holds.
    package var kind: ValueKind {
        switch self {
        case .origin: .point
        case .size: .size
        case .transform(.translation): .size
        default: .number
        }
    }

    /// Reads this part of `value`.
    @inline(__always)
    package func read(from value: AnimatableValue) -> AnimatableValue {
        switch (self, value) {
        case (.x, .point(let p)): return .number(Double(p.x))
        case (.y, .point(let p)): return .number(Double(p.y))
        case (.width, .size(let s)): return .number(Double(s.width))
        case (.height, .size(let s)): return .number(Double(s.height))
        case (.origin, .rect(let r)): return .point(r.origin)
        case (.size, .rect(let r)): return .size(r.size)
        case (.originX, .rect(let r)): return .number(Double(r.origin.x))
        case (.originY, .rect(let r)): return .number(Double(r.origin.y))
        case (.sizeWidth, .rect(let r)): return .number(Double(r.size.width))
        case (.sizeHeight, .rect(let r)): return .number(Double(r.size.height))
        case (.transform(.translation), .transform(let t)):
            return .size(CGSize(width: t.translationX, height: t.translationY))
        case (.transform(let part), .transform(let t)):
            return .number(Double(t.component(part)))
        default:
            misuse("the key path part \(self) does not apply to \(value.kind)")
        }
    }

    /// Returns `value` with this part replaced by `part`.
    @inline(__always)
    package func write(
        _ part: AnimatableValue, into value: AnimatableValue, memo: TransformMemo? = nil
    ) -> AnimatableValue {
        switch (self, value, part) {
        case (.x, .point(var p), .number(let n)): p.x = CGFloat(n); return .point(p)
        case (.y, .point(var p), .number(let n)): p.y = CGFloat(n); return .point(p)
        case (.width, .size(var s), .number(let n)): s.width = CGFloat(n); return .size(s)
        case (.height, .size(var s), .number(let n)): s.height = CGFloat(n); return .size(s)
        case (.origin, .rect(var r), .point(let p)): r.origin = p; return .rect(r)
        case (.size, .rect(var r), .size(let s)): r.size = s; return .rect(r)
        case (.originX, .rect(var r), .number(let n)): r.origin.x = CGFloat(n); return .rect(r)
        case (.originY, .rect(var r), .number(let n)): r.origin.y = CGFloat(n); return .rect(r)
        case (.sizeWidth, .rect(var r), .number(let n)): r.size.width = CGFloat(n); return .rect(r)
        case (.sizeHeight, .rect(var r), .number(let n)): r.size.height = CGFloat(n); return .rect(r)
        case (.transform(.translation), .transform(let t), .size(let s)):
            let moved = t.setting(component: .translationX, to: Double(s.width), memo: memo)
            return .transform(moved.setting(component: .translationY, to: Double(s.height), memo: memo))
        case (.transform(.translation), .transform(let t), .point(let p)):
            // A keyframe `path` moves a translation as it moves a position.
            let moved = t.setting(component: .translationX, to: Double(p.x), memo: memo)
            return .transform(moved.setting(component: .translationY, to: Double(p.y), memo: memo))
        case (.transform(let component), .transform(let t), .number(let n)):
            return .transform(t.setting(component: component, to: n, memo: memo))
        default:
            misuse("cannot write \(part.kind) into the key path part \(self) of \(value.kind)")
        }
    }
}

extension CATransform3D {
    /// The decomposed value a transform key path reads.
    @inline(__always)
    package func component(_ part: TransformComponent) -> CGFloat {
        switch part {
        case .rotation, .rotationZ: rotationZ
        case .rotationX: rotationX
        case .rotationY: rotationY
        case .scale: scale
        case .scaleX: scaleX
        case .scaleY: scaleY
        case .scaleZ: scaleZ
        case .scaleXY: (scaleX + scaleY) / 2
        case .translation, .translationX: translationX
        case .translationY: translationY
        case .translationZ: translationZ
        }
    }
}
