import Foundation
import Testing

/// A layer as `carender inspect` prints it.
private struct InspectedLayer {
    let x: Double
    let y: Double
    let width: Double
    let height: Double
}

/// The sublayers of a scene's root at `time`, as `carender inspect` prints them.
private func inspect(_ scene: String, at time: Double) throws -> [InspectedLayer] {
    let result = try carender(["inspect", scene, "--time", "\(time)"])
    #expect(result.status == 0, "\(result.error)")
    return result.output.split(separator: "\n").filter { $0.hasPrefix("  CALayer: ") }.compactMap { line in
        // "  CALayer: position = (x, y); bounds = (w × h); …"
        let numbers = line.split(whereSeparator: { "(),×;".contains($0) || $0 == " " }).compactMap { Double($0) }
        guard numbers.count >= 4 else { return nil }
        return InspectedLayer(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
    }
}

/// The moving blocks of the row scenes: 36-point squares, top to bottom.
private func blocks(_ scene: String, at time: Double) throws -> [Double] {
    try inspect(scene, at: time).filter { $0.width == 36 && $0.height == 36 }.sorted { $0.y < $1.y }.map(\.x)
}

/// The seeds' behaviours, as the gallery scenes show them (the goldens check the pictures).
@Suite("The seeds' experiments in the gallery")
struct SeedSceneTests {
    @Test func standaloneLayerAnimatesAndViewBackedLayerJumpsOutsideABlockAndAnimatesInside() throws {
        // All three change x from 40 to 200 at 0.4 s.
        let x = try blocks("view-vs-layer", at: 0.55)
        try #require(x.count == 3)
        #expect(x[0] > 40 && x[0] < 200, "the standalone layer is on its way (0.25 s)")
        #expect(x[1] == 200, "the view's layer jumped")
        #expect(x[2] > 40 && x[2] < 200, "inside UIView.animate it animates (0.5 s)")
        let later = try blocks("view-vs-layer", at: 0.7)
        #expect(later[0] == 200 && later[1] == 200, "the implicit 0.25 s are over")
        #expect(later[2] < 200, "the 0.5 s block is not")
        #expect(try blocks("view-vs-layer", at: 0.95) == [200, 200, 200], "everything has arrived")
    }

    @Test func nestedTransactionsTakeTheirOwnDurations() throws {
        // Moved at 0.25 s: the outer transaction's 0.25 s, an inner 1 s, a 0.5 s block, disabled.
        let early = try blocks("nested-transactions", at: 0.35)
        try #require(early.count == 4)
        #expect(early[0] > 40 && early[0] < 200)
        #expect(early[3] == 200, "actions disabled: it jumps")
        let later = try blocks("nested-transactions", at: 0.6)
        #expect(later[0] == 200, "0.25 s are over")
        #expect(later[1] < 200 && later[2] < 200)
        let last = try blocks("nested-transactions", at: 1)
        #expect(last[2] == 200, "the 0.5 s block is over")
        #expect(last[1] < 200, "the 1 s inner transaction is not")
        #expect(try blocks("nested-transactions", at: 1.3) == [200, 200, 200, 200])
    }

    @Test(arguments: [
        (0.3, [20.0, 20, 60, 60]),  // before beginTime: backwards and both show fromValue
        (1.35, [130.0, 130, 130, 130]),  // half-way through the active time, all alike
        (2.5, [20.0, 200, 20, 200]),  // after: forwards and both keep toValue
    ])
    func fillModesRemovedForwardsBackwardsBoth(time: Double, widths: [Double]) throws {
        let bars = try inspect("fill-modes", at: time).filter { $0.height == 24 }.sorted { $0.y < $1.y }
        #expect(bars.map(\.width).map { ($0 * 1000).rounded() / 1000 } == widths)
    }
}
