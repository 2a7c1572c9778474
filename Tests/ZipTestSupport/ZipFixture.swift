import SystemZlib
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
            SystemZlib.crc32(0, bytes.baseAddress?.assumingMemoryBound(to: Bytef.self), uInt(bytes.count))
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
