import CAMLTestSupport
import Foundation
import OpenQuartzCore
import QuartzTestSupport
import Testing

@testable import OpenCAML

/// Loads every `.caml` document and `.ca` bundle of the shared corpus (``CAMLCorpus``).
@Suite struct CAMLCorpusTests {
    @Test func everyCorpusDocumentLoadsOrFailsCleanly() throws {
        guard CAMLCorpus.isPresent(for: "CAML corpus") else { return }
        var loaded = 0
        var failures: [CAMLError] = []
        var warnings = 0
        for (url, type) in CAMLCorpus.documents() {
            do {
                let package = try CAPackage(contentsOf: url, type: type, options: nil)
                loaded += 1
                warnings += package.warnings.count
            } catch {
                failures.append(error)
            }
        }
        print("CAML corpus: \(loaded) documents load, \(failures.count) fail, \(warnings) warnings")
        for failure in failures { print("CAML corpus: \(failure)") }
        // FORMAT.md §2: exactly one corpus document is not well-formed.
        #expect(loaded >= 51)
        #expect(failures.count == 1)
        let malformed = try #require(failures.first)
        #expect(malformed.path.hasSuffix("CAPlayground__template-tendies__Floating.ca/main.caml"))
        #expect(malformed.line != nil && malformed.column != nil)
    }

    /// Every document with states loads them, and switching it to each state (animated, at
    /// speed 1) and back to no state never traps, with the clock run through the
    /// transitions.
    @Test func everyCorpusDocumentSwitchesThroughItsStates() throws {
        guard CAMLCorpus.isPresent(for: "CAML corpus") else { return }
        var documents = 0
        var switches = 0
        var transitions = 0
        withManualClock { clock in
            for (url, type) in CAMLCorpus.documents() {
                guard let package = try? CAPackage(contentsOf: url, type: type, options: nil) else { continue }
                var withStates: [CALayer] = []
                var pending = [package.rootLayer]
                while let layer = pending.popLast() {
                    if !(layer.states ?? []).isEmpty { withStates.append(layer) }
                    pending += layer.sublayers ?? []
                }
                guard !withStates.isEmpty else { continue }
                documents += 1
                let controller = CAStateController(layer: package.rootLayer)
                for layer in withStates {
                    transitions += layer.stateTransitions?.count ?? 0
                    for state in layer.states ?? [] {
                        controller.setState(state, of: layer, transitionSpeed: 1)
                        clock.advance(by: 0.5)
                        _ = package.rootLayer.presentation()
                        controller.setState(nil, of: layer, transitionSpeed: 1)
                        clock.advance(by: 0.5)
                        #expect(controller.state(of: layer) == nil)
                        switches += 2
                    }
                }
            }
        }
        print("CAML corpus: \(documents) documents with states, \(transitions) transitions, \(switches) state switches")
        // FORMAT.md §10: LKState occurs in 46 documents.
        #expect(documents >= 46)
    }
}
