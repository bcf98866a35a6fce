import Foundation
import Logging
import Prometheus
import ServiceLifecycle
import SpotterDB

/// `spotter work --metrics-port` with a read database (`--read-database`,
/// `SPOTTER_READ_DATABASE_URL`): every ``interval`` reads how fresh that database is
/// (``ReplayFreshness``) and exports it, so the chat services' standby has a lag on the same
/// dashboard as the queue:
/// - `spotter_read_replay_lag_seconds`: the standby's clock minus the commit time of the last
///   transaction it replayed (0 on a primary; not set until a standby has replayed one);
/// - `spotter_read_standby`: 1 while the read database is a hot standby, 0 on a primary.
/// A reading that fails (the standby down or restarting) is logged and tried again; the gauges
/// keep their last value and `spotter_read_freshness_failures_total` counts the failures.
struct ReadFreshnessProbe: Service {
    static let interval: Duration = .seconds(5)

    let configuration: DatabaseConfiguration
    let lag: Prometheus.Gauge
    let standby: Prometheus.Gauge
    let failures: Prometheus.Counter
    let logger: Logger

    init(configuration: DatabaseConfiguration, registry: PrometheusCollectorRegistry, logger: Logger) {
        self.configuration = configuration
        self.lag = registry.makeGauge(
            descriptor: MetricNameDescriptor(
                namespace: "spotter", subsystem: "read", metricName: "replay_lag", unitName: "seconds",
                helpText: "Seconds the read database (a hot standby) is behind its last replayed commit"))
        self.standby = registry.makeGauge(
            descriptor: MetricNameDescriptor(
                namespace: "spotter", subsystem: "read", metricName: "standby", unitName: "",
                helpText: "1 while the read database is a hot standby, 0 on a primary"))
        self.failures = registry.makeCounter(
            descriptor: MetricNameDescriptor(
                namespace: "spotter", subsystem: "read", metricName: "freshness_failures", unitName: "total",
                helpText: "Readings of the read database's freshness that failed"))
        self.logger = logger
    }

    func run() async throws {
        let pool = DatabasePool(configuration: configuration, size: 1, logger: logger)
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                do {
                    let reading = try await pool.withConnection { connection in
                        try await connection.withSession { try ReplayFreshness.read(in: $0) }
                    }
                    standby.set(reading.isStandby ? 1.0 : 0.0)
                    if !reading.isStandby {
                        lag.set(0.0)
                    } else if let seconds = reading.lagSeconds {
                        lag.set(seconds)
                    }
                } catch is CancellationError {
                    break
                } catch {
                    failures.increment()
                    logger.warning(
                        "cannot read the read database's freshness", metadata: ["error": "\(error)"])
                }
                try? await Task.sleep(for: Self.interval)
            }
        }
        await pool.close()
    }
}
