import Foundation

// Apple's ImageIO speaks CoreFoundation types, which Foundation on Linux does not export.
// Each name here is the Foundation class that CoreFoundation's type is toll-free bridged with
// on Apple's platforms, so iOS code's casts compile unchanged:
//
//     let source = CGImageSourceCreateWithData(data as CFData, nil)
//     let options = [kCGImageSourceShouldCache: false] as CFDictionary

/// CoreFoundation's URL type: Foundation's `NSURL` here, so `url as CFURL` compiles.
public typealias CFURL = NSURL

/// CoreFoundation's data type: Foundation's `NSData` here, so `data as CFData` compiles.
public typealias CFData = NSData

/// CoreFoundation's dictionary type: Foundation's `NSDictionary` here, so
/// `[key: value] as CFDictionary` and `dictionary as? [String: Any]` compile.
public typealias CFDictionary = NSDictionary

/// CoreFoundation's string type: Swift's `String` here, so ImageIO's key constants are
/// `Sendable` globals and `kCGImagePropertyGIFDictionary as String` compiles.
public typealias CFString = String
