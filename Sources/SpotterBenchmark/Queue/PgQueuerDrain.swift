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

    /// True when uvloop is importable: `pgq run` (PgQueuer's own CLI) then runs on it.
    func hasUVLoop() async -> Bool {
        (try? await ChildProcess.run(python, ["-c", "import uvloop"]))?.status == 0
    }

    /// One drain's figures: jobs per second of the drain alone, and the CPU seconds during it of
    /// the Python process and of the server (nil when `postmaster` was not given).
    struct Figures {
        var jobsPerSecond: Double
        var clientCPU: Double
        var serverCPU: Double?
    }

    /// Installs PgQueuer's schema in `conninfo`'s database (once), enqueues `jobs` noop jobs and
    /// drains them with one QueueManager in drain mode with `batchSize` (`QueueManager.run`'s
    /// `batch_size`; `max_concurrent_tasks` stays unlimited, its default), on asyncio's event
    /// loop or on uvloop. With the server's `postmaster` pid (a local server) the script reads the
    /// server's CPU around the drain the way ``CPUMeter`` does.
    func drain(conninfo: String, jobs: Int, batchSize: Int, uvloop: Bool, postmaster: Int?) async throws -> Figures {
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("spotter-pgq-\(UUID()).py")
        try Self.script.write(to: script, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: script) }
        let result = try await ChildProcess.run(
            python,
            [script.path, conninfo, "\(jobs)", "\(batchSize)", uvloop ? "uvloop" : "asyncio", "\(postmaster ?? 0)"])
        func value(_ name: String) -> Double? {
            result.stdout.split(separator: "\n").last(where: { $0.hasPrefix(name + "=") })
                .flatMap { Double($0.dropFirst(name.count + 1)) }
        }
        guard result.status == 0, let rate = value("jobs_per_second"), let cpu = value("cpu_seconds") else {
            throw BenchmarkError("pgqueuer drain failed (exit \(result.status)): \(result.stderr.suffix(800))")
        }
        return Figures(jobsPerSecond: rate, clientCPU: cpu, serverCPU: value("server_cpu_seconds"))
    }

    static let script = #"""
        import asyncio, os, sys, time
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

        def server_cpu(postmaster):
            # The postmaster, its live children, and the children it reaped (as CPUMeter reads it).
            def fields(pid):
                with open(f"/proc/{pid}/stat") as stat:
                    return stat.read().rsplit(")", 1)[1].split()
            total = sum(int(value) for value in fields(postmaster)[11:15])
            for name in os.listdir("/proc"):
                if name.isdigit():
                    try:
                        own = fields(name)
                    except OSError:
                        continue
                    if int(own[1]) == postmaster:
                        total += int(own[11]) + int(own[12])
            return total / os.sysconf("SC_CLK_TCK")

        async def main(conninfo, jobs, batch_size, postmaster):
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

            server = server_cpu(postmaster) if postmaster else None
            started, cpu = time.perf_counter(), time.process_time()
            await manager.run(batch_size=batch_size, mode=QueueExecutionMode.drain,
                              dequeue_timeout=timedelta(seconds=1))
            elapsed, cpu = time.perf_counter() - started, time.process_time() - cpu
            if server is not None:
                server = server_cpu(postmaster) - server
            left = await connection.fetchval("SELECT count(*) FROM pgqueuer")
            if left:
                raise SystemExit(f"{left} jobs left after the drain")
            print(f"jobs_per_second={jobs / elapsed}")
            print(f"cpu_seconds={cpu}")
            if server is not None:
                print(f"server_cpu_seconds={server}")
            await connection.close()

        arguments = (sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[5]))
        if sys.argv[4] == "uvloop":
            import uvloop
            uvloop.run(main(*arguments))
        else:
            asyncio.run(main(*arguments))
        """#
}
