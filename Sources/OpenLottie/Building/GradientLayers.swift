import Foundation
import OpenCoreGraphics
import OpenQuartzCore

/// A Lottie gradient as `CAGradientLayer`s. The gradient must reach past the path's layer
/// (paths leave their layer's bounds), so the layer is padded by 10,000 points on each side
/// and its start and end points are placed relative to the padded bounds; alpha stops, which
/// Lottie positions apart from the colour stops, draw in a second gradient layer used as the
/// first one's mask.
enum GradientLayers {
    static let padding = 10_000.0

    static func make(_ gradient: ShapeItem.Gradient, bounds: CGRect, context: AnimationContext)
        -> CAGradientLayer
    {
        let colorLayer = padded(bounds)
        addAnimations(gradient, alpha: false, to: colorLayer, bounds: bounds, context: context)
        if gradient.hasAlphaStops {
            let alphaLayer = CAGradientLayer()
            alphaLayer.anchorPoint = .zero
            alphaLayer.bounds = colorLayer.bounds
            addAnimations(gradient, alpha: true, to: alphaLayer, bounds: bounds, context: context)
            colorLayer.mask = alphaLayer
        }
        return colorLayer
    }

    private static func padded(_ bounds: CGRect) -> CAGradientLayer {
        let layer = CAGradientLayer()
        layer.anchorPoint = .zero
        layer.bounds = CGRect(
            x: bounds.origin.x, y: bounds.origin.y, width: bounds.width + 2 * padding,
            height: bounds.height + 2 * padding)
        layer.transform = CATransform3DMakeTranslation(-padding, -padding, 0)
        return layer
    }

    /// A point of the path's layer as a fraction of the padded bounds.
    private static func unitPoint(_ point: CGPoint, in layer: CALayer) -> CGPoint {
        let size = layer.bounds.size
        return CGPoint(x: (point.x + padding) / size.width, y: (point.y + padding) / size.height)
    }

    private static func addAnimations(
        _ gradient: ShapeItem.Gradient, alpha: Bool, to layer: CAGradientLayer, bounds: CGRect,
        context: AnimationContext
    ) {
        if let provided = gradient.provided {
            // As lottie-ios's Core Animation engine applies a provider: its colours, alpha
            // included, in the colour layer and in the alpha layer alike.
            layer.colors = provided.first.colors.map(\.cgColor)
            layer.addAnimation(for: .colors, keyframes: provided, context: context) { value in
                value.colors.map(\.cgColor) as [Any]
            }
            if provided.keyframes.contains(where: { !$0.value.locations.isEmpty }) {
                layer.addAnimation(for: .locations, keyframes: provided, context: context) { value in
                    value.locations.map { NSNumber(value: $0) }
                }
            }
        } else {
            let stops = gradient.stops(alpha: alpha, in: gradient.colors.first)
            layer.colors = [CGColor](
                repeating: CGColor(red: 0, green: 0, blue: 0, alpha: 1), count: max(stops.count, 1))
            layer.addAnimation(for: .colors, keyframes: gradient.colors, context: context) { components in
                gradient.stops(alpha: alpha, in: components).map(\.color) as [Any]
            }
            layer.addAnimation(for: .locations, keyframes: gradient.colors, context: context) { components in
                gradient.stops(alpha: alpha, in: components).map { NSNumber(value: $0.location) }
            }
        }
        layer.addAnimation(for: .opacity, keyframes: gradient.opacity, context: context) { CGFloat($0 / 100) }
        // The complete engine blends the colours in sRGB, as lottie-web and After Effects do;
        // lottie-ios's engines as Core Animation does.
        layer.blendsInSRGB = context.engine.blendsGradientsInSRGB
        if gradient.isRadial {
            // One centre and radius: Core Animation's radial gradient reaches the end point's
            // distance in x and y alike.
            layer.type = .radial
            let start = gradient.start.first.point
            let end = gradient.end.first.point
            let radius = ((end.x - start.x) * (end.x - start.x) + (end.y - start.y) * (end.y - start.y)).squareRoot()
            layer.startPoint = unitPoint(start, in: layer)
            layer.endPoint = unitPoint(CGPoint(x: start.x + radius, y: start.y + radius), in: layer)
            guard context.engine.drawsAsAfterEffects(.radialGradientHighlight) else { return }
            // The complete engine moves the centre and the radius with their keyframes, and
            // draws the highlight as lottie-web does: the first colour at the length (at most
            // 99 %) of the radius, at the angle from the start-to-end line (first values).
            if gradient.start.isAnimated || gradient.end.isAnimated {
                let circles = CombinedKeyframes.combine([
                    ErasedKeyframes(gradient.start), ErasedKeyframes(gradient.end),
                ]) {
                    values -> LottieVector in
                    let start = (values[0] as? LottieVector)?.point ?? .zero
                    let end = (values[1] as? LottieVector)?.point ?? .zero
                    return LottieVector([start.x, start.y, hypot(end.x - start.x, end.y - start.y)])
                }
                layer.addAnimation(for: .startPoint, keyframes: circles, context: context) {
                    unitPoint(CGPoint(x: $0[0], y: $0[1]), in: layer)
                }
                layer.addAnimation(for: .endPoint, keyframes: circles, context: context) {
                    unitPoint(CGPoint(x: $0[0] + $0[2], y: $0[1] + $0[2]), in: layer)
                }
            }
            let length = min(max(gradient.highlightLength.first / 100, -0.99), 0.99)
            if length != 0 {
                let angle = atan2(end.y - start.y, end.x - start.x) + gradient.highlightAngle.first * .pi / 180
                layer.focalPoint = CGPoint(x: cos(angle) * length, y: sin(angle) * length)
            }
        } else {
            layer.type = .axial
            layer.addAnimation(for: .startPoint, keyframes: gradient.start, context: context) {
                unitPoint($0.point, in: layer)
            }
            layer.addAnimation(for: .endPoint, keyframes: gradient.end, context: context) {
                unitPoint($0.point, in: layer)
            }
        }
    }
}

extension ShapeItem.Gradient {
    struct Stop {
        var color: CGColor
        var location: Double
    }

    /// The colour stops (`alpha` false) or the alpha stops (as black of that alpha) of one
    /// keyframe's numbers: `colorCount` × (location, red, green, blue), then (location, alpha)
    /// pairs.
    func stops(alpha: Bool, in components: LottieVector) -> [Stop] {
        var stops: [Stop] = []
        if !alpha {
            for index in 0..<colorCount {
                let base = index * 4
                stops.append(
                    Stop(
                        color: CGColor(
                            red: components[base + 1], green: components[base + 2], blue: components[base + 3], alpha: 1
                        ),
                        location: components[base]))
            }
        } else {
            var index = colorCount * 4
            while index + 1 < components.components.count {
                stops.append(
                    Stop(
                        color: CGColor(red: 0, green: 0, blue: 0, alpha: components[index + 1]),
                        location: components[index]))
                index += 2
            }
        }
        return stops
    }

    var hasAlphaStops: Bool {
        colors.keyframes.contains { keyframe in
            stops(alpha: true, in: keyframe.value).contains { $0.color.alpha < 0.999 }
        }
    }
}
