import Foundation

extension CGPath {
    /// Returns the path cut into dashes: the parts a dashed stroke would paint, each an open
    /// subpath.
    ///
    /// `lengths` alternate between painted and unpainted lengths along the path; an odd count
    /// is repeated once to make the pattern even, as PostScript and Core Graphics do. `phase`
    /// is how far into the pattern each subpath starts (taken modulo the pattern's length, so
    /// a negative phase counts back from its end). Every subpath restarts the pattern, and a
    /// closed subpath is dashed along its closing line too. Curves are cut at the parameter
    /// where the arc length reaches the cut, so a piece of a curve stays a curve of the same
    /// kind. A painted length of zero gives a zero-length line, which a round or square cap
    /// draws as a dot.
    ///
    /// When `lengths` is empty, all zero, or holds a negative or non-finite length, the
    /// pattern is ignored, as Core Graphics ignores such a dash, and the result is the path
    /// itself mapped through `transform`. A closed subpath that one dash covers entirely stays
    /// closed; otherwise the dashes at either side of a closed subpath's start stay separate,
    /// as Apple does not document joining them.
    ///
    ///     let dashed = path.copy(dashingWithPhase: 0, lengths: [10, 5])
    public func copy(dashingWithPhase phase: CGFloat, lengths: [CGFloat], transform: CGAffineTransform = .identity)
        -> CGPath
    {
        guard let pattern = DashPattern(phase: phase, lengths: lengths) else {
            var unchanged = PathStorage()
            for element in storage.elements {
                unchanged.append(element, transform: transform)
            }
            return CGPath(storage: unchanged)
        }
        var storage = PathStorage()
        for subpath in segmentedSubpaths {
            var dasher = SubpathDasher(pattern: pattern)
            dasher.dash(subpath, into: &storage, transform: transform)
        }
        return CGPath(storage: storage)
    }
}

/// A dash pattern made ready to walk: an even number of lengths, painted ones at even
/// indices, and where the phase puts the start of every subpath.
struct DashPattern {
    let lengths: [CGFloat]
    /// The interval a subpath starts in.
    let startIndex: Int
    /// How much of that interval is left at a subpath's start.
    let startRemaining: CGFloat

    /// `nil` when the lengths make no usable pattern: none, all zero, or any negative or
    /// not finite.
    init?(phase: CGFloat, lengths: [CGFloat]) {
        guard lengths.allSatisfy({ $0 >= 0 && $0.isFinite }), lengths.contains(where: { $0 > 0 }) else { return nil }
        self.lengths = lengths.count.isMultiple(of: 2) ? lengths : lengths + lengths
        let total = self.lengths.reduce(0, +)
        var offset = phase.isFinite ? phase.truncatingRemainder(dividingBy: total) : 0
        if offset < 0 { offset += total }
        // Intervals are half-open: a phase exactly at the end of an interval starts in the
        // next one. Only while some offset is left, though, so that a painted length of zero
        // at the very start of the pattern still makes its dot.
        var index = 0
        while offset > 0 && offset >= self.lengths[index] {
            offset -= self.lengths[index]
            index = (index + 1) % self.lengths.count
        }
        startIndex = index
        startRemaining = self.lengths[index] - offset
    }
}

/// Walks one subpath along a dash pattern, writing the painted parts.
private struct SubpathDasher {
    let pattern: DashPattern
    private var index: Int
    /// The length left in the current interval of the pattern.
    private var remaining: CGFloat
    /// Whether a dash has been started and not yet ended.
    private var dashIsOpen = false
    /// Whether the walk has passed from one interval to the next within this subpath.
    private var changedInterval = false

    init(pattern: DashPattern) {
        self.pattern = pattern
        index = pattern.startIndex
        remaining = pattern.startRemaining
    }

    private var isPainted: Bool { index.isMultiple(of: 2) }

    mutating func dash(_ subpath: SegmentedSubpath, into storage: inout PathStorage, transform: CGAffineTransform) {
        let startsPainted = isPainted
        for segment in subpath.segments {
            let length = segment.length()
            guard length > 0 else { continue }
            var t: CGFloat = 0
            var travelled: CGFloat = 0
            // A cut this close to the segment's end is at its end: quadrature leaves curve
            // lengths a hair off, which must not leave a sliver of dash or gap behind.
            let slack = 1e-9 * max(length, 1)
            // Each interval that ends within this segment, including exactly at its end.
            while travelled + remaining <= length + slack {
                let atEnd = travelled + remaining >= length - slack
                let cut = atEnd ? 1 : segment.parameter(atLength: remaining, from: t)
                if isPainted {
                    emit(segment, from: t, to: cut, into: &storage, transform: transform)
                    dashIsOpen = false
                }
                travelled = atEnd ? length : travelled + remaining
                t = cut
                index = (index + 1) % pattern.lengths.count
                remaining = pattern.lengths[index]
                changedInterval = true
            }
            if isPainted && t < 1 {
                emit(segment, from: t, to: 1, into: &storage, transform: transform)
            }
            remaining -= length - travelled
        }
        // One dash from start to end of a closed subpath is the whole subpath: keep it
        // closed, so a stroke of it has a join at the start instead of two caps.
        if subpath.isClosed && startsPainted && !changedInterval && dashIsOpen {
            storage.append(.closeSubpath)
        }
    }

    /// Writes the part of `segment` between `t0` and `t1`, starting a new dash if none is open.
    private mutating func emit(
        _ segment: PathSegment, from t0: CGFloat, to t1: CGFloat, into storage: inout PathStorage,
        transform: CGAffineTransform
    ) {
        let piece = segment.subsegment(from: t0, to: t1)
        if !dashIsOpen {
            storage.append(.move(to: piece.start), transform: transform)
            dashIsOpen = true
        }
        // A zero-length dash is a line to its own start, the shape caps turn into dots.
        let element = t1 > t0 ? piece.element : .line(to: piece.start)
        storage.append(element, transform: transform)
    }
}
