import Synchronization

/// Bumped, relaxed, whenever anything a ``RenderTree`` captured may have changed: a model
/// property, the sublayers or mask, an animation added, committed, removed or ended. A
/// renderer that sees it move builds its tree again.
package let layerTreeGeneration = Atomic<UInt64>(0)

/// Notes a change to layer trees (``layerTreeGeneration``).
@inline(__always)
package func noteLayerTreeChanged() {
    layerTreeGeneration.add(1, ordering: .relaxed)
}
