// UIKit brings QuartzCore with it on Apple's platforms (`view.layer` is a `CALayer`), so code
// that imports OpenUIKit alone sees the layer and animation types too.
@_exported import OpenQuartzCore
