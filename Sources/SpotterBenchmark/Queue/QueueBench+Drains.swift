import Foundation
import Logging
import SpotterCatalog
import SpotterDB
import SpotterQueue

extension QueueBench {
    /// Enqueues the backlog: --jobs noop jobs through JobQueue.enqueue in batches of --batch.
    func fillBacklog(queue: JobQueue, connection: DatabaseConnection) async throws {
        for start in stride(from: 0, to: jobs, by: batch) {
            let requests = (start..<min(start + batch, jobs)).map {
                EnqueueRequest(kind: "noop", payload: "{\"n\": \($0)}")
            }
            _ = try await connection.withSession { try queue.enqueue(requests, in: $0) }
        }
    }

    /// Drains the backlog with one in-process worker (--until-empty); returns jobs per second.
    func drain(
        _ database: BenchmarkDatabase, catalog: JobCatalog, connection: DatabaseConnection, concurrency: Int,
        kinds: [String]? = nil, logger: Logger
    ) async throws -> Double {
        let configuration = WorkerConfiguration(
            database: database.configuration, catalog: catalog, concurrency: concurrency,
            filter: ClaimFilter(kinds: kinds), untilEmpty: true, runsTestKinds: true)
        let drainer = Worker(configuration: configuration, catalog: catalog, registry: Self.registry, logger: logger)
        let drainRate = try await rate(jobs) { try await drainer.run() }
        let succeeded = try await connection.query("SELECT count(*) AS n FROM spotter.jobs WHERE state = 'succeeded'")
        guard try succeeded[0].int("n") == jobs else {
            throw BenchmarkError("drain left \(jobs - (try succeeded[0].int("n"))) job(s) unfinished")
        }
        let report = drainer.report
        print(
            "drain, \(concurrency) slots\(kinds.map { ", kinds \($0.joined(separator: ","))" } ?? ""): "
                + "\(report.claimStatements) claims (\(report.claimed / max(report.claimStatements, 1)) jobs each), "
                + "\(report.acknowledgementStatements) acks (\(report.claimed / max(report.acknowledgementStatements, 1)) jobs each)"
        )
        return drainRate
    }

    /// PgQueuer on the same server and database, at its default batch (10) and at 100 (its best
    /// in earlier runs), and Spotter's ratios against each.
    func comparePgQueuer(
        _ database: BenchmarkDatabase, defaults: Double, best: Double, concurrency: Int, table: inout FigureTable
    ) async throws {
        guard let pgqueuer = await PgQueuerDrain.locate(python) else {
            print("pgqueuer: not importable by '\(python)'; no comparison (pass --python of a venv with pgqueuer and asyncpg)")
            return
        }
        print("pgqueuer \(await pgqueuer.version()) via \(pgqueuer.python)")
        let conninfo = database.configuration.conninfo
        let pgDefault = try await pgqueuer.drain(conninfo: conninfo, jobs: jobs, batchSize: 10)
        table.add(["PgQueuer drain \(jobs) noop (defaults: batch 10)", jobsPerSecond(pgDefault), ""])
        let pgBest = try await pgqueuer.drain(conninfo: conninfo, jobs: jobs, batchSize: 100)
        table.add(["PgQueuer drain \(jobs) noop (batch 100)", jobsPerSecond(pgBest), ""])
        table.add(["ratio at defaults (Spotter 8 slots / PgQueuer batch 10)", String(format: "%.2f×", defaults / pgDefault), "≥ 2×"])
        table.add([
            "ratio at best (Spotter \(concurrency) slots / PgQueuer batch 100)", String(format: "%.2f×", best / pgBest),
            "≥ 2×",
        ])
    }
}
