import Foundation

/// The name of a value function.
public struct CAValueFunctionName: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let rotateX = CAValueFunctionName(rawValue: "rotateX")
    public static let rotateY = CAValueFunctionName(rawValue: "rotateY")
    public static let rotateZ = CAValueFunctionName(rawValue: "rotateZ")
    /// Three numbers: x, y and z scale.
    public static let scale = CAValueFunctionName(rawValue: "scale")
    public static let scaleX = CAValueFunctionName(rawValue: "scaleX")
    public static let scaleY = CAValueFunctionName(rawValue: "scaleY")
    public static let scaleZ = CAValueFunctionName(rawValue: "scaleZ")
    /// Three numbers: x, y and z translation.
    public static let translate = CAValueFunctionName(rawValue: "translate")
    public static let translateX = CAValueFunctionName(rawValue: "translateX")
    public static let translateY = CAValueFunctionName(rawValue: "translateY")
    public static let translateZ = CAValueFunctionName(rawValue: "translateZ")
}

/// Turns the number(s) an animation interpolates into a transform: Apple's
/// `CAValueFunction`. Animating `transform` with `rotateZ` from 0 to 2π spins a full turn,
/// where interpolating two equal matrices would not move at all.
open class CAValueFunction: NSObject, @unchecked Sendable {
    // Immutable after init, which is what makes sharing it between threads safe.

    /// The function's name.
    public let name: CAValueFunctionName

    private init(making name: CAValueFunctionName) {
        self.name = name
        super.init()
    }

    /// The one function of each name Core Animation defines, made once: Apple's
    /// `+functionWithName:` returns the same object every time it is asked for a name.
    package static let sharedByName: [CAValueFunctionName: CAValueFunction] = {
        let names: [CAValueFunctionName] = [
            .rotateX, .rotateY, .rotateZ, .scale, .scaleX, .scaleY, .scaleZ,
            .translate, .translateX, .translateY, .translateZ,
        ]
        return Dictionary(uniqueKeysWithValues: names.map { ($0, CAValueFunction(making: $0)) })
    }()

    /// Whether the function takes three numbers rather than one.
    package var takesVector: Bool { name == .scale || name == .translate }

    /// The transform for one number.
    package func transform(for value: Double) -> CATransform3D {
        let v = CGFloat(value)
        switch name {
        case .rotateX: return CATransform3DMakeRotation(v, 1, 0, 0)
        case .rotateY: return CATransform3DMakeRotation(v, 0, 1, 0)
        case .rotateZ: return CATransform3DMakeRotation(v, 0, 0, 1)
        case .scaleX: return CATransform3DMakeScale(v, 1, 1)
        case .scaleY: return CATransform3DMakeScale(1, v, 1)
        case .scaleZ: return CATransform3DMakeScale(1, 1, v)
        case .translateX: return CATransform3DMakeTranslation(v, 0, 0)
        case .translateY: return CATransform3DMakeTranslation(0, v, 0)
        case .translateZ: return CATransform3DMakeTranslation(0, 0, v)
        case .scale: return CATransform3DMakeScale(v, v, v)
        default: return CATransform3DMakeTranslation(v, v, v)
        }
    }

    /// The transform for three numbers (`scale`, `translate`).
    package func transform(for vector: (Double, Double, Double)) -> CATransform3D {
        let (x, y, z) = (CGFloat(vector.0), CGFloat(vector.1), CGFloat(vector.2))
        return name == .scale ? CATransform3DMakeScale(x, y, z) : CATransform3DMakeTranslation(x, y, z)
    }
}

/// Lets `CAValueFunction(name:)` return the one shared function of that name, as Apple's does.
/// An OpenQuartzCore addition: a Swift class's own initialiser always makes a new object, an
/// initialiser in a protocol extension may hand back an existing one.
public protocol CAValueFunctionLookup {}

extension CAValueFunction: CAValueFunctionLookup {}

extension CAValueFunctionLookup where Self: CAValueFunction {
    /// The function named `name`, the same object on every call; nil for a name Core
    /// Animation does not define.
    public init?(name: CAValueFunctionName) {
        guard let shared = CAValueFunction.sharedByName[name] as? Self else { return nil }
        self = shared
    }
}
