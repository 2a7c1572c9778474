import Foundation

/// The descriptors of `CALayer`'s own properties, looked up once, so that their setters do
/// not hash their key on every change.
enum LayerPropertyDescriptors {
    static let bounds = layerPropertyTable["bounds"]!
    static let position = layerPropertyTable["position"]!
    static let zPosition = layerPropertyTable["zPosition"]!
    static let anchorPoint = layerPropertyTable["anchorPoint"]!
    static let anchorPointZ = layerPropertyTable["anchorPointZ"]!
    static let transform = layerPropertyTable["transform"]!
    static let sublayerTransform = layerPropertyTable["sublayerTransform"]!
    static let contents = layerPropertyTable["contents"]!
    static let contentsRect = layerPropertyTable["contentsRect"]!
    static let contentsScale = layerPropertyTable["contentsScale"]!
    static let contentsCenter = layerPropertyTable["contentsCenter"]!
    static let minificationFilterBias = layerPropertyTable["minificationFilterBias"]!
    static let hidden = layerPropertyTable["hidden"]!
    static let doubleSided = layerPropertyTable["doubleSided"]!
    static let masksToBounds = layerPropertyTable["masksToBounds"]!
    static let opacity = layerPropertyTable["opacity"]!
    static let rasterizationScale = layerPropertyTable["rasterizationScale"]!
    static let shouldRasterize = layerPropertyTable["shouldRasterize"]!
    static let backgroundColor = layerPropertyTable["backgroundColor"]!
    static let cornerRadius = layerPropertyTable["cornerRadius"]!
    static let maskedCorners = layerPropertyTable["maskedCorners"]!
    static let cornerCurve = layerPropertyTable["cornerCurve"]!
    static let borderWidth = layerPropertyTable["borderWidth"]!
    static let borderColor = layerPropertyTable["borderColor"]!
    static let shadowColor = layerPropertyTable["shadowColor"]!
    static let shadowOpacity = layerPropertyTable["shadowOpacity"]!
    static let shadowOffset = layerPropertyTable["shadowOffset"]!
    static let shadowRadius = layerPropertyTable["shadowRadius"]!
    static let shadowPath = layerPropertyTable["shadowPath"]!
    static let opaque = layerPropertyTable["opaque"]!
    static let geometryFlipped = layerPropertyTable["geometryFlipped"]!
    static let allowsGroupOpacity = layerPropertyTable["allowsGroupOpacity"]!
    static let allowsEdgeAntialiasing = layerPropertyTable["allowsEdgeAntialiasing"]!
    static let needsDisplayOnBoundsChange = layerPropertyTable["needsDisplayOnBoundsChange"]!
    static let drawsAsynchronously = layerPropertyTable["drawsAsynchronously"]!
    static let edgeAntialiasingMask = layerPropertyTable["edgeAntialiasingMask"]!
    static let contentsFormat = layerPropertyTable["contentsFormat"]!
    static let wantsExtendedDynamicRangeContent = layerPropertyTable["wantsExtendedDynamicRangeContent"]!
    static let toneMapMode = layerPropertyTable["toneMapMode"]!
    static let autoreverses = layerPropertyTable["autoreverses"]!
    static let beginTime = layerPropertyTable["beginTime"]!
    static let duration = layerPropertyTable["duration"]!
    static let timeOffset = layerPropertyTable["timeOffset"]!
    static let repeatDuration = layerPropertyTable["repeatDuration"]!
    static let speed = layerPropertyTable["speed"]!
    static let repeatCount = layerPropertyTable["repeatCount"]!
    static let name = layerPropertyTable["name"]!
    static let contentsGravity = layerPropertyTable["contentsGravity"]!
    static let compositingFilter = layerPropertyTable["compositingFilter"]!
    static let filters = layerPropertyTable["filters"]!
    static let backgroundFilters = layerPropertyTable["backgroundFilters"]!
    static let minificationFilter = layerPropertyTable["minificationFilter"]!
    static let magnificationFilter = layerPropertyTable["magnificationFilter"]!
}
