import Foundation
import OpenCoreGraphics
import OpenQuartzCore

/// What a template changes in an animation, read from a values file (`carender --values`):
/// value providers by keypath, one picture for every image asset, texts, a viewport.
///
///     {
///       "valueProviders": [
///         {"keypath": "**.Fill 1.Color", "color": [1, 0, 0, 1]},
///         {"keypath": "Logo.Transform.Scale", "point": [120, 120]}
///       ],
///       "imageProvider": {"image": "photo.jpg", "contentsGravity": "resizeAspectFill"},
///       "textProvider": {"dictionary": {"Title": "Hello"}},
///       "fontProvider": {"dictionary": {"Roboto-Bold": "Georgia"}},
///       "slots": {"bg": {"p": {"a": 0, "k": [0, 0, 1, 1]}}},
///       "viewport": [0, 0, 200, 100]
///     }
///
/// A provider is `color` (`[r, g, b, a]`, 0–1), `colorKeyframes`, `float` (in the property's
/// Lottie units), `floatKeyframes`, `point` (`[x, y]`), `pointKeyframes`, `size`
/// (`[width, height]`) or `gradient` (`{"colors": [[r, g, b, a], …], "locations": [0, …]}`);
/// keyframes are `[{"time": FRAME, "value": V}, …]`, linear between them. `textProvider` is
/// `{"text": S}` (every text layer) or `{"dictionary": {KEYPATH or NAME: S}}`; `fontProvider`
/// is `{"dictionary": {FILE'S FONT NAME: FONT NAME}}` (``DictionaryFontProvider``); `slots`
/// fill the properties the file marks with slot ids (``LottieSlots``; they apply as the
/// animation is read, so ``apply(to:)`` leaves them out: `carender` reads the file with them). Paths (the
/// image) are relative to the values file. Errors name the file and the JSON path.
public struct LottieValues: Sendable {
    /// One provider, with where the values file set it (for messages).
    public struct Setting: Sendable {
        public var keypath: AnimationKeypath
        public var provider: any AnyValueProvider
        /// The JSON path of the setting, as `valueProviders[2]`.
        public var place: String

        public init(keypath: AnimationKeypath, provider: any AnyValueProvider, place: String = "") {
            self.keypath = keypath
            self.provider = provider
            self.place = place
        }
    }

    /// The file the values came from, for messages.
    public var source: String
    public var valueProviders: [Setting] = []
    public var imageProvider: (any AnimationImageProvider)?
    public var textProvider: (any AnimationKeypathTextProvider)?
    public var fontProvider: (any AnimationFontProvider)?
    /// Values for the file's slots, applied when the animation is read.
    public var slots: LottieSlots?
    /// lottie-ios's `viewportFrame`, in the animation's points.
    public var viewport: CGRect?

    /// No changes.
    public init(source: String = "<values>") {
        self.source = source
    }

    /// Reads a values file.
    public init(contentsOf url: URL) throws(LottieError) {
        let data = try JSONNode.userFile(url)
        try self.init(data: data, name: url.path, folder: url.deletingLastPathComponent())
    }

    /// Reads values from JSON text; `name` names it in errors and the image's path is
    /// relative to `folder`.
    public init(data: Data, name: String, folder: URL) throws(LottieError) {
        try self.init(reading: try JSONNode.document(data, file: name), folder: folder, ignoring: [])
    }

    /// The values of a JSON object, `ignoring` the keys someone else reads (a variants row's
    /// `output`).
    init(reading root: JSONNode, folder: URL, ignoring: Set<String>) throws(LottieError) {
        source = root.context.file
        guard case .object(let object) = root.value else {
            throw root.error("a values file is a JSON object, found \(root.kind)")
        }
        let known = ["valueProviders", "imageProvider", "textProvider", "fontProvider", "slots", "viewport"]
        if let unknown = object.keys.sorted().first(where: { !known.contains($0) && !ignoring.contains($0) }) {
            throw root.error(
                "\"\(unknown)\" is not a setting; the settings are "
                    + (Array(ignoring).sorted() + known).map { "\"\($0)\"" }.joined(separator: ", "))
        }
        for node in try root["valueProviders"]?.elements() ?? [] {
            valueProviders.append(try Self.setting(node))
        }
        if let node = root["imageProvider"] {
            imageProvider = try Self.imageProvider(node, folder: folder)
        }
        if let node = root["textProvider"] {
            textProvider = try Self.textProvider(node)
        }
        if let node = root["slots"] {
            slots = try LottieSlots(reading: node)
        }
        if let node = root["fontProvider"] {
            fontProvider = DictionaryFontProvider(try Self.strings(node, what: "fonts"))
        }
        if let node = root["viewport"] {
            let numbers = try node.numbers()
            guard numbers.count == 4, numbers[2] > 0, numbers[3] > 0 else {
                throw node.error("a viewport is [x, y, width, height] with a width and height above 0")
            }
            viewport = CGRect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
        }
    }

    /// These values with `other`'s after them: its providers set later (so they win where
    /// keypaths overlap), its image provider, text provider and viewport instead of these
    /// where it has them.
    public func adding(_ other: LottieValues) -> LottieValues {
        var result = self
        result.valueProviders += other.valueProviders
        if let image = other.imageProvider { result.imageProvider = image }
        if let text = other.textProvider { result.textProvider = text }
        if let font = other.fontProvider { result.fontProvider = font }
        result.slots = LottieSlots.layered(other.slots, on: slots)
        if let viewport = other.viewport { result.viewport = viewport }
        result.source = other.source
        return result
    }

    /// Sets the values on `layer`.
    public func apply(to layer: LottieAnimationLayer) {
        layer.batchingRebuilds {
            for setting in valueProviders {
                layer.setValueProvider(setting.provider, keypath: setting.keypath)
            }
            if let imageProvider { layer.imageProvider = imageProvider }
            if let textProvider { layer.textProvider = textProvider }
            if let fontProvider { layer.fontProvider = fontProvider }
            if let viewport { layer.viewportFrame = viewport }
        }
    }

    /// What in these values would change nothing in `animation`: a keypath that matches no
    /// property (with the closest keypaths it has) or properties of another kind. Each
    /// warning names the values file's setting.
    public func problems(with animation: LottieAnimation) -> [LottieWarning] {
        var store = ValueProviderStore()
        var places: [AnimationKeypath: String] = [:]
        for setting in valueProviders {
            store.set(setting.provider, keypath: setting.keypath)
            places[setting.keypath] = setting.place
        }
        return store.problems(in: animation).map { problem in
            LottieWarning(
                path: "\(source): \(places[problem.keypath] ?? "")",
                message: "the keypath \"\(problem.keypath.fullPath)\" \(problem.message)")
        }
    }

    // MARK: Reading

    private static func setting(_ node: JSONNode) throws(LottieError) -> Setting {
        guard case .object(let object) = node.value else {
            throw node.error("a value provider is an object, found \(node.kind)")
        }
        let keypath = try node.required("keypath").string()
        guard !keypath.isEmpty else { throw try node.required("keypath").error("the keypath is empty") }
        let kinds = [
            "color", "colorKeyframes", "float", "floatKeyframes", "point", "pointKeyframes", "size", "gradient",
        ]
        let given = object.keys.filter { $0 != "keypath" }.sorted()
        guard given.count == 1, let kind = given.first, kinds.contains(kind), let value = node[kind] else {
            throw node.error(
                "a value provider has a \"keypath\" and one of "
                    + kinds.map { "\"\($0)\"" }.joined(separator: ", ")
                    + (given.isEmpty
                        ? "; it has none" : "; it has " + given.map { "\"\($0)\"" }.joined(separator: ", ")))
        }
        let provider: any AnyValueProvider
        switch kind {
        case "color": provider = ColorValueProvider(try color(value))
        case "colorKeyframes":
            provider = ColorValueProvider(try keyframes(value) { n throws(LottieError) in try color(n) })
        case "float": provider = FloatValueProvider(CGFloat(try value.number()))
        case "floatKeyframes":
            provider = FloatValueProvider(try keyframes(value) { n throws(LottieError) in CGFloat(try n.number()) })
        case "point": provider = PointValueProvider(try pair(value, "a point", "[x, y]"))
        case "pointKeyframes":
            provider = PointValueProvider(
                try keyframes(value) { n throws(LottieError) in try pair(n, "a point", "[x, y]") })
        case "size":
            let size = try pair(value, "a size", "[width, height]")
            provider = SizeValueProvider(CGSize(width: size.x, height: size.y))
        default:
            let gradient = try gradient(value)
            provider = GradientValueProvider(gradient.colors, locations: gradient.locations)
        }
        return Setting(keypath: AnimationKeypath(keypath: keypath), provider: provider, place: node.path)
    }

    /// `[r, g, b]` or `[r, g, b, a]`, each from 0 to 1.
    private static func color(_ node: JSONNode) throws(LottieError) -> LottieColor {
        let numbers = try node.numbers()
        guard numbers.count == 3 || numbers.count == 4, numbers.allSatisfy({ (0...1).contains($0) }) else {
            throw node.error(
                "a colour is [r, g, b, a] with each from 0 to 1; found [\(numbers.map { String(format: "%g", $0) }.joined(separator: ", "))]"
            )
        }
        return LottieColor(r: numbers[0], g: numbers[1], b: numbers[2], a: numbers.count == 4 ? numbers[3] : 1)
    }

    private static func pair(_ node: JSONNode, _ what: String, _ shape: String) throws(LottieError) -> CGPoint {
        let numbers = try node.numbers()
        guard numbers.count == 2 else { throw node.error("\(what) is \(shape); found \(numbers.count) numbers") }
        return CGPoint(x: numbers[0], y: numbers[1])
    }

    private static func keyframes<Value>(
        _ node: JSONNode, _ read: (JSONNode) throws(LottieError) -> Value
    ) throws(LottieError) -> [Keyframe<Value>] {
        let elements = try node.elements()
        guard !elements.isEmpty else { throw node.error("keyframes need at least one keyframe") }
        var result: [Keyframe<Value>] = []
        for element in elements {
            let timeNode = try element.required("time")
            let time = try timeNode.number()
            if let last = result.last, time < last.time {
                throw timeNode.error("keyframe time \(time) comes before the previous keyframe's \(last.time)")
            }
            result.append(Keyframe(value: try read(try element.required("value")), time: time))
        }
        return result
    }

    private static func gradient(_ node: JSONNode) throws(LottieError) -> LottieGradient {
        let colorNodes = try node.required("colors").elements()
        guard !colorNodes.isEmpty else { throw try node.required("colors").error("a gradient needs colours") }
        var colors: [LottieColor] = []
        for colorNode in colorNodes { colors.append(try color(colorNode)) }
        let locations = try node["locations"]?.numbers() ?? []
        if !locations.isEmpty, locations.count != colors.count {
            throw try node.required("locations").error(
                "\(locations.count) locations for \(colors.count) colours; give one location a colour, or none")
        }
        return LottieGradient(colors: colors, locations: locations)
    }

    /// The picture at `relative` (to `folder`), or why there is none.
    static func picture(_ relative: String, folder: URL) -> Result<CGImage, PictureProblem> {
        let url = URL(fileURLWithPath: relative, relativeTo: folder).standardizedFileURL
        guard let data = ImageDecoding.regularFileData(url, maximumSize: ReadingLimits.standard.maximumFileSize)
        else {
            return .failure(PictureProblem(reason: "the image \(url.path) does not exist or is not a regular file"))
        }
        guard let image = ImageDecoding.decode(data) else {
            return .failure(
                PictureProblem(reason: "the image \(url.path) cannot be decoded (PNG, JPEG, WebP or GIF are read)"))
        }
        return .success(image)
    }

    private static func imageProvider(_ node: JSONNode, folder: URL) throws(LottieError)
        -> any AnimationImageProvider
    {
        let imageNode = try node.required("image")
        let image: CGImage
        switch picture(try imageNode.string(), folder: folder) {
        case .success(let found): image = found
        case .failure(let problem): throw imageNode.error(problem.reason)
        }
        var gravity = CALayerContentsGravity.resize
        if let gravityNode = node["contentsGravity"] {
            let names = [
                "center", "top", "bottom", "left", "right", "topLeft", "topRight", "bottomLeft", "bottomRight",
                "resize", "resizeAspect", "resizeAspectFill",
            ]
            let name = try gravityNode.string()
            guard names.contains(name) else {
                throw gravityNode.error(
                    "\"\(name)\" is not a contents gravity; one of \(names.joined(separator: ", "))")
            }
            gravity = CALayerContentsGravity(rawValue: name)
        }
        return OneImageProvider(image: image, gravity: gravity)
    }

    private static func textProvider(_ node: JSONNode) throws(LottieError) -> any AnimationKeypathTextProvider {
        if let text = node["text"] { return HardcodedTextProvider(text: try text.string()) }
        if node["dictionary"] != nil { return DictionaryTextProvider(try strings(node, what: "texts")) }
        throw node.error("a text provider is {\"text\": S} or {\"dictionary\": {KEYPATH: S, …}}")
    }

    /// The strings of `{"dictionary": {KEY: S, …}}`.
    private static func strings(_ node: JSONNode, what: String) throws(LottieError) -> [String: String] {
        guard let dictionary = node["dictionary"] else {
            throw node.error("\(what) are given as {\"dictionary\": {NAME: S, …}}")
        }
        guard case .object(let object) = dictionary.value else {
            throw dictionary.error("a dictionary of \(what) is an object, found \(dictionary.kind)")
        }
        var values: [String: String] = [:]
        for key in object.keys.sorted() {
            guard let value = dictionary[key] else { continue }
            values[key] = try value.string()
        }
        return values
    }
}

/// Why a picture could not be had.
struct PictureProblem: Error {
    let reason: String
}

/// One picture for every image asset.
struct OneImageProvider: AnimationImageProvider {
    let image: CGImage
    let gravity: CALayerContentsGravity

    func imageForAsset(asset: ImageAsset) -> CGImage? { image }
    func contentsGravity(for asset: ImageAsset) -> CALayerContentsGravity { gravity }
}
