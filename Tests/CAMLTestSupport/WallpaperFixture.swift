import Foundation
import ZipTestSupport

/// A small `.tendies` wallpaper package written for the tests: three 390 × 844 bundles laid out
/// as CAPlayground writes them (FORMAT.md §1 item 5), each with the states `Locked`, `Unlock`
/// and `Sleep` and linear one-second transitions into `Locked` and `Unlock`.
///
/// - Background: a blue root; a yellow 60 × 60 `sun` at x 195, y 100 when Locked, 700 when
///   Unlock (y up: near the bottom, then near the top).
/// - Floating: a red 100 × 100 `logo` at y 422, x 195 when Locked, 95 when Unlock.
/// - Foreground: a green 40 × 40 `badge` at (195, 422), opacity 1 when Locked, 0 when Unlock.
///
/// With no state set the layers keep their document values, which are the Locked ones.
public enum WallpaperFixture {
    /// The `.wallpaper` folder inside the archive.
    public static let folder =
        "descriptors/6A1B2C3D-0000-4000-8000-00000000CAFE/versions/0/contents/7400.WWDC_2022-390w-844h@3x~iphone.wallpaper"

    /// The folder name of the bundle for `role` ("Background", "Floating", "Foreground").
    public static func bundleName(_ role: String) -> String {
        "7400.WWDC_2022_\(role)-390w-844h@3x~iphone.ca"
    }

    static let header = #"<?xml version="1.0" encoding="UTF-8"?><caml xmlns="http://www.apple.com/CoreAnimation/1.0">"#

    /// A root of 390 × 844 holding `sublayers`, with the three states setting `keyPath` of
    /// the layer `target` to `locked` or `unlock`, and linear transitions of one second into
    /// Locked and Unlock.
    public static func document(
        root: String = "", sublayers: String, target: String, keyPath: String, locked: Double, unlock: Double
    ) -> String {
        func state(_ name: String, _ value: Double) -> String {
            """
            <LKState name="\(name)"><elements>
              <LKStateSetValue targetId="\(target)" keyPath="\(keyPath)"><value type="real" value="\(value)"/></LKStateSetValue>
            </elements></LKState>
            """
        }
        func transition(to name: String) -> String {
            """
            <LKStateTransition fromState="*" toState="\(name)"><elements>
              <LKStateTransitionElement key="\(keyPath)" targetId="\(target)">
                <animation type="CABasicAnimation" keyPath="\(keyPath)" duration="1" timingFunction="linear" fillMode="backwards"/>
              </LKStateTransitionElement>
            </elements></LKStateTransition>
            <LKStateTransition fromState="\(name)" toState="*"><elements/></LKStateTransition>
            """
        }
        return header + """
            <CALayer id="root" name="Root Layer" bounds="0 0 390 844" position="195 422" \(root)>
              <sublayers>\(sublayers)</sublayers>
              <states>\(state("Locked", locked))\(state("Unlock", unlock))<LKState name="Sleep"><elements/></LKState></states>
              <stateTransitions>\(transition(to: "Locked"))\(transition(to: "Unlock"))</stateTransitions>
            </CALayer></caml>
            """
    }

    public static let background = document(
        root: #"backgroundColor="0 0 1""#,
        sublayers: #"<CALayer id="sun" name="sun" bounds="0 0 60 60" position="195 100" backgroundColor="1 1 0"/>"#,
        target: "sun", keyPath: "position.y", locked: 100, unlock: 700)
    public static let floating = document(
        sublayers: #"<CALayer id="logo" name="logo" bounds="0 0 100 100" position="195 422" backgroundColor="1 0 0"/>"#,
        target: "logo", keyPath: "position.x", locked: 195, unlock: 95)
    public static let foreground = document(
        sublayers: #"<CALayer id="badge" name="badge" bounds="0 0 40 40" position="195 422" backgroundColor="0 1 0"/>"#,
        target: "badge", keyPath: "opacity", locked: 1, unlock: 0)

    /// `Wallpaper.plist` as CAPlayground writes it (binary), naming `bundles` by role; a role
    /// left out is left out of the dictionary.
    public static func wallpaperPlist(
        _ bundles: [String: String], type: String = "LayeredAnimation"
    ) throws -> Data {
        var description: [String: Any] = ["type": type, "identifier": "7400", "name": "WWDC_2022"]
        let keys = [
            "Background": "backgroundAnimationFileName", "Floating": "floatingAnimationFileNameKey",
            "Foreground": "foregroundAnimationFileName", "Asset": "assetFileName",
        ]
        for (role, name) in bundles {
            description[keys[role] ?? role] = name
        }
        let plist: [String: Any] = [
            "assets": ["lockAndHome": ["default": description]],
            "logicalScreenClass": "390w-844h@3x~iphone", "family": "WWDC_2022", "appearanceAware": false,
        ]
        return try PropertyListSerialization.data(fromPropertyList: plist, format: .binary, options: 0)
    }

    /// The entries of a bundle folder `name` under ``folder`` holding `document` as
    /// `main.caml`, with its `index.xml`.
    public static func bundleEntries(_ name: String, document: String) -> [(path: String, data: Data)] {
        let index = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>rootDocument</key><string>main.caml</string>\
            <key>documentWidth</key><real>390</real><key>documentHeight</key><real>844</real></dict></plist>
            """
        return [
            ("\(folder)/\(name)/index.xml", Data(index.utf8)),
            ("\(folder)/\(name)/main.caml", Data(document.utf8)),
        ]
    }

    /// The whole package: the three bundles (or `documents`, role → CAML) and a
    /// `Wallpaper.plist` naming them, plus any `extra` entries.
    public static func write(
        to url: URL, documents: [String: String]? = nil, extra: [(path: String, data: Data)] = []
    ) throws {
        let documents = documents ?? ["Background": background, "Floating": floating, "Foreground": foreground]
        var entries: [(path: String, data: Data)] = [
            (
                "\(folder)/Wallpaper.plist",
                try wallpaperPlist(Dictionary(uniqueKeysWithValues: documents.keys.map { ($0, bundleName($0)) }))
            )
        ]
        for role in ["Background", "Floating", "Foreground"] {
            if let document = documents[role] { entries += bundleEntries(bundleName(role), document: document) }
        }
        try writeZip(entries + extra, to: url)
    }
}
