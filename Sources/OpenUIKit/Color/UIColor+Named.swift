import Foundation

extension UIColor {
    /// The colour called `name` in an asset catalog of the main bundle (`nil` when there is
    /// none): see ``init(named:in:compatibleWith:)``.
    public convenience init?(named name: String) {
        self.init(named: name, in: nil, compatibleWith: nil)
    }

    /// The colour called `name` in `bundle` (the main bundle when nil): the `name.colorset` of
    /// an asset catalog (`*.xcassets`) in the bundle's resources or its folder, there or one
    /// folder down, as Xcode projects keep them. Of the set's colours, the dark appearance's
    /// when the traits ask for `.dark` and the set has one, else the one for any appearance.
    /// Components are read as Xcode writes them: `0.500` (0 to 1), `0x7F` or `127` (0 to 255);
    /// a set or component that does not read gives `nil`.
    public convenience init?(named name: String, in bundle: Bundle?, compatibleWith traitCollection: UITraitCollection?) {
        guard !name.isEmpty else { return nil }
        let folders = AssetCatalogs.folders(of: bundle ?? .main)
        guard let set = folders.lazy.compactMap({ AssetCatalogs.set(named: "\(name).colorset", in: $0) }).first,
            let color = Self.colorSetColor(set, dark: traitCollection?.userInterfaceStyle == .dark)
        else { return nil }
        self.init(cgColor: color)
    }

    private struct ColorSet: Decodable {
        struct Entry: Decodable {
            struct Appearance: Decodable {
                let appearance: String
                let value: String
            }
            struct Color: Decodable {
                let components: [String: String]
            }
            let appearances: [Appearance]?
            let color: Color?
        }
        let colors: [Entry]
    }

    /// The colour a colour set's `Contents.json` gives for the appearance.
    private static func colorSetColor(_ set: URL, dark: Bool) -> CGColor? {
        guard let json = FileManager.default.contents(atPath: set.appendingPathComponent("Contents.json").path),
            let contents = try? JSONDecoder().decode(ColorSet.self, from: json)
        else { return nil }
        func isDark(_ entry: ColorSet.Entry) -> Bool {
            entry.appearances?.contains { $0.appearance == "luminosity" && $0.value == "dark" } ?? false
        }
        let anyAppearance = contents.colors.first { ($0.appearances ?? []).isEmpty }
        let chosen = (dark ? contents.colors.first(where: isDark) : nil) ?? anyAppearance ?? contents.colors.first
        guard let components = chosen?.color?.components else { return nil }
        let alpha: CGFloat? = components["alpha"].map(component) ?? 1
        if let white = components["white"] {
            guard let white = component(white), let alpha else { return nil }
            return CGColor(gray: white, alpha: alpha)
        }
        guard let red = components["red"].flatMap(component), let green = components["green"].flatMap(component),
            let blue = components["blue"].flatMap(component), let alpha
        else { return nil }
        return CGColor(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// One component as Xcode writes it: `0x7F` and `127` are 0–255, `0.500` is 0–1.
    private static func component(_ text: String) -> CGFloat? {
        let text = text.trimmingCharacters(in: .whitespaces)
        if text.hasPrefix("0x") || text.hasPrefix("0X") {
            return UInt8(text.dropFirst(2), radix: 16).map { CGFloat($0) / 255 }
        }
        if text.contains(".") { return Double(text).map { CGFloat(min(max($0, 0), 1)) } }
        return UInt8(text).map { CGFloat($0) / 255 }
    }
}
