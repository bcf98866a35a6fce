import Foundation
import Logging
import SpotterCatalog
import SpotterDB
import SpotterJobs
import SpotterQueue

/// Runs the demo's batch through the real queue and handlers and renders what it computed.
enum DemoBatch {
    static func run(
        connection: DatabaseConnection, configuration: DatabaseConfiguration, catalog: JobCatalog, logger: Logger
    ) async throws -> String {
        let queue = JobQueue(catalog: catalog)
        let requests = (1...20).map { EnqueueRequest(kind: "noop", uniqueKey: "demo:noop:\($0)") }
        _ = try await connection.withSession { try queue.enqueue(requests, in: $0) }
        let worker = Worker(
            configuration: WorkerConfiguration(
                database: configuration, catalog: catalog, concurrency: 4, untilEmpty: true),
            catalog: catalog, registry: SpotterHandlers.registry(), logger: logger)
        try await worker.run()
        let report = worker.report
        let snapshot = try await connection.withSession { try QueueSnapshot.read(in: $0) }
        return "queue: \(report.claimed) jobs claimed, \(report.succeeded) succeeded, \(report.dead) dead\n"
            + StatusReport.render(snapshot)
    }
}
