import Foundation
import OpenCoreGraphics

/// One particle of a `CAEmitterLayer` as it is at one moment: what
/// ``CAEmitterLayer/particles(atTime:)`` answers and the renderer draws. An OpenQuartzCore
/// addition (Apple keeps particles inside its render server).
///
/// Positions are in the emitter layer's coordinates; times in the layer's time.
public struct EmitterParticle: Sendable {
    /// Where the particle's centre is.
    public let position: CGPoint
    /// The particle's depth (drawn flattened; `backToFront` sorts by it).
    public let zPosition: CGFloat
    /// How much the contents are scaled: the cell's scale (with its range and speed) times
    /// the layer's.
    public let scale: CGFloat
    /// How far the particle has turned, in radians (its spin times its age).
    public let rotation: CGFloat
    /// The red the contents are multiplied by, 0…1.
    public let red: Double
    /// The green the contents are multiplied by, 0…1.
    public let green: Double
    /// The blue the contents are multiplied by, 0…1.
    public let blue: Double
    /// The opacity the contents are drawn with, 0…1.
    public let alpha: Double
    /// When it was born, in the layer's time.
    public let birthTime: CFTimeInterval
    /// How long it lives.
    public let lifetime: CFTimeInterval
    /// Its cell's contents: the image drawn (nil draws nothing).
    public let contents: CGImage?
    /// The part of `contents` drawn, in unit coordinates.
    public let contentsRect: CGRect
    /// Pixels of `contents` per point.
    public let contentsScale: CGFloat
    /// The cell's filter for contents drawn larger than their pixels (`"linear"`, `"nearest"`).
    public let magnificationFilter: String
    /// The cell's filter for contents drawn smaller than their pixels.
    public let minificationFilter: String
    /// The name of its cell.
    public let cellName: String?
    /// 0 for a particle of one of the layer's cells, 1 for one its particle emitted, and so on.
    public let generation: Int
    /// Where its cell comes in a walk of the cell tree: the order `unordered` draws cells in.
    package let cellOrder: Int
    /// The particle's key: its cell's and its index, mixed.
    package let key: UInt64
}
