import Foundation

/// A value of a Lottie document with where it sits, so every error names the file and the
/// JSON path. Reading is bounded: the document's nesting, its numbers and its collections are
/// checked where they are read.
struct JSONNode {
    let value: JSONValue
    let context: ReadingContext
    /// Where the value is, kept in parts until an error or a warning needs it as text: a
    /// document has hundreds of thousands of numbers, and formatting a path for each is most
    /// of the cost of reading it.
    private let location: Location

    private enum Location {
        case path(String)
        case member(parent: String, key: String)
        case element(parent: String, index: Int)
    }

    /// The document `data` holds, at the root of a new reading context named `file`; an error
    /// naming `file` when it is not JSON.
    static func document(_ data: Data, file: String, limits: ReadingLimits = .standard) throws(LottieError)
        -> JSONNode
    {
        do {
            return JSONNode(
                value: try JSONReader.read(data), path: "", context: ReadingContext(file: file, limits: limits))
        } catch {
            throw LottieError(file: file, path: "", message: "is not JSON: \(error.message)")
        }
    }

    /// The bytes of a file a user names beside the animation (values, slots, a variants list):
    /// a regular file of at most the standard size, else an error saying which it is not.
    static func userFile(_ url: URL) throws(LottieError) -> Data {
        let limit = ReadingLimits.standard.maximumFileSize
        guard let data = ImageDecoding.regularFileData(url, maximumSize: limit) else {
            throw LottieError(
                file: url.path, path: "",
                message: FileManager.default.fileExists(atPath: url.path)
                    ? "is not a regular file of at most \(limit) bytes" : "does not exist")
        }
        return data
    }

    init(value: JSONValue, path: String, context: ReadingContext) {
        self.value = value
        self.context = context
        location = .path(path)
    }

    private init(value: JSONValue, location: Location, context: ReadingContext) {
        self.value = value
        self.context = context
        self.location = location
    }

    /// The JSON path, as `layers[3].shapes[2].ks.k[1].s`.
    var path: String {
        switch location {
        case .path(let path): path
        case .member(let parent, let key): parent.isEmpty ? key : "\(parent).\(key)"
        case .element(let parent, let index): "\(parent)[\(index)]"
        }
    }

    /// The value at `key`, or nil when the object has no such key (or the value is `null`).
    subscript(key: String) -> JSONNode? {
        guard case .object(let object) = value, let child = object[key] else { return nil }
        if case .null = child { return nil }
        return JSONNode(value: child, location: .member(parent: path, key: key), context: context)
    }

    func error(_ message: String) -> LottieError {
        LottieError(file: context.file, path: path, message: message)
    }

    func warn(_ message: String) {
        context.warn(path: path, message)
    }

    /// Records that the file uses `feature` here.
    func use(_ feature: LottieFeature) {
        context.use(feature, at: path)
    }

    /// The value at `key`, which must be there.
    func required(_ key: String) throws(LottieError) -> JSONNode {
        guard let child = self[key] else { throw error("the required field \"\(key)\" is missing") }
        return child
    }

    var isObject: Bool {
        if case .object = value { return true }
        return false
    }

    var isArray: Bool {
        if case .array = value { return true }
        return false
    }

    /// The elements of an array, each with its index in the path.
    func elements() throws(LottieError) -> [JSONNode] {
        guard case .array(let array) = value else { throw error("expected an array, found \(kind)") }
        if array.count > context.limits.maximumElements {
            throw error("has \(array.count) elements; at most \(context.limits.maximumElements) are read")
        }
        let parent = path
        return array.enumerated().map {
            JSONNode(value: $1, location: .element(parent: parent, index: $0), context: context)
        }
    }

    /// A finite number of at most `ReadingLimits.maximumMagnitude` (JSON booleans are numbers
    /// here, as After Effects writes 0 and 1).
    func number() throws(LottieError) -> Double {
        let double: Double
        switch value {
        case .number(let number): double = number
        case .bool(let bool): double = bool ? 1 : 0
        case .array(let array):
            // Some exporters write a one-element array where a number belongs.
            guard array.count == 1 else { throw error("expected a number, found \(kind)") }
            return try JSONNode(value: array[0], location: .element(parent: path, index: 0), context: context).number()
        default: throw error("expected a number, found \(kind)")
        }
        guard double.isFinite else { throw error("is \(double); numbers must be finite") }
        // Far past any picture, and where sums and products of values could overflow.
        guard abs(double) <= context.limits.maximumMagnitude else {
            let limit = String(format: "%g", context.limits.maximumMagnitude)
            throw error("\(double) is out of range (numbers up to ±\(limit) are read)")
        }
        return double
    }

    func number(_ key: String, default fallback: Double) throws(LottieError) -> Double {
        guard let child = self[key] else { return fallback }
        return try child.number()
    }

    func integer(_ key: String, default fallback: Int) throws(LottieError) -> Int {
        guard let child = self[key] else { return fallback }
        return try child.integer()
    }

    /// A number rounded to an integer (`ind`, `parent`, `ty`…); `number()` has bounded it, so
    /// the conversion cannot trap.
    func integer() throws(LottieError) -> Int {
        let number = try self.number()
        guard abs(number) < 1e15 else { throw error("\(number) is out of range for an integer") }
        return Int(number.rounded())
    }

    func bool(_ key: String) throws(LottieError) -> Bool {
        guard let child = self[key] else { return false }
        if case .bool(let bool) = child.value { return bool }
        return try child.number() != 0
    }

    func string() throws(LottieError) -> String {
        guard case .string(let string) = value else { throw error("expected a string, found \(kind)") }
        return string
    }

    func string(_ key: String) throws(LottieError) -> String? {
        try self[key]?.string()
    }

    /// An array of finite numbers.
    func numbers() throws(LottieError) -> [Double] {
        guard case .array(let array) = value else {
            switch value {
            case .number, .bool: return [try number()]
            default: throw error("expected an array, found \(kind)")
            }
        }
        guard array.count <= context.limits.maximumElements else {
            throw error("has \(array.count) elements; at most \(context.limits.maximumElements) are read")
        }
        let parent = path
        var result: [Double] = []
        result.reserveCapacity(array.count)
        for (index, element) in array.enumerated() {
            result.append(
                try JSONNode(value: element, location: .element(parent: parent, index: index), context: context)
                    .number())
        }
        return result
    }

    /// What the value is, for errors (a boolean is a number here).
    var kind: String {
        switch value {
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        case .number, .bool: "a number"
        case .null: "null"
        }
    }
}

/// What reading one document shares: its name for errors, its warnings, the features it
/// uses, and the bounds.
final class ReadingContext {
    let file: String
    let limits: ReadingLimits
    /// The warnings and the first use of each feature, in the order they were met.
    private(set) var notes: [ReadingNote] = []
    private var warned: Set<String> = []
    /// Where each feature is in ``notes``.
    private var featureNotes: [LottieFeature: Int] = [:]
    /// The slots properties marked with a slot id (`sid`) take their value from: the file's
    /// `slots`, then those given from outside, each id's property node (`p`).
    var slots: [String: JSONNode] = [:]
    /// Whether Bodymovin before 4.4.18 wrote the file: it kept a path's closed flag on its
    /// shape item (`closed`), not in the path (`c`).
    var keepsClosedOnShapeItems = false

    init(file: String, limits: ReadingLimits) {
        self.file = file
        self.limits = limits
    }

    /// Records a warning once per message: the same feature in many places warns once, naming
    /// the first place.
    func warn(path: String, _ message: String) {
        guard warned.insert(message).inserted else { return }
        notes.append(.warning(LottieWarning(path: path, message: message)))
    }

    /// Records that the file uses `feature` at `path`: its first place, and one more place.
    func use(_ feature: LottieFeature, at path: String) {
        if let index = featureNotes[feature], case .feature(var use) = notes[index] {
            use.count += 1
            notes[index] = .feature(use)
            return
        }
        featureNotes[feature] = notes.count
        notes.append(.feature(LottieFeatureUse(feature: feature, path: path, count: 1)))
    }
}

/// A warning, or a feature a file uses, as reading met them.
enum ReadingNote: Sendable {
    case warning(LottieWarning)
    case feature(LottieFeatureUse)

    /// The features among `notes`, in the order met.
    static func features(in notes: [ReadingNote]) -> [LottieFeatureUse] {
        notes.compactMap {
            if case .feature(let use) = $0 { return use }
            return nil
        }
    }

    /// The warnings of `notes` for `engine`: every warning, and each feature the engine does
    /// not draw as After Effects does, with what it does instead.
    /// Each message once, at its first place.
    static func warnings(in notes: [ReadingNote], for engine: RenderingEngine) -> [LottieWarning] {
        var said: Set<String> = []
        return notes.compactMap {
            let warning: LottieWarning? =
                switch $0 {
                case .warning(let warning): warning
                case .feature(let use):
                    use.feature.support(in: engine).message.map { LottieWarning(path: use.path, message: $0) }
                }
            guard let warning, said.insert(warning.message).inserted else { return nil }
            return warning
        }
    }
}

/// The bounds on what a file may ask for; beyond them reading throws instead of running out
/// of memory or time. ``standard`` is what ``LottieAnimation`` reads with; the fuzz target and
/// the tests pass smaller bounds.
package struct ReadingLimits: Sendable {
    /// The largest array read (keyframes, vertices, layers, shapes).
    package var maximumElements = 200_000
    /// The deepest nesting of shape groups and precompositions.
    package var maximumDepth = 64
    /// The largest canvas side, in points.
    package var maximumSide = 16_384.0
    /// The longest animation, in frames.
    package var maximumFrames = 1_000_000.0
    /// The most vertices in one path.
    package var maximumVertices = 100_000
    /// The largest file read, in bytes.
    package var maximumFileSize = 256 << 20
    /// The largest magnitude of any number read: a billion points, frames or percent.
    package var maximumMagnitude = 1e9
    /// The most work making the layer tree may take, in keyframes made (``LayerTreeCost``):
    /// a keyframe takes about 10 µs in a debug build with AddressSanitizer, well under 1 µs in a
    /// release build. The costliest animation of the shared corpus is estimated at a
    /// thirteenth of it.
    package var maximumTreeCost = 2_000_000.0
    /// The processor seconds all of a file's expressions may take together (each step of one
    /// has its own limit, `ExpressionRuntime.timeLimit`): past it, the expressions not yet
    /// evaluated keep their keyframes. Evaluation costs about 20 µs an expression a frame.
    package var maximumExpressionSeconds = 30.0

    package init() {}

    package static let standard = ReadingLimits()
}
