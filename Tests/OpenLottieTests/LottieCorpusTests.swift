import Foundation
import LottieTestSupport
import QuartzTestSupport
import Testing

/// Reads the shared Lottie corpus's manifest (``LottieCorpus``).
@Suite struct LottieCorpusTests {
    @Test func theManifestListsEverySampleAndSnapshot() throws {
        guard LottieCorpus.isPresent(for: "Lottie corpus manifest") else { return }
        let samples = try LottieCorpus.samples()
        // SOURCES.md: 95 samples, 475 of Apple's pictures.
        #expect(samples.count == 95)
        #expect(samples.reduce(0) { $0 + $1.snapshots.count } == 475)
        #expect(try LottieCorpus.snapshots().count == 475)
        #expect(samples.map(\.name) == samples.map(\.name).sorted())
        for snapshot in samples.flatMap(\.snapshots) {
            #expect(FileManager.default.fileExists(atPath: snapshot.sampleURL.path), "\(snapshot)")
            #expect(FileManager.default.fileExists(atPath: snapshot.appleURL.path), "\(snapshot)")
        }
    }

    @Test func aSampleReadsAsItsManifestLineSaysAndItsSnapshotsAreFramesOfIt() throws {
        guard LottieCorpus.isPresent(for: "Lottie corpus manifest") else { return }
        // "Issues-issue_1711  414  896  30  57  115  0.985  0,100,25,50,75"
        let sample = try #require(try LottieCorpus.samples().first { $0.name == "Issues-issue_1711" })
        #expect(sample.description == "Issues-issue_1711")
        #expect(sample.width == 414)
        #expect(sample.height == 896)
        #expect(sample.frameRate == 30)
        #expect(sample.inFrame == 57)
        #expect(sample.outFrame == 115)
        #expect(sample.precision == 0.985)
        #expect(sample.url.lastPathComponent == "Issues-issue_1711.json")
        #expect(sample.snapshots.map(\.label) == ["0", "100", "25", "50", "75"])
        let quarter = sample.snapshots[2]
        expectClose(quarter.frame, 57 + 0.25 * 58, within: 1e-12)
        expectClose(try #require(quarter.progress), 0.25, within: 1e-12)
        #expect(quarter.precision == 0.985)
        #expect(quarter.appleURL.lastPathComponent == "Issues-issue_1711-25.png")
        #expect(quarter.sampleURL == sample.url)
        #expect(quarter.description == "Issues-issue_1711 @ 25")
        expectClose(sample.snapshots[1].frame, 115, within: 1e-12)
    }

    @Test func lowerPrecisionsAreReadFromTheManifest() throws {
        guard LottieCorpus.isPresent(for: "Lottie corpus manifest") else { return }
        let lowered = try LottieCorpus.samples().filter { $0.precision < 0.985 }
        #expect(lowered.map(\.name).contains("Issues-issue_1407"))
        #expect(lowered.first { $0.name == "Issues-issue_1407" }?.precision == 0.9)
        #expect(lowered.allSatisfy { sample in sample.snapshots.allSatisfy { $0.precision == sample.precision } })
    }

    @Test func aFrameSnapshotShowsThatFrameAndHasNoProgress() throws {
        let manifest = "# header\nOne\t100\t50\t30\t10\t70\t0.95\t50,Frame-12\n"
        let sample = try #require(try LottieCorpus.samples(parsing: manifest).first)
        #expect(sample.snapshots.map(\.label) == ["50", "Frame-12"])
        expectClose(sample.snapshots[0].frame, 40, within: 1e-12)
        #expect(sample.snapshots[1].frame == 12)
        #expect(sample.snapshots[1].progress == nil)
        #expect(sample.snapshots[1].appleURL.lastPathComponent == "One-Frame-12.png")
    }

    @Test func aMalformedManifestLineIsReportedWithItsNumber() {
        let manifest = "# header\nOne\t100\t50\t30\t0\t70\t0.985\t0\nTwo\t100\twide\t30\t0\t70\t0.985\t0\n"
        #expect {
            try LottieCorpus.samples(parsing: manifest)
        } throws: { error in
            let error = error as? LottieCorpus.ManifestError
            return error?.line == 3 && error?.reason == "the height \"wide\" is not a number"
        }
    }
}
