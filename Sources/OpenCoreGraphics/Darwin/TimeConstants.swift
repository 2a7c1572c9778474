// Constants of Darwin's <dispatch/time.h> that iOS code uses to build `DispatchTime`s and that
// libdispatch on Linux does not define. Darwin defines them as `ull` literals, which Swift
// imports as `UInt64`; they are the same type here, so that code such as
// `.now() + Double(Int64(0.3 * Double(NSEC_PER_SEC))) / Double(NSEC_PER_SEC)` compiles as it is.

/// Nanoseconds in a second: 1,000,000,000.
///
///     DispatchQueue.main.asyncAfter(deadline: .now() + Double(Int64(delay * Double(NSEC_PER_SEC))) / Double(NSEC_PER_SEC)) { … }
public let NSEC_PER_SEC: UInt64 = 1_000_000_000

/// Nanoseconds in a millisecond: 1,000,000.
public let NSEC_PER_MSEC: UInt64 = 1_000_000

/// Microseconds in a second: 1,000,000.
public let USEC_PER_SEC: UInt64 = 1_000_000

/// Nanoseconds in a microsecond: 1,000.
public let NSEC_PER_USEC: UInt64 = 1_000
