import Foundation
import OpenCAML
import OpenCoreGraphics
import OpenQuartzCore
import Testing

/// Everything a CAML round trip must keep, as a list of facts: for each layer (named by its
/// place in the tree) its class, id and every property value; its animations with their timing
/// and values; its states and transitions with their targets; and the package's canvas, flag
/// and published names. Two trees are the same when their facts match, numbers within a
/// tolerance.
public struct CAMLTreeFacts {
    public enum Value: Equatable, CustomStringConvertible {
        case text(String)
        case numbers([Double])

        public var description: String {
            switch self {
            case .text(let text): "\"\(text)\""
            case .numbers(let numbers): numbers.map { "\($0)" }.joined(separator: " ")
            }
        }
    }

    public struct Fact: CustomStringConvertible {
        public let path: String
        public let value: Value
        public var description: String { "\(path) = \(value)" }
    }

    public private(set) var facts: [Fact] = []
    private var layerPaths: [ObjectIdentifier: String] = [:]

    /// The facts of `package`: its tree, states and package values.
    public init(_ package: CAPackage) {
        let size = package.documentSize
        let start = [
            Fact(path: "package.documentSize", value: .numbers([Double(size.width), Double(size.height)])),
            Fact(
                path: "package.publishedObjectNames", value: .text(package.publishedObjectNames.joined(separator: "|"))),
            Fact(path: "package.flipped", value: .text("\(package.isPackageGeometryFlipped)")),
        ]
        self.init(tree: package.rootLayer, ids: package.layerIDs, into: start)
    }

    /// The facts of the tree under `root`, with `ids` naming layers.
    public init(tree root: CALayer, ids: [ObjectIdentifier: String] = [:]) {
        self.init(tree: root, ids: ids, into: [])
    }

    private init(tree root: CALayer, ids: [ObjectIdentifier: String], into start: [Fact]) {
        facts = start
        var order: [(CALayer, String)] = []
        var pending: [(CALayer, String)] = [(root, "root")]
        while let (layer, path) = pending.popLast() {
            order.append((layer, path))
            layerPaths[ObjectIdentifier(layer)] = path
            for (index, sublayer) in (layer.sublayers ?? []).enumerated().reversed() {
                pending.append((sublayer, "\(path)/\(index)"))
            }
            if let mask = layer.mask { pending.append((mask, "\(path)/mask")) }
        }
        for (layer, path) in order {
            addLayer(layer, at: path, id: ids[ObjectIdentifier(layer)])
        }
        for (layer, path) in order {
            addStates(of: layer, at: path)
        }
    }

    private mutating func add(_ path: String, _ value: Value) {
        facts.append(Fact(path: path, value: value))
    }

    private mutating func addLayer(_ layer: CALayer, at path: String, id: String?) {
        add("\(path).class", .text("\(type(of: layer))"))
        add("\(path).id", .text(id ?? "-"))
        add("\(path).sublayers", .numbers([Double(layer.sublayers?.count ?? 0)]))
        let table = type(of: layer).propertyTable
        for key in table.byKey.keys.sorted() where !(layer is CAEmitterLayer && key == "emitterCells") {
            let property = table.byKey[key]!
            add("\(path).\(key)", Self.value(property.read(layer)))
        }
        if let emitter = layer as? CAEmitterLayer { addCells(emitter.emitterCells, at: "\(path).emitterCells") }
        add("\(path).fillMode", .text(layer.fillMode.rawValue))
        let attached = TransactionLock.shared.withLock {
            layer.attachedAnimations.map { ($0.key, $0.animation, $0.beganAtCommit) }
        }
        add("\(path).animations", .numbers([Double(attached.count)]))
        for (index, (key, animation, beganAtCommit)) in attached.enumerated() {
            let prefix = "\(path).animation[\(index)]"
            add("\(prefix).key", .text(key ?? "-"))
            addAnimation(animation, at: prefix, on: type(of: layer), beginTime: beganAtCommit ? 0 : nil)
        }
    }

    /// An emitter's cells, each property by key (sub-cells nested), as the layer's are.
    private mutating func addCells(_ cells: [CAEmitterCell]?, at path: String) {
        let cells = cells ?? []
        add("\(path).count", .numbers([Double(cells.count)]))
        for (index, cell) in cells.enumerated() {
            for key in EmitterCellProperty.table.keys.sorted() where key != "emitterCells" {
                add("\(path)[\(index)].\(key)", Self.value(EmitterCellProperty.table[key]!.read(cell.values)))
            }
            addCells(cell.emitterCells, at: "\(path)[\(index)].emitterCells")
        }
    }

    private mutating func addAnimation(
        _ animation: CAAnimation, at path: String, on layerClass: CALayer.Type, beginTime: Double? = nil,
        defaultKeyPath: String? = nil
    ) {
        add("\(path).class", .text("\(type(of: animation))"))
        add(
            "\(path).timing",
            .numbers([
                beginTime ?? animation.beginTime, animation.duration, Double(animation.speed), animation.timeOffset,
                Double(animation.repeatCount), animation.repeatDuration,
            ]))
        add(
            "\(path).flags",
            .text("\(animation.autoreverses) \(animation.fillMode.rawValue) \(animation.isRemovedOnCompletion)"))
        add("\(path).timingFunction", Self.value(animation.timingFunction))
        var kind: ValueKind?
        if let property = animation as? CAPropertyAnimation {
            let keyPath = property.keyPath ?? defaultKeyPath
            add("\(path).keyPath", .text(keyPath ?? "-"))
            add("\(path).additive", .text("\(property.isAdditive) \(property.isCumulative)"))
            add("\(path).valueFunction", .text(property.valueFunction?.name.rawValue ?? "-"))
            kind = keyPath.flatMap { Self.kind(ofKeyPath: $0, on: layerClass) }
        }
        if let basic = animation as? CABasicAnimation {
            add("\(path).fromValue", Self.value(basic.fromValue, kind: kind))
            add("\(path).toValue", Self.value(basic.toValue, kind: kind))
            add("\(path).byValue", Self.value(basic.byValue, kind: kind))
        }
        if let spring = animation as? CASpringAnimation {
            add(
                "\(path).spring",
                .numbers([spring.mass, spring.stiffness, spring.damping, spring.initialVelocity].map(Double.init)))
            add("\(path).overdamping", .text("\(spring.allowsOverdamping)"))
        }
        if let keyframe = animation as? CAKeyframeAnimation {
            add("\(path).calculationMode", .text(keyframe.calculationMode.rawValue))
            add("\(path).rotationMode", .text(keyframe.rotationMode?.rawValue ?? "-"))
            add("\(path).path", Self.value(.path(keyframe.path)))
            add("\(path).values.count", .numbers([Double(keyframe.values?.count ?? -1)]))
            for (index, value) in (keyframe.values ?? []).enumerated() {
                add("\(path).values[\(index)]", Self.value(value, kind: kind))
            }
            for (name, numbers) in [
                ("keyTimes", keyframe.keyTimes), ("tension", keyframe.tensionValues),
                ("continuity", keyframe.continuityValues), ("bias", keyframe.biasValues),
            ] {
                add("\(path).\(name)", numbers.map { .numbers($0.map(\.doubleValue)) } ?? .text("nil"))
            }
            add("\(path).timingFunctions.count", .numbers([Double(keyframe.timingFunctions?.count ?? -1)]))
            for (index, function) in (keyframe.timingFunctions ?? []).enumerated() {
                add("\(path).timingFunctions[\(index)]", Self.value(function))
            }
        }
        if let group = animation as? CAAnimationGroup {
            add("\(path).animations", .numbers([Double(group.animations?.count ?? -1)]))
            for (index, member) in (group.animations ?? []).enumerated() {
                addAnimation(member, at: "\(path).animations[\(index)]", on: layerClass)
            }
        }
        if let transition = animation as? CATransition {
            add("\(path).transition", .text("\(transition.type.rawValue) \(transition.subtype?.rawValue ?? "-")"))
            add("\(path).progress", .numbers([Double(transition.startProgress), Double(transition.endProgress)]))
        }
    }

    private mutating func addStates(of layer: CALayer, at path: String) {
        for (index, state) in (layer.states ?? []).enumerated() {
            let prefix = "\(path).state[\(index)]"
            add(
                prefix,
                .text(
                    "\(state.name) basedOn=\(state.basedOn ?? "-") \(state.isEnabled) \(state.isInitial) \(state.isLocked)"
                ))
            add("\(prefix).delays", .numbers([state.nextDelay, state.previousDelay]))
            for (number, element) in state.elements.enumerated() {
                let elementPath = "\(prefix).element[\(number)]"
                add("\(elementPath).class", .text("\(type(of: element))"))
                add("\(elementPath).target", .text(element.target.map { target(of: $0) } ?? "-"))
                guard let setValue = element as? CAStateSetValue else { continue }
                add("\(elementPath).keyPath", .text(setValue.keyPath))
                let kind = element.target.flatMap { Self.kind(ofKeyPath: setValue.keyPath, on: type(of: $0)) }
                add("\(elementPath).value", element.target == nil ? .text("-") : Self.value(setValue.value, kind: kind))
            }
        }
        for (index, transition) in (layer.stateTransitions ?? []).enumerated() {
            let prefix = "\(path).transition[\(index)]"
            add(prefix, .text("\(transition.fromState) -> \(transition.toState)"))
            for (number, element) in transition.elements.enumerated() {
                let elementPath = "\(prefix).element[\(number)]"
                add(
                    elementPath,
                    .text("\(element.key) \(element.target.map { target(of: $0) } ?? "-") \(element.isEnabled)"))
                if let animation = element.animation {
                    addAnimation(
                        animation, at: "\(elementPath).animation",
                        on: element.target.map { type(of: $0) } ?? CALayer.self,
                        defaultKeyPath: element.key)
                }
            }
        }
    }

    private func target(of layer: CALayer) -> String {
        layerPaths[ObjectIdentifier(layer)] ?? "outside the tree"
    }

    static func kind(ofKeyPath keyPath: String, on layerClass: CALayer.Type) -> ValueKind? {
        let (base, rest) = splitKeyPath(keyPath)
        guard let property = layerClass.propertyTable[base] else { return nil }
        guard let rest else { return property.kind }
        return ValueComponent(path: rest, for: property.kind)?.kind
    }

    static func value(_ value: Any?, kind: ValueKind?) -> Value {
        guard let value else { return .text("nil") }
        if let kind, kind != .opaque, let typed = AnimatableValue(converting: value, to: kind) {
            return Self.value(typed)
        }
        if let array = value as? [Any] {
            return .text("[" + array.map { Self.value($0, kind: nil).description }.joined(separator: ", ") + "]")
        }
        return Self.value(AnimatableValue(inferringKindOf: value))
    }

    public static func value(_ function: CAMediaTimingFunction?) -> Value {
        guard let function else { return .text("nil") }
        var first: [Float] = [0, 0]
        var second: [Float] = [0, 0]
        function.getControlPoint(at: 1, values: &first)
        function.getControlPoint(at: 2, values: &second)
        return .numbers([first[0], first[1], second[0], second[1]].map(Double.init))
    }

    static func value(_ value: AnimatableValue) -> Value {
        switch value {
        case .number(let number): .numbers([number])
        case .bool(let flag): .text("\(flag)")
        case .point(let point): .numbers([point.x, point.y].map(Double.init))
        case .size(let size): .numbers([size.width, size.height].map(Double.init))
        case .rect(let rect): .numbers([rect.minX, rect.minY, rect.width, rect.height].map(Double.init))
        case .transform(let t):
            .numbers(
                [
                    t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24, t.m31, t.m32, t.m33, t.m34, t.m41, t.m42,
                    t.m43, t.m44,
                ].map(Double.init))
        case .affineTransform(let a): .numbers([a.a, a.b, a.c, a.d, a.tx, a.ty].map(Double.init))
        case .color(let color?): .numbers([color.red, color.green, color.blue, color.alpha])
        case .color(nil): .text("no colour")
        case .path(let path?):
            .numbers(
                path.elements.flatMap { element -> [CGFloat] in
                    switch element {
                    case .move(let to): [0, to.x, to.y]
                    case .line(let to): [1, to.x, to.y]
                    case .quadCurve(let to, let control): [2, control.x, control.y, to.x, to.y]
                    case .curve(let to, let c1, let c2): [3, c1.x, c1.y, c2.x, c2.y, to.x, to.y]
                    case .closeSubpath: [4]
                    }
                }.map { Double($0) })
        case .path(nil): .text("no path")
        case .image(let image?): .text("image \(image.width)x\(image.height) \(pixelDigest(image))")
        case .image(nil): .text("no image")
        case .numbers(let numbers): .numbers(numbers)
        case .colors(let colors): .numbers(colors.flatMap { [$0.red, $0.green, $0.blue, $0.alpha] })
        case .opaque(let box):
            switch box.value {
            case nil: .text("nil")
            case let mask as CACornerMask: .text("mask \(mask.rawValue)")
            case let constant as any RawRepresentable: .text("\(constant.rawValue)")
            case let other?: .text("\(other)")
            }
        }
    }

    /// A short checksum (FNV-1a) of about 16,000 bytes spread over the pixels, so that images
    /// compare by content without hashing megabytes in a debug build.
    static func pixelDigest(_ image: CGImage) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        image.rgbaPixels.withUnsafeBufferPointer { pixels in
            let step = max(1, pixels.count / 16_384)
            var index = 0
            while index < pixels.count {
                hash = (hash ^ UInt64(pixels[index])) &* 0x100_0000_01b3
                index += step
            }
        }
        return String(hash, radix: 16)
    }

    /// The facts that differ between `self` and `other` (numbers beyond `tolerance`), as
    /// lines; empty when the trees are the same. A layer that has no id in `other` may have
    /// one here: the writer gives ids to the layers states target.
    public func differences(from other: CAMLTreeFacts, tolerance: Double = 1e-9) -> [String] {
        var found: [String] = []
        if facts.count != other.facts.count {
            found.append("\(facts.count) facts vs \(other.facts.count)")
        }
        for (mine, theirs) in zip(facts, other.facts) {
            guard mine.path == theirs.path else {
                found.append("\(mine.path) vs \(theirs.path)")
                break
            }
            switch (mine.value, theirs.value) {
            case (.numbers(let a), .numbers(let b)) where a.count == b.count:
                let close = zip(a, b).allSatisfy { x, y in x == y || abs(x - y) <= tolerance }
                if !close { found.append("\(mine.path): \(mine.value) vs \(theirs.value)") }
            case (_, .text("-")) where mine.path.hasSuffix(".id"):
                continue
            default:
                if mine.value != theirs.value { found.append("\(mine.path): \(mine.value) vs \(theirs.value)") }
            }
        }
        return found
    }
}

/// Expects the two packages to hold the same tree (``CAMLTreeFacts``), listing the first
/// differences when they do not.
public func expectSameCAMLTree(
    _ actual: CAPackage, _ expected: CAPackage, _ comment: String = "",
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let differences = CAMLTreeFacts(actual).differences(from: CAMLTreeFacts(expected))
    #expect(
        differences.isEmpty,
        "\(comment) \(differences.count) differences: \(differences.prefix(12).joined(separator: "; "))",
        sourceLocation: sourceLocation)
}
