import ArgumentParser
import Foundation
import Logging
import Prometheus
import ServiceLifecycle
import SpotterCatalog
import SpotterDB
import SpotterJobs
import SpotterQueue
import UnixSignals

/// `spotter work`: a worker process.
struct Work: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run a worker: claim jobs, run them, fire the schedule. SIGTERM/SIGINT stop it gracefully.")

    @OptionGroup var options: GlobalOptions

    /// With --metrics-port, the read database's freshness is exported (``ReadFreshnessProbe``).
    @OptionGroup var reading: ReadDatabaseOptions

    @Option(help: "Job slots: how many jobs run at once.")
    var concurrency: Int = 8

    @Option(help: "Only claim jobs on these queues (comma-separated).")
    var queues: String?

    @Option(help: "Only claim jobs of these kinds (comma-separated).")
    var kinds: String?

    @Flag(help: "Drain what is runnable now, then exit 0 (for cron-driven batch runs).")
    var untilEmpty = false

    @Option(help: "Seconds in-flight jobs may take after SIGTERM before they are handed back. Default: jobs/.")
    var grace: Double?

    @Flag(help: "Do not fire the schedule from jobs/schedule.yaml in this process.")
    var noScheduler = false

    @Option(help: "Serve Prometheus metrics (/metrics) and a health check (/healthz) on this TCP port.")
    var metricsPort: Int?

    @Option(help: "The IPv4 address the metrics port listens on (0.0.0.0 for every interface).")
    var metricsAddress = "127.0.0.1"

    @Flag(help: "Also claim jobs of test kinds (test: true in jobs/kinds.yaml: noop, sleep, probe). Off in production.")
    var testKinds = false

    func validate() throws {
        guard (1...1000).contains(concurrency) else { throw ValidationError("--concurrency must be 1…1000") }
        if let grace, !(grace >= 0 && grace <= 86_400) { throw ValidationError("--grace must be 0…86400 seconds") }
        if let metricsPort, !(1...65_535).contains(metricsPort) {
            throw ValidationError("--metrics-port must be 1…65535")
        }
    }

    func run() async throws {
        let logger = try options.makeLogger(label: "spotter.work", defaultLevel: .info)
        let home = try options.spotterHome()
        let catalog = try home.catalog()
        try UnknownName.check(Self.list(kinds), among: catalog.kindNames, what: "kind", option: "--kinds")
        try UnknownName.check(
            Self.list(queues), among: Set(catalog.kinds.values.map(\.queue)).sorted(), what: "queue", option: "--queues"
        )
        let testKindNamed = Self.list(kinds)?.first { catalog.spec(for: $0)?.isTestKind == true }
        if !testKinds, let test = testKindNamed {
            throw ValidationError("--kinds: '\(test)' is a test kind; workers claim test kinds only with --test-kinds")
        }
        let filter = ClaimFilter(queues: Self.list(queues), kinds: Self.list(kinds))
        var configuration = WorkerConfiguration(
            database: try options.databaseConfiguration(), catalog: catalog, concurrency: concurrency, filter: filter,
            untilEmpty: untilEmpty, grace: grace.map { .milliseconds(Int($0 * 1000)) },
            runsScheduler: (untilEmpty || noScheduler) ? false : true, runsTestKinds: testKinds)
        let registry = PrometheusCollectorRegistry()
        if metricsPort != nil { configuration.metrics = WorkerMetrics(factory: Self.prometheusFactory(registry)) }
        let worker = Worker(
            configuration: configuration, catalog: catalog,
            registry: try SpotterHandlers.registry(
                catalog: catalog, environment: ProcessInfo.processInfo.environment, logger: logger),
            logger: logger)
        var services: [ServiceGroupConfiguration.ServiceConfiguration] = [
            // With --until-empty the worker returns by itself: that ends the group normally
            // (the default, .cancelGroup, would turn it into a "finished unexpectedly" error).
            .init(service: worker, successTerminationBehavior: .gracefullyShutdownGroup)
        ]
        if let metricsPort {
            let content = MetricsServer.Content(
                metrics: { registry.emitToBuffer() }, healthy: { worker.isHealthy })
            services.append(
                .init(
                    service: MetricsServer(host: metricsAddress, port: metricsPort, content: content, logger: logger),
                    successTerminationBehavior: .gracefullyShutdownGroup))
            let read = reading.isGiven ? try reading.configuration(options) : nil
            if let read, read.backend.hasStandbys {
                services.append(
                    .init(
                        service: ReadFreshnessProbe(configuration: read, registry: registry, logger: logger),
                        successTerminationBehavior: .gracefullyShutdownGroup))
            }
        }
        let group = ServiceGroup(
            configuration: ServiceGroupConfiguration(
                services: services,
                gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
        try await group.run()
    }

    /// swift-prometheus over `registry`, with buckets sized for jobs and for queue statements.
    static func prometheusFactory(_ registry: PrometheusCollectorRegistry) -> PrometheusMetricsFactory {
        var factory = PrometheusMetricsFactory(registry: registry)
        factory.durationHistogramBuckets = [
            WorkerMetrics.jobDurationName: WorkerMetrics.jobDurationBuckets,
            WorkerMetrics.claimDurationName: WorkerMetrics.statementBuckets,
            WorkerMetrics.ackDurationName: WorkerMetrics.statementBuckets,
        ]
        return factory
    }

    static func list(_ text: String?) -> [String]? {
        guard let text else { return nil }
        let items = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        return items.isEmpty ? nil : items
    }
}
