import ArgumentParser
import Foundation
import OpenQuartzCoreScenes

/// `carender experiments` (also `carender demo`, its earlier name): prints what the seed
/// articles' experiments print, on a manual clock (``SeedExperiments``).
struct Experiments: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Prints what the seed articles' experiments print, on a manual clock.", aliases: ["demo"])

    func run() throws {
        // A command runs on the main thread, where the views' experiments must run.
        MainActor.assumeIsolated { SeedExperiments.printAll() }
    }
}

/// A time or value as `%g` prints it (`0.5`, `1e-06`), for messages.
func format(_ value: Double) -> String {
    String(format: "%g", value)
}
