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

    /// One drain's figures: jobs per second, and its CPU per job as text.
    struct DrainFigures {
        var rate: Double
        var cpu: String
    }

    /// Drains the backlog with one in-process worker (--until-empty).
    func drain(
        _ database: BenchmarkDatabase, catalog: JobCatalog, connection: DatabaseConnection, concurrency: Int,
        kinds: [String]? = nil, meter: CPUMeter, logger: Logger
    ) async throws -> DrainFigures {
        let configuration = WorkerConfiguration(
            database: database.configuration, catalog: catalog, concurrency: concurrency,
            filter: ClaimFilter(kinds: kinds), untilEmpty: true, runsTestKinds: true)
        let drainer = Worker(configuration: configuration, catalog: catalog, registry: Self.registry, logger: logger)
        let before = meter.read()
        let drainRate = try await rate(jobs) { try await drainer.run() }
        let cpu = meter.read().perJob(since: before, jobs: jobs)
        let succeeded = try await connection.query("SELECT count(*) AS n FROM spotter.jobs WHERE state = 'succeeded'")
        guard try succeeded[0].int("n") == jobs else {
            throw BenchmarkError("drain left \(jobs - (try succeeded[0].int("n"))) job(s) unfinished")
        }
        let report = drainer.report
        print(
            "Spotter drain, \(concurrency) slots\(kinds.map { ", kinds \($0.joined(separator: ","))" } ?? ""): "
                + "\(jobsPerSecond(drainRate)); "
                + "\(report.claimStatements) claims (\(report.claimed / max(report.claimStatements, 1)) jobs each), "
                + "\(report.acknowledgementStatements) acks (\(report.claimed / max(report.acknowledgementStatements, 1)) jobs each); CPU per job: \(cpu)"
        )
        return DrainFigures(rate: drainRate, cpu: cpu)
    }

    /// PgQueuer on the same server and database at each --pgqueuer-batch, on asyncio and (when
    /// importable) uvloop, and Spotter's ratios: at defaults against batch 10 on the faster loop,
    /// at best against PgQueuer's fastest drain.
    func comparePgQueuer(
        _ database: BenchmarkDatabase, defaults: Double, best: (rate: Double, label: String), meter: CPUMeter,
        table: inout FigureTable
    ) async throws {
        guard let pgqueuer = await PgQueuerDrain.locate(python) else {
            print(
                "pgqueuer: not importable by '\(python)'; no comparison (pass --python of a venv with pgqueuer and asyncpg)"
            )
            return
        }
        let loops = await pgqueuer.hasUVLoop() ? [false, true] : [false]
        print(
            "pgqueuer \(await pgqueuer.version()) via \(pgqueuer.python); event loops: \(loops.map { $0 ? "uvloop" : "asyncio" })"
        )
        let conninfo = database.configuration.conninfo
        var pgDefault: Double = 0
        var pgBest = (rate: 0.0, label: "")
        for batch in pgqueuerBatches {
            for uvloop in loops {
                let figures = try await pgqueuer.drain(
                    conninfo: conninfo, jobs: jobs, batchSize: batch, uvloop: uvloop, postmaster: meter.postmaster)
                let cpu = CPUMeter.perJob(client: figures.clientCPU, server: figures.serverCPU, jobs: jobs)
                let label = "batch \(batch), \(uvloop ? "uvloop" : "asyncio")"
                print("PgQueuer drain, \(label): \(jobsPerSecond(figures.jobsPerSecond)); CPU per job: \(cpu)")
                table.add(["PgQueuer drain \(jobs) noop (\(label))", jobsPerSecond(figures.jobsPerSecond), cpu])
                if batch == 10 { pgDefault = max(pgDefault, figures.jobsPerSecond) }
                if figures.jobsPerSecond > pgBest.rate { pgBest = (figures.jobsPerSecond, label) }
            }
        }
        if pgDefault > 0 {
            table.add([
                "ratio at defaults (Spotter 8 slots / PgQueuer batch 10, faster loop)",
                String(format: "%.2f×", defaults / pgDefault), "≥ 2×",
            ])
        }
        table.add([
            "ratio at best (Spotter \(best.label) / PgQueuer \(pgBest.label))",
            String(format: "%.2f×", best.rate / pgBest.rate),
            "≥ 2×",
        ])
    }
}
