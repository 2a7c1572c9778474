import Foundation
import OpenCAML
import OpenQuartzCore

/// A CAML document the parsing benchmarks read and write.
public struct BenchmarkDocument: Sendable {
    public let name: String
    public let url: URL
    public let type: String
}

/// The documents of the CAML benchmarks (issue 12): every corpus document that loads
/// (`../shared/caml-corpus/files` beside the package, FORMAT.md), or, when the corpus is
/// absent, three documents made here of the corpus's kinds.
public enum CAMLDocuments {
    /// `../shared/caml-corpus/files` relative to the main package.
    public static let corpusFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("shared/caml-corpus/files")

    /// The documents, and whether they are the corpus's.
    public static func all() -> (documents: [BenchmarkDocument], fromCorpus: Bool) {
        let corpus = corpusDocuments()
        if !corpus.isEmpty { return (corpus, true) }
        return (inlineDocuments(), false)
    }

    /// Loads `document` as `CAPackage(contentsOf:type:options:)` does for a user, on a manual
    /// clock (so that no system time is read): the file or bundle read, the XML parsed, the
    /// layers, animations and states built, the images decoded.
    public static func load(_ document: BenchmarkDocument) throws -> CAPackage {
        try CAClock.$current.withValue(CAManualClock()) {
            try CAPackage(contentsOf: document.url, type: document.type, options: nil)
        }
    }

    /// Writes `package` in the form `document` has (a `.ca` bundle or a `.caml` file) with
    /// `write(to:type:options:)`, as a user does, over what the last call wrote, into a folder
    /// in memory (`/dev/shm`, where Linux has it), so that the disk's speed does not count.
    public static func write(_ package: CAPackage, like document: BenchmarkDocument) throws {
        let name = document.type == kCAPackageTypeCAMLBundle ? "written.ca" : "written.caml"
        try package.write(to: scratchFolder.appendingPathComponent(name), type: document.type, options: nil)
    }

    /// Where ``write(_:like:)`` writes: a folder in `/dev/shm`, else in the temporary folder.
    public static let scratchFolder: URL = {
        let memory = URL(fileURLWithPath: "/dev/shm", isDirectory: true)
        let base =
            FileManager.default.isWritableFile(atPath: memory.path) ? memory : FileManager.default.temporaryDirectory
        // One name for every run, so that runs do not leave a folder each in memory.
        let folder = base.appendingPathComponent("caml-benchmark", isDirectory: true)
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }()

    /// Seconds of the calling thread's CPU time `body` takes, the least of `runs` runs.
    public static func fastest(of runs: Int, _ body: () throws -> Void) rethrows -> Double {
        var best = Double.infinity
        for _ in 0..<runs {
            let start = threadCPUSeconds()
            try body()
            best = min(best, threadCPUSeconds() - start)
        }
        return best
    }

    /// The calling thread's CPU time in seconds.
    public static func threadCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// The documents ordered by how long each takes to load (fastest first): the one in the
    /// middle is the median document, the last the largest.
    public static func byLoadTime(_ documents: [BenchmarkDocument]) -> [(document: BenchmarkDocument, seconds: Double)]
    {
        documents.map { document in
            (document, fastest(of: 3) { _ = try? load(document) })
        }.sorted { $0.seconds < $1.seconds }
    }

    private static func corpusDocuments() -> [BenchmarkDocument] {
        guard let walker = FileManager.default.enumerator(at: corpusFolder, includingPropertiesForKeys: nil) else {
            return []
        }
        var found: [BenchmarkDocument] = []
        for case let url as URL in walker {
            let name = String(url.path.dropFirst(corpusFolder.path.count + 1))
            if url.pathExtension == "ca" {
                found.append(BenchmarkDocument(name: name, url: url, type: kCAPackageTypeCAMLBundle))
                walker.skipDescendants()
            } else if url.pathExtension == "caml", url.lastPathComponent != "assetManifest.caml" {
                found.append(BenchmarkDocument(name: name, url: url, type: kCAPackageTypeCAMLFile))
            }
        }
        // The one malformed document (FORMAT.md §2) fails to load and is left out.
        return found.filter { (try? load($0)) != nil }.sorted { $0.name < $1.name }
    }

    /// Three documents written for the benchmark: a wallpaper (20 image-less layers, three
    /// states, six spring transitions), a glyph (shapes and keyframe animations), and a large
    /// tree (400 layers with animations and states).
    private static func inlineDocuments() -> [BenchmarkDocument] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("caml-benchmark-documents")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return [("wallpaper", wallpaper(layers: 20)), ("glyph", glyph()), ("large", wallpaper(layers: 400))].map {
            name, text in
            let url = folder.appendingPathComponent("\(name).caml")
            try? Data(text.utf8).write(to: url)
            return BenchmarkDocument(name: name, url: url, type: kCAPackageTypeCAMLFile)
        }
    }

    private static let header =
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\n<caml xmlns=\"http://www.apple.com/CoreAnimation/1.0\">\n"

    private static func wallpaper(layers count: Int) -> String {
        var text =
            header + #"<CALayer allowsEdgeAntialiasing="1" allowsGroupOpacity="1" bounds="0 0 390 844" "#
            + #"contentsFormat="RGBA8" geometryFlipped="0" name="Root Layer" position="195 422"><sublayers>"#
        for index in 0..<count {
            text +=
                #"<CALayer id="l\#(index)" bounds="0 0 \#(40 + index % 7) 40" position="\#(index % 390) \#(index * 3 % 844)" "#
                + #"backgroundColor="0.\#(index % 10) 0.5 0.25" cornerRadius="6" opacity="0.9" "#
                + #"transform="rotate(\#(index % 90)deg) scale(1.1, 0.9, 1)"><animations>"#
                + #"<animation type="CAKeyframeAnimation" keyPath="transform.rotation.z" beginTime="1e-100" duration="2" "#
                + #"repeatCount="inf" calculationMode="linear"><values><real value="6.283185307179586"/><integer value="0"/>"#
                + "</values></animation></animations></CALayer>"
        }
        text += "</sublayers><states>"
        for (state, y) in [("Locked", 100), ("Unlock", 545), ("Sleep", 300)] {
            text += #"<LKState name="\#(state)"><elements>"#
            for index in stride(from: 0, to: count, by: 2) {
                text +=
                    #"<LKStateSetValue targetId="l\#(index)" keyPath="position.y"><value type="integer" value="\#(y)"/></LKStateSetValue>"#
            }
            text += "</elements></LKState>"
        }
        text += "</states><stateTransitions>"
        for state in ["Locked", "Unlock", "Sleep"] {
            for (from, to) in [("*", state), (state, "*")] {
                text += #"<LKStateTransition fromState="\#(from)" toState="\#(to)"><elements>"#
                for index in stride(from: 0, to: count, by: 2) {
                    text +=
                        #"<LKStateTransitionElement key="position.y" targetId="l\#(index)"><animation type="CASpringAnimation" "#
                        + #"damping="50" mass="2" stiffness="300" velocity="0" keyPath="position.y" duration="0.8" fillMode="backwards"/>"#
                        + "</LKStateTransitionElement>"
                }
                text += "</elements></LKStateTransition>"
            }
        }
        return text + "</stateTransitions></CALayer></caml>\n"
    }

    private static func glyph() -> String {
        var text = header + #"<CALayer bounds="0 0 84 84" position="42 42"><sublayers>"#
        for index in 0..<12 {
            text +=
                #"<CAShapeLayer id="s\#(index)" fillColor="0.7 0.7 0.7" bounds="0 0 80 90" position="45 60" "#
                + #"path="19.51 15.57 m 17.29 17.8 17.18 18.69 17.4 51.5 c 17.52 85.1 l 36.69 74.31 43.01 71.3 43.9 71.52 c h">"#
                + #"<strokeColor opacity="0" value="0 0 0"/><animations><animation type="CAKeyframeAnimation" keyPath="opacity" "#
                + #"duration="1" fillMode="both" repeatCount="Inf"><keyTimes><integer value="0"/><real value="0.2293158405593"/>"#
                + #"<integer value="1"/></keyTimes><timingFunctions><CAMediaTimingFunction value="0.29712 -0.0052251 0.24359 0.99619"/>"#
                + #"<CAMediaTimingFunction value="0.88669 -0.015013 0.61462 1.01"/></timingFunctions><values><real value="0.25"/>"#
                + #"<integer value="1"/><real value="0.25"/></values></animation></animations></CAShapeLayer>"#
        }
        return text + "</sublayers></CALayer></caml>\n"
    }
}
