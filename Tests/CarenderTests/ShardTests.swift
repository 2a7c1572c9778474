import Foundation
import QuartzTestSupport
import Testing

/// Runs ffmpeg with `arguments`; its standard output and error.
private func ffmpeg(_ arguments: [String]) throws -> CarenderRun {
    try run(URL(fileURLWithPath: "/usr/bin/env"), ["ffmpeg", "-hide_banner", "-nostdin"] + arguments)
}

/// Each decoded frame of `file` as `pts,md5` (ffmpeg's framemd5 muxer, RGBA).
private func decodedFrames(_ file: URL) throws -> [String] {
    let result = try ffmpeg(["-i", file.path, "-pix_fmt", "rgba", "-f", "framemd5", "-"])
    return result.output.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
        let fields = line.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        return "\(fields[2]),\(fields[5])"
    }
}

/// Issue 13: a render split with --shard K/N and joined with carender concat is the frames of
/// a single render.
@Suite("carender render --shard and concat")
struct ShardTests {
    private let scene = ["spring", "--fps", "10", "--scale", "0.5"]

    private func renderWholeAndInShards(extension name: String, in scratch: URL) throws -> (whole: URL, joined: URL) {
        let whole = scratch.appendingPathComponent("whole.\(name)")
        #expect(try carender(["render"] + scene + ["-o", whole.path]).status == 0)
        var parts: [String] = []
        for part in 1...3 {
            let path = scratch.appendingPathComponent("part\(part).\(name)").path
            let result = try carender(["render"] + scene + ["-o", path, "--shard", "\(part)/3"])
            #expect(result.status == 0, "\(result.error)")
            parts.append(path)
        }
        let joined = scratch.appendingPathComponent("joined.\(name)")
        let result = try carender(["concat"] + parts + ["-o", joined.path])
        #expect(result.status == 0, "\(result.error)")
        return (whole, joined)
    }

    @Test func joinedAPNGPartsDecodeToExactlyTheFramesOfASingleRender() throws {
        let scratch = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let (whole, joined) = try renderWholeAndInShards(extension: "apng", in: scratch)
        let expected = try decodedFrames(whole)
        #expect(expected.count > 3)
        #expect(try decodedFrames(joined) == expected, "same timestamps, same pixels")
    }

    /// H.264 parts are copied, not encoded again: the same frame count and timestamps, and
    /// pictures within the encoder's loss of the single render's (PSNR ≥ 40 dB per frame).
    @Test func joinedMP4PartsHaveTheFramesAndTimesOfASingleRender() throws {
        let scratch = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let (whole, joined) = try renderWholeAndInShards(extension: "mp4", in: scratch)
        let expected = try decodedFrames(whole).map { $0.split(separator: ",")[0] }
        #expect(expected.count > 3)
        #expect(try decodedFrames(joined).map { $0.split(separator: ",")[0] } == expected)
        let compared = try ffmpeg([
            "-i", whole.path, "-i", joined.path, "-lavfi", "psnr=stats_file=-", "-f", "null", "-",
        ])
        let minimum = compared.output.split(separator: "\n").compactMap { line -> Double? in
            guard let field = line.split(separator: " ").first(where: { $0.hasPrefix("psnr_avg:") }) else { return nil }
            let value = field.dropFirst("psnr_avg:".count)
            return value == "inf" ? .infinity : Double(value)
        }.min()
        let worst = try #require(minimum)
        #expect(worst >= 40, "worst frame \(worst) dB")
    }

    @Test func pngFramesOfEveryPartGoIntoOneFolderNumberedAsTheWholeRender() throws {
        let scratch = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        #expect(try carender(["render"] + scene + ["-o", scratch.path + "/whole/"]).status == 0)
        for part in 1...3 {
            #expect(
                try carender(["render"] + scene + ["-o", scratch.path + "/parts/", "--shard", "\(part)/3"]).status == 0)
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: scratch.path + "/whole").sorted()
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path + "/parts").sorted() == names)
        for name in names {
            #expect(
                try Data(contentsOf: scratch.appendingPathComponent("whole/" + name))
                    == Data(contentsOf: scratch.appendingPathComponent("parts/" + name)), "\(name)")
        }
    }

    @Test func aBadShardIsAUsageError() throws {
        #expect(try carender(["render", "spring", "-o", "x.mp4", "--shard", "0/3"]).status == 64)
        #expect(try carender(["render", "spring", "-o", "x.mp4", "--shard", "4/3"]).status == 64)
        #expect(try carender(["render", "spring", "-o", "x.gif", "--shard", "1/3"]).status == 64)
    }
}
