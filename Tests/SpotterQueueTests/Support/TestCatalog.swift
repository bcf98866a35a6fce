import SpotterCatalog

/// The `jobs/kinds.yaml` of a queue test: fast polling and short backoff so that retries and
/// shutdown happen within seconds; `noop`, `sleep` and `probe` as shipped, plus extra kinds.
/// The lease is long enough that a heavily loaded test machine never lets one expire by
/// accident; tests of rescue set a short one themselves.
struct TestCatalog: Sendable {
    var lease = "10s"
    var heartbeat = "1s"
    var pollInterval = "100ms"
    var claimBatch = 50
    var pruneInterval = "1h"
    var pruneBatch = 1000
    var shutdownGrace = "5s"
    var reconnectWindow = "60s"
    var maxAttempts = 3
    var timeout = "1m"
    var backoff = "{base: 100ms, max: 2s, jitter: 0.2}"
    /// More kinds, as YAML lines under `kinds:` (each kind indented by two spaces, its keys by four).
    var extraKinds = ""
    /// `jobs/schedule.yaml`.
    var schedule = "version: 1\nschedule: []\n"

    var kindsYAML: String {
        """
        version: 1
        worker:
          lease: \(lease)
          heartbeat: \(heartbeat)
          poll_interval: \(pollInterval)
          claim_batch: \(claimBatch)
          prune_interval: \(pruneInterval)
          prune_batch: \(pruneBatch)
          shutdown_grace: \(shutdownGrace)
          reconnect_window: \(reconnectWindow)
        defaults:
          max_attempts: \(maxAttempts)
          timeout: \(timeout)
          backoff: \(backoff)
        kinds:
          noop:
            description: Does nothing.
            test: true
          sleep:
            description: Sleeps payload.seconds.
            test: true
            parameters:
              default_seconds: 1
          probe:
            description: Records each run in spotter.job_probe.
            test: true
        \(extraKinds)
        """
    }

    func load() throws -> JobCatalog {
        try JobCatalog.parse(
            kinds: kindsYAML, kindsFile: "kinds.yaml", schedule: schedule, scheduleFile: "schedule.yaml")
    }
}
