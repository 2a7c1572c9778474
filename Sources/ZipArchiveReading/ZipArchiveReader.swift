import SystemZlib
import Foundation

/// The entries of a zip archive and their bytes, read with a bound on everything the file
/// controls: the archive's end record is looked for only where the format puts it, an entry's
/// bytes are read only from its own span of the file, it may not inflate past its declared
/// size, and its CRC-32 is checked.
///
/// zlib inflates the entries (raw deflate) and computes their checksums; the central directory
/// is walked here. (ZIPFoundation 0.9.20's `Archive`, used before, cannot be bounded that way:
/// it looks for the end record byte by byte through the whole file, minutes for a large file
/// that is not a zip; its inflate loop never ends when a deflate stream runs to the end of the
/// file without finishing; and where an entry's data starts is internal to it.)
///
/// ZIP64 archives and encrypted entries are refused; `.tendies` wallpapers and `.lottie`
/// packages need neither.
package struct ZipArchiveReader {
    /// One entry of the central directory.
    package struct Entry {
        package enum Kind {
            case file
            case directory
            /// A Unix symbolic link: never extracted.
            case symbolicLink
        }

        /// The name as the archive writes it.
        package let path: String
        /// The name's folders and file name, without empty or `.` parts. Never holds `..`
        /// (an archive with such an entry is refused).
        package let components: [String]
        package let kind: Kind
        fileprivate let flags: UInt16
        fileprivate let method: UInt16
        fileprivate let crc32: UInt32
        fileprivate let compressedSize: UInt64
        /// The size the entry says its contents have.
        package let uncompressedSize: UInt64
        fileprivate let localHeaderOffset: UInt64
    }

    /// The archive, for error messages.
    package let url: URL
    /// Every entry, in central-directory order.
    package let entries: [Entry]
    private let handle: FileHandle
    private let fileSize: UInt64
    /// Where the central directory starts: no entry's data may reach past it.
    private let directoryOffset: UInt64

    /// The largest central directory read: about 200,000 entries with 300-byte names.
    package static let maximumDirectorySize: UInt64 = 64 << 20

    /// Opens the archive at `url` and reads its central directory.
    ///
    /// - Throws: ``ZipArchiveError`` naming the file when it cannot be read or is not a zip
    ///   archive, and naming the entry when a name would leave the folder it is extracted to
    ///   (absolute, or with a `..` part).
    package init(url: URL) throws(ZipArchiveError) {
        self.url = url
        let handle: FileHandle
        do {
            handle = try FileHandle(forReadingFrom: url)
            fileSize = try handle.seekToEnd()
        } catch {
            throw ZipArchiveError(path: url.path, message: "cannot be read (\(error.localizedDescription))")
        }
        self.handle = handle
        let end = try Self.endRecord(in: handle, fileSize: fileSize, url: url)
        directoryOffset = end.directoryOffset
        let directory = try Self.read(handle, at: end.directoryOffset, count: end.directorySize, url: url)
        entries = try Self.entries(in: directory, count: end.entryCount, url: url)
    }

    /// The contents of `entry` (a file) in memory, refused when it says it holds more than
    /// `limit` bytes.
    package func contents(of entry: Entry, limit: UInt64) throws(ZipArchiveError) -> Data {
        guard entry.uncompressedSize <= limit else {
            throw error(entry, "holds \(entry.uncompressedSize) bytes, more than the \(limit) read for it")
        }
        var data = Data()
        try read(entry) { data.append($0) }
        return data
    }

    /// Writes the contents of `entry` (a file) to a new file at `destination`.
    package func extract(_ entry: Entry, to destination: URL) throws(ZipArchiveError) {
        guard FileManager.default.createFile(atPath: destination.path, contents: nil) else {
            throw error(entry, "cannot be written to \(destination.path)")
        }
        let output: FileHandle
        do {
            output = try FileHandle(forWritingTo: destination)
        } catch {
            throw self.error(entry, "cannot be written to \(destination.path) (\(error.localizedDescription))")
        }
        defer { try? output.close() }
        do {
            try read(entry) { chunk throws(ZipArchiveError) in
                do {
                    try output.write(contentsOf: chunk)
                } catch {
                    throw self.error(entry, "cannot be written to \(destination.path) (\(error.localizedDescription))")
                }
            }
        }
    }

    /// An error about `entry` of this archive.
    package func error(_ entry: Entry, _ message: String) -> ZipArchiveError {
        ZipArchiveError(path: url.path, entry: entry.path, message: message)
    }

    // MARK: - Reading an entry

    /// Hands the contents of `entry` to `consumer` in chunks, checking its size and CRC-32.
    private func read(_ entry: Entry, into consumer: (Data) throws(ZipArchiveError) -> Void) throws(ZipArchiveError) {
        guard entry.kind == .file else { throw error(entry, "is not a file") }
        guard entry.flags & 1 == 0 else { throw error(entry, "is encrypted") }
        let header = try Self.read(handle, at: entry.localHeaderOffset, count: 30, url: url)
        guard header.count == 30, header.littleEndian(UInt32.self, at: 0) == 0x0403_4b50 else {
            throw error(entry, "has no local header where the central directory puts it")
        }
        let dataStart =
            entry.localHeaderOffset + 30 + UInt64(header.littleEndian(UInt16.self, at: 26))
            + UInt64(header.littleEndian(UInt16.self, at: 28))
        guard dataStart <= directoryOffset, entry.compressedSize <= directoryOffset - dataStart else {
            throw error(entry, "claims more bytes than the archive holds before its central directory")
        }
        var produced: UInt64 = 0
        var checksum = crc32(0, nil, 0)
        func take(_ chunk: Data) throws(ZipArchiveError) {
            produced += UInt64(chunk.count)
            guard produced <= entry.uncompressedSize else {
                throw error(entry, "inflates to more than the \(entry.uncompressedSize) bytes it declares")
            }
            checksum = chunk.withUnsafeBytes { bytes in
                crc32(checksum, bytes.baseAddress?.assumingMemoryBound(to: Bytef.self), uInt(bytes.count))
            }
            try consumer(chunk)
        }
        switch entry.method {
        case 0:
            guard entry.compressedSize == entry.uncompressedSize else {
                throw error(entry, "is stored with a compressed size unlike its size")
            }
            var offset: UInt64 = 0
            while offset < entry.compressedSize {
                let count = min(Self.chunkSize, entry.compressedSize - offset)
                let chunk = try Self.read(handle, at: dataStart + offset, count: count, url: url)
                offset += count
                try take(chunk)
            }
        case 8:
            try inflate(entry, from: dataStart, into: take)
        default:
            throw error(entry, "uses compression method \(entry.method); only stored and deflated entries are read")
        }
        guard produced == entry.uncompressedSize else {
            throw error(entry, "holds \(produced) bytes, not the \(entry.uncompressedSize) it declares")
        }
        guard UInt32(truncatingIfNeeded: checksum) == entry.crc32 else { throw error(entry, "fails its CRC-32 check") }
    }

    /// Inflates the raw deflate stream of `entry`, which starts at `dataStart`, handing its
    /// output to `take` a chunk at a time.
    ///
    /// zlib is given each chunk of the entry's compressed bytes whole, and room for at most one
    /// byte more than the entry still declares (`take` refuses that byte), so nothing is
    /// inflated far past the declared size. Each call to `inflate` ends the stream, uses up its
    /// input, fills its output, or makes no progress, which asks for the next chunk: a stream
    /// still open when the entry's bytes run out is an error, never a wait.
    private func inflate(_ entry: Entry, from dataStart: UInt64, into take: (Data) throws(ZipArchiveError) -> Void)
        throws(ZipArchiveError)
    {
        var stream = z_stream()
        let started = inflateInit2_(&stream, -15, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        guard started == Z_OK else { throw error(entry, "cannot be inflated (\(Self.message(of: stream, started)))") }
        let input = UnsafeMutableRawBufferPointer.allocate(byteCount: Int(Self.chunkSize), alignment: 1)
        let output = UnsafeMutableRawBufferPointer.allocate(byteCount: Int(Self.chunkSize), alignment: 1)
        defer {
            inflateEnd(&stream)
            input.deallocate()
            output.deallocate()
        }
        var consumed: UInt64 = 0
        var produced: UInt64 = 0
        while true {
            guard consumed < entry.compressedSize else { throw error(entry, "ends before its deflate stream does") }
            let count = min(Self.chunkSize, entry.compressedSize - consumed)
            let chunk = try Self.read(handle, at: dataStart + consumed, count: count, url: url)
            guard !chunk.isEmpty else { throw error(entry, "ends before its deflate stream does") }
            consumed += UInt64(chunk.count)
            chunk.copyBytes(to: input)
            stream.next_in = input.baseAddress?.assumingMemoryBound(to: Bytef.self)
            stream.avail_in = uInt(chunk.count)
            repeat {
                let room = min(Self.chunkSize, entry.uncompressedSize - produced + 1)
                stream.next_out = output.baseAddress?.assumingMemoryBound(to: Bytef.self)
                stream.avail_out = uInt(room)
                let status = SystemZlib.inflate(&stream, Z_NO_FLUSH)
                let made = Int(room) - Int(stream.avail_out)
                if made > 0 {
                    produced += UInt64(made)
                    // Throws once `produced` passes the declared size, before the next call.
                    try take(Data(UnsafeRawBufferPointer(rebasing: output[0..<made])))
                }
                switch status {
                case Z_STREAM_END:
                    return
                case Z_OK:
                    break
                case Z_BUF_ERROR:
                    // No progress without more input: on to the next chunk, or the end.
                    stream.avail_in = 0
                default:
                    throw error(entry, "is not valid deflate data (\(Self.message(of: stream, status)))")
                }
            } while stream.avail_in > 0 || stream.avail_out == 0
        }
    }

    /// zlib's message for `status`, or its number.
    private static func message(of stream: z_stream, _ status: Int32) -> String {
        stream.msg.map { String(cString: $0) } ?? "zlib error \(status)"
    }

    /// Bytes read and inflated at a time.
    private static let chunkSize: UInt64 = 64 << 10

    // MARK: - The central directory

    private struct EndRecord {
        let entryCount: Int
        let directorySize: UInt64
        let directoryOffset: UInt64
    }

    /// The end-of-central-directory record, looked for in the last 65,557 bytes (the record and
    /// the longest comment), the latest one first.
    private static func endRecord(in handle: FileHandle, fileSize: UInt64, url: URL) throws(ZipArchiveError)
        -> EndRecord
    {
        let tailSize = min(fileSize, 22 + 0xFFFF)
        let tail = try read(handle, at: fileSize - tailSize, count: tailSize, url: url)
        guard tail.count >= 22 else {
            throw ZipArchiveError(path: url.path, message: "is not a zip archive (too short)")
        }
        var position = tail.count - 22
        while position >= 0 {
            if tail.littleEndian(UInt32.self, at: position) == 0x0605_4b50 {
                let entryCount = tail.littleEndian(UInt16.self, at: position + 10)
                let size = tail.littleEndian(UInt32.self, at: position + 12)
                let offset = tail.littleEndian(UInt32.self, at: position + 16)
                let recordStart = fileSize - tailSize + UInt64(position)
                if entryCount == 0xFFFF || size == 0xFFFF_FFFF || offset == 0xFFFF_FFFF {
                    throw ZipArchiveError(path: url.path, message: "is a ZIP64 archive, which is not supported")
                }
                guard UInt64(offset) + UInt64(size) <= recordStart else {
                    throw ZipArchiveError(
                        path: url.path, message: "is not a valid zip archive (its central directory lies past its end)")
                }
                guard UInt64(size) <= maximumDirectorySize else {
                    throw ZipArchiveError(
                        path: url.path, message: "has a central directory of \(size) bytes, more than is read")
                }
                return EndRecord(
                    entryCount: Int(entryCount), directorySize: UInt64(size), directoryOffset: UInt64(offset))
            }
            position -= 1
        }
        throw ZipArchiveError(path: url.path, message: "is not a zip archive (no end of central directory record)")
    }

    /// The `count` entries of the central directory `directory`.
    private static func entries(in directory: Data, count: Int, url: URL) throws(ZipArchiveError) -> [Entry] {
        var entries: [Entry] = []
        entries.reserveCapacity(count)
        var position = 0
        for _ in 0..<count {
            guard position + 46 <= directory.count, directory.littleEndian(UInt32.self, at: position) == 0x0201_4b50
            else {
                throw ZipArchiveError(
                    path: url.path, message: "is not a valid zip archive (its central directory is cut short)")
            }
            let nameLength = Int(directory.littleEndian(UInt16.self, at: position + 28))
            let extraLength = Int(directory.littleEndian(UInt16.self, at: position + 30))
            let commentLength = Int(directory.littleEndian(UInt16.self, at: position + 32))
            guard position + 46 + nameLength <= directory.count else {
                throw ZipArchiveError(
                    path: url.path, message: "is not a valid zip archive (its central directory is cut short)")
            }
            let flags = directory.littleEndian(UInt16.self, at: position + 8)
            let nameBytes = directory.subdata(in: position + 46..<position + 46 + nameLength)
            // Bit 11 marks UTF-8; other names are code page 437, read here as UTF-8 when they
            // are valid UTF-8 (ASCII is both) and as Latin-1 otherwise.
            let path = String(data: nameBytes, encoding: .utf8) ?? String(data: nameBytes, encoding: .isoLatin1) ?? ""
            let madeBy = directory.littleEndian(UInt16.self, at: position + 4)
            let mode = directory.littleEndian(UInt32.self, at: position + 38) >> 16
            let kind: Entry.Kind =
                path.hasSuffix("/") || path.hasSuffix("\\")
                ? .directory
                : madeBy >> 8 == 3 && mode & 0o170000 == 0o120000 ? .symbolicLink : .file
            let compressedSize = directory.littleEndian(UInt32.self, at: position + 20)
            let uncompressedSize = directory.littleEndian(UInt32.self, at: position + 24)
            let localHeaderOffset = directory.littleEndian(UInt32.self, at: position + 42)
            if compressedSize == 0xFFFF_FFFF || uncompressedSize == 0xFFFF_FFFF || localHeaderOffset == 0xFFFF_FFFF {
                throw ZipArchiveError(path: url.path, entry: path, message: "is a ZIP64 entry, which is not supported")
            }
            entries.append(
                Entry(
                    path: path, components: try safeComponents(of: path, url: url), kind: kind, flags: flags,
                    method: directory.littleEndian(UInt16.self, at: position + 10),
                    crc32: directory.littleEndian(UInt32.self, at: position + 16),
                    compressedSize: UInt64(compressedSize), uncompressedSize: UInt64(uncompressedSize),
                    localHeaderOffset: UInt64(localHeaderOffset)))
            position += 46 + nameLength + extraLength + commentLength
        }
        return entries
    }

    /// The parts of an entry's name, refusing a name that would leave the folder the archive
    /// is extracted to ("zip slip"): absolute, a drive letter, or a `..` part. Backslashes
    /// count as separators, as archives made on Windows use them.
    private static func safeComponents(of path: String, url: URL) throws(ZipArchiveError) -> [String] {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
            .flatMap { $0.split(separator: "\\", omittingEmptySubsequences: false) }.map(String.init)
        let isAbsolute = path.hasPrefix("/") || path.hasPrefix("\\")
        let hasDrive = parts.first.map { $0.count == 2 && $0.hasSuffix(":") } ?? false
        guard !isAbsolute, !hasDrive, !parts.contains(".."), !path.contains("\0") else {
            throw ZipArchiveError(
                path: url.path, entry: path, message: "would be extracted outside the package's folder; refused")
        }
        return parts.filter { !$0.isEmpty && $0 != "." }
    }

    /// `count` bytes of the file at `offset`; fewer only at the end of the file.
    private static func read(_ handle: FileHandle, at offset: UInt64, count: UInt64, url: URL) throws(ZipArchiveError)
        -> Data
    {
        do {
            try handle.seek(toOffset: offset)
            return try handle.read(upToCount: Int(count)) ?? Data()
        } catch {
            throw ZipArchiveError(path: url.path, message: "cannot be read (\(error.localizedDescription))")
        }
    }
}

extension Data {
    /// The little-endian integer at byte `offset` from the start (any alignment).
    fileprivate func littleEndian<Integer: FixedWidthInteger>(_: Integer.Type, at offset: Int) -> Integer {
        var value: Integer = 0
        for index in (0..<MemoryLayout<Integer>.size).reversed() {
            value = value << 8 | Integer(self[startIndex + offset + index])
        }
        return value
    }
}
