import Foundation
import OpenCoreGraphics

/// Reading animated properties: `{"a": 0, "k": value}` or `{"a": 1, "k": [keyframes]}`, in the
/// forms Bodymovin has written since version 4 (the older one gives each keyframe its end value
/// `e` and leaves the last keyframe with only a time).
extension JSONNode {
    /// The keyframes of the property at `key`, or `fallback` when the property is absent.
    func keyframes<Value>(
        _ key: String, default fallback: Value, _ readValue: (JSONNode) throws(LottieError) -> Value
    ) throws(LottieError) -> KeyframeGroup<Value> {
        guard let property = self[key] else { return KeyframeGroup(fallback) }
        return try property.keyframeGroup(readValue)
    }

    func keyframeGroup<Value>(_ readValue: (JSONNode) throws(LottieError) -> Value) throws(LottieError)
        -> KeyframeGroup<Value>
    {
        // A property marked with a slot id takes the slot's property instead (Lottie's slots;
        // dotLottie themes fill them), read as the property's own kind of value.
        if case .object(let object) = value, case .string(let id)? = object["sid"], let slot = context.slots[id],
            slot.path != path
        {
            return try slot.propertyIgnoringSlot(readValue)
        }
        return try propertyIgnoringSlot(readValue)
    }

    /// The property's own keyframes, whatever slot it names.
    private func propertyIgnoringSlot<Value>(_ readValue: (JSONNode) throws(LottieError) -> Value)
        throws(LottieError) -> KeyframeGroup<Value>
    {
        guard isObject else {
            // A bare value where a property belongs.
            return KeyframeGroup(try readValue(self))
        }
        let content = try required("k")
        var group: KeyframeGroup<Value>
        if case .array(let elements) = content.value, case .object(let first) = elements.first, first["t"] != nil {
            group = try content.animatedKeyframes(readValue)
        } else {
            group = KeyframeGroup(try readValue(content))
        }
        if self["x"] != nil {
            context.use(.expressions, at: "\(path).x")
        }
        return group
    }

    private func animatedKeyframes<Value>(_ readValue: (JSONNode) throws(LottieError) -> Value) throws(LottieError)
        -> KeyframeGroup<Value>
    {
        var keyframes: [Keyframe<Value>] = []
        var previousEnd: Value?
        var previousIn: CGPoint?
        var previousSpatialIn: CGPoint?
        for element in try elements() {
            guard element.isObject else { throw element.error("expected a keyframe object, found \(element.kind)") }
            let timeNode = try element.required("t")
            let time = try timeNode.number()
            var value: Value
            if let start = element["s"] {
                value = try readValue(start)
            } else if let previousEnd {
                value = previousEnd
            } else if let last = keyframes.last {
                value = last.value
            } else {
                throw element.error("the keyframe has no value (\"s\") and no keyframe before it ends anywhere")
            }
            if let end = element["e"] {
                previousEnd = try readValue(end)
            } else {
                previousEnd = nil
            }
            if let last = keyframes.last, time < last.time {
                throw timeNode.error("keyframe time \(time) comes before the previous keyframe's \(last.time)")
            }
            let keyframe = Keyframe(
                value: value, time: time, isHold: try element.bool("h"),
                inTangent: previousIn,
                outTangent: try element["o"].map { node throws(LottieError) in try node.tangent() },
                spatialInTangent: previousSpatialIn,
                spatialOutTangent: try element["to"].map { node throws(LottieError) in try node.point() })
            previousIn = try element["i"].map { node throws(LottieError) in try node.tangent() }
            previousSpatialIn = try element["ti"].map { node throws(LottieError) in try node.point() }
            keyframes.append(keyframe)
        }
        guard !keyframes.isEmpty else { throw error("an animated property has no keyframes") }
        return KeyframeGroup(keyframes: keyframes)
    }

    /// An easing handle `{"x": 0.3, "y": 1}` or `{"x": [0.3], "y": [1]}` (the first dimension's).
    /// Any finite number is taken, as the players take it (files carry handles of ±10¹⁰ where
    /// a value does not change), held within ±``ReadingLimits/maximumMagnitude``.
    func tangent() throws(LottieError) -> CGPoint {
        guard isObject else { throw error("expected an easing handle object, found \(kind)") }
        let x = try required("x").firstHandleValue()
        let y = try required("y").firstHandleValue()
        return CGPoint(x: x, y: y)
    }

    /// The first number of a handle's `x` or `y`, finite, of any size, held within the
    /// largest magnitude read.
    private func firstHandleValue() throws(LottieError) -> Double {
        var node = self
        if isArray {
            guard let first = try elements().first else { throw error("an easing handle has no values") }
            node = first
        }
        let number: Double
        switch node.value {
        case .number(let value): number = value
        case .bool(let value): number = value ? 1 : 0
        default: throw node.error("expected a number, found \(node.kind)")
        }
        guard number.isFinite else { throw node.error("is \(number); numbers must be finite") }
        let limit = context.limits.maximumMagnitude
        return min(max(number, -limit), limit)
    }

    /// `[x, y]` or `[x, y, z]`.
    func point() throws(LottieError) -> CGPoint {
        if let point = Self.fastPoint(value, limit: context.limits.maximumMagnitude) { return point }
        let values = try numbers()
        return CGPoint(x: values.first ?? 0, y: values.count > 1 ? values[1] : 0)
    }

    /// `[x, y]` or `[x, y, z]` of two finite numbers within `limit`, read without making a
    /// node for each (a path's vertices are most of a file); nil for anything else, which the
    /// full reading then reports with its place.
    @inline(__always)
    static func fastPoint(_ value: JSONValue, limit: Double) -> CGPoint? {
        guard case .array(let array) = value, array.count == 2 || array.count == 3,
            case .number(let x) = array[0], case .number(let y) = array[1], abs(x) <= limit, abs(y) <= limit
        else { return nil }
        return CGPoint(x: x, y: y)
    }

    func vector() throws(LottieError) -> LottieVector {
        LottieVector(try numbers())
    }

    func scalar() throws(LottieError) -> Double {
        try number()
    }

    /// A path: `{"c": true, "v": [...], "i": [...], "o": [...]}`, or that object in a
    /// one-element array (how keyframes write it).
    func bezierShape() throws(LottieError) -> BezierShape {
        if case .array(let array) = value {
            guard array.count >= 1 else { throw error("a path keyframe holds no path") }
            return try JSONNode(value: array[0], path: "\(path)[0]", context: context).bezierShape()
        }
        guard isObject else { throw error("expected a path (an object with \"v\"), found \(kind)") }
        let vertices = try required("v").elements()
        guard vertices.count <= context.limits.maximumVertices else {
            throw error("the path has \(vertices.count) vertices; at most \(context.limits.maximumVertices) are read")
        }
        let inTangents = try self["i"]?.elements() ?? []
        let outTangents = try self["o"]?.elements() ?? []
        var result: [BezierShape.Vertex] = []
        result.reserveCapacity(vertices.count)
        let limit = context.limits.maximumMagnitude
        for (index, vertex) in vertices.enumerated() {
            if let point = Self.fastPoint(vertex.value, limit: limit),
                let inTangent = index < inTangents.count
                    ? Self.fastPoint(inTangents[index].value, limit: limit) : .zero,
                let outTangent = index < outTangents.count
                    ? Self.fastPoint(outTangents[index].value, limit: limit) : .zero
            {
                result.append(BezierShape.Vertex(point: point, inTangent: inTangent, outTangent: outTangent))
                continue
            }
            result.append(
                BezierShape.Vertex(
                    point: try vertex.point(),
                    inTangent: index < inTangents.count ? try inTangents[index].point() : .zero,
                    outTangent: index < outTangents.count ? try outTangents[index].point() : .zero))
        }
        return BezierShape(vertices: result, isClosed: try bool("c"))
    }
}
