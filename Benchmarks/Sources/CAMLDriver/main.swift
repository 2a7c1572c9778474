import CAMLDocuments
import Foundation
import OpenCAML

// The CAML benchmarks' documents outside package-benchmark: a table of each document's load and
// write times (thread CPU, least of 9 runs), to read, and a loop over one document to profile:
//
//     swift run -c release CAMLDriver                    # the table
//     swift run -c release CAMLDriver NAME 200           # load NAME 200 times (valgrind --tool=callgrind)
//     swift run -c release CAMLDriver NAME 200 --write   # write it 200 times

let arguments = CommandLine.arguments.dropFirst()
let (documents, fromCorpus) = CAMLDocuments.all()
if let name = arguments.first {
    guard let document = documents.first(where: { $0.name == name || $0.name.hasPrefix(name) }) else {
        FileHandle.standardError.write(Data("no document called \(name)\n".utf8))
        exit(1)
    }
    let count = arguments.dropFirst().first.flatMap { Int($0) } ?? 100
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
