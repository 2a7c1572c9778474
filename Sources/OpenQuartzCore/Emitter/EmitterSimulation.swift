import Foundation
import OpenCoreGraphics

/// Works out the particles of an emitter layer alive at one moment of its time, from its
/// recorded configurations alone: a pure function of the time (see `BirthCurve` for when
/// particles are born).
///
/// A particle takes everything from the configuration in force when it was born, with the
/// animations of that configuration at its birth time, and its own random numbers. At age a
/// it is at `origin + v·a + ½·acceleration·a²`, scaled by `scale + scaleSpeed·a`, turned by
/// `spin·a`, coloured `colour + speed·a` clamped to 0…1, and gone once a reaches its
/// lifetime. A particle of a cell with sub-cells emits them from where it is, heading where it
/// heads, at the sub-cell's rate (times the layer's), while the sub-cell is active in the
/// particle's age.
///
/// At most `limit` particles are kept, shared evenly between the top-level cells of the
/// newest configuration and, within a cell, the newest first; no more than four times as many
/// births are looked at, so absurd birth rates cost bounded time.
final class EmitterSimulation {
    private let timeline: EmitterTimeline
    private let time: Double
    private let limit: Int
    private let examineLimit: Int
    private(set) var particles: [EmitterParticle] = []
    private var examined = 0
    /// How many more particles the cell being worked on may add.
    private var allowance = 0

    /// How deep particles emit particles (a cell's sub-cells' sub-cells…).
    static let maximumGenerations = 4

    init(timeline: EmitterTimeline, time: Double, limit: Int) {
        self.timeline = timeline
        self.time = time
        self.limit = max(limit, 0)
        examineLimit = self.limit * 4
    }

    /// The particles alive at the time, in no particular order.
    func run() {
        guard time >= 0, time.isFinite, limit > 0, let newest = timeline.epochs.last else { return }
        let cellCount = max(newest.configuration.cells.filter(\.values.isEnabled).count, 1)
        let share = max(limit / cellCount, 1)
        var allowances: [UInt64: Int] = [:]
        let longestLife =
            timeline.epochs.map { epoch in
                epoch.configuration.cells.map { lifetimeBound(of: $0, in: epoch) }.max() ?? 0
            }.max() ?? 0
        for index in timeline.epochs.indices.reversed() {
            let epoch = timeline.epochs[index]
            let from = max(epoch.start, 0)
            let to = min(epoch.end, time)
            if to < time - longestLife { break }
            guard from <= to else { continue }
            let counts = EmitterBirths.counts(atStartOf: index, in: timeline)
            for cell in epoch.configuration.cells where cell.values.isEnabled {
                let low = max(from, time - lifetimeBound(of: cell, in: epoch))
                guard low <= to else { continue }
                allowance = allowances[cell.identity] ?? share
                guard allowance > 0, examined < examineLimit else { continue }
                let curve = BirthCurve(epoch: epoch, cell: cell)
                curve.forEachBirth(
                    from: low, to: to, includingEnd: to == time && epoch.end > time,
                    counted: counts[cell.identity] ?? 0
                ) { index, birth in
                    emit(cell, of: epoch.configuration, index: index, birth: birth)
                    return allowance > 0 && examined < examineLimit
                }
                allowances[cell.identity] = allowance
            }
        }
        if particles.count > limit {
            // The newest are kept.
            particles.sort { ($0.birthTime, $0.key) > ($1.birthTime, $1.key) }
            particles.removeLast(particles.count - limit)
        }
    }

    /// Whether any particle is alive at the time (one is enough).
    static func hasParticles(in timeline: EmitterTimeline, at time: Double) -> Bool {
        let simulation = EmitterSimulation(timeline: timeline, time: time, limit: 1)
        simulation.run()
        return !simulation.particles.isEmpty
    }

    // MARK: Particles

    /// A particle of one of the layer's cells, born at `birth`, with what it emits.
    private func emit(
        _ cell: EmitterCellConfiguration, of configuration: EmitterConfiguration, index: Double, birth: Double
    ) {
        examined += 1
        let layer = configuration.layerValues(at: birth)
        let random = EmitterRandom(seed: layer.seed, cell: cell.identity, particle: index.bitPattern)
        let offset = EmitterShapeSampler.offset(
            shape: layer.emitterShape, mode: layer.emitterMode, size: layer.emitterSize, depth: layer.emitterDepth,
            random: random)
        let origin =
            SIMD3(Double(layer.emitterPosition.x), Double(layer.emitterPosition.y), Double(layer.emitterZPosition))
            + offset
        let track = ParticleTrack(
            cell: cell.values(at: birth), layer: layer, origin: origin, heading: 0, random: random, birth: birth,
            key: random.key, generation: 0, order: cell.order)
        keep(track)
        for child in cell.children where child.values.isEnabled {
            emitChildren(child, of: track, configuration: configuration, generation: 1)
        }
    }

    /// The particles `parent` emits of `child`, newest first.
    private func emitChildren(
        _ child: EmitterCellConfiguration, of parent: ParticleTrack, configuration: EmitterConfiguration,
        generation: Int
    ) {
        guard generation < Self.maximumGenerations, allowance > 0, examined < examineLimit,
            let active = BirthCurve.activeInterval(of: child.values)
        else { return }
        let rate = BirthCurve.clamped(Double(child.values.birthRate) * parent.layerBirthRate)
        let first = max(active.lowerBound, 0)
        let last = min(active.upperBound, parent.lifetime)
        let parentAge = time - parent.birth
        guard rate > 0, first < last, parentAge >= first else { return }
        let newest =
            parentAge < last ? ((parentAge - first) * rate).rounded(.down) : ((last - first) * rate).rounded(.up) - 1
        let oldest = max(
            ((parentAge - lifetimeBound(of: child, multiplier: parent.layerLifetime) - first) * rate).rounded(.up), 0)
        guard newest >= oldest else { return }
        var index = newest
        while index >= oldest, allowance > 0, examined < examineLimit {
            examined += 1
            let age = first + index / rate
            let birth = parent.birth + age
            let random = EmitterRandom(
                seed: parent.seed, cell: child.identity,
                particle: EmitterRandom.childKey(parent: parent.key, index: index.bitPattern))
            let track = ParticleTrack(
                cell: child.values(at: birth), layer: parent.layer, origin: parent.position(atAge: age),
                heading: parent.heading(atAge: age), random: random, birth: birth,
                key: random.key, generation: generation, order: child.order)
            keep(track)
            for grandchild in child.children where grandchild.values.isEnabled {
                emitChildren(grandchild, of: track, configuration: configuration, generation: generation + 1)
            }
            // Past 2⁵³ a Double no longer steps by one.
            guard index - 1 < index else { break }
            index -= 1
        }
    }

    /// Adds the particle if it is alive at the time.
    private func keep(_ track: ParticleTrack) {
        let age = time - track.birth
        guard age >= 0, age < track.lifetime, let particle = track.particle(atAge: age) else { return }
        particles.append(particle)
        allowance -= 1
    }

    // MARK: Lifetimes

    /// How long after its birth a particle of `cell` or anything it emits can be alive, in
    /// `epoch` (animated lifetimes are sampled over the configuration's time).
    private func lifetimeBound(of cell: EmitterCellConfiguration, in epoch: EmitterTimeline.Epoch) -> Double {
        let configuration = epoch.configuration
        var multiplier = Double(configuration.layer.lifetime)
        var values = [cell.values]
        let animatesLifetime =
            configuration.animations["lifetime"] != nil || cell.animations["lifetime"] != nil
            || cell.animations["lifetimeRange"] != nil
        if animatesLifetime {
            let from = max(epoch.start, 0)
            let to = min(epoch.end, time)
            if from <= to {
                for sample in 0...32 {
                    let at = from + (to - from) * Double(sample) / 32
                    multiplier = max(multiplier, Double(configuration.layerValues(at: at).lifetime))
                    values.append(cell.values(at: at))
                }
            }
        }
        return values.map { own in
            var copy = cell
            copy.values = own
            return lifetimeBound(of: copy, multiplier: multiplier)
        }.max() ?? 0
    }

    /// The same, for a cell whose particles live `multiplier` times their cell's lifetime.
    private func lifetimeBound(of cell: EmitterCellConfiguration, multiplier: Double) -> Double {
        let own = Self.longestLifetime(of: cell.values) * abs(multiplier.isFinite ? multiplier : 0)
        let descendants = cell.children.map { lifetimeBound(of: $0, multiplier: multiplier) }.max() ?? 0
        let bound = own + descendants
        return bound.isNaN ? 0 : bound
    }

    private static func longestLifetime(of cell: EmitterCellValues) -> Double {
        let longest = Double(cell.lifetime) + abs(Double(cell.lifetimeRange)) / 2
        return longest.isFinite || longest == .infinity ? max(longest, 0) : 0
    }
}

/// One particle from its birth on: where it started, how it moves, turns, grows and changes
/// colour.
struct ParticleTrack {
    let birth: Double
    let lifetime: Double
    let origin: SIMD3<Double>
    let velocity: SIMD3<Double>
    let acceleration: SIMD3<Double>
    let scale: Double
    let scaleSpeed: Double
    let layerScale: Double
    let spin: Double
    let color: SIMD4<Double>
    let colorSpeed: SIMD4<Double>
    let cell: EmitterCellValues
    let layer: EmitterLayerStorage
    let key: UInt64
    let generation: Int
    let order: Int

    var seed: UInt32 { layer.seed }
    var layerBirthRate: Double { Double(layer.birthRate) }
    var layerLifetime: Double { Double(layer.lifetime) }

    init(
        cell: EmitterCellValues, layer: EmitterLayerStorage, origin: SIMD3<Double>, heading: Double,
        random: EmitterRandom, birth: Double, key: UInt64, generation: Int, order: Int
    ) {
        self.birth = birth
        self.cell = cell
        self.layer = layer
        self.origin = origin
        self.key = key
        self.generation = generation
        self.order = order
        let life = random.spread(Double(cell.lifetime), Double(cell.lifetimeRange), .lifetime) * Double(layer.lifetime)
        lifetime = life.isNaN ? 0 : max(life, 0)
        let speed = random.spread(Double(cell.velocity), Double(cell.velocityRange), .velocity) * Double(layer.velocity)
        let longitude =
            heading + random.spread(Double(cell.emissionLongitude), Double(cell.emissionRange), .longitude)
        let latitude = Double(cell.emissionLatitude)
        velocity =
            SIMD3(cos(latitude) * cos(longitude), cos(latitude) * sin(longitude), sin(latitude)) * speed
        acceleration = SIMD3(Double(cell.xAcceleration), Double(cell.yAcceleration), Double(cell.zAcceleration))
        scale = random.spread(Double(cell.scale), Double(cell.scaleRange), .scale)
        scaleSpeed = Double(cell.scaleSpeed)
        layerScale = Double(layer.scale)
        spin = random.spread(Double(cell.spin), Double(cell.spinRange), .spin) * Double(layer.spin)
        let base = cell.color?.rgba ?? (red: 1, green: 1, blue: 1, alpha: 1)
        color = SIMD4(
            random.spread(base.red, Double(cell.redRange), .red),
            random.spread(base.green, Double(cell.greenRange), .green),
            random.spread(base.blue, Double(cell.blueRange), .blue),
            random.spread(base.alpha, Double(cell.alphaRange), .alpha))
        colorSpeed = SIMD4(
            Double(cell.redSpeed), Double(cell.greenSpeed), Double(cell.blueSpeed), Double(cell.alphaSpeed))
    }

    func position(atAge age: Double) -> SIMD3<Double> {
        origin + velocity * age + acceleration * (age * age / 2)
    }

    /// The direction it moves in the layer's plane, in radians from the x axis.
    func heading(atAge age: Double) -> Double {
        let moving = velocity + acceleration * age
        return moving.x == 0 && moving.y == 0 ? 0 : atan2(moving.y, moving.x)
    }

    /// The particle at `age`; nil when a value is not finite (nothing sensible to draw).
    func particle(atAge age: Double) -> EmitterParticle? {
        let place = position(atAge: age)
        let size = max(scale + scaleSpeed * age, 0) * layerScale
        let turn = spin * age
        let shade = (color + colorSpeed * age).clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 1))
        guard place.x.isFinite, place.y.isFinite, place.z.isFinite, size.isFinite, turn.isFinite,
            !shade.x.isNaN, !shade.y.isNaN, !shade.z.isNaN, !shade.w.isNaN
        else { return nil }
        let contentsScale = cell.contentsScale.isFinite && cell.contentsScale > 0 ? cell.contentsScale : 1
        return EmitterParticle(
            position: CGPoint(x: place.x, y: place.y), zPosition: CGFloat(place.z), scale: CGFloat(size),
            rotation: CGFloat(turn), red: shade.x, green: shade.y, blue: shade.z, alpha: shade.w, birthTime: birth,
            lifetime: lifetime, contents: cell.contents as? CGImage, contentsRect: cell.contentsRect,
            contentsScale: contentsScale, magnificationFilter: cell.magnificationFilter,
            minificationFilter: cell.minificationFilter, cellName: cell.name, generation: generation,
            cellOrder: order, key: key)
    }
}
