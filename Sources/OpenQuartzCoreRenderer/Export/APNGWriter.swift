import Foundation
import OpenCoreGraphics
import SystemZlib

/// Writes a looping animated PNG without ffmpeg: each frame is encoded as a PNG by libpng
/// (``CARenderedFrame/pngData()``: straight RGBA8, its filters and deflate), and its image data
/// is put into the animation's chunks (the APNG specification's `acTL`, `fcTL`, `IDAT` for the
/// first frame and `fdAT` for the others). Every frame replaces the whole canvas (`dispose_op`
/// none, `blend_op` source) and shows for 1/fps s. The file is written into a temporary file
/// beside the destination and renamed over it when complete (see ``CAOutputFile``).
final class APNGWriter: FrameSink {
    private let output: CAOutputFile
    private let frameCount: Int
    private let fps: Int
    private var temporary: CAOutputFile.TemporaryFile?
    private var sequenceNumber: UInt32 = 0
    private var framesWritten = 0

    init(_ output: CAOutputFile, frameCount: Int, fps: Int) {
        require(frameCount > 0, "an APNG needs at least one frame")
        require(fps > 0 && fps <= Int(UInt16.max), "an APNG's frame rate must be from 1 to 65535, got \(fps)")
        self.output = output
        self.frameCount = frameCount
        self.fps = fps
    }

    var pixelFormats: CAFrameRenderer.PixelFormats { .premultipliedBGRA }

    func write(_ frame: ExportFrame) throws(CAMovieExportError) {
        let png = try frame.pngData(for: output.path)
        let chunks = Self.chunks(of: png)
        guard let header = chunks.first(where: { $0.type == "IHDR" }) else {
            misuse("libpng writes IHDR first")
        }
        var bytes = Data()
        if framesWritten == 0 {
            temporary = try output.makeTemporaryFile()
            bytes.append(contentsOf: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
            Self.appendChunk("IHDR", header.data, to: &bytes)
            // acTL: the number of frames, and 0 plays (for ever).
            Self.appendChunk("acTL", Self.bigEndian(UInt32(frameCount)) + Self.bigEndian(UInt32(0)), to: &bytes)
        }
        let width = header.data.prefix(4)
        let height = header.data.dropFirst(4).prefix(4)
        // fcTL: its sequence number, size, offset (0, 0), delay 1/fps s, dispose none, blend source.
        var control = Self.bigEndian(sequenceNumber) + Data(width) + Data(height)
        control += Self.bigEndian(UInt32(0)) + Self.bigEndian(UInt32(0))
        control += Self.bigEndian(UInt16(1)) + Self.bigEndian(UInt16(fps)) + Data([0, 0])
        Self.appendChunk("fcTL", control, to: &bytes)
        sequenceNumber += 1
        for chunk in chunks where chunk.type == "IDAT" {
            if framesWritten == 0 {
                Self.appendChunk("IDAT", chunk.data, to: &bytes)
            } else {
                Self.appendChunk("fdAT", Self.bigEndian(sequenceNumber) + chunk.data, to: &bytes)
                sequenceNumber += 1
            }
        }
        framesWritten += 1
        try append(bytes)
    }

    func finish() throws(CAMovieExportError) {
        require(framesWritten == frameCount, "APNGWriter was promised \(frameCount) frames and given \(framesWritten)")
        var end = Data()
        Self.appendChunk("IEND", Data(), to: &end)
        try append(end)
        guard let temporary else { return }
        self.temporary = nil
        if close(temporary.descriptor) != 0, errno != EINTR {
            let error = errno
            output.discard(temporary.path)
            throw output.writeError(error)
        }
        try output.commit(temporary.path)
    }

    func abandon() {
        guard let temporary else { return }
        self.temporary = nil
        close(temporary.descriptor)
        output.discard(temporary.path)
    }

    private func append(_ bytes: Data) throws(CAMovieExportError) {
        guard let temporary else { misuse("APNGWriter writes after its first frame opened the file") }
        let error = bytes.withUnsafeBytes { writeAll($0, to: temporary.descriptor) }
        if error != 0 {
            abandon()
            throw output.writeError(error)
        }
    }

    // MARK: Chunks

    struct Chunk {
        var type: String
        var data: Data
    }

    /// The chunks of the PNG file `png`, in order.
    static func chunks(of png: Data) -> [Chunk] {
        let bytes = [UInt8](png)
        var chunks: [Chunk] = []
        var offset = 8
        while offset + 12 <= bytes.count {
            let length =
                Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8
                | Int(bytes[offset + 3])
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            guard offset + 12 + length <= bytes.count else { break }
            chunks.append(Chunk(type: type, data: Data(bytes[(offset + 8)..<(offset + 8 + length)])))
            offset += 12 + length
        }
        return chunks
    }

    /// Appends a chunk: its length, type, data and the CRC-32 of type and data.
    static func appendChunk(_ type: String, _ data: Data, to bytes: inout Data) {
        let typeBytes = Data(type.utf8)
        bytes += bigEndian(UInt32(data.count))
        bytes += typeBytes
        bytes += data
        var crc = typeBytes.withUnsafeBytes { crc32(0, $0.bindMemory(to: UInt8.self).baseAddress, 4) }
        // zlib's crc32 given no bytes returns its initial value, not the CRC so far.
        if !data.isEmpty {
            crc = data.withUnsafeBytes { crc32(crc, $0.bindMemory(to: UInt8.self).baseAddress, uInt(data.count)) }
        }
        bytes += bigEndian(UInt32(crc))
    }

    static func bigEndian<T: FixedWidthInteger>(_ value: T) -> Data {
        withUnsafeBytes(of: value.bigEndian) { Data($0) }
    }
}
