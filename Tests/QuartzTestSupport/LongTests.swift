import Foundation
import Testing

/// Tests that take minutes (a whole corpus drawn several ways) run only when asked for, as
/// swift-nio's long tests do: `OPENQUARTZCORE_LONG_TESTS=1 swift test`. CI sets it (`.ci/run`);
/// a contributor's `Scripts/test.sh` leaves them out.
public enum LongTests {
    /// Whether `OPENQUARTZCORE_LONG_TESTS` is set to 1 (or true, or yes).
    public static var areEnabled: Bool {
        let value = ProcessInfo.processInfo.environment["OPENQUARTZCORE_LONG_TESTS"]?.lowercased() ?? ""
        return ["1", "true", "yes"].contains(value)
    }

    /// What a skipped long test says.
    public static let skipReason: Comment = "a long test: set OPENQUARTZCORE_LONG_TESTS=1 to run it"
}
