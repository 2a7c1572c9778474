import Foundation

/// Seconds, as Core Animation measures time.
///
/// Foundation on Linux does not export Core Foundation's `CFTimeInterval`, so it is declared
/// here with Apple's meaning: a `Double` number of seconds.
public typealias CFTimeInterval = Double

/// Seconds since 1 January 2001, 00:00 UTC: Core Foundation's `CFAbsoluteTime`, which
/// Foundation on Linux does not export either.
public typealias CFAbsoluteTime = Double

/// The current absolute time (the wall clock, as Apple's): what iOS code times its frames
/// with. A manual clock does not move it; `CACurrentMediaTime()` is the clock animations use.
public func CFAbsoluteTimeGetCurrent() -> CFAbsoluteTime {
    Date().timeIntervalSinceReferenceDate
}
