// CoreGraphics gives code that imports it alone CGFloat, CGPoint, CGSize and CGRect on Apple's
// platforms; on Linux Foundation declares them, so importing OpenCoreGraphics brings it.
@_exported import Foundation
