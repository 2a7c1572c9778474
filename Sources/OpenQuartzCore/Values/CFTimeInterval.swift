import Foundation

/// Seconds, as Core Animation measures time.
///
/// Foundation on Linux does not export Core Foundation's `CFTimeInterval`, so it is declared
/// here with Apple's meaning: a `Double` number of seconds.
public typealias CFTimeInterval = Double
