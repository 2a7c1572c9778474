import Foundation
import ZipArchiveReading

/// A dotLottie package (`.lottie`) opened to read one of its animations: a zip holding
/// `manifest.json`, which lists the animations, their Bodymovin JSON, and the image files they
/// name.
///
/// dotLottie 1.0 keeps the animations in `animations/<id>.json` and the images in `images/`;
/// 2.0 (`"version": "2"`) keeps them in `a/<id>.json` and `i/`. Both layouts are read whatever
/// the version says (its own first), and `<id>.lot` as well as `<id>.json`. The animation read
/// is the one the manifest starts with — `initial.animation` (2.0), `activeAnimationId` (1.0)
/// — or else the first it lists, as LottieFiles' dotlottie-rs picks it. Themes, state
/// machines, fonts and audio are not read.
///
/// Reading is bounded on top of what ``ZipArchiveReader`` bounds (the central directory, each
/// entry's span, its declared size, its CRC-32): the manifest may hold 1 MiB, the animation as
/// much as a JSON file (`ReadingLimits.maximumFileSize`), an image 64 MiB; at most
/// ``maximumImages`` images are read, and ``maximumBytes`` in all.
final class DotLottiePackage {
    /// The package's path, which errors name.
    let file: String
    /// The animation's entry: `animations/<id>.json` or `a/<id>.json`.
    let animationEntry: String
    /// The animation's Bodymovin JSON.
    let animation: Data
    /// The ids of the animations the manifest lists, in its order.
    let animationIDs: [String]

    private let archive: ZipArchiveReader
    /// The files of the archive by their normalized path (`images/a.png`, never `./` or `\`).
    private let files: [String: ZipArchiveReader.Entry]
    /// Where images are looked for when an asset's `u` does not find them, the version's first.
    private let imageFolders: [String]
    private var bytesRead: UInt64 = 0
    private var imagesRead = 0
    /// The error reading an image threw, already naming its entry: it passes through the JSON
    /// reader unchanged.
    private var imageFailure: LottieError?

    /// The most `manifest.json` may hold: it is a few hundred bytes.
    static let maximumManifestBytes: UInt64 = 1 << 20
    /// The most one image may hold.
    static let maximumImageBytes: UInt64 = 64 << 20
    /// The most images read from one package.
    static let maximumImages = 1_000
    /// The most bytes read from one package: the manifest, the animation and its images.
    static let maximumBytes: UInt64 = 512 << 20

    /// Whether the file at `url` is read as a package: a `.lottie` file, or any file that starts
    /// as a zip does (`PK\u{3}\u{4}`).
    static func isPackage(at url: URL) -> Bool {
        if url.pathExtension.lowercased() == "lottie" { return true }
        guard let handle = try? FileHandle(forReadingFrom: url) else { return false }
        defer { try? handle.close() }
        return (try? handle.read(upToCount: 4)) == Data([0x50, 0x4B, 0x03, 0x04])
    }

    /// Opens the package at `url` and reads its manifest and the animation it starts with.
    ///
    /// - Throws: ``LottieError`` naming the package, with the entry at fault as the path (for
    ///   the manifest's fields, `manifest.json: animations[0].id`): not a zip, no manifest, a
    ///   manifest that lists no animation or names one the package lacks, an entry that is
    ///   damaged or larger than is read.
    init(url: URL, animationID: String? = nil, limits: ReadingLimits) throws(LottieError) {
        file = url.path
        do {
            archive = try ZipArchiveReader(url: url)
        } catch {
            throw Self.error(error)
        }
        var files: [String: ZipArchiveReader.Entry] = [:]
        for entry in archive.entries where entry.kind == .file {
            let key = entry.components.joined(separator: "/")
            if files[key] == nil { files[key] = entry }
        }
        self.files = files

        guard let manifestEntry = files["manifest.json"] else {
            throw LottieError(
                file: file, path: "manifest.json",
                message: "is missing (a dotLottie package lists its animations in manifest.json)")
        }
        let manifest = try Self.manifest(
            try Self.contents(of: manifestEntry, in: archive, limit: Self.maximumManifestBytes), file: file)
        let isVersion2 = Self.isVersion2(manifest["version"])
        animationIDs = ((manifest["animations"] as? [Any]) ?? []).compactMap {
            ($0 as? [String: Any])?["id"] as? String
        }
        let id: String
        if let animationID {
            guard animationIDs.contains(animationID) else {
                throw LottieError(
                    file: file, path: "manifest.json",
                    message: "lists no animation \"\(animationID)\"; it lists "
                        + (animationIDs.isEmpty ? "none" : animationIDs.map { "\"\($0)\"" }.joined(separator: ", ")))
            }
            id = animationID
        } else {
            id = try Self.firstAnimationID(in: manifest, file: file)
        }
        let animationFolders = isVersion2 ? ["a", "animations"] : ["animations", "a"]
        imageFolders = isVersion2 ? ["i", "images"] : ["images", "i"]

        let candidates = animationFolders.flatMap { folder in ["json", "lot"].map { "\(folder)/\(id).\($0)" } }
        guard let found = candidates.lazy.compactMap({ path in Self.key(path).flatMap { files[$0] } }).first else {
            throw LottieError(
                file: file, path: candidates[0],
                message: "is missing, though manifest.json names the animation \"\(id)\"")
        }
        animationEntry = found.path
        animation = try Self.contents(of: found, in: archive, limit: UInt64(limits.maximumFileSize))
        bytesRead = manifestEntry.uncompressedSize + found.uncompressedSize
    }

    /// The theme `id` (`t/ID.json`, or `themes/ID.json`) as slots for the animation read; an
    /// id the package lacks is an error naming the themes it has.
    func theme(_ id: String) throws(LottieError) -> LottieSlots {
        let candidates = ["t/\(id).json", "themes/\(id).json"]
        guard let entry = candidates.lazy.compactMap({ path in Self.key(path).flatMap { self.files[$0] } }).first else {
            let themes = files.keys.filter { $0.hasPrefix("t/") || $0.hasPrefix("themes/") }.compactMap {
                $0.split(separator: "/").last.map { String($0.dropLast(5)) }
            }.sorted()
            throw LottieError(
                file: file, path: candidates[0],
                message: "is missing: the package has no theme \"\(id)\"; its themes: "
                    + (themes.isEmpty ? "none" : themes.joined(separator: ", ")))
        }
        let data = try Self.contents(of: entry, in: archive, limit: Self.maximumManifestBytes)
        let animationID = animationEntry.split(separator: "/").last.map { String($0.split(separator: ".")[0]) }
        return try LottieSlots(data: data, name: "\(file): \(entry.path)", animationID: animationID)
    }

    /// `error`, thrown reading the animation's JSON, located in the package: the animation's
    /// entry before its JSON path (`animations/a.json: layers[0].ks`). An error reading an
    /// image names its entry already.
    func locate(_ error: LottieError) -> LottieError {
        if error == imageFailure { return error }
        return LottieError(
            file: file, path: error.path.isEmpty ? animationEntry : "\(animationEntry): \(error.path)",
            message: error.message)
    }

    /// The bytes of the image an asset names by `u` (`directory`) and `p` (`name`): the entry
    /// `u` + `p` (`/images/` and `images/` alike), else `p` in the version's image folder, then
    /// the other's; nil when the package holds none of them.
    ///
    /// - Throws: ``LottieError`` naming the entry when it is damaged or too large, or when
    ///   it would pass the package's bounds.
    func image(directory: String, name: String) throws(LottieError) -> Data? {
        let paths = (directory.isEmpty ? [] : [directory + name]) + imageFolders.map { "\($0)/\(name)" }
        guard let entry = paths.lazy.compactMap({ path in Self.key(path).flatMap { self.files[$0] } }).first else {
            return nil
        }
        do throws(LottieError) {
            imagesRead += 1
            guard imagesRead <= Self.maximumImages else {
                throw LottieError(
                    file: file, path: entry.path,
                    message: "is past the \(Self.maximumImages) images read from a package")
            }
            bytesRead += min(entry.uncompressedSize, Self.maximumImageBytes)
            guard bytesRead <= Self.maximumBytes else {
                throw LottieError(
                    file: file, path: entry.path,
                    message: "would bring the bytes read from the package past \(Self.maximumBytes)")
            }
            return try Self.contents(of: entry, in: archive, limit: Self.maximumImageBytes)
        } catch {
            imageFailure = error
            throw error
        }
    }

    // MARK: - The manifest

    /// The manifest's JSON object.
    private static func manifest(_ data: Data, file: String) throws(LottieError) -> [String: Any] {
        let json: Any
        do {
            json = try JSONSerialization.jsonObject(with: data, options: [])
        } catch {
            throw LottieError(file: file, path: "manifest.json", message: "is not JSON (\(error.localizedDescription))")
        }
        guard let object = json as? [String: Any] else {
            throw LottieError(file: file, path: "manifest.json", message: "is not a JSON object")
        }
        return object
    }

    /// Whether the manifest's `version` says 2 (`"2"`, `"2.0"`, `2`).
    private static func isVersion2(_ version: Any?) -> Bool {
        switch version {
        case let text as String: text.split(separator: ".").first == "2"
        case let number as NSNumber: number.intValue == 2
        default: false
        }
    }

    /// The id of the animation the manifest starts with: `initial.animation` (2.0),
    /// `activeAnimationId` (1.0), else the first of `animations`.
    private static func firstAnimationID(in manifest: [String: Any], file: String) throws(LottieError) -> String {
        func string(_ value: Any?, at path: String) throws(LottieError) -> String? {
            guard let value, !(value is NSNull) else { return nil }
            guard let text = value as? String, !text.isEmpty else {
                throw LottieError(file: file, path: "manifest.json: \(path)", message: "expected an animation's id")
            }
            return text
        }
        if let id = try string((manifest["initial"] as? [String: Any])?["animation"], at: "initial.animation") {
            return id
        }
        if let id = try string(manifest["activeAnimationId"], at: "activeAnimationId") { return id }
        guard let animations = manifest["animations"] as? [Any] else {
            throw LottieError(file: file, path: "manifest.json: animations", message: "expected the list of animations")
        }
        guard let first = animations.first else {
            throw LottieError(file: file, path: "manifest.json: animations", message: "lists no animation")
        }
        guard let id = try string((first as? [String: Any])?["id"], at: "animations[0].id") else {
            throw LottieError(
                file: file, path: "manifest.json: animations[0]", message: "the required field \"id\" is missing")
        }
        return id
    }

    // MARK: - Entries

    /// `path` as the files are keyed: its parts without empty ones or `.`, joined by `/`; nil
    /// for a path with a `..` part, which names no entry.
    private static func key(_ path: String) -> String? {
        let parts = path.split(whereSeparator: { $0 == "/" || $0 == "\\" }).filter { $0 != "." }
        guard !parts.isEmpty, !parts.contains("..") else { return nil }
        return parts.joined(separator: "/")
    }

    /// The contents of `entry`, refused past `limit` bytes.
    private static func contents(
        of entry: ZipArchiveReader.Entry, in archive: ZipArchiveReader, limit: UInt64
    ) throws(LottieError) -> Data {
        do {
            return try archive.contents(of: entry, limit: limit)
        } catch {
            throw Self.error(error)
        }
    }

    /// The zip reader's error as OpenLottie reports it: the entry, if any, as the path.
    private static func error(_ error: ZipArchiveError) -> LottieError {
        LottieError(file: error.path, path: error.entry ?? "", message: error.message)
    }
}

/// Where ``LottieAnimation`` reads the image assets that are files (`u` + `p`) from.
package enum ImageSource {
    /// Nowhere: only embedded images (`data:` URLs) are drawn.
    case embeddedOnly
    /// Files under a folder, the one beside the animation's file.
    case folder(URL)
    /// Entries of a dotLottie package: the bytes for an asset's `u` and `p`, nil when the
    /// package holds no such image.
    case package((_ directory: String, _ name: String) throws(LottieError) -> Data?)
}

extension LottieAnimation {
    /// Reads the animation `package` starts with, its images from the package; errors name
    /// the package and the entry.
    convenience init(package: DotLottiePackage, slots: [LottieSlots] = [], limits: ReadingLimits)
        throws(LottieError)
    {
        do {
            try self.init(
                data: package.animation, name: package.file, images: .package(package.image), slots: slots,
                limits: limits)
        } catch {
            throw package.locate(error)
        }
    }
}
