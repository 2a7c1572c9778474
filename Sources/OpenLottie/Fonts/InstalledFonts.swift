import CFontconfig
import Foundation
import OpenCoreGraphics
import Synchronization
import TextMeasurement

/// The fonts the complete engine sets text without glyphs in: those of the font folders given
/// (`LottieConfiguration.fontFolders`, `carender --fonts`), then those installed, found by
/// fontconfig; their glyphs' outlines and advances read by FreeType, at size 100 as a file's
/// own glyphs are (`chars`), so that text set in them is laid out and drawn as glyph text.
///
/// A font is found as a browser finds it for lottie-web: by its PostScript name (`fName`,
/// which names the exact face the designer used), else by family with the weight and slant its
/// style words give (`fStyle`, or `fWeight` when the file gives it). A family found nowhere is
/// replaced by fontconfig's nearest face, which ``Match/isFamily`` tells. A character the face
/// lacks comes from the face fontconfig gives for it, as a browser falls back; one that no font
/// has takes no room and draws nothing.
///
/// One per set of folders in a process (``forFolders(_:)``); build-time only, behind a lock.
final class InstalledFonts: Sendable {
    /// A face of a font file.
    struct Face: Hashable, Sendable {
        var file: String
        var index: Int32
        /// The family the font says it is of (its first name).
        var family: String
    }

    /// The face found for a font.
    struct Match: Hashable, Sendable {
        var face: Face
        /// Whether the face is of the family asked for; false when another stands in.
        var isFamily: Bool
    }

    /// What a font asks for: a `fonts.list` entry's family, style words and weight, and its
    /// PostScript name.
    struct Request: Hashable, Sendable {
        var postScriptName: String
        var family: String
        var style: String
        /// `fWeight`: a CSS weight (`"700"`, `"bold"`); nil or empty to take the style's.
        var weight: String?
    }

    private struct GlyphKey: Hashable {
        var face: Face
        var scalar: UInt32
    }

    private struct State: ~Copyable {
        let folders: [URL]
        /// Made on first use (`loadedConfigs()`): fontconfig's set-up reads every configuration
        /// file and font cache, which a tree without text never needs.
        var configs: [OpaquePointer]?
        var library: FT_Library?
        var faces: [Face: FT_Face] = [:]
        var matches: [Request: Match?] = [:]
        var glyphs: [GlyphKey: FontLibrary.Glyph?] = [:]
        var fallbacks: [UInt32: Face?] = [:]

        /// Where fonts are looked for, made the first time they are: the folders' fonts alone
        /// (the configuration files, their cache folders and substitutions, without the
        /// system's fonts), then the system's with them.
        mutating func loadedConfigs() -> [OpaquePointer] {
            if let configs { return configs }
            var made: [OpaquePointer] = []
            if !folders.isEmpty, let own = FcInitLoadConfig() {
                for folder in folders { _ = FcConfigAppFontAddDir(own, folder.path) }
                made.append(own)
            }
            if let system = FcInitLoadConfigAndFonts() {
                for folder in folders { _ = FcConfigAppFontAddDir(system, folder.path) }
                made.append(system)
            }
            configs = made
            return made
        }
    }

    private let state: Mutex<State>

    private init(folders: [URL]) {
        var library: FT_Library?
        if FT_Init_FreeType(&library) != 0 { library = nil }
        state = Mutex(State(folders: folders, library: library))
    }

    private static let shared = Mutex<[[String]: InstalledFonts]>([:])

    /// The fonts of `folders` and of the system, made once per set of folders.
    static func forFolders(_ folders: [URL]) -> InstalledFonts {
        let key = folders.map(\.standardizedFileURL.path)
        return shared.withLock { cache in
            if let fonts = cache[key] { return fonts }
            let fonts = InstalledFonts(folders: folders)
            cache[key] = fonts
            return fonts
        }
    }

    // MARK: Finding

    /// The face `request` is set in; nil when there are no fonts at all.
    func match(_ request: Request) -> Match? {
        state.withLock { state in
            if let known = state.matches[request] { return known }
            let found = Self.find(request, configs: state.loadedConfigs())
            state.matches[request] = found
            return found
        }
    }

    private static func find(_ request: Request, configs: [OpaquePointer]) -> Match? {
        if !request.postScriptName.isEmpty {
            for config in configs {
                if let face = listed(postScriptName: request.postScriptName, in: config) {
                    return Match(face: face, isFamily: true)
                }
            }
        }
        var nearest: Match?
        for config in configs {
            guard let (face, families) = bestFace(for: request, in: config) else { continue }
            let wanted = squeezed(request.family)
            if families.contains(where: { squeezed($0) == wanted }) { return Match(face: face, isFamily: true) }
            nearest = Match(face: face, isFamily: false)
        }
        return nearest
    }

    /// Names compared without case and spaces: "Open Sans" is "OpenSans".
    private static func squeezed(_ name: String) -> String {
        name.lowercased().filter { !$0.isWhitespace }
    }

    /// The face whose PostScript name is `name`, in `config`.
    private static func listed(postScriptName name: String, in config: OpaquePointer) -> Face? {
        guard let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        add(name, FC_POSTSCRIPT_NAME, to: pattern)
        guard let objects = FcObjectSetCreate() else { return nil }
        defer { FcObjectSetDestroy(objects) }
        for object in [FC_FILE, FC_INDEX, FC_FAMILY] { _ = FcObjectSetAdd(objects, object) }
        guard let set = FcFontList(config, pattern, objects) else { return nil }
        defer { FcFontSetDestroy(set) }
        guard set.pointee.nfont > 0, let font = set.pointee.fonts[0] else { return nil }
        return face(of: font)
    }

    /// fontconfig's best face for `request`'s family, weight and slant in `config`, with the
    /// families it names.
    private static func bestFace(for request: Request, in config: OpaquePointer) -> (Face, [String])? {
        guard let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        if !request.family.isEmpty { add(request.family, FC_FAMILY, to: pattern) }
        // The weight and slant by the renderer's rule for a font name's style words.
        let style = FontStyle(words: request.style, weight: request.weight)
        _ = FcPatternAddInteger(pattern, FC_WEIGHT, FcWeightFromOpenType(Int32(style.weight)))
        _ = FcPatternAddInteger(pattern, FC_SLANT, style.isItalic ? Int32(FC_SLANT_ITALIC) : Int32(FC_SLANT_ROMAN))
        return bestFace(for: pattern, in: config)
    }

    private static func bestFace(for pattern: OpaquePointer, in config: OpaquePointer) -> (Face, [String])? {
        _ = FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultMatch
        guard let match = FcFontMatch(config, pattern, &result) else { return nil }
        defer { FcPatternDestroy(match) }
        guard let face = face(of: match) else { return nil }
        return (face, strings(FC_FAMILY, of: match))
    }

    private static func add(_ string: String, _ object: String, to pattern: OpaquePointer) {
        string.withCString { value in
            value.withMemoryRebound(to: FcChar8.self, capacity: strlen(value) + 1) { value in
                _ = FcPatternAddString(pattern, object, value)
            }
        }
    }

    private static func strings(_ object: String, of pattern: OpaquePointer) -> [String] {
        var values: [String] = []
        var value: UnsafeMutablePointer<FcChar8>?
        while FcPatternGetString(pattern, object, Int32(values.count), &value) == FcResultMatch, let value {
            values.append(String(cString: value))
        }
        return values
    }

    private static func face(of pattern: OpaquePointer) -> Face? {
        guard let file = strings(FC_FILE, of: pattern).first else { return nil }
        var index: Int32 = 0
        _ = FcPatternGetInteger(pattern, FC_INDEX, 0, &index)
        return Face(file: file, index: index, family: strings(FC_FAMILY, of: pattern).first ?? "")
    }

    // MARK: Glyphs

    /// `character`'s glyph in `face` at size 100 (its baseline at y = 0, y growing
    /// downwards), or in the face fontconfig gives for it when `face` has none; nil when no
    /// font has it.
    func glyph(of character: Character, in face: Face) -> FontLibrary.Glyph? {
        guard let scalar = character.unicodeScalars.first?.value else { return nil }
        return state.withLock { state in
            if let glyph = Self.glyph(scalar, in: face, state: &state) { return glyph }
            let fallback: Face?
            if let known = state.fallbacks[scalar] {
                fallback = known
            } else {
                fallback = Self.fallback(for: scalar, near: face, configs: state.loadedConfigs())
                state.fallbacks[scalar] = fallback
            }
            guard let fallback, fallback != face else { return nil }
            return Self.glyph(scalar, in: fallback, state: &state)
        }
    }

    /// The face fontconfig gives for a character, among those that have it.
    private static func fallback(for scalar: UInt32, near face: Face, configs: [OpaquePointer]) -> Face? {
        guard let config = configs.last, let pattern = FcPatternCreate(), let characters = FcCharSetCreate()
        else { return nil }
        defer {
            FcPatternDestroy(pattern)
            FcCharSetDestroy(characters)
        }
        _ = FcCharSetAddChar(characters, scalar)
        add(face.family, FC_FAMILY, to: pattern)
        _ = FcPatternAddCharSet(pattern, FC_CHARSET, characters)
        _ = FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultMatch
        guard let match = FcFontMatch(config, pattern, &result) else { return nil }
        defer { FcPatternDestroy(match) }
        var has: OpaquePointer?
        guard FcPatternGetCharSet(match, FC_CHARSET, 0, &has) == FcResultMatch, let has,
            FcCharSetHasChar(has, scalar) != 0
        else { return nil }
        return Self.face(of: match)
    }

    /// The glyph of `scalar` in `face`, read once; nil when the face has none.
    private static func glyph(_ scalar: UInt32, in face: Face, state: inout State) -> FontLibrary.Glyph? {
        let key = GlyphKey(face: face, scalar: scalar)
        if let known = state.glyphs[key] { return known }
        var glyph: FontLibrary.Glyph?
        if let loaded = Self.face(face, state: &state) {
            glyph = Self.read(scalar, from: loaded)
        }
        state.glyphs[key] = glyph
        return glyph
    }

    /// `face` opened by FreeType (once); nil when it cannot be, or has no outlines.
    private static func face(_ face: Face, state: inout State) -> FT_Face? {
        if let open = state.faces[face] { return open }
        guard let library = state.library else { return nil }
        var opened: FT_Face?
        guard FT_New_Face(library, face.file, FT_Long(face.index), &opened) == 0, let opened else { return nil }
        // Only scalable faces (FT_FACE_FLAG_SCALABLE) have outlines to draw.
        guard opened.pointee.face_flags & 1 != 0, opened.pointee.units_per_EM > 0 else {
            FT_Done_Face(opened)
            return nil
        }
        state.faces[face] = opened
        return opened
    }

    private static func read(_ scalar: UInt32, from face: FT_Face) -> FontLibrary.Glyph? {
        let index = FT_Get_Char_Index(face, FT_ULong(scalar))
        // FT_LOAD_NO_SCALE: the outline and advance in the font's own units, unhinted.
        guard index != 0, FT_Load_Glyph(face, index, 1) == 0, let slot = face.pointee.glyph else { return nil }
        let scale = 100 / Double(face.pointee.units_per_EM)
        let width = Double(slot.pointee.metrics.horiAdvance) * scale
        guard slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE, slot.pointee.outline.n_points > 0 else {
            return FontLibrary.Glyph(width: width, outline: nil)
        }
        let outline = OutlineReader(scale: scale)
        var funcs = FT_Outline_Funcs(
            move_to: { to, user in OutlineReader.from(user).move(to) },
            line_to: { to, user in OutlineReader.from(user).line(to) },
            conic_to: { control, to, user in OutlineReader.from(user).quad(control, to) },
            cubic_to: { first, second, to, user in OutlineReader.from(user).cubic(first, second, to) },
            shift: 0, delta: 0)
        let status = withExtendedLifetime(outline) {
            FT_Outline_Decompose(&slot.pointee.outline, &funcs, Unmanaged.passUnretained(outline).toOpaque())
        }
        guard status == 0 else { return FontLibrary.Glyph(width: width, outline: nil) }
        return FontLibrary.Glyph(width: width, outline: outline.finished())
    }
}

/// Turns a FreeType outline into a path at size 100, y down.
private final class OutlineReader {
    let path = CGMutablePath()
    let scale: Double
    private var isOpen = false

    init(scale: Double) {
        self.scale = scale
    }

    static func from(_ user: UnsafeMutableRawPointer?) -> OutlineReader {
        Unmanaged<OutlineReader>.fromOpaque(user!).takeUnretainedValue()
    }

    private func point(_ vector: UnsafePointer<FT_Vector>?) -> CGPoint {
        guard let vector else { return .zero }
        return CGPoint(x: Double(vector.pointee.x) * scale, y: -Double(vector.pointee.y) * scale)
    }

    func move(_ to: UnsafePointer<FT_Vector>?) -> Int32 {
        if isOpen { path.closeSubpath() }
        path.move(to: point(to))
        isOpen = true
        return 0
    }

    func line(_ to: UnsafePointer<FT_Vector>?) -> Int32 {
        path.addLine(to: point(to))
        return 0
    }

    func quad(_ control: UnsafePointer<FT_Vector>?, _ to: UnsafePointer<FT_Vector>?) -> Int32 {
        path.addQuadCurve(to: point(to), control: point(control))
        return 0
    }

    func cubic(
        _ first: UnsafePointer<FT_Vector>?, _ second: UnsafePointer<FT_Vector>?, _ to: UnsafePointer<FT_Vector>?
    ) -> Int32 {
        path.addCurve(to: point(to), control1: point(first), control2: point(second))
        return 0
    }

    func finished() -> CGPath? {
        if isOpen { path.closeSubpath() }
        return path.isEmpty ? nil : path
    }
}
