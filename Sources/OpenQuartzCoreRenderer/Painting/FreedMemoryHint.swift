import CMemoryHints
import Foundation

/// Keeps the memory of a frame's groups for the next frame.
///
/// Every translucent or masked layer is drawn through a group, a bitmap Cairo allocates and
/// frees within the frame: megabytes each, several at once. glibc's malloc hands freed memory
/// back to the kernel once more than its trim threshold (by default twice the largest block
/// it has freed, so a few megabytes) is free at the top of the heap, and then every page of
/// the next frame's groups is faulted in and zeroed by the kernel again: a third of the CPU
/// time of a frame of nested groups (`Benchmarks/HISTORY.md`, LottieFrames). So the first
/// renderer raises the trim threshold to 64 MB (a process keeps up to that much freed memory
/// for reuse) and fixes the size above which blocks are mapped on their own at 32 MB (glibc's
/// own largest), which stops the thresholds from moving on their own.
///
/// Left alone where the process chose for itself: when `GLIBC_TUNABLES` names a `malloc`
/// tunable, or `MALLOC_TRIM_THRESHOLD_` or `MALLOC_MMAP_THRESHOLD_` is set. Other C libraries
/// are left alone.
enum FreedMemoryHint {
    static let keepTrimThreshold = 64 << 20
    static let mmapThreshold = 32 << 20

    /// Applied once per process, by the first renderer's resources.
    static let applied: Bool = {
        let environment = ProcessInfo.processInfo.environment
        let chosen =
            (environment["GLIBC_TUNABLES"]?.contains("malloc") ?? false)
            || environment["MALLOC_TRIM_THRESHOLD_"] != nil || environment["MALLOC_MMAP_THRESHOLD_"] != nil
        guard !chosen else { return false }
        return oqc_keep_freed_memory(Int32(keepTrimThreshold), Int32(mmapThreshold)) == 1
    }()
}
