// Nonisolated Swift 5 code calling UIKit (a layer's own methods drawing strings and setting up
// emitters), and two shapes that once stopped the type checker ("failed to produce diagnostic"):
// emitter cells with image contents and random values in closure-initialised properties, and
// start and end-point helpers on gradient layers. Compiled in the Swift 5 language mode with
// warnings as errors, only the import changed.
import OpenUIKit

/// Nonisolated code calling UIKit, as Swift 5 iOS code does: a layer's own methods.
public final class SwiftFiveBadgeLayer: CALayer {
    var text = "3"

    public override func draw(in ctx: CGContext) {
        UIGraphicsPushContext(ctx)
        let attributes: [NSAttributedString.Key: Any] = [
            .font: UIFont.boldSystemFont(ofSize: 12), .foregroundColor: UIColor.white,
        ]
        let size = text.size(withAttributes: attributes)
        text.draw(
            at: CGPoint(x: bounds.midX - size.width / 2, y: bounds.midY - size.height / 2), withAttributes: attributes)
        (text as NSString).draw(in: bounds, withAttributes: attributes)
        NSAttributedString(string: text, attributes: attributes).draw(at: .zero)
        UIColor.red.setFill()
        UIBezierPath(ovalIn: bounds).fill()
        UIGraphicsPopContext()
    }

    func setUpEmitter() -> CAEmitterLayer {
        let emitter = CAEmitterLayer()
        emitter.emitterPosition = CGPoint(x: bounds.midX, y: 0)
        emitter.emitterSize = CGSize(width: bounds.width, height: 1)
        let cell = CAEmitterCell()
        cell.contents = UIImage(named: "spark")?.cgImage
        cell.color = UIColor.systemPink.cgColor
        cell.scale = UIScreen.main.scale / 10
        emitter.emitterCells = [cell]
        return emitter
    }
}

/// Confetti: cells with image contents and random values, built in a closure-initialised property.
public final class SwiftFiveConfettiView: UIView {
    var colors: [UIColor] = [.red, .green, .blue, .yellow, .orange]
    var intensity: Float = 0.5

    lazy var emitter: CAEmitterLayer = {
        let emitter = CAEmitterLayer()
        emitter.emitterShape = .line
        emitter.emitterCells = colors.map { color in
            let cell = CAEmitterCell()
            cell.birthRate = 6.0 * intensity
            cell.lifetime = 14.0 * intensity
            cell.lifetimeRange = 0
            cell.color = color.cgColor
            cell.velocity = CGFloat(350.0 * intensity)
            cell.velocityRange = CGFloat(80.0 * intensity)
            cell.emissionLongitude = CGFloat(Double.pi)
            cell.emissionRange = CGFloat(Double.pi / 4)
            cell.spin = CGFloat(3.5 * intensity)
            cell.spinRange = CGFloat(4.0 * intensity)
            cell.scaleRange = CGFloat(intensity)
            cell.scaleSpeed = CGFloat(-0.1 * intensity)
            cell.contents = UIImage(named: "confetti")?.cgImage
            cell.alphaSpeed = -1.0 / 14
            cell.scale = 0.1 + CGFloat(arc4random_uniform(10)) / 100
            cell.yAcceleration = CGFloat(Float.random(in: 50...150))
            return cell
        }
        return emitter
    }()

    let cells: [CAEmitterCell] = {
        (0..<4).map { index -> CAEmitterCell in
            let cell = CAEmitterCell()
            cell.contents = UIImage(named: "shape\(index)")?.cgImage
            cell.birthRate = Float(arc4random_uniform(5) + 5)
            cell.velocity = CGFloat(arc4random_uniform(100) + 100)
            cell.emissionRange = .pi * 2
            cell.color =
                UIColor(red: CGFloat(drand48()), green: CGFloat(drand48()), blue: CGFloat(drand48()), alpha: 1).cgColor
            return cell
        }
    }()
}

/// Start and end-point helpers on gradient layers.
extension CAGradientLayer {
    enum Point {
        case topLeft, centerLeft, bottomLeft, topCenter, center, bottomCenter, topRight, centerRight, bottomRight

        var point: CGPoint {
            switch self {
            case .topLeft: return CGPoint(x: 0, y: 0)
            case .centerLeft: return CGPoint(x: 0, y: 0.5)
            case .bottomLeft: return CGPoint(x: 0, y: 1.0)
            case .topCenter: return CGPoint(x: 0.5, y: 0)
            case .center: return CGPoint(x: 0.5, y: 0.5)
            case .bottomCenter: return CGPoint(x: 0.5, y: 1.0)
            case .topRight: return CGPoint(x: 1.0, y: 0.0)
            case .centerRight: return CGPoint(x: 1.0, y: 0.5)
            case .bottomRight: return CGPoint(x: 1.0, y: 1.0)
            }
        }
    }

    convenience init(start: Point, end: Point, colors: [CGColor], type: CAGradientLayerType) {
        self.init()
        self.startPoint = start.point
        self.endPoint = end.point
        self.colors = colors
        self.locations = (0..<colors.count).map { NSNumber(value: Double($0) / Double(colors.count)) }
        self.type = type
    }

    func setAngle(_ angle: Float = 0) {
        let alpha: Float = angle / 360
        let startPointX = powf(sinf(2 * Float.pi * ((alpha + 0.75) / 2)), 2)
        let startPointY = powf(sinf(2 * Float.pi * ((alpha + 0) / 2)), 2)
        let endPointX = powf(sinf(2 * Float.pi * ((alpha + 0.25) / 2)), 2)
        let endPointY = powf(sinf(2 * Float.pi * ((alpha + 0.5) / 2)), 2)
        endPoint = CGPoint(x: CGFloat(endPointX), y: CGFloat(endPointY))
        startPoint = CGPoint(x: CGFloat(startPointX), y: CGFloat(startPointY))
    }

    func horizontal() { startPoint = CGPoint(x: 0.0, y: 0.5); endPoint = CGPoint(x: 1.0, y: 0.5) }
    func diagonal(_ flip: Bool) {
        startPoint = flip ? CGPoint(x: 1, y: 0) : CGPoint(x: 0, y: 0)
        endPoint = flip ? CGPoint(x: 0, y: 1) : CGPoint(x: 1, y: 1)
        locations = [0.0, 0.5, 1.0]
    }
}
