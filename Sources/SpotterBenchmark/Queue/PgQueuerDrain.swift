import Foundation

/// PgQueuer (the Python queue on PostgreSQL) draining the same number of noop jobs on the same
/// server, run by `spotter-bench queue` when its Python can import `pgqueuer` and `asyncpg`
/// (install both into a throwaway venv and pass its python with `--python`). Nothing of
/// PgQueuer is part of Spotter: the driver script below is written to a temporary file.
struct PgQueuerDrain {
    /// The Python interpreter (absolute path).
    var python: String

    /// Finds `name` (or a path) on PATH; nil when it is not there or cannot import PgQueuer.
    static func locate(_ name: String) async -> PgQueuerDrain? {
        let candidates =
            name.contains("/")
            ? [name]
            : (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":").map { "\($0)/\(name)" }
        guard let path = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            return nil
        }
        let probe = try? await ChildProcess.run(path, ["-c", "import pgqueuer, asyncpg"])
        return probe?.status == 0 ? PgQueuerDrain(python: path) : nil
    }

    /// PgQueuer's version, for the report.
    func version() async -> String {
        let result = try? await ChildProcess.run(python, ["-c", "import pgqueuer; print(pgqueuer.__version__)"])
        return result?.stdout.trimmingCharacters(in: .whitespacesAndNewlines) ?? "?"
    }

    /// Installs PgQueuer's schema in `conninfo`'s database (once), enqueues `jobs` noop jobs and
    /// drains them with one QueueManager in drain mode with `batchSize`; returns jobs per second
    /// of the drain alone.
    func drain(conninfo: String, jobs: Int, batchSize: Int) async throws -> Double {
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("spotter-pgq-\(UUID()).py")
        try Self.script.write(to: script, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: script) }
        let result = try await ChildProcess.run(python, [script.path, conninfo, "\(jobs)", "\(batchSize)"])
        guard result.status == 0,
            let line = result.stdout.split(separator: "\n").last(where: { $0.hasPrefix("jobs_per_second=") }),
            let rate = Double(line.dropFirst("jobs_per_second=".count))
        else {
            throw BenchmarkError("pgqueuer drain failed (exit \(result.status)): \(result.stderr.suffix(800))")
        }
        return rate
    }

    static let script = #"""
        import asyncio, sys, time
        from datetime import timedelta
        import asyncpg
        from pgqueuer import QueueManager, Queries
        from pgqueuer.db import AsyncpgDriver
        from pgqueuer.types import QueueExecutionMode

        def connect_args(conninfo):
            if conninfo.startswith("postgres"):
                return {"dsn": conninfo}
            names = {"dbname": "database", "host": "host", "port": "port", "user": "user", "password": "password"}
            args = {}
            for part in conninfo.split():
                key, _, value = part.partition("=")
                if key in names:
                    args[names[key]] = value.strip("'")
            return args

        async def main(conninfo, jobs, batch_size):
            connection = await asyncpg.connect(**connect_args(conninfo))
            queries = Queries(AsyncpgDriver(connection))
            try:
                await queries.install()
            except Exception:
                pass  # installed by an earlier drain in this database
            await connection.execute("TRUNCATE pgqueuer")
            for start in range(0, jobs, 1000):
                count = min(1000, jobs - start)
                await queries.enqueue(["noop"] * count, [None] * count, [0] * count)
            await connection.execute("VACUUM ANALYZE pgqueuer")
            manager = QueueManager(queries)

            @manager.entrypoint("noop")
            async def noop(job):
                pass

            started = time.perf_counter()
            await manager.run(batch_size=batch_size, mode=QueueExecutionMode.drain,
                              dequeue_timeout=timedelta(seconds=1))
            elapsed = time.perf_counter() - started
            left = await connection.fetchval("SELECT count(*) FROM pgqueuer")
            if left:
                raise SystemExit(f"{left} jobs left after the drain")
            print(f"jobs_per_second={jobs / elapsed}")
            await connection.close()

        asyncio.run(main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3])))
        """#
}
