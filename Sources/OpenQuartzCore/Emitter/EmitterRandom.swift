/// The random numbers of one particle: a counter-based generator, so that a particle's
/// numbers depend only on the layer's `seed`, its cell and its index, never on which
/// particles or frames were computed before (frames can then be drawn in any order).
///
/// Each number is SplitMix64's finaliser (Steele, Lea and Flood, "Fast splittable
/// pseudorandom number generators", 2014) applied to a key mixed from the inputs and a
/// stream number: one stream per property of the particle.
struct EmitterRandom {
    /// The particle's key: its numbers come from it, and its children's keys from it.
    let key: UInt64

    init(seed: UInt32, cell: UInt64, particle: UInt64) {
        key = Self.mix(Self.mix(Self.mix(UInt64(seed) &+ 0x5851_F42D_4C95_7F2D) ^ cell) ^ particle)
    }

    /// A number in [0, 1) for `stream`.
    func uniform(_ stream: Stream) -> Double {
        Double(Self.mix(key &+ (stream.rawValue &* 0xD1B5_4A32_D192_ED03)) >> 11) * 0x1p-53
    }

    /// A value uniformly distributed in [mean − range/2, mean + range/2], as `CAEmitterLayer.h`
    /// describes each mean-and-range property.
    func spread(_ mean: Double, _ range: Double, _ stream: Stream) -> Double {
        range == 0 ? mean : mean + range * (uniform(stream) - 0.5)
    }

    /// The key of a child: a particle's index among those its parent emitted, mixed into the
    /// parent's key.
    static func childKey(parent: UInt64, index: UInt64) -> UInt64 {
        mix(parent ^ mix(index &+ 0x9E37_79B9_7F4A_7C15))
    }

    /// The key of a cell: its place in the cell tree (indices from the top), mixed.
    static func cellKey(path: [Int]) -> UInt64 {
        path.reduce(0x2545_F491_4F6C_DD1D) { mix($0 ^ UInt64($1 + 1)) }
    }

    static func mix(_ value: UInt64) -> UInt64 {
        var z = value &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// The properties of a particle that take a random value.
    enum Stream: UInt64 {
        case lifetime = 1, velocity, longitude, scale, spin, red, green, blue, alpha
        case shapeA, shapeB, shapeC
    }
}
