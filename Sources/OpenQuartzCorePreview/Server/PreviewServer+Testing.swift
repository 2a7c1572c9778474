/// What the tests wait for on a running server: the number of open tabs, to check that
/// closing a tab frees its session.
extension PreviewServer {
    /// Returns once exactly `count` tabs (WebSocket connections) are open.
    public func waitUntilTabCount(is count: Int) async {
        await hub.waitUntilTabCount(is: count)
    }
}
