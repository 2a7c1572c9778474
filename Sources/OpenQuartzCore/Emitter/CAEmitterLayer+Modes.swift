import Foundation

/// Where an emitter's particles come from: Apple's `CAEmitterLayerEmitterShape`, whose raw
/// values are Core Animation's strings (`kCAEmitterLayerPoint` is `"point"`).
public struct CAEmitterLayerEmitterShape: RawRepresentable, Hashable, Sendable {
    /// The shape's name, as Core Animation spells it.
    public let rawValue: String

    /// Wraps a shape's name.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// One point at (`emitterPosition`, `emitterZPosition`) (the default).
    public static let point = CAEmitterLayerEmitterShape(rawValue: "point")
    /// A line along x through `emitterPosition`, `emitterSize.width` long.
    public static let line = CAEmitterLayerEmitterShape(rawValue: "line")
    /// A rectangle of `emitterSize` centred on `emitterPosition`.
    public static let rectangle = CAEmitterLayerEmitterShape(rawValue: "rectangle")
    /// A box of `emitterSize` × `emitterDepth` centred on (`emitterPosition`, `emitterZPosition`).
    public static let cuboid = CAEmitterLayerEmitterShape(rawValue: "cuboid")
    /// A circle of radius `emitterSize.width` centred on `emitterPosition`.
    public static let circle = CAEmitterLayerEmitterShape(rawValue: "circle")
    /// A sphere of radius `emitterSize.width` centred on (`emitterPosition`, `emitterZPosition`).
    public static let sphere = CAEmitterLayerEmitterShape(rawValue: "sphere")
}

/// Which part of the emitter shape particles come from: Apple's `CAEmitterLayerEmitterMode`.
public struct CAEmitterLayerEmitterMode: RawRepresentable, Hashable, Sendable {
    /// The mode's name, as Core Animation spells it.
    public let rawValue: String

    /// Wraps a mode's name.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The shape's corner points (a line's ends, a box's corners; a circle's or sphere's
    /// centre).
    public static let points = CAEmitterLayerEmitterMode(rawValue: "points")
    /// The shape's outline: a rectangle's edges, a circle's circumference.
    public static let outline = CAEmitterLayerEmitterMode(rawValue: "outline")
    /// The shape's surface: a rectangle's area, a box's faces, a sphere's skin.
    public static let surface = CAEmitterLayerEmitterMode(rawValue: "surface")
    /// Anywhere inside the shape (the default).
    public static let volume = CAEmitterLayerEmitterMode(rawValue: "volume")
}

/// How particles are composited into the layer: Apple's `CAEmitterLayerRenderMode`.
public struct CAEmitterLayerRenderMode: RawRepresentable, Hashable, Sendable {
    /// The mode's name, as Core Animation spells it.
    public let rawValue: String

    /// Wraps a mode's name.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Cell by cell, each cell's particles oldest first (the default).
    public static let unordered = CAEmitterLayerRenderMode(rawValue: "unordered")
    /// The oldest particle is drawn first, the newest on top.
    public static let oldestFirst = CAEmitterLayerRenderMode(rawValue: "oldestFirst")
    /// The newest particle is drawn first, the oldest on top.
    public static let oldestLast = CAEmitterLayerRenderMode(rawValue: "oldestLast")
    /// Sorted by depth, the farthest (smallest z) first.
    public static let backToFront = CAEmitterLayerRenderMode(rawValue: "backToFront")
    /// Particles add up their colours, as light does.
    public static let additive = CAEmitterLayerRenderMode(rawValue: "additive")
}
