import Foundation
import OpenCoreGraphics

/// Painting a tree recurses once per level of layers. A tree deeper than the calling thread's
/// stack can take is painted on a thread of its own whose stack is sized for the tree: the
/// painter's order (groups, clips and masks opened on the way down, closed on the way back)
/// is a recursion by nature, and a stack reserved for it costs address space, not memory,
/// until it is used.
enum DeepStack {
    /// Trees up to this deep are painted on the calling thread: their levels fit in a
    /// megabyte, which any thread's stack has room for.
    static let inlineDepth = 64

    /// Stack reserved per level of the tree: the painter's frames for one layer, with room for
    /// unoptimised builds.
    static let bytesPerLevel = 16 * 1024

    /// Runs `body` on the calling thread when `depth` is small, otherwise on a new thread with
    /// a stack for `depth` levels, waiting for it.
    static func run(depth: Int, _ body: () -> Void) {
        guard depth > inlineDepth else {
            body()
            return
        }
        withoutActuallyEscaping(body) { body in
            let work = Unmanaged.passRetained(Work(body))
            var attributes = pthread_attr_t()
            pthread_attr_init(&attributes)
            defer { pthread_attr_destroy(&attributes) }
            pthread_attr_setstacksize(&attributes, (1 << 20) + depth * bytesPerLevel)
            var thread = pthread_t()
            let status = pthread_create(
                &thread, &attributes,
                { context in
                    Unmanaged<Work>.fromOpaque(context!).takeRetainedValue().body()
                    return nil
                }, work.toOpaque())
            guard status == 0 else {
                work.release()
                misuse("cannot start a thread to paint a tree \(depth) layers deep (pthread error \(status))")
            }
            pthread_join(thread, nil)
        }
    }

    /// The body, handed to the thread. It runs while the caller waits, so nothing it touches
    /// is used by two threads at once.
    private final class Work: @unchecked Sendable {
        let body: () -> Void
        init(_ body: @escaping () -> Void) { self.body = body }
    }
}
