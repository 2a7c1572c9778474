import CAMLDocuments
import Foundation
import OpenCAML
import OpenQuartzCore
import OpenQuartzCorePreview
import OpenQuartzCoreRenderer
import OpenQuartzCoreScenes

// The CAML benchmarks' documents outside package-benchmark: a table of each document's load and
// write times (thread CPU, least of 9 runs), to read, and a loop over one document to profile:
//
//     swift run -c release CAMLDriver                    # the table
//     swift run -c release CAMLDriver NAME 200           # load NAME 200 times (valgrind --tool=callgrind)
//     swift run -c release CAMLDriver NAME 200 --write   # write it 200 times
//     swift run -c release CAMLDriver NAME 60 --render   # render 60 frames as the live preview does

let arguments = CommandLine.arguments.dropFirst()
let (documents, fromCorpus) = CAMLDocuments.all()
if let name = arguments.first {
    guard let document = documents.first(where: { $0.name == name || $0.name.hasPrefix(name) }) else {
        FileHandle.standardError.write(Data("no document called \(name)\n".utf8))
        exit(1)
    }
    let count = arguments.dropFirst().first.flatMap { Int($0) } ?? 100
    if arguments.contains("--render") {
        try renderFrames(of: document, count: count)
        exit(0)
    }
    let package = try CAMLDocuments.load(document)
    for _ in 0..<count {
        if arguments.contains("--write") {
            try CAMLDocuments.write(package, like: document)
        } else {
            _ = try CAMLDocuments.load(document)
        }
    }
    exit(0)
}

print("\(documents.count) \(fromCorpus ? "corpus" : "inline") documents; milliseconds of thread CPU, least of 9 runs")
print("load\twrite\twrite/load\tdocument")
var rows: [(load: Double, write: Double, name: String)] = []
for document in documents {
    let load = CAMLDocuments.fastest(of: 9) { _ = try? CAMLDocuments.load(document) }
    guard let package = try? CAMLDocuments.load(document) else { continue }
    let write = CAMLDocuments.fastest(of: 9) { try? CAMLDocuments.write(package, like: document) }
    rows.append((load * 1000, write * 1000, document.name))
}
for row in rows.sorted(by: { $0.load < $1.load }) {
    print(String(format: "%.3f\t%.3f\t%.0f%%\t%@", row.load, row.write, row.write / row.load * 100, row.name))
}
let loads = rows.map(\.load).sorted()
let ratios = rows.map { $0.write / $0.load }
print(
    String(
        format: "median load %.3f ms, largest %.3f ms; write/load median %.0f%%, max %.0f%%",
        loads[loads.count / 2], loads[loads.count - 1], ratios.sorted()[ratios.count / 2] * 100,
        ratios.max()! * 100))
try? FileManager.default.removeItem(at: CAMLDocuments.scratchFolder)

/// Renders `count` frames of `document` 1/60 s apart, at 780 × 1688 pixels (a 390 × 844 pt
/// wallpaper at scale 2) as `carender preview`'s sessions do, after a first frame that fills the
/// caches; prints each frame's thread CPU time, least and median, and how much of the canvas
/// the frames' update regions cover on average.
@MainActor
func renderFrames(of document: BenchmarkDocument, count: Int) throws {
    let scene = try SceneDefinition.document(at: document.url.path, type: document.type).start()
    let renderer = CARenderer(width: 780, height: 1688, scale: 2)
    renderer.bounds = CGRect(origin: scene.root.frame.origin, size: scene.size)
    renderer.layer = scene.root
    var milliseconds: [Double] = []
    var updated = 0.0
    CAClock.$current.withValue(scene.clock) {
        for index in 0...count {
            let start = CAMLDocuments.threadCPUSeconds()
            let time = Double(index) / 60
            scene.advance(to: time)
            renderer.beginFrame(atTime: time)
            let update = renderer.updateBounds()
            renderer.render()
            renderer.endFrame()
            if index > 0 {
                milliseconds.append((CAMLDocuments.threadCPUSeconds() - start) * 1000)
                if !update.isNull { updated += update.width * update.height / (scene.size.width * scene.size.height) }
            }
        }
    }
    milliseconds.sort()
    print(
        String(
            format: "%@: %d frames, thread CPU least %.2f ms, median %.2f ms; update region %.0f%% of the canvas",
            document.name, count, milliseconds.first ?? 0,
            milliseconds.isEmpty ? 0 : milliseconds[milliseconds.count / 2],
            updated / Double(max(count, 1)) * 100))
}
