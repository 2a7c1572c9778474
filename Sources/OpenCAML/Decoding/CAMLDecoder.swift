import Foundation
import OpenCoreGraphics
import OpenQuartzCore

/// Turns a parsed CAML tree into objects (FORMAT.md §3): object elements named by class,
/// properties as attributes or child elements (`<p key=…>` for keys that are not XML names),
/// merged `type=` forms, `id`/`object` references and arrays. Whatever it cannot use is
/// skipped with a warning naming the element and line, so one odd value never loses a
/// document.
final class CAMLDecoder {
    /// The folder asset paths are relative to: the document's own folder
    /// (`CAMLParser.mm` `-parseContentsOfURL:` sets the base URL that way).
    let baseURL: URL
    private(set) var warnings: [CAMLWarning] = []
    /// The id → object table (`-objectById:`); the first object with an id keeps it, since
    /// duplicate ids occur (7 corpus documents) and a reference usually means the first.
    private(set) var objectsByID: [String: AnyObject] = [:]
    /// The `states` and `stateTransitions` elements met, with their layers, read by
    /// `decodeStates(under:)` after the tree.
    var pendingStates: [(layer: CALayer, element: XMLTreeElement)] = []
    /// Decoded images by their `src` text; nil for one that could not be decoded, so that its
    /// warning is given once.
    var imagesBySource: [String: CGImage?] = [:]

    /// Attributes that describe the element itself, not a property.
    static let reservedAttributes: Set<String> = ["id", "type", "object", "key", "xmlns"]

    init(baseURL: URL) {
        self.baseURL = baseURL
    }

    func warn(_ element: XMLTreeElement, _ message: String) {
        warnings.append(CAMLWarning(element: element.name, line: element.line, message: message))
    }

    /// The root layer of a `<caml>` document element.
    func decodeDocument(_ root: XMLTreeElement, path: String) throws(CAMLError) -> CALayer {
        guard root.name == "caml" else {
            throw CAMLError(
                path: path, line: root.line, column: root.column,
                message: "the root element is <\(root.name)>, not <caml>")
        }
        for child in root.children {
            if let layer = decodeObject(child, typeName: child.attributes["type"] ?? child.name) as? CALayer {
                decodeStates(under: layer)
                return layer
            }
        }
        throw CAMLError(path: path, line: root.line, column: root.column, message: "<caml> holds no layer")
    }

    /// Decodes one object element: a layer, an animation, or a scalar value type.
    func decodeObject(_ element: XMLTreeElement, typeName: String) -> Any? {
        if let reference = element.attributes["object"] {
            guard let object = objectsByID[reference] else {
                warn(element, "no object has id \"\(reference)\"")
                return nil
            }
            return object
        }
        if let layerClass = Self.layerClasses[typeName] {
            return decodeLayer(element, as: layerClass)
        }
        if Self.unbuiltLayerClasses.contains(typeName) {
            warn(element, "\(typeName) is not built yet; it loads as a plain CALayer")
            return decodeLayer(element, as: CALayer.self)
        }
        if let animationClass = Self.animationClasses[typeName] {
            return decodeAnimation(element, as: animationClass)
        }
        if typeName == "CAEmitterCell" {
            return decodeEmitterCell(element)
        }
        if typeName == "CAFilter" {
            return decodeFilter(element)
        }
        if typeName == "NSArray" {
            return decodeArray(element.children)
        }
        if typeName == "CGImage" {
            return decodeImage(element)
        }
        let text = element.attributes["value"] ?? element.trimmedText
        if let kind = Self.scalarKinds[typeName] {
            guard let value = scalar(text, opacity: element.attributes["opacity"], kind: kind) else {
                warn(element, "\"\(text)\" is not \(kind)")
                return nil
            }
            return value
        }
        switch typeName {
        case "string", "NSString": return text
        case "CAMediaTimingFunction":
            guard let function = CAMLValueText.timingFunction(text) else {
                warn(element, "\"\(text)\" is not a timing function name or four control points")
                return nil
            }
            return function
        default:
            warn(element, "unknown class \(typeName); ignored")
            return nil
        }
    }

    /// The objects of an array's child elements, in order; undecodable ones are left out.
    /// An array longer than ``CAMLValueText/maximumArrayCount`` is refused with a warning.
    func decodeArray(_ children: [XMLTreeElement]) -> [Any] {
        if children.count > CAMLValueText.maximumArrayCount {
            warn(
                children[0],
                "an array of \(children.count) elements (more than \(CAMLValueText.maximumArrayCount)); ignored")
            return []
        }
        return children.compactMap { decodeObject($0, typeName: $0.attributes["type"] ?? $0.name) }
    }

    /// Remembers `id` for later `object=` references.
    func register(_ object: AnyObject, of element: XMLTreeElement) {
        guard let id = element.attributes["id"] else { return }
        if objectsByID[id] == nil {
            objectsByID[id] = object
        }
    }

    /// The scalar types whose text the value grammars read, by CAML type name.
    static let scalarKinds: [String: ValueKind] = [
        "real": .number, "float": .number, "double": .number, "integer": .number, "int": .number,
        "NSNumber": .number, "BOOL": .bool, "bool": .bool, "CGPoint": .point, "CGSize": .size,
        "CGRect": .rect, "CATransform3D": .transform, "CGAffineTransform": .affineTransform,
        "CGColor": .color, "CGPath": .path,
    ]

    /// A scalar value read from text, as the plain Swift value client code would pass.
    /// Nil when the text does not fit, or `kind` is not one a text spells (arrays, images).
    func scalar(_ text: String, opacity: String?, kind: ValueKind) -> Any? {
        switch kind {
        case .number: CAMLValueText.number(text)
        case .bool: CAMLValueText.bool(text)
        case .point: CAMLValueText.point(text)
        case .size: CAMLValueText.size(text)
        case .rect: CAMLValueText.rect(text)
        case .transform: CAMLValueText.transform(text)
        case .affineTransform: CAMLValueText.affineTransform(text)
        case .color: CAMLValueText.color(text, opacity: opacity)
        case .path: CAMLValueText.path(text)
        case .image, .numberArray, .colorArray, .opaque: nil
        }
    }
}
