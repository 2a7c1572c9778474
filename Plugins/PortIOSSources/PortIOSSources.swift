import Foundation
import PackagePlugin

/// Compiles a target's iOS Swift files unedited on Linux: the files the target excludes from
/// its sources (`exclude: ["iOS"]`) are ported by `openquartzcore-port` into the build folder
/// at build time, and the target compiles the ported copies. The compiler's messages name the
/// original files and lines.
@main
struct PortIOSSources: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let root = target.directoryURL.standardizedFileURL
        let compiled = Set(target.sourceFiles(withSuffix: "swift").map { $0.url.standardizedFileURL.path })
        let found =
            FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.map(\.standardizedFileURL) ?? []
        let inputs = found.filter { $0.pathExtension == "swift" && !compiled.contains($0.path) }
            .sorted { $0.path < $1.path }
        guard !inputs.isEmpty else { return [] }
        let outputFolder = context.pluginWorkDirectoryURL.appendingPathComponent("Ported")
        // `Name.ported.swift`, as openquartzcore-port writes them.
        let outputs = inputs.map { input in
            let relative = input.path.dropFirst(root.path.count + 1).dropLast(".swift".count)
            return outputFolder.appendingPathComponent(relative + ".ported.swift")
        }
        return [
            .buildCommand(
                displayName: "Porting \(inputs.count) iOS source file(s) of \(target.name)",
                executable: try context.tool(named: "openquartzcore-port").url,
                arguments: ["--plugin-output", outputFolder.path, "--plugin-root", root.path] + inputs.map(\.path),
                inputFiles: inputs,
                outputFiles: outputs)
        ]
    }
}
