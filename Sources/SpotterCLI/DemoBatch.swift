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
        let summaries = try await NightlyRunner.run(
            zone: nil, localDate: nil, asOf: Date(), concurrency: 2, connection: connection,
            configuration: configuration, catalog: catalog, logger: logger)
        return NightlyRunner.render(summaries)
    }
}
