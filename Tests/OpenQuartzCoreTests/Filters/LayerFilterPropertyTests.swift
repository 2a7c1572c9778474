import Foundation
import OpenQuartzCore
import QuartzTestSupport
import Testing

@Suite("Layer filters and contents filters: stored, key-value coded, presented")
struct LayerFilterPropertyTests {
    @Test func contentsFiltersDefaultToLinearAndTakeTheirNames() {
        let layer = CALayer()
        #expect(layer.minificationFilter == .linear && layer.magnificationFilter == .linear)
        layer.magnificationFilter = .nearest
        #expect(layer.value(forKey: "magnificationFilter") as? String == "nearest")
        layer.setValue("trilinear", forKey: "minificationFilter")
        #expect(layer.minificationFilter == .trilinear)
        layer.setValue(CALayerContentsFilter.nearest, forKey: "minificationFilter")
        #expect(layer.minificationFilter == .nearest)
    }

    @Test func filtersAreKeptAndCopiedToThePresentation() throws {
        try withManualClock { _ in
            let layer = CALayer()
            #expect(layer.filters == nil && layer.backgroundFilters == nil)
            let blur = CAFilter(type: "gaussianBlur")
            blur.setValue(8.0, forKey: "inputRadius")
            layer.filters = [blur]
            layer.backgroundFilters = [CAFilter(type: "colorSaturate")]
            layer.magnificationFilter = .nearest
            CATransaction.flush()
            let shown = try #require(layer.presentation())
            #expect((shown.filters?.first as? CAFilter) === blur)
            #expect((shown.backgroundFilters?.first as? CAFilter)?.type == "colorSaturate")
            #expect(shown.magnificationFilter == .nearest)
            #expect((layer.value(forKey: "filters") as? [Any])?.count == 1)
            layer.setValue(nil, forKey: "filters")
            #expect(layer.filters == nil)
        }
    }

    @Test func aFilterKeepsItsTypeNameSwitchAndInputs() {
        let filter = CAFilter(type: "colorContrast")
        #expect(filter.name == "colorContrast" && filter.isEnabled && filter.inputKeys.isEmpty)
        filter.setValue(1.2, forKey: "inputAmount")
        filter.setValue("Contrast 1", forKey: "name")
        filter.setValue(false, forKey: "enabled")
        #expect(filter.value(forKey: "inputAmount") as? Double == 1.2)
        #expect(filter.name == "Contrast 1" && !filter.isEnabled)
        #expect(filter.value(forKey: "type") as? String == "colorContrast")
        #expect(filter.inputKeys == ["inputAmount"])
        filter.setValue(nil, forKey: "inputAmount")
        #expect(filter.inputKeys.isEmpty)
    }
}
