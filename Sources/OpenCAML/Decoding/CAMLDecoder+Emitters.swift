import Foundation
import OpenCoreGraphics
import OpenQuartzCore

extension CAMLDecoder {
    /// Builds a `CAEmitterCell` from its attributes and property elements (FORMAT.md §6):
    /// numbers, colours and rectangles as for layers, `<contents>` as an image, sub-cells in
    /// `<emitterCells>`. Keys Apple's public cells do not have (`mass`, `rotation`, the
    /// editors' own) are skipped with a warning, as unknown layer properties are.
    func decodeEmitterCell(_ element: XMLTreeElement) -> CAEmitterCell {
        let cell = CAEmitterCell()
        register(cell, of: element)
        for (key, value) in propertyAttributes(of: element) {
            applyCellProperty(cell, keyPath: key, source: .text(value, opacity: nil), at: element)
        }
        for child in element.children {
            guard let key = propertyKey(of: child) else {
                warn(child, "a <p> element without key; ignored")
                continue
            }
            switch key {
            case "contents":
                if let (image, _) = contentsImage(child) { cell.contents = image }
            case "emitterCells":
                cell.emitterCells = emitterCells(in: child)
            case "style":
                warn(child, "a cell's style is not consulted; ignored")
            default:
                applyCellProperty(cell, keyPath: key, source: propertySource(of: child), at: child)
            }
        }
        return cell
    }

    /// The cells an `emitterCells` element holds, warning about anything else.
    func emitterCells(in element: XMLTreeElement) -> [CAEmitterCell] {
        objects(of: CAEmitterCell.self, describedAs: "a CAEmitterCell", in: element)
    }

    /// The kind of value a cell key path holds (`birthRate`, `contentsRect.size.width`,
    /// `emitterCells.<name>.<key>` through sub-cells); nil when no cell property has it.
    static func cellValueKind(_ keyPath: String) -> ValueKind? {
        // The first part names the cell; every cell has the same keys.
        let (_, inner) = splitKeyPath(keyPath)
        guard let inner else { return nil }
        return cellPropertyKind(inner)
    }

    /// The kind of a key path within one cell.
    private static func cellPropertyKind(_ keyPath: String) -> ValueKind? {
        let (base, rest) = splitKeyPath(keyPath)
        if base == "emitterCells", let rest { return cellValueKind(rest) }
        guard let kind = CAEmitterCell.valueKind(forKey: base) else { return nil }
        guard let rest else { return kind }
        return ValueComponent(path: rest, for: kind)?.kind
    }

    /// Sets one cell property after checking that the value fits, as `applyLayerProperty`
    /// does for layers.
    private func applyCellProperty(
        _ cell: CAEmitterCell, keyPath: String, source: PropertySource, at element: XMLTreeElement
    ) {
        if case .object(nil) = source { return }
        if keyPath == "contents" || keyPath == "emitterCells" {
            warn(
                element,
                "\(keyPath) must be an element holding \(keyPath == "contents" ? "an image" : "cells"); ignored")
            return
        }
        guard let kind = Self.cellPropertyKind(keyPath) else {
            warn(element, "CAEmitterCell has no property \"\(keyPath)\"; ignored")
            return
        }
        guard let value = value(from: source, kind: kind, key: keyPath) else {
            warn(element, "\(describe(source)) is not \(kind) for \"\(keyPath)\"; ignored")
            return
        }
        if keyPath.contains(".") {
            cell.setValue(value, forKeyPath: keyPath)
        } else {
            cell.setValue(value, forKey: keyPath)
        }
    }
}
