import Foundation

/// Where the values of a compiled property animation come from.
package enum AnimationSource {
    /// `CABasicAnimation`'s from/to/by values, interpolated along the timing curve.
    case basic(from: AnimatableValue?, to: AnimatableValue?, by: AnimatableValue?)
    /// `CASpringAnimation`: from/to/by values, with the spring's motion in place of the curve.
    // The spring is boxed (`indirect`) and a keyframe track is a class, so that every compiled
    // animation — most are basic — stays small to copy.
    indirect case spring(from: AnimatableValue?, to: AnimatableValue?, by: AnimatableValue?, solver: SpringSolver)
    /// `CAKeyframeAnimation`: a track of keyframes evaluated at the eased fraction.
    case keyframes(KeyframeTrack)
    /// `rotationMode` of a keyframe animation along a path: turns the layer with the path's
    /// tangent, on top of its transform.
    case tangentRotation(KeyframeTrack, reversed: Bool)
}
