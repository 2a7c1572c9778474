import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The CPU time the calling thread has used, in nanoseconds: for comparing two ways of drawing
/// a frame on one thread without counting the time other processes took the core.
public func threadCPUNanoseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

/// The CPU time every thread of this process has used, in nanoseconds: for comparing two ways
/// of rendering that paint on worker threads, without counting other processes.
public func processCPUNanoseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}
