import ArgumentParser
import Foundation
import IOSPorting

/// Ports iOS Swift files so that they compile on Linux against OpenQuartzCore and OpenUIKit
/// (docs/porting.md lists the rewrites). The build plugin `PortIOSSources` runs it at build
/// time; people run it to read or keep the ported files.
@main
struct PortCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "openquartzcore-port",
        abstract:
            "Rewrites iOS Swift files for Swift on Linux: @objc, #selector, #keyPath, @NSManaged, IB attributes, imports.",
        discussion: """
            With no option it prints a unified diff of what it would change and changes nothing.
            Files that cannot be parsed are reported and left as they are.
            """)

    @Argument(help: "Swift files, or folders to port every Swift file in.")
    var paths: [String]

    @Option(help: "Write the ported files into this folder, under their paths relative to the arguments.")
    var output: String?

    @Flag(help: "Rewrite the files themselves, once every one of them has been ported.")
    var inPlace = false

    @Option(help: .hidden)
    var pluginOutput: String?

    @Option(help: .hidden)
    var pluginRoot: String?

    mutating func validate() throws {
        if [output != nil, inPlace, pluginOutput != nil].filter({ $0 }).count > 1 {
            throw ValidationError("--output, --in-place and the plugin's output exclude each other")
        }
    }

    func run() throws {
        let files = try SwiftFiles.collect(paths)
        let sources = try files.map { file -> String in
            do {
                return try String(contentsOfFile: file.path, encoding: .utf8)
            } catch {
                throw ValidationError("\(file.path): cannot be read as UTF-8 text (\(error.localizedDescription))")
            }
        }
        let porter = SourcePorter(context: PortingContext(sources: sources))
        let ported = Self.port(sources, of: files.map(\.path), with: porter, sourceLocation: pluginOutput != nil)
        for diagnostic in ported.flatMap(\.diagnostics) {
            FileHandle.standardError.write(Data((diagnostic.description + "\n").utf8))
        }
        if let pluginOutput {
            try writePluginOutput(ported, of: files, into: pluginOutput)
        } else if let output {
            try write(ported, of: files, into: output)
        } else if inPlace {
            try rewriteInPlace(ported, of: files)
        } else {
            for (file, (source, result)) in zip(files, zip(sources, ported)) where result.isChanged {
                print(
                    unifiedDiff(from: source, to: result.text, oldName: "a/\(file.path)", newName: "b/\(file.path)"),
                    terminator: "")
            }
        }
    }

    /// Each file ported on its own, the files shared out over the machine's cores: in a build
    /// the target waits for its copies, so the step's time is the build's.
    static func port(_ sources: [String], of paths: [String], with porter: SourcePorter, sourceLocation: Bool)
        -> [PortedFile]
    {
        var results = [PortedFile?](repeating: nil, count: paths.count)
        results.withUnsafeMutableBufferPointer { buffer in
            // Each iteration writes its own element only.
            nonisolated(unsafe) let buffer = buffer
            DispatchQueue.concurrentPerform(iterations: paths.count) { index in
                buffer[index] = porter.port(sources[index], path: paths[index], sourceLocation: sourceLocation)
            }
        }
        return results.map { $0! }
    }

    /// The build plugin's copies: every file (unparsed ones as they are, still pointing at the
    /// original), under its path relative to the target's folder, as `Name.ported.swift`.
    private func writePluginOutput(_ ported: [PortedFile], of files: [SwiftFiles.File], into folder: String) throws {
        let root = URL(fileURLWithPath: pluginRoot ?? FileManager.default.currentDirectoryPath).standardizedFileURL.path
        for (file, result) in zip(files, ported) {
            let absolute = URL(fileURLWithPath: file.path).standardizedFileURL.path
            let relative =
                absolute.hasPrefix(root + "/") ? String(absolute.dropFirst(root.count + 1)) : file.relativePath
            // Named apart from the original, which `#sourceLocation` names: two files may not
            // give one `#fileID`. The plugin expects these names.
            let name = String(relative.dropLast(".swift".count)) + ".ported.swift"
            try SwiftFiles.write(result.text, to: URL(fileURLWithPath: folder).appendingPathComponent(name).path)
        }
    }

    /// Copies into `folder`, which must not be where any of the files are.
    private func write(_ ported: [PortedFile], of files: [SwiftFiles.File], into folder: String) throws {
        let destinations = files.map {
            URL(fileURLWithPath: folder).appendingPathComponent($0.relativePath).standardizedFileURL.path
        }
        let sources = Set(files.map { URL(fileURLWithPath: $0.path).standardizedFileURL.path })
        if let clash = destinations.first(where: sources.contains) {
            throw ValidationError(
                "\(clash) is one of the files being ported: --output never overwrites them (use --in-place)")
        }
        for (destination, result) in zip(destinations, ported) { try SwiftFiles.write(result.text, to: destination) }
    }

    /// Rewrites the files that changed, only when every file was parsed.
    private func rewriteInPlace(_ ported: [PortedFile], of files: [SwiftFiles.File]) throws {
        let unparsed = zip(files, ported).filter { !$0.1.isParsed }.map(\.0.path)
        guard unparsed.isEmpty else {
            throw ValidationError(
                "not rewritten, because \(unparsed.joined(separator: ", ")) cannot be parsed; every file is as it was")
        }
        for (file, result) in zip(files, ported) where result.isChanged {
            try SwiftFiles.write(result.text, to: file.path)
        }
    }
}

/// The Swift files named on the command line.
enum SwiftFiles {
    struct File {
        let path: String
        /// Its path under the folder argument it was found in, or its name.
        let relativePath: String
    }

    static func collect(_ paths: [String]) throws -> [File] {
        var files: [File] = []
        for path in paths {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
                throw ValidationError("\(path): no such file or folder")
            }
            guard isFolder.boolValue else {
                files.append(File(path: path, relativePath: URL(fileURLWithPath: path).lastPathComponent))
                continue
            }
            let found = (FileManager.default.subpaths(atPath: path) ?? []).filter { $0.hasSuffix(".swift") }.sorted()
            files += found.map {
                File(path: URL(fileURLWithPath: path).appendingPathComponent($0).path, relativePath: $0)
            }
        }
        return files
    }

    /// Writes `text` to `path` through a temporary file beside it, so that a failed write
    /// leaves what was there.
    static func write(_ text: String, to path: String) throws {
        let url = URL(fileURLWithPath: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url, options: .atomic)
    }
}
