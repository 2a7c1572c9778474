import Foundation
import Testing

@testable import OpenQuartzCoreRenderer

/// The renderer asks glibc to keep its groups' freed memory (FreedMemoryHint.swift), unless the
/// process chose malloc's thresholds through its environment.
@Suite struct FreedMemoryHintTests {
    @Test func theFirstRendererKeepsFreedMemory() throws {
        let environment = ProcessInfo.processInfo.environment
        let chosen =
            (environment["GLIBC_TUNABLES"]?.contains("malloc") ?? false)
            || environment["MALLOC_TRIM_THRESHOLD_"] != nil || environment["MALLOC_MMAP_THRESHOLD_"] != nil
        _ = CARenderer(width: 4, height: 4)
        #if canImport(Glibc)
            #expect(FreedMemoryHint.applied == !chosen, "glibc took the thresholds unless the environment chose")
        #else
            #expect(!FreedMemoryHint.applied, "only glibc's malloc is tuned")
        #endif
    }
}
