import Foundation

/// A one-line progress bar on standard error — frames done of the total, frames per second and
/// the time left — redrawn in place. Drawn only when standard error is a terminal, so that logs
/// and pipes stay clean. The wall clock here only feeds the numbers shown.
///
/// For a program that runs `carender` (the Python package shows a tqdm bar): with
/// `CARENDER_PROGRESS_FD=N` in the environment, every update also writes a line `DONE TOTAL`
/// to the open file descriptor N.
struct ProgressBar {
    /// The descriptor `CARENDER_PROGRESS_FD` names, when it names one.
    private static let reportDescriptor: Int32? = ProcessInfo.processInfo.environment["CARENDER_PROGRESS_FD"]
        .flatMap { Int32($0) }.flatMap { $0 >= 0 && fcntl($0, F_GETFD) != -1 ? $0 : nil }

    private let label: String
    private let total: Int
    private let isShown: Bool
    private let start = ContinuousClock.now
    private var lastDrawn: ContinuousClock.Instant?

    init(label: String, total: Int, isShown: Bool = isatty(STDERR_FILENO) != 0) {
        self.label = label
        self.total = max(total, 1)
        self.isShown = isShown
    }

    /// Shows that `done` frames are done; redraws at most ten times a second, and always at the
    /// end.
    mutating func update(done: Int) {
        if let descriptor = Self.reportDescriptor {
            let line = "\(done) \(total)\n"
            _ = line.withCString { write(descriptor, $0, strlen($0)) }
        }
        guard isShown else { return }
        let now = ContinuousClock.now
        if done < total, let lastDrawn, now - lastDrawn < .milliseconds(100) { return }
        lastDrawn = now
        let elapsed = seconds(now - start)
        let rate = elapsed > 0 ? Double(done) / elapsed : 0
        let left = rate > 0 ? Double(total - done) / rate : 0
        let width = 24
        let filled = min(width, done * width / total)
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        let line =
            "\(label) \(bar) \(done)/\(total) frames, \(String(format: "%.1f", rate)) fps, "
            + (done == total ? "done in \(String(format: "%.1f", elapsed)) s" : "\(Int(left.rounded(.up))) s left")
        // \r returns to the start of the line, ESC [K clears what is left of the last drawing.
        Self.show("\r" + line + "\u{1B}[K")
    }

    /// Clears the bar's line, so that a line can be printed where it was; the next update draws
    /// it again below.
    func clear() {
        guard isShown else { return }
        Self.show("\r\u{1B}[K")
    }

    /// Ends the bar's line.
    func finish() {
        guard isShown else { return }
        Self.show("\n")
    }

    private static func show(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    private func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
