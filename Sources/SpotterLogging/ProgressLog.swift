/// When `run nightly` writes a progress line to a log rather than a terminal: a terminal redraws
/// one line five times a second, but a log (cron, systemd, CI) should not get one line per
/// finished job. A line is written when progress changed and at least `interval` has passed since
/// the last one, plus the first and the last (settled) line.
public struct ProgressLog {
    public var interval: Duration

    private var last = ""
    private var printedAt: ContinuousClock.Instant?

    public init(interval: Duration = .seconds(10)) { self.interval = interval }

    /// Whether `line` (the current progress) goes to the log at `now`; records it if so.
    public mutating func shouldPrint(_ line: String, settled: Bool, at now: ContinuousClock.Instant) -> Bool {
        guard line != last else { return false }
        if let printedAt, !settled, printedAt.duration(to: now) < interval { return false }
        last = line
        printedAt = now
        return true
    }
}
