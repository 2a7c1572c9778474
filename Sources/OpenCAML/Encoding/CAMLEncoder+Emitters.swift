import Foundation
import OpenCoreGraphics
import OpenQuartzCore

extension CAMLEncoder {
    /// An emitter layer's `<emitterCells>`: each cell as a `CAEmitterCell` element with the
    /// properties that differ from a new cell's, its image as `<contents type="CGImage">`, its
    /// own sub-cells nested the same way (FORMAT.md §6, as the reader's `decodeEmitterCell`
    /// takes them). Cells are few and nest at most a few levels, so this recursion is bounded
    /// by what the simulation accepts.
    func emitterCellsElement(of layer: CALayer) -> [CAMLOutputElement] {
        guard let emitter = layer as? CAEmitterLayer, let cells = emitter.emitterCells, !cells.isEmpty else {
            return []
        }
        return [CAMLOutputElement("emitterCells", children: cells.map(cellElement))]
    }

    /// Cell keys written as attributes or property elements, in name order; `emitterCells`
    /// and `contents` are written as elements of their own, and `style` is not written (no
    /// CAML form for a dictionary of filters; the reader skips it too).
    private static let cellKeys: [String] = EmitterCellProperty.table.keys
        .filter { !["emitterCells", "contents", "style"].contains($0) }.sorted()

    private func cellElement(_ cell: CAEmitterCell) -> CAMLOutputElement {
        var element = CAMLOutputElement("CAEmitterCell")
        let fresh = CAEmitterCell().values
        for key in Self.cellKeys {
            guard let property = EmitterCellProperty.table[key] else { continue }
            let value = property.read(cell.values)
            guard value != property.read(fresh) else { continue }
            switch value {
            case .color(let color?) where color.alpha != 1:
                element.children.append(CAMLOutputElement.translucentColorElement(key, color))
            default:
                let exactFloat = property.box(value) is Float
                guard case .scalar(_, let text, _)? = camlValue(value, exactFloat: exactFloat) else {
                    warn(
                        "the emitter cell value of \"\(key)\" (\(describeType(property.box(value)))) has no CAML form; "
                            + "it is not written",
                        topic: "cell value \(key)")
                    continue
                }
                element.setProperty(key, text: text)
            }
        }
        if cell.style != nil {
            warn("an emitter cell's style has no CAML form here; it is not written", topic: "cell style")
        }
        if let image = cell.contents as? CGImage {
            if let source = images.source(for: image, warn: { self.warn($0) }) {
                element.children.append(
                    CAMLOutputElement.propertyElement("contents", attributes: [("type", "CGImage"), ("src", source)]))
            }
        } else if cell.contents != nil {
            warn("an emitter cell's contents that are not a CGImage are not written", topic: "cell contents")
        }
        if let subcells = cell.emitterCells, !subcells.isEmpty {
            element.children.append(CAMLOutputElement("emitterCells", children: subcells.map(cellElement)))
        }
        return element
    }
}
