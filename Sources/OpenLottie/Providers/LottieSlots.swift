import Foundation

/// Values for the properties a Lottie file marks with a slot id (`"sid"`), from outside the
/// file: a slots object as the Lottie specification writes the file's own `slots`
/// (`{"bg": {"p": {"a": 0, "k": [1, 0, 0, 1]}}}`, or the same under a `"slots"` key), or a
/// dotLottie 2 theme (`{"rules": [{"id": "bg", "type": "Color", "value": [1, 0, 0, 1]}]}`, a
/// rule's `keyframes` as `[{"frame": 0, "value": …}, …]`). They replace the file's slots of the
/// same id. A theme rule of a type slots cannot carry here (`Image`, `Text`) is a warning.
public struct LottieSlots: Sendable {
    /// Each slot's property, by id.
    let properties: [String: JSONValue]
    /// The file the slots came from, for messages.
    public let source: String
    /// What was read but is not used, naming its place.
    public private(set) var warnings: [LottieWarning]

    /// The slot ids, sorted.
    public var ids: [String] { properties.keys.sorted() }

    public init(contentsOf url: URL) throws(LottieError) {
        try self.init(data: try JSONNode.userFile(url), name: url.path)
    }

    /// Slots from JSON text; `name` names it in errors. `animationID` is the animation a
    /// theme's rules are for (a rule listing `animations` applies only to those).
    public init(data: Data, name: String, animationID: String? = nil) throws(LottieError) {
        try self.init(reading: try JSONNode.document(data, file: name), animationID: animationID)
    }

    /// Slots of given properties by id, each a Lottie property (`{"a": 0, "k": …}`).
    init(properties: [String: JSONValue], source: String) {
        self.properties = properties
        self.source = source
        warnings = []
    }

    /// `over` laid on `base`, either absent: what a template's slots make of the ones given apart.
    public static func layered(_ over: LottieSlots?, on base: LottieSlots?) -> LottieSlots? {
        guard let over else { return base }
        return base?.adding(over) ?? over
    }

    /// These slots with `other`'s over them (its property where both have an id).
    public func adding(_ other: LottieSlots) -> LottieSlots {
        var merged = LottieSlots(properties: properties.merging(other.properties) { $1 }, source: other.source)
        merged.warnings = warnings + other.warnings
        return merged
    }

    /// Slots from a JSON value read already (a values file's `slots`).
    init(reading root: JSONNode, animationID: String? = nil) throws(LottieError) {
        source = root.context.file
        let context = root.context
        guard root.isObject else {
            throw root.error("slots are a JSON object (slot ids, or a theme's \"rules\"), found \(root.kind)")
        }
        var properties: [String: JSONValue] = [:]
        if let rules = root["rules"] {
            for rule in try rules.elements() {
                guard let (id, property) = try Self.property(ofRule: rule, animationID: animationID) else { continue }
                properties[id] = property
            }
        } else {
            let slots = root["slots"] ?? root
            guard case .object(let entries) = slots.value else {
                throw slots.error("slots are an object of slot ids, found \(slots.kind)")
            }
            for id in entries.keys.sorted() {
                guard let slot = slots[id] else { continue }
                properties[id] = try slot.required("p").value
            }
        }
        self.properties = properties
        warnings = ReadingNote.warnings(in: context.notes, for: .coreAnimation)
    }

    /// A theme rule as the slot property it sets; nil (with a warning) for a rule that does not
    /// apply or cannot be carried.
    private static func property(ofRule rule: JSONNode, animationID: String?) throws(LottieError)
        -> (String, JSONValue)?
    {
        let id = try rule.required("id").string()
        let type = try rule.string("type") ?? ""
        if let animations = rule["animations"], let animationID {
            let ids = try animations.elements().map { node throws(LottieError) in try node.string() }
            guard ids.contains(animationID) else { return nil }
        }
        func converted(_ node: JSONNode) throws(LottieError) -> JSONValue {
            switch type.lowercased() {
            case "color", "position", "vector", "scalar":
                return node.value
            case "gradient":
                // [{"color": [r, g, b, a], "offset": o}, …] → o r g b … then o a … pairs.
                var colors: [JSONValue] = []
                var alphas: [JSONValue] = []
                for stop in try node.elements() {
                    let color = try stop.required("color").numbers()
                    let offset = try stop.required("offset").number()
                    guard color.count >= 3 else { throw stop.error("a gradient stop's colour is [r, g, b, a]") }
                    colors += [offset, color[0], color[1], color[2]].map { JSONValue.number($0) }
                    alphas += [offset, color.count > 3 ? color[3] : 1].map { JSONValue.number($0) }
                }
                return .array(colors + alphas)
            default:
                throw node.error("a theme rule of type \"\(type)\" cannot be applied")
            }
        }
        guard ["color", "position", "vector", "scalar", "gradient"].contains(type.lowercased()) else {
            rule.warn("a theme rule of type \"\(type)\" is not applied (colours, numbers, points and gradients are)")
            return nil
        }
        if let value = rule["value"] {
            return (id, .object(["a": .number(0), "k": try converted(value)]))
        }
        let keyframes = try rule.required("keyframes").elements()
        var frames: [JSONValue] = []
        for keyframe in keyframes {
            var entry: [String: JSONValue] = [
                "t": .number(try keyframe.required("frame").number()),
                "s": try Self.asArray(converted(keyframe.required("value"))),
            ]
            if try keyframe.bool("hold") { entry["h"] = .number(1) }
            for (key, name) in [("inTangent", "i"), ("outTangent", "o")] {
                if let tangent = keyframe[key] { entry[name] = tangent.value }
            }
            frames.append(.object(entry))
        }
        return (id, .object(["a": .number(1), "k": .array(frames)]))
    }

    /// A keyframe's start value is an array, a bare number included.
    private static func asArray(_ value: JSONValue) -> JSONValue {
        if case .array = value { return value }
        return .array([value])
    }
}
