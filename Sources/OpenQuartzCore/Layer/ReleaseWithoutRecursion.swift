/// Lets go of `nodes` and everything under them from an explicit stack, so that a tree of
/// any depth is freed in constant stack space: a node that only this walk still holds gives
/// up its children (`takeChildren` empties them out and returns them) before it is released,
/// so no `deinit` frees the next level from inside itself. Layers, views and captured frames
/// all free their trees this way.
///
/// `nodes` is taken `inout` and left empty: a copy of it held by the caller would keep every
/// node referenced twice, and each would then be freed the recursive way when that copy went.
///
/// Inlinable, so that it is specialised for each kind of node: called generically, every
/// node's array operations went through witness tables (a 10,000-layer snapshot tree took
/// 36 M instructions to free).
@inlinable
package func releaseWithoutRecursion<Node: AnyObject>(_ nodes: inout [Node], takeChildren: (Node) -> [Node]) {
    while var node = nodes.popLast() {
        guard isKnownUniquelyReferenced(&node) else { continue }
        nodes.append(contentsOf: takeChildren(node))
    }
}
