public import CoreMetrics
import Foundation

/// The worker's metrics, through swift-metrics: the factory given (Prometheus in
/// `spotter work --metrics-port`), or nothing at all (swift-metrics' no-op factory) by default.
/// Every name starts with `spotter_`; durations are timers, which Prometheus exports as
/// histograms in seconds.
public struct WorkerMetrics: Sendable {
    /// The factory every metric is made with.
    public let factory: any MetricsFactory
    /// True when a real factory was given (the worker then also reads queue lag per kind).
    public let isEnabled: Bool

    private let claimDuration: CoreMetrics.Timer
    private let ackDuration: CoreMetrics.Timer
    private let slotsBusy: Gauge
    private let rescued: Counter
    private let claimed: Counter

    /// Metrics made with `factory`; nil: none recorded.
    public init(factory: (any MetricsFactory)? = nil) {
        self.factory = factory ?? NOOPMetricsHandler.instance
        self.isEnabled = factory != nil
        claimDuration = Timer(label: Self.claimDurationName, factory: self.factory)
        ackDuration = Timer(label: Self.ackDurationName, factory: self.factory)
        slotsBusy = Gauge(label: "spotter_slots_busy", factory: self.factory)
        rescued = Counter(label: "spotter_rescued_jobs_total", factory: self.factory)
        claimed = Counter(label: "spotter_jobs_claimed_total", factory: self.factory)
    }

    /// The job duration histogram's name (for its buckets).
    public static let jobDurationName = "spotter_job_duration_seconds"
    /// The claim statement histogram's name.
    public static let claimDurationName = "spotter_claim_duration_seconds"
    /// The acknowledgement statement histogram's name.
    public static let ackDurationName = "spotter_ack_duration_seconds"

    /// Buckets for job durations: a millisecond (noop) to five minutes (a large shard).
    public static let jobDurationBuckets: [Duration] = [
        .milliseconds(1), .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50),
        .milliseconds(100), .milliseconds(250), .milliseconds(500), .seconds(1), .milliseconds(2500), .seconds(5),
        .seconds(10), .seconds(30), .seconds(60), .seconds(120), .seconds(300),
    ]
    /// Buckets for one claim or acknowledgement statement.
    public static let statementBuckets: [Duration] = [
        .microseconds(500), .milliseconds(1), .milliseconds(2), .milliseconds(5), .milliseconds(10),
        .milliseconds(25), .milliseconds(50), .milliseconds(100), .milliseconds(250), .milliseconds(500),
        .seconds(1), .seconds(5),
    ]

    /// One job finished with `outcome` (succeeded, retried, dead, cancelled, handed_back,
    /// snoozed, lost) after `duration`. A snooze is not a run: it is counted, but its few
    /// milliseconds stay out of the duration histogram.
    func finished(kind: String, outcome: String, duration: Duration) {
        guard isEnabled else { return }  // no two objects per job for the no-op factory
        Counter(
            label: "spotter_jobs_finished_total", dimensions: [("kind", kind), ("outcome", outcome)], factory: factory
        )
        .increment()
        guard outcome != "snoozed" else { return }
        Timer(label: Self.jobDurationName, dimensions: [("kind", kind)], factory: factory)
            .recordNanoseconds(Self.nanoseconds(duration))
    }

    /// One claim statement took `duration` and returned `jobs` jobs.
    func claimed(jobs: Int, duration: Duration) {
        claimDuration.recordNanoseconds(Self.nanoseconds(duration))
        if jobs > 0 { claimed.increment(by: jobs) }
    }

    /// One acknowledgement statement took `duration`.
    func acknowledged(duration: Duration) {
        ackDuration.recordNanoseconds(Self.nanoseconds(duration))
    }

    /// The job slots this worker has.
    func slots(total: Int) {
        Gauge(label: "spotter_slots", factory: factory).record(total)
    }

    /// Job slots in use now.
    func slots(busy: Int) {
        guard isEnabled else { return }
        slotsBusy.record(busy)
    }

    /// Jobs whose lease expired, moved back by this worker.
    func rescued(_ count: Int) {
        if count > 0 { rescued.increment(by: count) }
    }

    /// Age of the oldest runnable job of `kind`, in seconds.
    func queueLag(kind: String, seconds: Double) {
        Gauge(label: "spotter_queue_lag_seconds", dimensions: [("kind", kind)], factory: factory).record(seconds)
    }

    static func nanoseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}
