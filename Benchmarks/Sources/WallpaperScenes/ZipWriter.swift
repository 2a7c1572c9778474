import Foundation
import ZlibDeflate

/// The bytes of a zip archive holding `entries` (name → bytes) in order, each deflated by
/// zlib: local headers, the central directory and its end record, with UTF-8 names and Unix
/// file modes — what the main package's tests write (QuartzTestSupport's `writeZip`), which
/// this package cannot import.
func zipArchive(_ entries: [(path: String, data: Data)]) throws -> Data {
    var archive = Data()
    var directory = Data()
    func append<Integer: FixedWidthInteger>(_ value: Integer, to data: inout Data) {
        withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) }
    }
    for (path, data) in entries {
        let name = Data(path.utf8)
        let (deflated, crc) = try data.withUnsafeBytes { bytes throws -> (Data, UInt32) in
            let input = bytes.bindMemory(to: UInt8.self)
            var length = 0
            guard let output = bench_deflate_raw(input.baseAddress, input.count, &length) else {
                throw ZipWriterError(path: path)
            }
            defer { free(output) }
            return (Data(bytes: output, count: length), bench_crc32(input.baseAddress, input.count))
        }
        guard data.count < 0xFFFF_FFFF, deflated.count < 0xFFFF_FFFF, archive.count < 0xFFFF_FFFF else {
            throw ZipWriterError(path: path)
        }
        let offset = UInt32(archive.count)
        // The fields shared by the local header and the directory: version needed, flags
        // (UTF-8 names), method (deflate), time, date (1 January 1980), CRC, sizes, name
        // length, extra length.
        var shared = Data()
        for value: UInt16 in [20, 0x0800, 8, 0, 0x0021] { append(value, to: &shared) }
        for value: UInt32 in [crc, UInt32(deflated.count), UInt32(data.count)] { append(value, to: &shared) }
        for value: UInt16 in [UInt16(name.count), 0] { append(value, to: &shared) }
        append(UInt32(0x0403_4b50), to: &archive)
        archive += shared + name + deflated
        // Made by Unix, the shared fields, comment length, disk, internal attributes, a
        // regular file's mode, where the local header is, the name.
        append(UInt32(0x0201_4b50), to: &directory)
        append(UInt16(0x0314), to: &directory)
        directory += shared
        for value: UInt16 in [0, 0, 0] { append(value, to: &directory) }
        append(UInt32(0o100644) << 16, to: &directory)
        append(offset, to: &directory)
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

/// zlib failing to deflate the entry `path`, or the entry too large for a zip without ZIP64.
struct ZipWriterError: Error {
    let path: String
}
