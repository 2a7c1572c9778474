// Gradient-layer helpers as iOS code writes them: points named by an enum, convenience initialisers, colours assigned as `[UIColor]`.
import OpenUIKit

extension UIView {
    enum GradientPoint {
        case top, bottom, left, right
        var cgPoint: CGPoint {
            switch self {
            case .top: return CGPoint(x: 0.5, y: 0)
            case .bottom: return CGPoint(x: 0.5, y: 1)
            case .left: return CGPoint(x: 0, y: 0.5)
            case .right: return CGPoint(x: 1, y: 0.5)
            }
        }
    }
}

extension CAGradientLayer {
    convenience init(startPoint: UIView.GradientPoint, endPoint: UIView.GradientPoint, colors: [UIColor]? = nil) {
        self.init()
        self.startPoint = startPoint.cgPoint
        self.endPoint = endPoint.cgPoint
        self.colors = colors
    }
    convenience init(colors: [UIColor], rotationAngle: CGFloat) {
        self.init()
        self.colors = colors.map { $0.cgColor }
        let angle: Float = Float(rotationAngle) / (2 * Float.pi)
        let startPointX = powf(sinf(2 * Float.pi * ((angle + 0.75) / 2)), 2)
        self.startPoint = CGPoint(x: CGFloat(startPointX), y: 0)
    }
    public func setVerticalGradient(withColors colors: [UIColor], startPoint: CGPoint, endPoint: CGPoint) {
        self.colors = colors.map { $0.cgColor }
        self.startPoint = startPoint
        self.endPoint = endPoint
    }
}
