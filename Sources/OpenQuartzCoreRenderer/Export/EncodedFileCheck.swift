import Foundation
import OpenCoreGraphics

extension CAMovieFormat {
    /// Why the file ffmpeg wrote at `path` in this format is not complete, or nil when it is.
    ///
    /// ffmpeg can exit 0 with a cut-off file (a full disk during the trailer), so the file's own
    /// structure is checked: an MP4's top-level boxes must fill the file exactly and include
    /// `moov`, a GIF must end with its trailer byte, an APNG with its `IEND` chunk.
    func incompleteness(ofFileAt path: String) -> String? {
        guard let file = FileHandle(forReadingAtPath: path) else { return "it cannot be read back" }
        defer { try? file.close() }
        guard let size = try? file.seekToEnd(), size > 0 else { return "it is empty" }
        switch self {
        case .mp4, .proRes4444:
            return Self.incompleteMP4(file, size: size)
        case .webm:
            return Self.incompleteWebM(file, size: size)
        case .webp:
            // RIFF: "RIFF", the size of what follows, "WEBP".
            guard (try? file.seek(toOffset: 0)) != nil, let header = try? file.read(upToCount: 12),
                header.count == 12, header.prefix(4).elementsEqual("RIFF".utf8),
                header.suffix(4).elementsEqual("WEBP".utf8)
            else { return "it has no RIFF WEBP header" }
            let bytes = [UInt8](header)
            let length = (4..<8).reversed().reduce(UInt64(0)) { $0 << 8 | UInt64(bytes[$1]) }
            return length + 8 == size ? nil : "its RIFF size is not the file's"
        case .gif:
            // GIF89a's trailer, 0x3B, ends every complete file.
            return Self.tail(of: file, size: size, count: 1) == [0x3B] ? nil : "it has no GIF trailer"
        case .apng:
            // The IEND chunk: length 0, type, and its CRC.
            let iend: [UInt8] = [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]
            return Self.tail(of: file, size: size, count: iend.count) == iend ? nil : "it has no IEND chunk"
        case .png, .pngSequence:
            return nil
        }
    }

    /// The last `count` bytes of `file`.
    private static func tail(of file: FileHandle, size: UInt64, count: Int) -> [UInt8] {
        guard size >= UInt64(count), (try? file.seek(toOffset: size - UInt64(count))) != nil,
            let bytes = try? file.read(upToCount: count)
        else { return [] }
        return [UInt8](bytes)
    }

    /// Reads a WebM (Matroska) file's EBML header and Segment element: complete when the
    /// Segment's size (which ffmpeg writes last, seeking back) ends exactly at the file's end.
    private static func incompleteWebM(_ file: FileHandle, size: UInt64) -> String? {
        guard (try? file.seek(toOffset: 0)) != nil, let data = try? file.read(upToCount: 4096) else {
            return "it cannot be read back"
        }
        let bytes = [UInt8](data)
        var offset = 0
        /// An EBML variable-length number at `offset` (RFC 8794, 4): its marker bit removed
        /// when `isSize`, nil when cut off; all ones is "unknown".
        func number(isSize: Bool) -> (value: UInt64, unknown: Bool)? {
            guard offset < bytes.count, bytes[offset] != 0 else { return nil }
            let length = bytes[offset].leadingZeroBitCount + 1
            guard offset + length <= bytes.count else { return nil }
            var value = UInt64(isSize ? bytes[offset] & (0xFF >> length) : bytes[offset])
            for index in 1..<length { value = value << 8 | UInt64(bytes[offset + index]) }
            offset += length
            let allOnes = (UInt64(1) << (7 * UInt64(length))) - 1
            return (value, isSize && value == allOnes)
        }
        guard let header = number(isSize: false), header.value == 0x1A45_DFA3, let headerSize = number(isSize: true),
            !headerSize.unknown
        else { return "it has no EBML header" }
        offset += Int(clamping: headerSize.value)
        guard let segment = number(isSize: false), segment.value == 0x1853_8067, let segmentSize = number(isSize: true)
        else { return "it has no Segment" }
        guard !segmentSize.unknown else { return "its Segment's size was never written" }
        return UInt64(offset) + segmentSize.value == size ? nil : "its Segment does not end at the file's end"
    }

    /// Walks an ISO base media file's top-level boxes (ISO/IEC 14496-12, 4.2: a 32-bit size, a
    /// type, a 64-bit size when the first is 1, to the end of the file when it is 0).
    private static func incompleteMP4(_ file: FileHandle, size: UInt64) -> String? {
        var offset: UInt64 = 0
        var hasMovie = false
        while offset < size {
            guard size - offset >= 8, (try? file.seek(toOffset: offset)) != nil,
                let header = try? file.read(upToCount: 16), header.count >= 8
            else { return "it ends inside a box header" }
            let bytes = [UInt8](header)
            let bigEndian = { (range: Range<Int>) in range.reduce(UInt64(0)) { $0 << 8 | UInt64(bytes[$1]) } }
            var length = bigEndian(0..<4)
            if String(decoding: bytes[4..<8], as: UTF8.self) == "moov" { hasMovie = true }
            if length == 1 {
                guard bytes.count == 16 else { return "it ends inside a box header" }
                length = bigEndian(8..<16)
            } else if length == 0 {
                length = size - offset
            }
            guard length >= 8, length <= size - offset else { return "its last box is cut off" }
            offset += length
        }
        return hasMovie ? nil : "it has no moov box"
    }
}
