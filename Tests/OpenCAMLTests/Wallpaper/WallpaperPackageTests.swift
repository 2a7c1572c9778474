import CAMLTestSupport
import Foundation
import OpenQuartzCore
import QuartzTestSupport
import Testing
import ZipArchiveReading
import ZipTestSupport

@testable import OpenCAML

/// A new empty folder for one test.
private func scratchFolder() throws -> URL {
    try ScratchSpace.makeFolder("tendies-test")
}

/// Loads the `.tendies` file at `url`.
private func loadTendies(_ url: URL) throws(CAMLError) -> CAPackage {
    try CAPackage(contentsOf: url, type: kCAPackageTypeTendies, options: nil)
}

/// The error loading `url` throws, or nil when it loads.
private func loadError(_ url: URL) -> CAMLError? {
    do {
        _ = try loadTendies(url)
        return nil
    } catch {
        return error
    }
}

/// The first layer called `name` under `root`.
private func layer(named name: String, in package: CAPackage) throws -> CALayer {
    try #require(package.publishedObject(withName: name) as? CALayer)
}

@Suite struct WallpaperPackageTests {
    @Test func bundlesStackBackToFrontUnderOneRootFillingTheCanvas() throws {
        let url = try scratchFolder().appendingPathComponent("Fixture.tendies")
        try WallpaperFixture.write(to: url)
        let package = try loadTendies(url)

        #expect(package.wallpaperBundles.map(\.role) == [.background, .floating, .foreground])
        #expect(
            package.wallpaperBundles.map(\.path)
                == ["Background", "Floating", "Foreground"].map {
                    "\(WallpaperFixture.folder)/\(WallpaperFixture.bundleName($0))"
                })
        #expect(package.documentSize == CGSize(width: 390, height: 844))
        #expect(package.canvasRect == CGRect(x: 0, y: 0, width: 390, height: 844))
        #expect(!package.isGeometryFlipped)
        #expect(package.warnings.isEmpty)

        let root = package.rootLayer
        #expect(root.bounds == CGRect(x: 0, y: 0, width: 390, height: 844))
        #expect(root.position == CGPoint(x: 195, y: 422))
        let holders = try #require(root.sublayers)
        #expect(holders.count == 3)
        for (holder, bundle) in zip(holders, package.wallpaperBundles) {
            #expect(holder.sublayers?.first === bundle.package.rootLayer)
            #expect(holder.frame == CGRect(x: 0, y: 0, width: 390, height: 844))
            #expect(!holder.isGeometryFlipped)
        }
        // Back to front: the sun's bundle first, the badge's last.
        #expect(try layer(named: "sun", in: package).superlayer?.superlayer === holders[0])
        #expect(try layer(named: "logo", in: package).superlayer?.superlayer === holders[1])
        #expect(try layer(named: "badge", in: package).superlayer?.superlayer === holders[2])
        #expect(package.publishedObjectNames == ["Root Layer", "sun", "logo", "badge"])
        #expect(package.stateLayers.count == 3)
        #expect(zip(package.stateLayers, package.wallpaperBundles).allSatisfy { $0 === $1.package.rootLayer })
        #expect(package.stateNames == ["Locked", "Unlock", "Sleep"])
    }

    @Test func statesSwitchInAllThreeBundlesWithTheirTransitions() throws {
        let url = try scratchFolder().appendingPathComponent("Fixture.tendies")
        try WallpaperFixture.write(to: url)
        try withManualClock { clock in
            let package = try loadTendies(url)
            let sun = try layer(named: "sun", in: package)
            let logo = try layer(named: "logo", in: package)
            let badge = try layer(named: "badge", in: package)
            let controller = CAStateController(layer: package.rootLayer)

            #expect(controller.setState(named: "Unlock", in: package, transitionSpeed: 0).count == 3)
            CATransaction.flush()
            expectClose(sun.position.y, 700, within: 1e-9)
            expectClose(logo.position.x, 95, within: 1e-9)
            expectClose(Double(badge.opacity), 0, within: 1e-9)
            #expect(sun.animationKeys() == nil)

            // Unlock → Locked at speed 1: each bundle runs its own `* → Locked`, linear, 1 s.
            clock.advance(to: 2)
            controller.setState(named: "Locked", in: package, transitionSpeed: 1)
            CATransaction.flush()
            for layer in [sun, logo, badge] {
                #expect(controller.state(of: try #require(layer.superlayer))?.name == "Locked")
            }
            expectClose(sun.position.y, 100, within: 1e-9)
            clock.advance(to: 2.25)
            expectClose(try #require(sun.presentation()).position.y, 700 - 0.25 * 600, within: 1e-6)
            expectClose(try #require(logo.presentation()).position.x, 95 + 0.25 * 100, within: 1e-6)
            expectClose(Double(try #require(badge.presentation()).opacity), 0.25, within: 1e-6)
            clock.advance(to: 3.5)
            expectClose(try #require(sun.presentation()).position.y, 100, within: 1e-9)
            expectClose(try #require(logo.presentation()).position.x, 195, within: 1e-9)
            expectClose(Double(try #require(badge.presentation()).opacity), 1, within: 1e-6)

            // A name no bundle has switches nothing.
            #expect(controller.setState(named: "Home", in: package, transitionSpeed: 1).isEmpty)
            #expect(controller.state(of: try #require(sun.superlayer))?.name == "Locked")
        }
    }

    @Test func aPackageWithoutAForegroundStacksTwoBundles() throws {
        let url = try scratchFolder().appendingPathComponent("Two.tendies")
        try WallpaperFixture.write(
            to: url,
            documents: ["Background": WallpaperFixture.background, "Floating": WallpaperFixture.floating])
        let package = try loadTendies(url)
        #expect(package.wallpaperBundles.map(\.role) == [.background, .floating])
        #expect(package.rootLayer.sublayers?.count == 2)
    }

    @Test func openPosterPlainlyNamedBundlesAreFoundBesideAnEmptyWallpaperPlist() throws {
        let url = try scratchFolder().appendingPathComponent("OpenPoster.tendies")
        let folder = "descriptors/1/versions/1/contents/OpenPoster.wallpaper"
        let plist = try PropertyListSerialization.data(fromPropertyList: [String: Any](), format: .binary, options: 0)
        var entries: [(path: String, data: Data)] = [("\(folder)/Wallpaper.plist", plist)]
        for (name, document) in [
            ("floating.ca", WallpaperFixture.floating), ("background.ca", WallpaperFixture.background),
        ] {
            entries += WallpaperFixture.bundleEntries(name, document: document).map {
                ($0.path.replacingOccurrences(of: WallpaperFixture.folder, with: folder), $0.data)
            }
        }
        try writeZip(entries, to: url)
        let package = try loadTendies(url)
        #expect(package.wallpaperBundles.map(\.role) == [.background, .floating])
        #expect(package.wallpaperBundles.map(\.path) == ["\(folder)/background.ca", "\(folder)/floating.ca"])
    }

    @Test func parameterizedCAReadsItsOneAssetBundle() throws {
        let url = try scratchFolder().appendingPathComponent("Gyro.tendies")
        let plist = try WallpaperFixture.wallpaperPlist(["Asset": "wallpaper.ca"], type: "ParameterizedCA")
        try writeZip(
            [("\(WallpaperFixture.folder)/Wallpaper.plist", plist)]
                + WallpaperFixture.bundleEntries("wallpaper.ca", document: WallpaperFixture.floating),
            to: url, compressed: false)
        let package = try loadTendies(url)
        #expect(package.wallpaperBundles.map(\.role) == [.background])
        #expect(package.wallpaperBundles.first?.path == "\(WallpaperFixture.folder)/wallpaper.ca")
        #expect(package.stateLayers.count == 1)
    }

    @Test func theExtractionFolderIsRemovedAfterLoadingAndAfterFailing() throws {
        let parent = try scratchFolder()
        let good = parent.appendingPathComponent("Fixture.tendies")
        try WallpaperFixture.write(to: good)
        let scratchParent = parent.appendingPathComponent("scratch")
        try FileManager.default.createDirectory(at: scratchParent, withIntermediateDirectories: true)
        #expect(try WallpaperArchive.load(good, scratchParent: scratchParent).count == 3)
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratchParent.path).isEmpty)

        let broken = parent.appendingPathComponent("Broken.tendies")
        try WallpaperFixture.write(
            to: broken, documents: ["Background": WallpaperFixture.background, "Floating": "<caml><CALayer>"])
        #expect(throws: CAMLError.self) { try WallpaperArchive.load(broken, scratchParent: scratchParent) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratchParent.path).isEmpty)
    }

    // MARK: - Errors

    @Test func aFileThatIsNotAZipIsAnErrorNamingIt() throws {
        let folder = try scratchFolder()
        let text = folder.appendingPathComponent("Text.tendies")
        try Data("not a zip at all".utf8).write(to: text)
        let error = try #require(loadError(text))
        #expect(error.path == text.path)
        #expect(error.message.contains("is not a zip archive"), "\(error)")

        // 200 kB without an end record: found not to be a zip from its last 64 kB alone.
        let noise = folder.appendingPathComponent("Noise.tendies")
        try Data((0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }).write(to: noise)
        #expect(loadError(noise)?.message.contains("is not a zip archive") == true)

        #expect(loadError(folder.appendingPathComponent("Missing.tendies"))?.message.contains("cannot be read") == true)
    }

    @Test func anArchiveWithoutWallpaperPlistIsAnError() throws {
        let url = try scratchFolder().appendingPathComponent("NoPlist.tendies")
        try writeZip(WallpaperFixture.bundleEntries("a.ca", document: WallpaperFixture.floating), to: url)
        let error = try #require(loadError(url))
        #expect(error.path == url.path)
        #expect(error.message.contains("holds no Wallpaper.plist"), "\(error)")
    }

    @Test func aWallpaperPlistNamingAMissingBundleIsAnErrorNamingTheEntry() throws {
        let url = try scratchFolder().appendingPathComponent("Missing.tendies")
        let plist = try WallpaperFixture.wallpaperPlist([
            "Background": WallpaperFixture.bundleName("Background"), "Foreground": "Gone.ca",
        ])
        try writeZip(
            [("\(WallpaperFixture.folder)/Wallpaper.plist", plist)]
                + WallpaperFixture.bundleEntries(
                    WallpaperFixture.bundleName("Background"), document: WallpaperFixture.background),
            to: url)
        let error = try #require(loadError(url))
        #expect(error.path == url.path)
        #expect(error.message.contains("entry \"\(WallpaperFixture.folder)/Wallpaper.plist\""), "\(error)")
        #expect(error.message.contains("Foreground bundle \"Gone.ca\""), "\(error)")

        let notAPlist = url.deletingLastPathComponent().appendingPathComponent("BadPlist.tendies")
        try writeZip([("\(WallpaperFixture.folder)/Wallpaper.plist", Data("bplist00 garbage".utf8))], to: notAPlist)
        #expect(loadError(notAPlist)?.message.contains("is not a property list") == true)
    }

    @Test func aBundleThatIsNotWellFormedNamesItsFileInsideThePackage() throws {
        let url = try scratchFolder().appendingPathComponent("Broken.tendies")
        try WallpaperFixture.write(
            to: url, documents: ["Background": WallpaperFixture.background, "Floating": "<caml>\n<CALayer>\n</caml>"])
        let error = try #require(loadError(url))
        #expect(
            error.path == "\(url.path)/\(WallpaperFixture.folder)/\(WallpaperFixture.bundleName("Floating"))/main.caml")
        #expect(error.line != nil && error.column != nil)
    }

    @Test func aMissingAssetWarnsWithThePathInsideThePackage() throws {
        let url = try scratchFolder().appendingPathComponent("Asset.tendies")
        let floating = WallpaperFixture.document(
            sublayers:
                #"<CALayer id="logo" bounds="0 0 10 10"><contents type="CGImage" src="assets/gone.png"/></CALayer>"#,
            target: "logo", keyPath: "opacity", locked: 1, unlock: 0)
        try WallpaperFixture.write(to: url, documents: ["Floating": floating])
        let package = try loadTendies(url)
        let warning = try #require(package.warnings.first)
        #expect(warning.message.contains("\(url.path)/\(WallpaperFixture.folder)"), "\(warning)")
        #expect(package.wallpaperBundles.first?.package.warnings == package.warnings)
    }

    @Test(arguments: ["../escape.txt", "/tmp/absolute.txt", "descriptors/../../escape.txt", "a\\..\\..\\escape.txt"])
    func anEntryThatWouldLeaveTheFolderIsRefused(name: String) throws {
        let folder = try scratchFolder()
        let url = folder.appendingPathComponent("Slip.tendies")
        try WallpaperFixture.write(to: url, extra: [(name, Data("owned".utf8))])
        let scratchParent = folder.appendingPathComponent("scratch")
        try FileManager.default.createDirectory(at: scratchParent, withIntermediateDirectories: true)
        var thrown: CAMLError?
        do {
            _ = try WallpaperArchive.load(url, scratchParent: scratchParent)
        } catch {
            thrown = error
        }
        let error = try #require(thrown)
        #expect(error.path == url.path)
        #expect(error.message.contains("entry \"\(name)\" would be extracted outside"), "\(error)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("escape.txt").path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratchParent.path).isEmpty)
    }

    // MARK: - Hostile archives

    /// A `Wallpaper.plist` entry with `data` (deflated when `method` is 8), declaring `size`.
    private func plistArchive(_ data: Data, method: UInt16, size: UInt32? = nil, crc32: UInt32? = nil) throws -> URL {
        let url = try scratchFolder().appendingPathComponent("Hostile.tendies")
        let entry = RawZipEntry(
            name: "\(WallpaperFixture.folder)/Wallpaper.plist", method: method, data: data, crc32: crc32,
            uncompressedSize: size)
        try rawZip([entry]).write(to: url)
        return url
    }

    @Test func aDeflateStreamCutShortFailsInsteadOfWaiting() throws {
        // A stored block that promises 65,535 bytes and gives 10: a reader that waits for more
        // at the end of the file (ZIPFoundation 0.9.20's did) would wait for ever.
        let cut = Data([0, 0xFF, 0xFF, 0, 0]) + Data(repeating: 0x61, count: 10)
        let url = try plistArchive(cut, method: 8, size: 65535)
        #expect(
            loadError(url)?.message.contains("ends before its deflate stream does") == true,
            "\(String(describing: loadError(url)))")
    }

    @Test func anEntryInflatingPastItsDeclaredSizeIsRefused() throws {
        let bomb = RawZipEntry.storedDeflateBlock(Data(repeating: 0x61, count: 1000))
        let url = try plistArchive(bomb, method: 8, size: 10)
        #expect(loadError(url)?.message.contains("inflates to more than the 10 bytes it declares") == true)
    }

    @Test func anEntryWhoseLocalHeaderIsMissingIsAnError() throws {
        let url = try scratchFolder().appendingPathComponent("Offset.tendies")
        var entry = RawZipEntry(
            name: "\(WallpaperFixture.folder)/Wallpaper.plist", data: try WallpaperFixture.wallpaperPlist([:]))
        for offset: UInt32 in [0x7FFF_FFFF, 3] {
            entry.localHeaderOffset = offset
            try rawZip([entry]).write(to: url)
            #expect(loadError(url)?.message.contains("has no local header") == true, "offset \(offset)")
        }
    }

    @Test func aWrongChecksumIsAnError() throws {
        let plist = try WallpaperFixture.wallpaperPlist([:])
        let url = try plistArchive(plist, method: 0, crc32: 12345)
        #expect(loadError(url)?.message.contains("fails its CRC-32 check") == true)
    }

    @Test func bundlesDeclaringMoreThanAGibibyteAreRefusedBeforeExtracting() throws {
        let url = try scratchFolder().appendingPathComponent("Huge.tendies")
        let plist = try WallpaperFixture.wallpaperPlist(["Background": "Huge.ca"])
        let folder = WallpaperFixture.folder
        // Two entries that say they hold 600 MB each; their bytes are never read.
        let huge = RawZipEntry.storedDeflateBlock(Data("x".utf8))
        try rawZip([
            RawZipEntry(name: "\(folder)/Wallpaper.plist", data: plist),
            RawZipEntry(name: "\(folder)/Huge.ca/main.caml", method: 8, data: huge, uncompressedSize: 600_000_000),
            RawZipEntry(name: "\(folder)/Huge.ca/assets/a.png", method: 8, data: huge, uncompressedSize: 600_000_000),
        ]).write(to: url)
        let error = try #require(loadError(url))
        #expect(error.message.contains("would extract to 1200000000 bytes, more than the limit"), "\(error)")
    }

    // MARK: - The corpus

    /// The shared corpus's GitHub wallpaper, its three bundles zipped as CAPlayground lays
    /// them out: it loads, stacks, and switches all three bundles.
    @Test func theCorpusGitHubWallpaperLoadsAsAPackage() throws {
        let corpus = CAMLCorpus.folder
        let names = ["Background", "Floating", "Foreground"].map { ($0, "CAPlayground__GitHub__\($0).ca") }
        guard names.allSatisfy({ FileManager.default.fileExists(atPath: corpus.appendingPathComponent($0.1).path) })
        else {
            print("CAML corpus: GitHub wallpaper package skipped, \(corpus.path) is absent")
            return
        }
        var entries: [(path: String, data: Data)] = [
            (
                "\(WallpaperFixture.folder)/Wallpaper.plist",
                try WallpaperFixture.wallpaperPlist(
                    Dictionary(uniqueKeysWithValues: names.map { ($0.0, WallpaperFixture.bundleName($0.0)) }))
            )
        ]
        for (role, name) in names {
            let bundle = corpus.appendingPathComponent(name)
            for file in try FileManager.default.subpathsOfDirectory(atPath: bundle.path).sorted() {
                var isFolder: ObjCBool = false
                let exists = FileManager.default.fileExists(
                    atPath: bundle.appendingPathComponent(file).path, isDirectory: &isFolder)
                if !exists || isFolder.boolValue { continue }
                entries.append(
                    (
                        "\(WallpaperFixture.folder)/\(WallpaperFixture.bundleName(role))/\(file)",
                        try Data(contentsOf: bundle.appendingPathComponent(file))
                    ))
            }
        }
        let url = try scratchFolder().appendingPathComponent("GitHub.tendies")
        try writeZip(entries, to: url)

        try withManualClock { clock in
            let package = try loadTendies(url)
            #expect(package.wallpaperBundles.map(\.role) == [.background, .floating, .foreground])
            #expect(package.documentSize == CGSize(width: 390, height: 844))
            #expect(package.stateLayers.count == 3)
            #expect(package.stateNames == ["Locked", "Unlock", "Sleep"])
            // The Floating bundle's logos, with their images decoded from the archive.
            let logos = try #require(package.wallpaperBundles[1].package.rootLayer.sublayers)
            #expect(logos.count == 3)
            #expect(logos.allSatisfy { $0.contents != nil })
            // Editor boilerplate warns (contentsFormat, scriptComponents); no asset is missing.
            #expect(!package.warnings.isEmpty)
            #expect(!package.warnings.contains { $0.message.contains("image") }, "\(package.warnings)")

            let controller = CAStateController(layer: package.rootLayer)
            #expect(controller.setState(named: "Locked", in: package, transitionSpeed: 0).count == 3)
            #expect(logos.map(\.position.y) == [156, 353, 551])
            clock.advance(to: 1)
            #expect(controller.setState(named: "Unlock", in: package, transitionSpeed: 1).count == 3)
            CATransaction.flush()
            // FORMAT.md §5: Unlock puts the logos at y = 142, 344 and 545.
            #expect(logos.map(\.position.y) == [142, 344, 545])
            // The Background's Unlock sets its root's speed and autoreverses.
            let background = package.wallpaperBundles[0].package.rootLayer
            expectClose(Double(background.speed), 1.4, within: 1e-6)
            clock.advance(to: 1.05)
            // Mid-transition: the top logo (springing from 156 to 142) is on its way.
            let top = try #require(logos[0].presentation()).position.y
            #expect(top > 142 - 20 && top < 156 + 20 && abs(top - 142) > 1e-3, "\(top)")
            clock.advance(to: 10)
            expectClose(try #require(logos[0].presentation()).position.y, 142, within: 1e-3)
            for stateLayer in package.stateLayers {
                #expect(controller.state(of: stateLayer)?.name == "Unlock")
            }
        }
    }

    /// A loaded package written as `.tendies` reads back with the same bundles in the same
    /// roles, each the same tree, under a `Wallpaper.plist` that names them as Apple's keys do;
    /// writing it again gives the same bytes.
    @Test func aPackageWrittenAsTendiesReadsBackTheSameBundles() throws {
        let folder = try scratchFolder()
        let source = folder.appendingPathComponent("Fixture.tendies")
        try WallpaperFixture.write(to: source)
        let package = try loadTendies(source)
        let written = folder.appendingPathComponent("My Wallpaper.tendies")
        try package.write(to: written, type: kCAPackageTypeTendies, options: nil)

        let read = try loadTendies(written)
        #expect(read.wallpaperBundles.map(\.role) == [.background, .floating, .foreground])
        for (one, other) in zip(read.wallpaperBundles, package.wallpaperBundles) {
            expectSameCAMLTree(one.package, other.package, "\(one.role):")
        }
        #expect(read.documentSize == CGSize(width: 390, height: 844))
        #expect(read.stateNames == ["Locked", "Unlock", "Sleep"])

        let archive = try ZipArchiveReader(wallpaperAt: written)
        let plistEntry = try #require(archive.entries.first { $0.components.last == "Wallpaper.plist" })
        let folderName = plistEntry.components.dropLast().joined(separator: "/")
        #expect(folderName.hasPrefix("descriptors/"), "\(folderName)")
        #expect(folderName.hasSuffix(".My_Wallpaper-390w-844h@3x~iphone.wallpaper"), "\(folderName)")
        let plistData = try archive.wallpaperContents(of: plistEntry, limit: 1 << 20)
        let plist = try #require(
            try PropertyListSerialization.propertyList(from: plistData, format: nil) as? [String: Any])
        #expect(plist["logicalScreenClass"] as? String == "390w-844h@3x~iphone")
        #expect(plist["name"] as? String == "My_Wallpaper")
        let assets = try #require(plist["assets"] as? [String: Any])
        let description = try #require((assets["lockAndHome"] as? [String: Any])?["default"] as? [String: Any])
        #expect(description["type"] as? String == "LayeredAnimation")
        for key in ["backgroundAnimationFileName", "floatingAnimationFileNameKey", "foregroundAnimationFileName"] {
            let name = try #require(description[key] as? String, "\(key)")
            #expect(
                archive.entries.contains { $0.components == plistEntry.components.dropLast() + [name, "main.caml"] })
        }

        let first = try Data(contentsOf: written)
        let twice = folder.appendingPathComponent("again/My Wallpaper.tendies")
        try FileManager.default.createDirectory(
            at: twice.deletingLastPathComponent(), withIntermediateDirectories: true)
        try package.write(to: twice, type: kCAPackageTypeTendies, options: nil)
        #expect(try Data(contentsOf: twice) == first, "the same package writes the same bytes")
    }

    /// A `.ca` bundle written as `.tendies` becomes the one bundle, the background; a failed
    /// write leaves the file that was there.
    @Test func aBundleWrittenAsTendiesIsItsBackground() throws {
        let folder = try scratchFolder()
        let bundle = folder.appendingPathComponent("Sun.ca")
        for entry in WallpaperFixture.bundleEntries("Sun.ca", document: WallpaperFixture.background) {
            let url = folder.appendingPathComponent(
                String(entry.path.dropFirst(WallpaperFixture.folder.count + 1)))
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try entry.data.write(to: url)
        }
        let package = try CAPackage(contentsOf: bundle, type: kCAPackageTypeCAMLBundle, options: nil)
        let written = folder.appendingPathComponent("Sun.tendies")
        try package.write(to: written, type: kCAPackageTypeTendies, options: nil)
        let read = try loadTendies(written)
        #expect(read.wallpaperBundles.map(\.role) == [.background])
        expectSameCAMLTree(try #require(read.wallpaperBundles.first).package, package)

        let blocked = folder.appendingPathComponent("missing-folder/Sun.tendies")
        #expect(throws: CAMLError.self) { try package.write(to: blocked, type: kCAPackageTypeTendies, options: nil) }
        let aFolder = folder.appendingPathComponent("Taken.tendies")
        try FileManager.default.createDirectory(at: aFolder, withIntermediateDirectories: false)
        try Data("keep".utf8).write(to: aFolder.appendingPathComponent("note.txt"))
        #expect(throws: CAMLError.self) { try package.write(to: aFolder, type: kCAPackageTypeTendies, options: nil) }
        #expect(try Data(contentsOf: aFolder.appendingPathComponent("note.txt")) == Data("keep".utf8))
    }
}
