import Foundation
import OpenCoreGraphics
import OpenQuartzCore

/// A composition's 3D layers as the complete engine sees them, the way lottie-web's 3D (HTML)
/// renderer composes them: each run of consecutive 3D layers is one `CATransformLayer` (its
/// layers kept in 3D and drawn back to front) inside a layer whose `sublayerTransform` is the
/// perspective about the composition's centre; the camera's view is the transform layer's
/// transform. Without a camera the perspective distance is the composition's diagonal
/// (lottie-web's default; After Effects' default camera is a little farther away).
///
/// Lottie's z axis points away from the viewer and Core Animation's towards it: depths are
/// negated, and rotations about x and y turn the other way, as lottie-web's CSS matrices do.
struct ThreeDScene {
    let bounds: CGRect
    let camera: LayerModel?
    /// The camera's parents, innermost first.
    let cameraParents: [LayerModel]

    /// The scene of `layers`, or nil when none of them is a 3D layer.
    init?(layers: [LayerModel], bounds: CGRect) {
        guard layers.contains(where: Self.isThreeD) else { return nil }
        self.bounds = bounds
        let camera = layers.first { if case .camera = $0.content { true } else { false } }
        self.camera = camera
        let byIndex = Dictionary(
            layers.compactMap { layer in layer.index.map { ($0, layer) } }, uniquingKeysWith: { first, _ in first })
        var parents: [LayerModel] = []
        var seen: Set<Int> = []
        var child = camera
        while let parentIndex = child?.parentIndex, let parent = byIndex[parentIndex], seen.insert(parentIndex).inserted {
            parents.append(parent)
            child = parent
        }
        cameraParents = parents
    }

    /// Whether the complete engine draws `layer` in 3D: a 3D layer, or one whose transform
    /// leaves the plane.
    static func isThreeD(_ layer: LayerModel) -> Bool {
        if case .camera = layer.content { return false }
        return layer.is3D || layer.transform.leavesThePlane
    }

    /// The transform layer that holds a run of 3D layers, inside its perspective layer (added
    /// to `container`), with the camera's animations.
    func makeGroup(in container: CALayer, context: AnimationContext) -> CALayer {
        let perspective = CALayer()
        perspective.name = "3D perspective"
        perspective.bounds = bounds
        perspective.position = CGPoint(x: bounds.midX, y: bounds.midY)
        let group = LayerTreeBuilder.filling(CATransformLayer(), bounds)
        group.name = "3D layers"
        perspective.addSublayer(group)
        container.addSublayer(perspective)

        let diagonal = hypot(bounds.width, bounds.height)
        guard let camera, case .camera(let model) = camera.content else {
            perspective.sublayerTransform = Self.perspective(distance: diagonal)
            return group
        }
        perspective.addAnimation(for: .sublayerTransform, keyframes: model.zoom, context: context) { zoom in
            Self.perspective(distance: zoom > 0 && zoom.isFinite ? zoom : diagonal)
        }
        var groups = [camera.transform].flatMap(Self.parts(of:)) + [ErasedKeyframes(model.zoom)]
        for parent in cameraParents { groups += Self.parts(of: parent.transform) }
        let view = CombinedKeyframes.combine(groups, sampled: groups.contains { $0.timings.count > 1 }) { values in
            Self.entries(of: viewMatrix(values, pointOfInterest: model.hasPointOfInterest, diagonal: diagonal))
        }
        group.addAnimation(for: .transform, keyframes: view.heldSamplesAsLinear(step: 0.1), context: context) {
            Self.matrix(from: $0)
        }
        return group
    }

    /// The perspective seen from `distance` points in front of the composition's centre (the
    /// perspective layer's anchor point).
    static func perspective(distance: Double) -> CATransform3D {
        var transform = CATransform3DIdentity
        transform.m34 = -1 / distance
        return transform
    }

    /// Animates `layer`'s transform as a 3D layer's: position · orientation · rotations ·
    /// scale · −anchor, sampled every tenth of a frame while any part moves.
    static func addTransform(_ transform: TransformModel, to layer: CALayer, context: AnimationContext) {
        let groups = parts(of: transform)
        let combined = CombinedKeyframes.combine(groups, sampled: groups.contains { $0.timings.count > 1 }) {
            values in entries(of: layerMatrix(values[...]))
        }
        layer.addAnimation(for: .transform, keyframes: combined.heldSamplesAsLinear(step: 0.1), context: context) {
            matrix(from: $0)
        }
    }

    /// A transform's parts, in the order ``Parts`` reads them: anchor, position (whole, and
    /// its separate dimensions: one of the two is zero), scale, rotation about z, x and y,
    /// orientation.
    private static func parts(of transform: TransformModel) -> [ErasedKeyframes] {
        let none = KeyframeGroup(0.0)
        return [
            ErasedKeyframes(transform.anchor), ErasedKeyframes(transform.position ?? KeyframeGroup(LottieVector([0, 0, 0]))),
            ErasedKeyframes(transform.positionX ?? none), ErasedKeyframes(transform.positionY ?? none),
            ErasedKeyframes(transform.positionZ ?? none), ErasedKeyframes(transform.scale),
            ErasedKeyframes(transform.rotation), ErasedKeyframes(transform.rotationX),
            ErasedKeyframes(transform.rotationY), ErasedKeyframes(transform.orientation),
        ]
    }

    /// How many values ``parts(of:)`` gives for one transform.
    private static let partCount = 10

    /// A transform's parts from `values` (as ``parts(of:)`` orders them); angles in radians.
    private struct Parts {
        var anchor, position, scale, orientation: LottieVector
        var rotation, rotationX, rotationY: Double

        init(_ values: ArraySlice<Any>) {
            let start = values.startIndex
            func vector(_ offset: Int, _ fallback: Double) -> LottieVector {
                let value = values[start + offset] as? LottieVector ?? LottieVector([])
                return LottieVector((0..<3).map { value.components.count > $0 ? value[$0] : fallback })
            }
            func number(_ offset: Int) -> Double { values[start + offset] as? Double ?? 0 }
            anchor = vector(0, 0)
            let whole = vector(1, 0)
            position = LottieVector([whole.x + number(2), whole.y + number(3), whole[2] + number(4)])
            scale = vector(5, 100)
            rotation = number(6) * .pi / 180
            rotationX = number(7) * .pi / 180
            rotationY = number(8) * .pi / 180
            orientation = LottieVector(vector(9, 0).components.map { $0 * .pi / 180 })
        }
    }

    /// position · orientation · rotations · scale · −anchor, as lottie-web's
    /// `TransformProperty` composes a 3D layer's matrix (depths negated).
    static func layerMatrix(_ values: ArraySlice<Any>) -> CATransform3D {
        let parts = Parts(values)
        return Chain()
            .then(CATransform3DMakeTranslation(-parts.anchor.x, -parts.anchor.y, parts.anchor[2]))
            .then(CATransform3DMakeScale(parts.scale.x / 100, parts.scale.y / 100, parts.scale[2] / 100))
            .then(CATransform3DMakeRotation(parts.rotation, 0, 0, 1))
            .then(CATransform3DMakeRotation(-parts.rotationY, 0, 1, 0))
            .then(CATransform3DMakeRotation(-parts.rotationX, 1, 0, 0))
            .then(CATransform3DMakeRotation(parts.orientation[2], 0, 0, 1))
            .then(CATransform3DMakeRotation(-parts.orientation.y, 0, 1, 0))
            .then(CATransform3DMakeRotation(-parts.orientation.x, 1, 0, 0))
            .then(CATransform3DMakeTranslation(parts.position.x, parts.position.y, -parts.position[2]))
            .matrix
    }

    /// The camera's view as lottie-web's `HCameraElement` composes it: its parents undone,
    /// outermost first; its position undone; turned to look at the point of interest; its
    /// rotations and orientation undone; then moved so that the plane at depth 0 is seen at
    /// its own size from `zoom` in front of the composition's centre.
    func viewMatrix(_ values: [Any], pointOfInterest: Bool, diagonal: Double) -> CATransform3D {
        let camera = Parts(values[0..<Self.partCount])
        let zoom = values[Self.partCount] as? Double ?? diagonal
        var chain = Chain()
        for index in cameraParents.indices.reversed() {
            let start = Self.partCount + 1 + index * Self.partCount
            let parent = Parts(values[start..<start + Self.partCount])
            let scale = (0..<3).map { parent.scale[$0] != 0 ? 100 / parent.scale[$0] : 1 }
            chain = chain.then(CATransform3DMakeTranslation(-parent.position.x, -parent.position.y, parent.position[2]))
                .then(Self.undoingTurns(parent.orientation.x, parent.orientation.y, parent.orientation[2]))
                .then(Self.undoingTurns(parent.rotationX, parent.rotationY, parent.rotation))
                .then(CATransform3DMakeScale(scale[0], scale[1], scale[2]))
                .then(CATransform3DMakeTranslation(parent.anchor.x, parent.anchor.y, parent.anchor[2]))
        }
        chain = chain.then(CATransform3DMakeTranslation(-camera.position.x, -camera.position.y, camera.position[2]))
        if pointOfInterest {
            let look = (0..<3).map { camera.position[$0] - camera.anchor[$0] }
            let length = (look[0] * look[0] + look[1] * look[1] + look[2] * look[2]).squareRoot()
            // A point of interest at the camera itself gives no direction: the camera looks ahead.
            if length > 1e-9 {
                let direction = look.map { $0 / length }
                let alongXZ = (direction[2] * direction[2] + direction[0] * direction[0]).squareRoot()
                let pitch = atan2(direction[1], alongXZ)
                let heading = atan2(direction[0], -direction[2])
                chain = chain.then(CATransform3DMakeRotation(-heading, 0, 1, 0))
                    .then(CATransform3DMakeRotation(pitch, 1, 0, 0))
            }
        }
        let distance = zoom > 0 && zoom.isFinite ? zoom : diagonal
        return chain.then(Self.undoingTurns(camera.rotationX, camera.rotationY, camera.rotation))
            .then(Self.undoingTurns(camera.orientation.x, camera.orientation.y, camera.orientation[2]))
            .then(CATransform3DMakeTranslation(bounds.midX, bounds.midY, 0))
            .then(CATransform3DMakeTranslation(0, 0, distance))
            .matrix
    }

    /// Turns about x, then y, then z that undo a layer's (radians), as a camera's view does.
    private static func undoingTurns(_ x: Double, _ y: Double, _ z: Double) -> CATransform3D {
        Chain().then(CATransform3DMakeRotation(x, 1, 0, 0)).then(CATransform3DMakeRotation(y, 0, 1, 0))
            .then(CATransform3DMakeRotation(-z, 0, 0, 1)).matrix
    }

    /// Transforms applied one after another: each `then` acts after those before it.
    private struct Chain {
        var matrix = CATransform3DIdentity
        func then(_ next: CATransform3D) -> Chain { Chain(matrix: CATransform3DConcat(matrix, next)) }
    }

    /// A matrix's sixteen entries, row by row, to be sampled and interpolated.
    static func entries(of m: CATransform3D) -> LottieVector {
        LottieVector([
            m.m11, m.m12, m.m13, m.m14, m.m21, m.m22, m.m23, m.m24, m.m31, m.m32, m.m33, m.m34, m.m41, m.m42, m.m43, m.m44,
        ].map(Double.init))
    }

    static func matrix(from entries: LottieVector) -> CATransform3D {
        let e = (0..<16).map { CGFloat(entries[$0]) }
        return CATransform3D(
            m11: e[0], m12: e[1], m13: e[2], m14: e[3], m21: e[4], m22: e[5], m23: e[6], m24: e[7], m31: e[8],
            m32: e[9], m33: e[10], m34: e[11], m41: e[12], m42: e[13], m43: e[14], m44: e[15])
    }
}
