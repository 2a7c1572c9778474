import Foundation
import ZipArchiveReading

extension CAMLError {
    /// The zip reader's error as OpenCAML reports it: the archive's path, and a message that
    /// names the entry (`entry "…/Wallpaper.plist" fails its CRC-32 check`).
    init(_ error: ZipArchiveError) {
        self.init(path: error.path, message: error.messageNamingEntry)
    }
}

extension ZipArchiveReader {
    /// Opens the archive at `url`, as ``ZipArchiveReader/init(url:)`` does, with its errors
    /// as ``CAMLError``.
    init(wallpaperAt url: URL) throws(CAMLError) {
        do {
            try self.init(url: url)
        } catch {
            throw CAMLError(error)
        }
    }

    /// The contents of `entry`, as ``contents(of:limit:)`` reads them, with its errors as
    /// ``CAMLError``.
    func wallpaperContents(of entry: Entry, limit: UInt64) throws(CAMLError) -> Data {
        do {
            return try contents(of: entry, limit: limit)
        } catch {
            throw CAMLError(error)
        }
    }

    /// Writes `entry` to `destination`, as ``extract(_:to:)`` does, with its errors as
    /// ``CAMLError``.
    func wallpaperExtract(_ entry: Entry, to destination: URL) throws(CAMLError) {
        do {
            try extract(entry, to: destination)
        } catch {
            throw CAMLError(error)
        }
    }

    /// An error about `entry` of this archive, as OpenCAML reports it.
    func wallpaperError(_ entry: Entry, _ message: String) -> CAMLError {
        CAMLError(error(entry, message))
    }
}
