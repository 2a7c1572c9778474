// QuartzCore re-exports CoreGraphics and Foundation on Apple's platforms, so code that
// imports it alone sees CGColor, CGPath and CGFloat; importing OpenQuartzCore does the same.
@_exported import Foundation
@_exported import OpenCoreGraphics
