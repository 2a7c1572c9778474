import Foundation
import QuartzTestSupport
import Testing

/// What a run of `carender` gave back.
typealias CarenderRun = ChildProcessRun

/// Runs `carender` (built next to the test binary) with `arguments`, in `environment` when
/// given (this process's otherwise).
func carender(_ arguments: [String], environment: [String: String]? = nil) throws -> CarenderRun {
    try run(builtExecutable("carender"), arguments, environment: environment)
}

/// A new empty folder for one test's files, in the scratch space.
func makeScratchFolder(_ name: String = #function) throws -> URL {
    try ScratchSpace.makeFolder("carender-tests-\(name.filter { $0.isLetter || $0.isNumber })")
}

/// Whether the file at `url` holds `magic` at `offset`.
func file(_ url: URL, has magic: [UInt8], at offset: Int = 0) -> Bool {
    guard let data = try? Data(contentsOf: url), data.count >= offset + magic.count else { return false }
    return Array(data[offset..<offset + magic.count]) == magic
}

/// The signatures the tests look for.
enum Magic {
    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    static let gif: [UInt8] = Array("GIF89a".utf8)
    /// At offset 4 of an MP4 (ISO base media) file.
    static let mp4: [UInt8] = Array("ftyp".utf8)
}

/// The size of the file at `url`, 0 when it is missing.
func fileSize(_ url: URL) -> Int {
    ((try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? NSNumber)?.intValue ?? 0
}

/// Writes an executable `ffmpeg` shell script with `body` into `folder`, for a `PATH` that
/// finds it first.
func writeFakeFFmpeg(_ body: String, in folder: URL) throws {
    try writeExecutable("#!/bin/sh\n" + body + "\n", to: folder.appendingPathComponent("ffmpeg"))
}

/// The names in `folder` of carender's temporary files (`.NAME.carender-XXXXXXXX.tmp`) and
/// ffmpeg logs (`carender-ffmpeg-*.log`).
func leftovers(in folder: URL) -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { ($0.contains(".carender-") && $0.hasSuffix(".tmp")) || $0.hasPrefix("carender-ffmpeg-") }
}
