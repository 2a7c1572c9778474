import Foundation

/// Objective-C's integer types, which Swift on Apple's platforms imports from Foundation and
/// iOS code still names: `Int` and `UInt`, as there.
public typealias NSInteger = Int
public typealias NSUInteger = UInt
