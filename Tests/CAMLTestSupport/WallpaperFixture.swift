import CZlib
import Foundation

/// Writes a zip archive at `url` holding `entries` (name → bytes) in order, deflated unless
/// `compressed` is false. The names are written as given, `../` included.
public func writeZip(_ entries: [(path: String, data: Data)], to url: URL, compressed: Bool = true) throws {
    let raw = try entries.map { path, data in
        RawZipEntry(
            name: path, method: compressed ? 8 : 0, data: try compressed ? RawZipEntry.deflated(data) : data,
            crc32: RawZipEntry.crc32(of: data), uncompressedSize: UInt32(data.count))
    }
    try rawZip(raw).write(to: url)
}

/// A small `.tendies` wallpaper package written for the tests: three 390 × 844 bundles laid out
/// as CAPlayground writes them (FORMAT.md §1 item 5), each with the states `Locked`, `Unlock`
/// and `Sleep` and linear one-second transitions into `Locked` and `Unlock`.
///
/// - Background: a blue root; a yellow 60 × 60 `sun` at x 195, y 100 when Locked, 700 when
///   Unlock (y up: near the bottom, then near the top).
/// - Floating: a red 100 × 100 `logo` at y 422, x 195 when Locked, 95 when Unlock.
/// - Foreground: a green 40 × 40 `badge` at (195, 422), opacity 1 when Locked, 0 when Unlock.
///
/// With no state set the layers keep their document values, which are the Locked ones.
public enum WallpaperFixture {
    /// The `.wallpaper` folder inside the archive.
    public static let folder =
        "descriptors/6A1B2C3D-0000-4000-8000-00000000CAFE/versions/0/contents/7400.WWDC_2022-390w-844h@3x~iphone.wallpaper"

    /// The folder name of the bundle for `role` ("Background", "Floating", "Foreground").
    public static func bundleName(_ role: String) -> String {
        "7400.WWDC_2022_\(role)-390w-844h@3x~iphone.ca"
    }

    static let header = #"<?xml version="1.0" encoding="UTF-8"?><caml xmlns="http://www.apple.com/CoreAnimation/1.0">"#

    /// A root of 390 × 844 holding `sublayers`, with the three states setting `keyPath` of
    /// the layer `target` to `locked` or `unlock`, and linear transitions of one second into
    /// Locked and Unlock.
    public static func document(
        root: String = "", sublayers: String, target: String, keyPath: String, locked: Double, unlock: Double
    ) -> String {
        func state(_ name: String, _ value: Double) -> String {
            """
            <LKState name="\(name)"><elements>
              <LKStateSetValue targetId="\(target)" keyPath="\(keyPath)"><value type="real" value="\(value)"/></LKStateSetValue>
            </elements></LKState>
            """
        }
        func transition(to name: String) -> String {
            """
            <LKStateTransition fromState="*" toState="\(name)"><elements>
              <LKStateTransitionElement key="\(keyPath)" targetId="\(target)">
                <animation type="CABasicAnimation" keyPath="\(keyPath)" duration="1" timingFunction="linear" fillMode="backwards"/>
              </LKStateTransitionElement>
            </elements></LKStateTransition>
            <LKStateTransition fromState="\(name)" toState="*"><elements/></LKStateTransition>
            """
        }
        return header + """
            <CALayer id="root" name="Root Layer" bounds="0 0 390 844" position="195 422" \(root)>
              <sublayers>\(sublayers)</sublayers>
              <states>\(state("Locked", locked))\(state("Unlock", unlock))<LKState name="Sleep"><elements/></LKState></states>
              <stateTransitions>\(transition(to: "Locked"))\(transition(to: "Unlock"))</stateTransitions>
            </CALayer></caml>
            """
    }

    public static let background = document(
        root: #"backgroundColor="0 0 1""#,
        sublayers: #"<CALayer id="sun" name="sun" bounds="0 0 60 60" position="195 100" backgroundColor="1 1 0"/>"#,
        target: "sun", keyPath: "position.y", locked: 100, unlock: 700)
    public static let floating = document(
        sublayers: #"<CALayer id="logo" name="logo" bounds="0 0 100 100" position="195 422" backgroundColor="1 0 0"/>"#,
        target: "logo", keyPath: "position.x", locked: 195, unlock: 95)
    public static let foreground = document(
        sublayers: #"<CALayer id="badge" name="badge" bounds="0 0 40 40" position="195 422" backgroundColor="0 1 0"/>"#,
        target: "badge", keyPath: "opacity", locked: 1, unlock: 0)

    /// `Wallpaper.plist` as CAPlayground writes it (binary), naming `bundles` by role; a role
    /// left out is left out of the dictionary.
    public static func wallpaperPlist(
        _ bundles: [String: String], type: String = "LayeredAnimation"
    ) throws -> Data {
        var description: [String: Any] = ["type": type, "identifier": "7400", "name": "WWDC_2022"]
        let keys = [
            "Background": "backgroundAnimationFileName", "Floating": "floatingAnimationFileNameKey",
            "Foreground": "foregroundAnimationFileName", "Asset": "assetFileName",
        ]
        for (role, name) in bundles {
            description[keys[role] ?? role] = name
        }
        let plist: [String: Any] = [
            "assets": ["lockAndHome": ["default": description]],
            "logicalScreenClass": "390w-844h@3x~iphone", "family": "WWDC_2022", "appearanceAware": false,
        ]
        return try PropertyListSerialization.data(fromPropertyList: plist, format: .binary, options: 0)
    }

    /// The entries of a bundle folder `name` under ``folder`` holding `document` as
    /// `main.caml`, with its `index.xml`.
    public static func bundleEntries(_ name: String, document: String) -> [(path: String, data: Data)] {
        let index = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>rootDocument</key><string>main.caml</string>\
            <key>documentWidth</key><real>390</real><key>documentHeight</key><real>844</real></dict></plist>
            """
        return [
            ("\(folder)/\(name)/index.xml", Data(index.utf8)),
            ("\(folder)/\(name)/main.caml", Data(document.utf8)),
        ]
    }

    /// The whole package: the three bundles (or `documents`, role → CAML) and a
    /// `Wallpaper.plist` naming them, plus any `extra` entries.
    public static func write(
        to url: URL, documents: [String: String]? = nil, extra: [(path: String, data: Data)] = []
    ) throws {
        let documents = documents ?? ["Background": background, "Floating": floating, "Foreground": foreground]
        var entries: [(path: String, data: Data)] = [
            (
                "\(folder)/Wallpaper.plist",
                try wallpaperPlist(Dictionary(uniqueKeysWithValues: documents.keys.map { ($0, bundleName($0)) }))
            )
        ]
        for role in ["Background", "Floating", "Foreground"] {
            if let document = documents[role] { entries += bundleEntries(bundleName(role), document: document) }
        }
        try writeZip(entries + extra, to: url)
    }
}

/// One entry of ``rawZip(_:)``: its bytes as they stand in the archive, and what the central
/// directory says of them, true or not.
public struct RawZipEntry {
    public var name: String
    /// 0 stored, 8 deflated.
    public var method: UInt16
    /// The bytes after the local header.
    public var data: Data
    /// Nil: the CRC-32 of `data`.
    public var crc32: UInt32?
    /// Nil: `data.count`.
    public var uncompressedSize: UInt32?
    /// Nil: where the local header is.
    public var localHeaderOffset: UInt32?

    public init(name: String, method: UInt16 = 0, data: Data, crc32: UInt32? = nil, uncompressedSize: UInt32? = nil) {
        self.name = name
        self.method = method
        self.data = data
        self.crc32 = crc32
        self.uncompressedSize = uncompressedSize
    }

    /// The CRC-32 of `data`, as zip entries record it.
    public static func crc32(of data: Data) -> UInt32 {
        let value = data.withUnsafeBytes { bytes in
            CZlib.crc32(0, bytes.baseAddress?.assumingMemoryBound(to: Bytef.self), uInt(bytes.count))
        }
        return UInt32(truncatingIfNeeded: value)
    }

    /// `data` as a raw deflate stream (no zlib header or trailer, as zip entries hold it), at
    /// zlib's default level.
    public static func deflated(_ data: Data) throws -> Data {
        var stream = z_stream()
        let started = deflateInit2_(
            &stream, Z_DEFAULT_COMPRESSION, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION,
            Int32(MemoryLayout<z_stream>.size))
        guard started == Z_OK else { throw ZipWriterError(message: "zlib's deflateInit2_ failed (\(started))") }
        defer { deflateEnd(&stream) }
        var input = [UInt8](data)
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(input.count))))
        let status = input.withUnsafeMutableBufferPointer { input in
            output.withUnsafeMutableBufferPointer { output in
                stream.next_in = input.baseAddress
                stream.avail_in = uInt(input.count)
                stream.next_out = output.baseAddress
                stream.avail_out = uInt(output.count)
                // The output has room for the whole stream (deflateBound), so one call ends it.
                return deflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END else { throw ZipWriterError(message: "zlib's deflate did not finish (\(status))") }
        return Data(output[0..<Int(stream.total_out)])
    }

    /// `payload` as one final stored deflate block: valid deflate data without compressing.
    public static func storedDeflateBlock(_ payload: Data) -> Data {
        let length = UInt16(payload.count)
        return Data([1, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)])
            + payload
    }
}

/// zlib failing to deflate an entry of ``writeZip(_:to:compressed:)``.
public struct ZipWriterError: Error {
    public let message: String
}

/// A zip archive written byte by byte: local headers, the central directory and its end
/// record, with UTF-8 names and Unix file modes. ``writeZip(_:to:compressed:)`` writes true
/// archives with it; the tests also write archives no zip library writes: sizes that lie,
/// deflate streams cut short, wrong checksums.
public func rawZip(_ entries: [RawZipEntry]) -> Data {
    var archive = Data()
    var directory = Data()
    func append<Integer: FixedWidthInteger>(_ value: Integer, to data: inout Data) {
        withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) }
    }
    for entry in entries {
        let name = Data(entry.name.utf8)
        let crc = entry.crc32 ?? RawZipEntry.crc32(of: entry.data)
        let size = entry.uncompressedSize ?? UInt32(entry.data.count)
        let offset = UInt32(archive.count)
        // The fields shared by the local header and the directory: version needed, flags
        // (UTF-8 names), method, time, date (midnight, 1 January 1980: MS-DOS's first day),
        // CRC, sizes, name length, extra length.
        var shared = Data()
        for value: UInt16 in [20, 0x0800, entry.method, 0, 0x0021] { append(value, to: &shared) }
        for value: UInt32 in [crc, UInt32(entry.data.count), size] { append(value, to: &shared) }
        for value: UInt16 in [UInt16(name.count), 0] { append(value, to: &shared) }
        append(UInt32(0x0403_4b50), to: &archive)
        archive += shared + name + entry.data
        append(UInt32(0x0201_4b50), to: &directory)
        append(UInt16(0x0314), to: &directory)
        directory += shared
        // Comment length, disk, internal attributes; a regular file's mode; the offset.
        for value: UInt16 in [0, 0, 0] { append(value, to: &directory) }
        append(UInt32(0o100644) << 16, to: &directory)
        append(entry.localHeaderOffset ?? offset, to: &directory)
        directory += name
    }
    let directoryOffset = UInt32(archive.count)
    archive += directory
    append(UInt32(0x0605_4b50), to: &archive)
    for value: UInt16 in [0, 0, UInt16(entries.count), UInt16(entries.count)] { append(value, to: &archive) }
    append(UInt32(directory.count), to: &archive)
    append(directoryOffset, to: &archive)
    append(UInt16(0), to: &archive)
    return archive
}
