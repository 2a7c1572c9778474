import Foundation
import OpenQuartzCore

/// A layer's place in the tree, as the page names it: the indices of the sublayers from the
/// root, `m` for a mask, joined by dots (`0.2.m.1`); the empty path is the root.
struct LayerPath: Equatable, Sendable {
    enum Step: Equatable, Sendable {
        case sublayer(Int)
        case mask
    }

    let steps: [Step]

    /// Parses the page's text; nil when it is not a path.
    init?(_ text: String) {
        guard text.utf8.count <= 1024 else { return nil }
        if text == "root" {
            steps = []
            return
        }
        var steps: [Step] = []
        for part in text.split(separator: ".", omittingEmptySubsequences: false) {
            if part == "m" {
                steps.append(.mask)
            } else if let index = Int(part), index >= 0 {
                steps.append(.sublayer(index))
            } else {
                return nil
            }
        }
        self.steps = steps
    }

    init(steps: [Step]) {
        self.steps = steps
    }

    /// The text the page uses: `root` for the root.
    var text: String {
        steps.isEmpty
            ? "root"
            : steps.map {
                switch $0 {
                case .sublayer(let index): String(index)
                case .mask: "m"
                }
            }.joined(separator: ".")
    }

    /// The layer at this path under `root`, nil when there is none.
    @MainActor
    func layer(in root: CALayer) -> CALayer? {
        var layer = root
        for step in steps {
            switch step {
            case .sublayer(let index):
                guard let sublayers = layer.sublayers, index < sublayers.count else { return nil }
                layer = sublayers[index]
            case .mask:
                guard let mask = layer.mask else { return nil }
                layer = mask
            }
        }
        return layer
    }

    /// The rows of the tree panel: every layer under `root` in tree order (sublayers, then the
    /// mask), with its class, name and id; at most `limit` rows. An explicit stack: trees may
    /// be deep.
    @MainActor
    static func tree(of root: CALayer, ids: (CALayer) -> String?, limit: Int = 5000) -> [PreviewMessage.TreeRow] {
        var rows: [PreviewMessage.TreeRow] = []
        var pending: [(layer: CALayer, path: [Step])] = [(root, [])]
        while let (layer, steps) = pending.popLast(), rows.count < limit {
            rows.append(
                PreviewMessage.TreeRow(
                    path: LayerPath(steps: steps).text, depth: steps.count,
                    className: String(describing: type(of: layer)), name: layer.name, id: ids(layer)))
            if let mask = layer.mask { pending.append((mask, steps + [.mask])) }
            for (index, sublayer) in (layer.sublayers ?? []).enumerated().reversed() {
                pending.append((sublayer, steps + [.sublayer(index)]))
            }
        }
        return rows
    }
}
