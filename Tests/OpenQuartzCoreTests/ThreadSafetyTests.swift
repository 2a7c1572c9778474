import Dispatch
import Foundation
import OpenQuartzCore
import QuartzTestSupport
import Synchronization
import Testing

/// One clock shared between threads, as `CAManualClock` being `Sendable` promises: one thread
/// advances it while others change, animate and free their own layers under it.
///
/// `Scripts/model-tests.sh` runs these, with every other test of the model ring, under Thread
/// Sanitizer.
@Suite("Threads sharing a clock")
struct ThreadSafetyTests {
    /// How long a join waits before the test records a deadlock instead of hanging: far more
    /// than the few seconds the work takes on a loaded machine.
    static let joinTimeout = DispatchTimeInterval.seconds(120)

    /// Waits for the threads of `group`; records a deadlock between `what` and returns false
    /// when they do not finish in time, instead of hanging the suite.
    static func join(_ group: DispatchGroup, _ what: String) -> Bool {
        guard group.wait(timeout: .now() + joinTimeout) == .success else {
            Issue.record("the threads did not finish: a deadlock between \(what)")
            return false
        }
        return true
    }

    /// A basic animation of `keyPath` to `value`, reporting to `delegate`.
    static func animation(_ keyPath: String, to value: Double, duration: Double, delegate: any CAAnimationDelegate)
        -> CABasicAnimation
    {
        let animation = CABasicAnimation(keyPath: keyPath)
        animation.toValue = value
        animation.duration = duration
        animation.delegate = delegate
        return animation
    }

    /// Counts what the delegates of every thread's animations hear.
    final class EventCounter: CAAnimationDelegate, Sendable {
        let starts = Atomic(0)
        let finishedStops = Atomic(0)
        let unfinishedStops = Atomic(0)

        /// Every stop heard, finished or not.
        var stops: Int { finishedStops.load(ordering: .relaxed) + unfinishedStops.load(ordering: .relaxed) }

        func animationDidStart(_ anim: CAAnimation) { starts.add(1, ordering: .relaxed) }

        func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
            if flag {
                finishedStops.add(1, ordering: .relaxed)
            } else {
                unfinishedStops.add(1, ordering: .relaxed)
            }
        }
    }

    @Test func sharedClockAdvancesWhileSevenThreadsAnimateTheirOwnLayers() {
        let clock = CAManualClock()
        let workers = 7
        let rounds = 300
        let counter = EventCounter()
        // How many times each round's completion block ran, by round.
        let completions = PthreadLocked([Int](repeating: 0, count: workers * rounds))
        let corrupted = PthreadLocked<[String]>([])
        let workersLeft = Atomic(workers)
        let everyone = DispatchGroup()

        for worker in 0..<workers {
            everyone.enter()
            Thread {
                CAClock.$current.withValue(clock) {
                    let problems = Self.animateOwnLayers(
                        worker: worker, rounds: rounds, delegate: counter,
                        completed: { round in completions.withLock { $0[worker * rounds + round] += 1 } })
                    if !problems.isEmpty { corrupted.withLock { $0 += problems } }
                }
                workersLeft.subtract(1, ordering: .releasing)
                everyone.leave()
            }.start()
        }
        everyone.enter()
        Thread {
            CAClock.$current.withValue(clock) {
                // Bounded, in case the workers never finish: the join below reports that.
                var steps = 0
                while workersLeft.load(ordering: .acquiring) > 0, steps < 1_000_000 {
                    clock.advance(by: 0.004)
                    steps += 1
                }
            }
            everyone.leave()
        }.start()

        guard Self.join(everyone, "the advancing thread and the others") else { return }
        // Whatever is still running ends now, on this thread.
        clock.advance(by: 10)

        #expect(corrupted.withLock { $0 } == [])
        let counts = completions.withLock { $0 }
        #expect(counts.allSatisfy { $0 == 1 }, "every transaction's completion block runs exactly once")
        // Three explicit animations with the delegate per round, each ending exactly once, either
        // by reaching its end or by being removed, replaced or ended with its freed layer.
        #expect(counter.stops == 3 * workers * rounds)
        #expect(counter.starts.load(ordering: .relaxed) <= counter.stops)
        #expect(!AnimationEventScheduler.shared.hasPendingEvents(for: clock))
    }

    /// One worker's rounds: in explicit transactions, creates a layer with a sublayer, animates
    /// both implicitly and explicitly, removes some animations, reads presentation values and
    /// frees the layers, some mid-animation; meanwhile a layer kept across rounds is changed
    /// while the advancing thread ends its animations. Returns what read back wrong.
    static func animateOwnLayers(
        worker: Int, rounds: Int, delegate: EventCounter, completed: @escaping (Int) -> Void
    ) -> [String] {
        var problems: [String] = []
        CATransaction.begin()
        let kept = CALayer()
        kept.name = "kept \(worker)"
        CATransaction.commit()
        for round in 0..<rounds {
            CATransaction.begin()
            CATransaction.setCompletionBlock { completed(round) }
            let layer = CALayer()
            let sublayer = CALayer()
            layer.addSublayer(sublayer)
            layer.position = CGPoint(x: Double(round), y: Double(worker))
            sublayer.opacity = 0.5
            let grow = animation(
                "bounds.size.width", to: 100, duration: 0.01 * Double(round % 4 + 1), delegate: delegate)
            layer.add(grow, forKey: "grow")
            sublayer.add(Self.animation("opacity", to: 0, duration: 0.02, delegate: delegate), forKey: "fade")
            CATransaction.commit()

            CATransaction.begin()
            kept.position = CGPoint(x: Double(round), y: 0)
            kept.add(grow, forKey: "grow")
            if round % 3 == 0 { layer.removeAnimation(forKey: "grow") }
            if round % 5 == 0 { sublayer.removeAllAnimations() }
            CATransaction.commit()

            if layer.position != CGPoint(x: Double(round), y: Double(worker)) || sublayer.opacity != 0.5 {
                problems.append("worker \(worker), round \(round): model values changed under it")
            }
            if sublayer.superlayer !== layer || layer.sublayers?.count != 1 {
                problems.append("worker \(worker), round \(round): the tree changed under it")
            }
            _ = layer.presentation()?.position
            _ = kept.presentation()?.position
            _ = kept.animationKeys()
            // `layer` and `sublayer` are freed here, often with their animations running.
        }
        CATransaction.begin()
        kept.removeAllAnimations()
        CATransaction.commit()
        if kept.position.x != Double(rounds - 1) { problems.append("worker \(worker): the kept layer's position") }
        return problems
    }

    @Test func delegatesAndCompletionBlocksRunWithoutTheLockHeld() {
        // A callout that waits for another thread which changes a layer would deadlock if the
        // advancing thread still held the lock those changes take.
        withManualClock { clock in
            final class WaitingDelegate: CAAnimationDelegate {
                let clock: CAManualClock
                var otherThreadFinished: [Bool] = []
                init(clock: CAManualClock) { self.clock = clock }

                func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
                    otherThreadFinished.append(Self.changeLayerOnAnotherThread(clock: clock))
                }

                static func changeLayerOnAnotherThread(clock: CAManualClock) -> Bool {
                    let done = DispatchSemaphore(value: 0)
                    Thread {
                        CAClock.$current.withValue(clock) {
                            CATransaction.begin()
                            let layer = CALayer()
                            layer.position = CGPoint(x: 10, y: 10)
                            CATransaction.commit()
                        }
                        done.signal()
                    }.start()
                    return done.wait(timeout: .now() + ThreadSafetyTests.joinTimeout) == .success
                }
            }
            let delegate = WaitingDelegate(clock: clock)
            var completionSawOtherThread: [Bool] = []
            let layer = committedLayer()
            CATransaction.begin()
            CATransaction.setCompletionBlock {
                completionSawOtherThread.append(WaitingDelegate.changeLayerOnAnotherThread(clock: clock))
            }
            layer.add(Self.animation("opacity", to: 0, duration: 0.5, delegate: delegate), forKey: "fade")
            CATransaction.commit()
            clock.advance(by: 1)
            #expect(delegate.otherThreadFinished == [true])
            #expect(completionSawOtherThread == [true])
        }
    }

    @Test func layerFreedOnAnotherThreadWhileTheClockAdvancesEndsItsAnimationsOnce() {
        let clock = CAManualClock()
        let counter = EventCounter()
        let completions = Atomic(0)
        let layers = 200
        let everyone = DispatchGroup()
        let created = DispatchSemaphore(value: 0)
        everyone.enter()
        Thread {
            CAClock.$current.withValue(clock) {
                var held: [CALayer] = []
                CATransaction.begin()
                CATransaction.setCompletionBlock { completions.add(1, ordering: .relaxed) }
                for index in 0..<layers {
                    let layer = CALayer()
                    let move = Self.animation(
                        "position.x", to: 100, duration: 0.001 * Double(index + 1), delegate: counter)
                    layer.add(move, forKey: "move")
                    held.append(layer)
                }
                CATransaction.commit()
                created.signal()
                // Freed one by one while the other thread delivers their events.
                while !held.isEmpty { held.removeLast() }
            }
            everyone.leave()
        }.start()
        everyone.enter()
        Thread {
            created.wait()
            for _ in 0..<400 { clock.advance(by: 0.0005) }
            everyone.leave()
        }.start()
        guard Self.join(everyone, "freeing and delivering") else { return }
        clock.advance(by: 1)
        #expect(counter.stops == layers, "every animation ends exactly once, delivered or ended by its layer's deinit")
        #expect(completions.load(ordering: .relaxed) == 1)
    }

    /// Render trees large enough to evaluate their vector lane on two threads (the calling one
    /// and the process's lane worker), evaluated by two threads at once: one gets the worker,
    /// the other does its lane alone or waits its turn, and both give every layer's value.
    @Test func largeRenderTreesEvaluateOnTwoThreadsAtOnce() {
        let clock = CAManualClock()
        let count = RenderTree.vectorLaneSplitCount + 100
        let layers = CAClock.$current.withValue(clock) {
            CATransaction.setDisableActions(true)
            let layers = (0..<count).map { _ in CALayer() }
            for (index, layer) in layers.enumerated() {
                let move = CABasicAnimation(keyPath: "position.x")
                move.fromValue = 0
                move.toValue = 100
                move.duration = 1 + Double(index % 97) / 97
                layer.add(move, forKey: "move")
            }
            CATransaction.flush()
            return layers
        }
        let trees = [RenderTree(roots: layers), RenderTree(roots: layers)]
        let mismatches = Atomic(0)
        let everyone = DispatchGroup()
        for (thread, tree) in trees.enumerated() {
            nonisolated(unsafe) let tree = tree
            nonisolated(unsafe) let layers = layers
            everyone.enter()
            Thread {
                for frame in 0..<4 {
                    let time = 0.1 + 0.2 * Double(frame) + 0.05 * Double(thread)
                    tree.evaluate(at: time)
                    for index in stride(from: 0, to: count, by: 37) {
                        let x = (tree.presentationValue(of: layers[index], forKeyPath: "position") as? CGPoint)?.x
                        let expected = 100 * time / (1 + Double(index % 97) / 97)
                        if x.map({ abs($0 - expected) > 1e-9 }) ?? true { mismatches.add(1, ordering: .relaxed) }
                    }
                }
                everyone.leave()
            }.start()
        }
        guard Self.join(everyone, "two trees sharing the lane worker") else { return }
        #expect(mismatches.load(ordering: .relaxed) == 0)
    }
}

/// A value behind `NSLock` (a pthread mutex), which Thread Sanitizer sees: `Mutex` waits on a
/// futex directly, so completion blocks run on another worker's thread (as callouts are)
/// look to it like unordered writes.
final class PthreadLocked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}
