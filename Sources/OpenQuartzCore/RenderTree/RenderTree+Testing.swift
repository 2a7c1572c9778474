/// How a tree sorted its animations, as the tests observe it: which lane took each one, how
/// many transform parts a frame writes as four entries, and how many keyframe tracks are kept.
extension RenderTree {
    /// How many animations each lane took (vector, keyframe, general).
    package var laneCounts: (vector: Int, keyframe: Int, general: Int) {
        (vectorRamps.count, keyframeLane.entries.count, generalEntries.count)
    }

    /// How many transform parts a frame writes as four entries (``PlanarPart``).
    package var planarPartCount: Int { planarParts.count }

    /// How many distinct keyframe tracks the keyframe lane stores.
    package var keyframeTrackCount: Int { keyframeLane.tracks.count }
}
