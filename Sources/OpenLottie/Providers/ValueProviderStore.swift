import Foundation
import OpenCoreGraphics

/// The value providers set on a layer, in the order they were set: a property takes the
/// provider set last among those whose keypath matches it, as in lottie-ios. Setting a
/// provider again for the same keypath replaces it.
struct ValueProviderStore: Sendable {
    struct Entry: Sendable {
        let keypath: AnimationKeypath
        let pattern: KeypathPattern
        let provider: any AnyValueProvider
    }

    private(set) var entries: [Entry] = []

    var isEmpty: Bool { entries.isEmpty }

    mutating func set(_ provider: any AnyValueProvider, keypath: AnimationKeypath) {
        entries.removeAll { $0.keypath == keypath }
        entries.append(Entry(keypath: keypath, pattern: KeypathPattern(keypath), provider: provider))
    }

    /// The provider for the property at `keypath`, if any.
    func provider(for keypath: [String]) -> (any AnyValueProvider)? {
        guard !entries.isEmpty else { return nil }
        let text = Array(keypath.joined(separator: ".").utf8)
        return entries.last { $0.pattern.matches(text) }?.provider
    }

    /// `model` with the providers' values in the properties they match; `context` is the
    /// layer's, for the frames a closure is asked at.
    func applied(to model: LayerModel, keypath: [String], context: AnimationContext) -> LayerModel {
        guard !isEmpty else { return model }
        var application = Application(store: self, context: context)
        return PropertyWalk.layer(model, keypath: keypath, &application)
    }

    /// `transform` (a parent's, carried by the layer that wraps its child) with the providers'
    /// values; `keypath` ends with the parent's name.
    func applied(to transform: TransformModel, keypath: [String], context: AnimationContext) -> TransformModel {
        guard !isEmpty else { return transform }
        var application = Application(store: self, context: context)
        return PropertyWalk.transform(transform, keypath: keypath + ["Transform"], &application)
    }

    private struct Application: PropertyVisitor {
        let store: ValueProviderStore
        let context: AnimationContext

        mutating func visit(_ keypath: [String], _ slot: PropertySlot) -> PropertySlot? {
            guard let provider = store.provider(for: keypath) else { return nil }
            return Self.convert(provider.providedValue, to: slot, context: context)
        }

        /// The provider's values as the slot's kind, or nil when the kinds do not go together
        /// (the property keeps the file's values; ``ValueProviderStore/problems(in:)`` says so).
        static func convert(_ value: ProvidedValue, to slot: PropertySlot, context: AnimationContext)
            -> PropertySlot?
        {
            switch (value, slot) {
            case (.color(let storage), .color):
                return .color(keyframes(storage, context) { LottieVector([$0.r, $0.g, $0.b, $0.a]) })
            case (.float(let storage), .number):
                return .number(keyframes(storage, context) { Double($0) })
            case (.point(let storage), .vector):
                return .vector(keyframes(storage, context) { LottieVector([$0.x, $0.y]) })
            case (.size(let storage), .vector):
                return .vector(keyframes(storage, context) { LottieVector([$0.width, $0.height]) })
            case (.gradient(let storage), .gradient(var gradient)):
                gradient.provided = keyframes(storage, context) { $0 }
                return .gradient(gradient)
            default:
                return nil
            }
        }

        /// A provider's values as keyframes in the layer's frames. A closure is asked at the
        /// layer's frame for each whole frame of the animation, each answer held until the next,
        /// from a ten-thousandth of a frame before its frame: the key times lottie-ios's engines
        /// round to `Float`s can then never fall after the frame's moment (at frame 30 of 61
        /// frames, 30 / 61 rounds up past the frame's time), and the answer shows at its frame.
        static func keyframes<Value, Model>(
            _ storage: ValueProviderStorage<Value>, _ context: AnimationContext, _ convert: (Value) -> Model
        ) -> KeyframeGroup<Model> {
            switch storage {
            case .singleValue(let value):
                return KeyframeGroup(convert(value))
            case .keyframes(let keyframes):
                return KeyframeGroup(keyframes: keyframes.map { $0.withValue(convert($0.value)) })
            case .closure(let block):
                var times: [Double] = []
                var frame = context.startFrame
                while frame <= context.endFrame {
                    times.append(context.complexTimeRemapping(frame))
                    frame += 1
                }
                let sorted = Array(Set(times)).sorted()
                return KeyframeGroup(
                    keyframes: sorted.map { Keyframe(time: $0 - 1e-4, value: convert(block($0)), isHold: true) })
            }
        }
    }
}

extension ValueProviderStore {
    /// What would leave a provider unused on `animation`: a keypath that matches no property
    /// (with the closest keypaths the animation has), or one whose properties take another kind
    /// of value. In the order the providers were set.
    func problems(in animation: LottieAnimation) -> [(keypath: AnimationKeypath, message: String)] {
        var listing = KeypathListing()
        PropertyWalk.tree(animation.layers, assets: animation.assets, keypath: [], &listing)
        var problems: [(AnimationKeypath, String)] = []
        for entry in entries {
            let matched = listing.properties.filter { entry.pattern.matches(Array($0.keypath.utf8)) }
            if matched.isEmpty {
                let closest = KeypathListing.closest(to: entry.keypath.fullPath, among: listing.keypaths)
                problems.append(
                    (
                        entry.keypath,
                        "matches no property of the animation"
                            + (closest.isEmpty ? "" : "; the closest keypaths: " + closest.joined(separator: ", "))
                    ))
                continue
            }
            let kind = entry.provider.providedValue
            let takers = matched.filter { $0.takes(kind) }
            if takers.isEmpty {
                let names = Set(matched.map { $0.keypath.split(separator: ".").last.map(String.init) ?? "" })
                problems.append(
                    (
                        entry.keypath,
                        "gives \(kind.kindName), which none of the \(matched.count) properties it matches "
                            + "(\(names.sorted().joined(separator: ", "))) takes"
                    ))
            }
        }
        return problems
    }
}

/// The keypaths of every property an animation has, in the order the walk meets them.
struct KeypathListing: PropertyVisitor {
    struct Property {
        let keypath: String
        let slot: PropertySlot

        func takes(_ value: ProvidedValue) -> Bool {
            switch (value, slot) {
            case (.color, .color), (.float, .number), (.point, .vector), (.size, .vector), (.gradient, .gradient):
                true
            default: false
            }
        }
    }

    private(set) var properties: [Property] = []
    private var seen: Set<String> = []

    var keypaths: [String] { properties.map(\.keypath) }

    mutating func visit(_ keypath: [String], _ slot: PropertySlot) -> PropertySlot? {
        let text = keypath.joined(separator: ".")
        if seen.insert(text).inserted { properties.append(Property(keypath: text, slot: slot)) }
        return nil
    }

    /// Up to three of `keypaths` nearest `text` by edit distance, nearest first.
    static func closest(to text: String, among keypaths: [String]) -> [String] {
        let target = Array(text.lowercased().utf8)
        let scored = keypaths.map { (keypath: $0, distance: editDistance(Array($0.lowercased().utf8), target)) }
        return scored.sorted { ($0.distance, $0.keypath) < ($1.distance, $1.keypath) }.prefix(3).map(\.keypath)
    }

    private static func editDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}

/// The value of the first property a keypath matches, for
/// ``LottieAnimationLayer/getValue(for:atFrame:)``: the provider's when one is set for it
/// (`providers`), else the file's.
struct ValueLookup: PropertyVisitor {
    let pattern: KeypathPattern
    let frame: Double
    let providers: ValueProviderStore
    private(set) var found: Any?

    init(keypath: AnimationKeypath, frame: Double, providers: ValueProviderStore) {
        pattern = KeypathPattern(keypath)
        self.frame = frame
        self.providers = providers
    }

    mutating func visit(_ keypath: [String], _ slot: PropertySlot) -> PropertySlot? {
        guard found == nil, pattern.matches(Array(keypath.joined(separator: ".").utf8)) else { return nil }
        let property = KeypathListing.Property(keypath: "", slot: slot)
        if let provided = providers.provider(for: keypath)?.providedValue, property.takes(provided) {
            found = Self.value(of: provided, at: frame)
        } else {
            found = slot.value(at: frame)
        }
        return nil
    }

    private static func value(of provided: ProvidedValue, at frame: Double) -> Any {
        func at<Value>(_ storage: ValueProviderStorage<Value>) -> Value {
            switch storage {
            case .singleValue(let value): value
            case .keyframes(let keyframes): KeyframeGroup(keyframes: keyframes).value(at: frame)
            case .closure(let block): block(frame)
            }
        }
        switch provided {
        case .color(let storage): return at(storage)
        case .float(let storage): return at(storage)
        case .point(let storage): return at(storage)
        case .size(let storage): return at(storage)
        case .gradient(let storage): return at(storage)
        }
    }
}
