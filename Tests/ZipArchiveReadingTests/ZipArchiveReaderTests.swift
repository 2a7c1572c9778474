import Foundation
import QuartzTestSupport
import Testing
import ZipArchiveReading
import ZipTestSupport

/// The zip reader under `.tendies` and `.lottie` packages on its own: entries larger than the 64 KiB it reads
/// and inflates at a time, and deflate streams that are cut short, invalid, or too long.
@Suite struct ZipArchiveReaderTests {
    /// A reader of a new archive file, which `write` writes.
    private func archive(_ write: (URL) throws -> Void) throws -> ZipArchiveReader {
        let folder = try ScratchSpace.makeFolder("zip-test")
        let url = folder.appendingPathComponent("Test.zip")
        try write(url)
        return try ZipArchiveReader(url: url)
    }

    /// `count` bytes that deflate does not shrink (xorshift, fixed seed).
    private func noise(_ count: Int) -> Data {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        return Data(
            (0..<count).map { _ in
                state ^= state << 13
                state ^= state >> 7
                state ^= state << 17
                return UInt8(truncatingIfNeeded: state)
            })
    }

    /// The error reading the entry at `index`, or nil when it reads.
    private func readError(_ reader: ZipArchiveReader, _ index: Int = 0) -> ZipArchiveError? {
        do {
            _ = try reader.contents(of: reader.entries[index], limit: 1 << 30)
            return nil
        } catch {
            return error
        }
    }

    @Test func entriesLargerThanAChunkReadWhole() throws {
        let zeros = Data(count: 1 << 20)
        let random = noise(300_000)
        let text = Data(String(repeating: "<CALayer id=\"a\"/>\n", count: 20_000).utf8)
        let entries = [("zeros", zeros), ("random", random), ("text", text)]
        for compressed in [true, false] {
            let reader = try archive { try writeZip(entries, to: $0, compressed: compressed) }
            #expect(reader.entries.map(\.path) == ["zeros", "random", "text"])
            for (entry, (_, data)) in zip(reader.entries, entries) {
                #expect(entry.uncompressedSize == UInt64(data.count))
                #expect(
                    try reader.contents(of: entry, limit: 1 << 30) == data, "\(entry.path), compressed \(compressed)")
            }
            let copy = reader.url.deletingLastPathComponent().appendingPathComponent("random.bin")
            try reader.extract(reader.entries[1], to: copy)
            #expect(try Data(contentsOf: copy) == random)
        }
    }

    @Test func aFileThatIsNotAZipIsAnErrorNamingNoEntry() throws {
        let folder = try ScratchSpace.makeFolder("zip-test")
        let url = folder.appendingPathComponent("Short.zip")
        try Data("PK".utf8).write(to: url)
        #expect(throws: ZipArchiveError(path: url.path, message: "is not a zip archive (too short)")) {
            try ZipArchiveReader(url: url)
        }
        let entryError = ZipArchiveError(path: url.path, entry: "a/b.json", message: "fails its CRC-32 check")
        #expect(entryError.messageNamingEntry == "entry \"a/b.json\" fails its CRC-32 check")
        #expect(entryError.description == "\(url.path): entry \"a/b.json\" fails its CRC-32 check")
    }

    @Test func aStreamCutShortInALaterChunkFailsInsteadOfWaiting() throws {
        let random = noise(300_000)
        let deflated = try RawZipEntry.deflated(random)
        let reader = try archive { url in
            try rawZip([
                RawZipEntry(
                    name: "cut", method: 8, data: deflated.prefix(150_000), crc32: RawZipEntry.crc32(of: random),
                    uncompressedSize: UInt32(random.count))
            ]).write(to: url)
        }
        let error = try #require(readError(reader))
        #expect(
            error
                == ZipArchiveError(path: reader.url.path, entry: "cut", message: "ends before its deflate stream does"))
    }

    @Test func bytesThatAreNotDeflateAreAnErrorNamingZlibsReason() throws {
        // 0xFF opens a final block of the reserved type 3.
        let reader = try archive { url in
            try rawZip([RawZipEntry(name: "bad", method: 8, data: Data([0xFF, 0, 0, 0]), uncompressedSize: 4)])
                .write(to: url)
        }
        let error = try #require(readError(reader))
        #expect(
            error
                == ZipArchiveError(
                    path: reader.url.path, entry: "bad", message: "is not valid deflate data (invalid block type)"))
    }

    @Test func aSmallStreamInflatingFarPastItsDeclaredSizeIsRefused() throws {
        // 8 MiB of zeros deflate to about 8 kB; the entry says it holds 100,000 bytes.
        let bomb = try RawZipEntry.deflated(Data(count: 8 << 20))
        let reader = try archive { url in
            try rawZip([RawZipEntry(name: "bomb", method: 8, data: bomb, uncompressedSize: 100_000)]).write(to: url)
        }
        let error = try #require(readError(reader))
        #expect(
            error
                == ZipArchiveError(
                    path: reader.url.path, entry: "bomb", message: "inflates to more than the 100000 bytes it declares")
        )
    }

    @Test func aStreamEndingBeforeItsDeclaredSizeIsAnError() throws {
        let data = noise(1000)
        let reader = try archive { url in
            try rawZip([
                RawZipEntry(
                    name: "short", method: 8, data: try RawZipEntry.deflated(data), crc32: RawZipEntry.crc32(of: data),
                    uncompressedSize: 1001)
            ]).write(to: url)
        }
        let error = try #require(readError(reader))
        #expect(
            error
                == ZipArchiveError(
                    path: reader.url.path, entry: "short", message: "holds 1000 bytes, not the 1001 it declares"))
    }
}
