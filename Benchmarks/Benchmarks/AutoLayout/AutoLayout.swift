import Benchmark
import Foundation
import OpenUIKit

// Issue 51: 1,000 views placed by 4,000 constraints, laid out the first time (the engine built
// and solved, every frame set) and again after one constant changes (an incremental solve that
// moves every view below it). Target: each well under a frame, 16.7 ms.

/// A root view and, in rows of ten, 1,000 subviews with four constraints each: the first of a
/// row starts at the root's leading edge and sets the width; the others follow their left
/// neighbour 4 points on, as wide as it; the first view sets the height and the top, the rest
/// of the first row lines up with it; every row below hangs 4 points under the one above, as
/// tall as it. Each frame depends on a chain of up to 110 others, and the first view's top
/// moves them all.
@MainActor
final class ConstraintGrid {
    static let viewCount = 1_000
    static let columns = 10

    let root = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 3_000))
    let views: [UIView]
    var constraints: [NSLayoutConstraint] = []
    /// The top of the first row: the constant the incremental benchmark changes.
    var topInset: NSLayoutConstraint!

    init() {
        views = (0..<Self.viewCount).map { _ in
            let view = UIView()
            view.translatesAutoresizingMaskIntoConstraints = false
            return view
        }
        for view in views { root.addSubview(view) }
        for (index, view) in views.enumerated() {
            let column = index % Self.columns
            if column == 0 {
                constraints.append(view.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 4))
                constraints.append(view.widthAnchor.constraint(equalToConstant: 36))
            } else {
                let left = views[index - 1]
                constraints.append(view.leadingAnchor.constraint(equalTo: left.trailingAnchor, constant: 4))
                constraints.append(view.widthAnchor.constraint(equalTo: left.widthAnchor))
            }
            if index == 0 {
                topInset = view.topAnchor.constraint(equalTo: root.topAnchor, constant: 4)
                constraints.append(topInset)
                constraints.append(view.heightAnchor.constraint(equalToConstant: 20))
            } else if index < Self.columns {
                let left = views[index - 1]
                constraints.append(view.topAnchor.constraint(equalTo: left.topAnchor))
                constraints.append(view.heightAnchor.constraint(equalTo: left.heightAnchor))
            } else {
                let above = views[index - Self.columns]
                constraints.append(view.topAnchor.constraint(equalTo: above.bottomAnchor, constant: 4))
                constraints.append(view.heightAnchor.constraint(equalTo: above.heightAnchor))
            }
        }
        precondition(constraints.count == 4 * Self.viewCount)
    }

    /// The layout the first row's top gives the last view.
    func checkLaidOut(top: CGFloat) {
        let last = views[views.count - 1]
        let expected = CGRect(x: 4 + 9 * 40, y: top + 99 * 24, width: 36, height: 20)
        guard last.frame == expected else {
            fatalError("AutoLayout benchmark: the last view is at \(last.frame), not \(expected)")
        }
    }
}

let benchmarks: @Sendable () -> Void = {
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .peakMemoryResident],
        timeUnits: .microseconds,
        warmupIterations: 2,
        maxDuration: .seconds(20),
        maxIterations: 100,
        // `Thresholds/AutoLayout.*.p90.json` hold 8.35 ms: with this tolerance p90 passes from 0 to 16.7 ms.
        thresholds: [.wallClock: .init(absolute: [.p90: 8_350_000])]
    )

    // Activation, then the first layoutIfNeeded(): the engine built from the 4,000 constraints
    // and solved, and 1,000 frames set. The views are made before the measurement starts.
    Benchmark("1k-views-4k-constraints-first-layout", configuration: configuration) { measured in
        // The benchmark object stays on this task while the main actor uses it; nothing else
        // touches it meanwhile.
        nonisolated(unsafe) let benchmark = measured
        await MainActor.run {
            let grid = ConstraintGrid()
            benchmark.startMeasurement()
            NSLayoutConstraint.activate(grid.constraints)
            grid.root.layoutIfNeeded()
            benchmark.stopMeasurement()
            grid.checkLaidOut(top: 4)
            // The frames' changes wait in the implicit transaction for a commit, holding their
            // layers: a run loop's turn commits them.
            CATransaction.flush()
        }
    }

    // One constant changed on a laid-out grid, then layoutIfNeeded(): the solver moves from the
    // last solution, and every view's frame changes.
    Benchmark("1k-views-4k-constraints-constant-change", configuration: configuration) { measured in
        nonisolated(unsafe) let benchmark = measured
        await MainActor.run {
            let grid = ConstraintGrid()
            NSLayoutConstraint.activate(grid.constraints)
            grid.root.layoutIfNeeded()
            for step in 1...10 {
                let top = CGFloat(4 + step)
                benchmark.startMeasurement()
                grid.topInset.constant = top
                grid.root.layoutIfNeeded()
                benchmark.stopMeasurement()
                grid.checkLaidOut(top: top)
                CATransaction.flush()
            }
        }
    }
}
