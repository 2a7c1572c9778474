import Foundation
import OpenCoreGraphics
import OpenQuartzCore

extension CAMLEncoder {
    /// The custom keys the writer writes itself: the states live in the layer's custom values.
    private static let stateKeys: Set<String> = ["states", "stateTransitions"]

    /// The elements of every layer, built from the leaves up (no recursion: trees may be of
    /// any depth), each layer's mask and sublayers placed in it: the root's element.
    func encodeTree(_ order: LayerTreeOrder) -> CAMLOutputElement {
        let entries = order.entries
        var sublayers = [[Int]](repeating: [], count: entries.count)
        var masks = [Int?](repeating: nil, count: entries.count)
        for (index, entry) in entries.enumerated() {
            guard let parent = entry.parent else { continue }
            if entry.role == .mask { masks[parent] = index } else { sublayers[parent].append(index) }
        }
        // Each layer's own parts in document order, so that images and warnings come in the
        // order the layers do; then the tree is put together from the leaves up.
        var parts = entries.map { entry -> (head: CAMLOutputElement, tail: [CAMLOutputElement]) in
            let layer = entry.layer
            let tail = [animationsElement(of: layer), statesElement(of: layer), transitionsElement(of: layer)]
            return (layerElement(layer), tail.compactMap { $0 })
        }
        var finished = [CAMLOutputElement?](repeating: nil, count: entries.count)
        for index in entries.indices.reversed() {
            var element = parts[index].head
            if let mask = masks[index], var maskElement = finished[mask] {
                finished[mask] = nil
                // A property holding one object is merged with it (FORMAT.md §3.3).
                maskElement.attributes.insert(("type", maskElement.name), at: 0)
                maskElement.name = "mask"
                element.children.append(maskElement)
            }
            if !sublayers[index].isEmpty {
                let children = sublayers[index].compactMap { finished[$0] }
                for child in sublayers[index] { finished[child] = nil }
                element.children.append(CAMLOutputElement("sublayers", children: children))
            }
            element.children += parts[index].tail
            parts[index] = (CAMLOutputElement(""), [])
            finished[index] = element
        }
        return finished[0] ?? CAMLOutputElement("CALayer")
    }

    /// The layer's element with its id and properties, not yet what it holds.
    private func layerElement(_ layer: CALayer) -> CAMLOutputElement {
        let entry = CAMLLayerClass.entry(for: layer)
        if ObjectIdentifier(type(of: layer)) != ObjectIdentifier(entry.layerClass) {
            warn(
                "\(type(of: layer)) is written as \(entry.name), the nearest class CAML knows; what it adds is not written",
                topic: "layer class \(type(of: layer))")
        }
        var element = CAMLOutputElement(entry.name)
        if let id = layerIDs[ObjectIdentifier(layer)] { element.attributes.append(("id", id)) }
        let prototype = prototype(of: entry.layerClass)
        for key in entry.ownKeys + Self.layerKeys where layer.shouldArchiveValue(forKey: key) {
            writeLayerProperty(key, of: layer, prototype: prototype, into: &element)
        }
        if let drawing = layer.lastDrawing, !drawing.operations.isEmpty {
            warn(
                "\(layer.layerName) draws its content in code (draw(in:) or display()), which CAML cannot hold; "
                    + "it is written without it (render it into contents first, as carender convert does)",
                topic: "drawing \(ObjectIdentifier(layer))")
        }
        for key in layer.storage.customValues.keys.sorted() where !Self.stateKeys.contains(key) {
            warn(
                "the custom key \"\(key)\" (set with setValue(_:forKey:)) is not written",
                topic: "custom key \(key)")
        }
        if let extra = entry.extraChildren { element.children += extra(layer, self) }
        return element
    }

    /// `CALayer`'s keys in name order, with `fillMode`, which a layer has as `CAMediaTiming`
    /// but key-value coding does not list.
    private static let layerKeys: [String] = (CAMLLayerClass.baseKeys + ["fillMode"]).sorted()

    /// Writes one property when it differs from a new layer's: scalars as attributes, a
    /// translucent colour as `<key opacity="a" value="r g b"/>`, arrays and images as elements.
    private func writeLayerProperty(
        _ key: String, of layer: CALayer, prototype: CALayer, into element: inout CAMLOutputElement
    ) {
        if key == "fillMode" {
            if layer.fillMode != prototype.fillMode { element.setProperty(key, text: layer.fillMode.rawValue) }
            return
        }
        if key == "filters" || key == "backgroundFilters" {
            let filters = (key == "filters" ? layer.filters : layer.backgroundFilters) ?? []
            if !filters.isEmpty, let child = filtersElement(key, filters, of: layer) { element.children.append(child) }
            return
        }
        guard let property = type(of: layer).propertyTable[key] else { return }
        let value = property.read(layer)
        guard value != property.read(prototype) else { return }
        switch value {
        case .image(let image?):
            if let source = images.source(for: image, warn: { self.warn($0) }) {
                element.children.append(
                    CAMLOutputElement.propertyElement(key, attributes: [("type", "CGImage"), ("src", source)]))
            }
        case .image(nil):
            return
        case _ where key == "contents":
            warn("\(layer.layerName) has contents that are not a CGImage; they are not written")
        case .color(let color?) where color.alpha != 1:
            element.children.append(CAMLOutputElement.translucentColorElement(key, color))
        case .numbers, .colors:
            guard case .array(let values)? = camlValue(value), let child = arrayPropertyElement(key, values) else {
                return
            }
            element.children.append(child)
        default:
            // Numbers a layer stores as Float (opacity, speed…) are written as that Float.
            let exactFloat = property.box(value) is Float
            guard case .scalar(_, let text, _)? = camlValue(value, exactFloat: exactFloat) else {
                warn(
                    "the value of \"\(key)\" (\(describeType(property.box(value)))) has no CAML form; it is not written",
                    topic: "value \(key)")
                return
            }
            element.setProperty(key, text: text)
        }
    }

    /// `<filters>` (or `<backgroundFilters>`) with a `<CAFilter>` for each filter, as Apple's
    /// writer writes them; anything else in the array is left out with a warning.
    private func filtersElement(_ key: String, _ filters: [Any], of layer: CALayer) -> CAMLOutputElement? {
        var element = CAMLOutputElement(key)
        for case let filter as CAFilter in filters {
            var attributes: [(name: String, value: String)] = [
                ("filter", filter.type), ("name", filter.name), ("enabled", filter.isEnabled ? "true" : "false"),
            ]
            for input in filter.inputKeys {
                guard case .scalar(_, let text, _)? = camlValue(inferring: filter.value(forKey: input)) else {
                    warn(
                        "the input \"\(input)\" of the filter \"\(filter.name)\" has no CAML form; it is not written",
                        topic: "filter input \(input)")
                    continue
                }
                attributes.append((input, text))
            }
            element.children.append(CAMLOutputElement("CAFilter", attributes: attributes))
        }
        if element.children.count < filters.count {
            warn(
                "\(layer.layerName) has \(key) that are not CAFilters; they are not written",
                topic: "\(key) \(ObjectIdentifier(layer))")
        }
        return element.children.isEmpty ? nil : element
    }
}
