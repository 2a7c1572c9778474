import Foundation

extension CAEmitterLayer {
    /// The particles alive at media time `mediaTime`, in the order they are drawn (the
    /// `renderMode`'s). An OpenQuartzCore addition, for tests and renderers: Apple keeps
    /// particles inside its render server.
    ///
    ///     let clock = CAManualClock()
    ///     CAClock.$current.withValue(clock) {
    ///         let emitter = CAEmitterLayer()
    ///         emitter.emitterCells = [spark]
    ///         CATransaction.flush()
    ///         let particles = emitter.particles(atTime: 1.5)
    ///     }
    ///
    /// The answer depends only on `mediaTime` and on what the layer recorded at its commits
    /// (see ``CAEmitterLayer``), never on earlier calls: ask for times in any order. Ask the
    /// model layer: a presentation copy has no superlayer, so its time is not the layer's.
    public func particles(atTime mediaTime: CFTimeInterval) -> [EmitterParticle] {
        TransactionLock.shared.withLock {
            let simulation = EmitterSimulation(
                timeline: recordedTimeline(), time: convertTime(mediaTime, from: nil),
                limit: Self.maximumParticleCount)
            simulation.run()
            return Self.drawingOrder(simulation.particles, renderMode: emitterStorage.renderMode)
        }
    }

    /// The next media time, from `mediaTime` on, at which the layer's particles change:
    /// `mediaTime` itself while any particle with contents is alive, else when a cell next
    /// starts emitting, else `.infinity`.
    package func nextParticleChange(after mediaTime: CFTimeInterval) -> CFTimeInterval {
        TransactionLock.shared.withLock {
            let local = convertTime(mediaTime, from: nil)
            let timeline = recordedTimeline()
            let simulation = EmitterSimulation(timeline: timeline, time: local, limit: Self.maximumParticleCount)
            simulation.run()
            if simulation.particles.contains(where: { $0.contents != nil }) { return mediaTime }
            // Nothing to see now: the next start of a cell that emits, in the last configuration.
            guard let last = timeline.epochs.last else { return .infinity }
            var next = Double.infinity
            for cell in last.configuration.cells {
                guard let active = BirthCurve.activeInterval(of: cell.values), active.lowerBound > local,
                    cell.values.birthRate > 0, last.configuration.layer.birthRate > 0
                else { continue }
                next = min(next, max(active.lowerBound, 0))
            }
            if local < 0, last.configuration.cells.contains(where: { $0.values.birthRate > 0 }) { next = min(next, 0) }
            return next.isFinite ? convertTime(next, to: nil) : .infinity
        }
    }

    /// The recorded configurations, or, for a layer never committed, its configuration now.
    private func recordedTimeline() -> EmitterTimeline {
        guard timeline.isEmpty else { return timeline }
        let provisional = EmitterTimeline()
        provisional.record(EmitterConfiguration(of: model()), from: -.infinity)
        return provisional
    }

    /// `particles` in the order `renderMode` draws them (`CAEmitterLayer.h`): `oldestFirst`
    /// oldest first, `oldestLast` newest first, `backToFront` by depth, farthest first;
    /// `unordered` and `additive` cell by cell (parents before sub-cells), oldest first.
    static func drawingOrder(_ particles: [EmitterParticle], renderMode: CAEmitterLayerRenderMode) -> [EmitterParticle]
    {
        switch renderMode {
        case .oldestFirst:
            particles.sorted { ($0.birthTime, $0.cellOrder, $0.key) < ($1.birthTime, $1.cellOrder, $1.key) }
        case .oldestLast:
            particles.sorted { ($1.birthTime, $0.cellOrder, $0.key) < ($0.birthTime, $1.cellOrder, $1.key) }
        case .backToFront:
            particles.sorted {
                (Double($0.zPosition), $0.birthTime, $0.cellOrder, $0.key)
                    < (Double($1.zPosition), $1.birthTime, $1.cellOrder, $1.key)
            }
        default:
            particles.sorted { ($0.cellOrder, $0.birthTime, $0.key) < ($1.cellOrder, $1.birthTime, $1.key) }
        }
    }
}
