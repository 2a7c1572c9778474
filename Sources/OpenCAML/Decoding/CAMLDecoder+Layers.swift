import Foundation
import OpenCoreGraphics
import OpenQuartzCore

extension CAMLDecoder {
    /// The layer classes OpenQuartzCore has, by CAML element name.
    static let layerClasses: [String: CALayer.Type] = [
        "CALayer": CALayer.self, "CATransformLayer": CATransformLayer.self, "CAShapeLayer": CAShapeLayer.self,
        "CAGradientLayer": CAGradientLayer.self, "CATextLayer": CATextLayer.self,
        "CAReplicatorLayer": CAReplicatorLayer.self, "CAEmitterLayer": CAEmitterLayer.self,
        "CAScrollLayer": CAScrollLayer.self, "CATiledLayer": CATiledLayer.self,
    ]

    /// Layer classes Core Animation has and this package does not build yet: they load as a
    /// plain `CALayer` (geometry, colours and sublayers kept) with a warning.
    static let unbuiltLayerClasses: Set<String> = [
        "CABackdropLayer", "CAPortalLayer",
        "CAMetalLayer", "CAEAGLLayer",
    ]

    /// Elements that carry editor or script data with no effect on layers (FORMAT.md §9).
    static let editorOnlyElements: Set<String> = ["scriptComponents", "scriptObject", "modules", "style"]

    /// Builds a layer and everything under it. Runs inside the caller's transaction with
    /// actions disabled, so no property change animates implicitly.
    func decodeLayer(_ element: XMLTreeElement, as layerClass: CALayer.Type) -> CALayer {
        let layer = CALayer.makeLayer(ofClass: layerClass)
        // Registered first: a child may refer to its ancestor (`<sourceLayer object="#1"/>`).
        register(layer, of: element)
        for (key, value) in propertyAttributes(of: element) {
            applyLayerProperty(layer, keyPath: key, source: .text(value, opacity: nil), at: element)
        }
        for child in element.children {
            guard let key = propertyKey(of: child) else {
                warn(child, "a <p> element without key; ignored")
                continue
            }
            switch key {
            case "sublayers":
                for sublayer in layerObjects(in: child) where canAdopt(sublayer, into: layer, child) {
                    layer.addSublayer(sublayer)
                }
            case "mask":
                if let mask = layerObjects(in: child).first, canAdopt(mask, into: layer, child) {
                    layer.mask = mask
                }
            case "animations":
                addAnimations(in: child, to: layer)
            case "contents":
                if let (image, _) = contentsImage(child) { layer.contents = image }
            case "emitterCells" where layer is CAEmitterLayer:
                (layer as? CAEmitterLayer)?.emitterCells = emitterCells(in: child)
            case "states", "stateTransitions":
                // Read once the whole tree exists: their targets may come later in the document.
                pendingStates.append((layer, child))
            case _ where Self.editorOnlyElements.contains(key):
                warn(child, "editor data with no effect on layers; ignored")
            default:
                applyLayerProperty(layer, keyPath: key, source: propertySource(of: child), at: child)
            }
        }
        return layer
    }

    /// The layers a `sublayers` or `mask` element holds, warning about anything else.
    private func layerObjects(in element: XMLTreeElement) -> [CALayer] {
        objects(of: CALayer.self, describedAs: "a layer", in: element)
    }

    /// The objects of type `Object` an element holds (an array, or one object merged or
    /// nested), warning about anything else it holds.
    func objects<Object>(of _: Object.Type, describedAs description: String, in element: XMLTreeElement) -> [Object] {
        let objects: [Any] =
            switch propertySource(of: element) {
            case .array(let objects): objects
            case .object(let object?): [object]
            case .object(nil), .text: []
            }
        return objects.compactMap { object in
            guard let typed = object as? Object else {
                warn(element, "holds \(type(of: object)), not \(description); ignored")
                return nil
            }
            return typed
        }
    }

    /// Whether `child` may become a sublayer or mask of `parent`: a reference to a layer that
    /// already has a place in a tree, or to an ancestor, would move it or make a cycle.
    private func canAdopt(_ child: CALayer, into parent: CALayer, _ element: XMLTreeElement) -> Bool {
        var ancestor: CALayer? = parent
        while let current = ancestor {
            if current === child {
                warn(element, "a layer cannot contain itself or its ancestor; ignored")
                return false
            }
            ancestor = current.superlayer
        }
        if child.superlayer != nil || isMaskInUse(child) {
            warn(element, "the layer referred to already has a superlayer; ignored")
            return false
        }
        return true
    }

    private func isMaskInUse(_ layer: CALayer) -> Bool {
        objectsByID.values.contains { ($0 as? CALayer)?.mask === layer }
    }

    /// The image of a `contents` element: a `CGImage` merged (`type="CGImage" src=…`) or
    /// nested (`<CGImage src=…/>`), nil for `<contents/>`; nil with a warning for anything
    /// else. The flag says whether the element named an image (one that could not be decoded
    /// has had its warning).
    func contentsImage(_ element: XMLTreeElement) -> (image: CGImage?, named: Bool)? {
        if element.attributes["src"] != nil {
            return (decodeImage(element), true)
        } else if let image = element.children.first(where: { $0.name == "CGImage" }) {
            return (decodeImage(image), true)
        } else if element.attributes["object"] == nil, element.children.isEmpty {
            return (nil, false)  // `<contents/>`: no image.
        }
        warn(element, "contents other than an image are not supported; ignored")
        return nil
    }

    /// Sets one property (or part of one: `transform.rotation.z`) through key-value coding,
    /// after checking that the value fits: a value of the wrong type is skipped with a
    /// warning instead of reaching `setValue(_:forKeyPath:)`, which traps on misuse.
    func applyLayerProperty(
        _ layer: CALayer, keyPath: String, source: PropertySource, at element: XMLTreeElement
    ) {
        if keyPath == "contents" {
            warn(element, "contents must be an image element; ignored")
            return
        }
        // An object that could not be decoded has had its warning already.
        if case .object(nil) = source { return }
        if keyPath == "fillMode", case .text(let text, _) = source {
            // A layer's `CAMediaTiming` fill mode, which key-value coding does not list.
            layer.fillMode = CAMediaTimingFillMode(rawValue: text)
            return
        }
        guard let kind = layerValueKind(keyPath, of: type(of: layer)) else {
            warn(element, "\(type(of: layer)) has no property \"\(keyPath)\"; ignored")
            return
        }
        if kind == .color || kind == .path, case .text(let text, _) = source,
            text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
        {
            // No colour or path (`fillColor=""`), as the writer spells nil where the default is not.
            layer.setValue(nil, forKeyPath: keyPath)
            return
        }
        guard let value = value(from: source, kind: kind, key: keyPath) else {
            warn(element, "\(describe(source)) is not \(kind) for \"\(keyPath)\"; ignored")
            return
        }
        layer.setValue(value, forKeyPath: keyPath)
    }

    /// The kind of value `keyPath` holds on layers of `layerClass`, or nil when it names no
    /// declared property (or no part of one).
    func layerValueKind(_ keyPath: String, of layerClass: CALayer.Type) -> ValueKind? {
        Self.valueKind(ofKeyPath: keyPath, on: layerClass)
    }

    /// The kind of value `keyPath` holds on layers of `layerClass`, or nil when it names no
    /// declared property (or no part of one). The writer types values by it too, so that what
    /// it writes reads back as the same kind.
    static func valueKind(ofKeyPath keyPath: String, on layerClass: CALayer.Type) -> ValueKind? {
        let (base, rest) = splitKeyPath(keyPath)
        if base == "emitterCells", let rest, layerClass is CAEmitterLayer.Type {
            return cellValueKind(rest)
        }
        guard let property = layerClass.propertyTable[base] else { return nil }
        guard let rest else { return property.kind }
        return ValueComponent(path: rest, for: property.kind)?.kind
    }

    /// Text or an object as a value of `kind`, or nil when it does not fit. Numbers must be
    /// finite except for the repeat counts and durations, where `inf` means for ever.
    func value(from source: PropertySource, kind: ValueKind, key: String) -> Any? {
        let candidate: Any?
        if key == "filters" || key == "backgroundFilters" {
            // A list of filters, however many.
            switch source {
            case .array(let objects): return objects
            case .object(let object?): return [object]
            default: return nil
            }
        }
        switch (source, kind) {
        case (.text(let text, _), .opaque):
            if key == "maskedCorners" {
                guard let mask = CAMLValueText.number(text), mask >= 0, mask < 16, mask == mask.rounded() else {
                    return nil
                }
                return mask
            }
            return text
        case (.text(let text, _), .numberArray):
            candidate = CAMLValueText.numbers(text)
        case (.text(let text, let opacity), _):
            candidate = scalar(text, opacity: opacity, kind: kind)
        case (.object(let object), _):
            candidate = object
        case (.array(let objects), .numberArray), (.array(let objects), .colorArray):
            candidate = objects
        case (.array(let objects), _):
            candidate = objects.count == 1 ? objects[0] : nil
        }
        guard let candidate, kind != .opaque || key != "maskedCorners" else { return nil }
        if kind == .opaque { return candidate }
        guard let typed = AnimatableValue(converting: candidate, to: kind) else { return nil }
        let infiniteAllowed = key == "repeatCount" || key == "repeatDuration"
        guard infiniteAllowed ? typed.hasNoNaN : typed.hasOnlyFiniteNumbers else { return nil }
        return candidate
    }

    func describe(_ source: PropertySource) -> String {
        switch source {
        case .text(let text, _): "\"\(text.count > 60 ? text.prefix(57) + "..." : text)\""
        case .object(let object?): "a \(type(of: object))"
        case .object(nil): "an undecodable object"
        case .array(let objects): "an array of \(objects.count)"
        }
    }
}

extension AnimatableValue {
    /// No NaN anywhere (infinity allowed).
    var hasNoNaN: Bool {
        switch self {
        case .number(let value): !value.isNaN
        default: hasOnlyFiniteNumbers
        }
    }
}
