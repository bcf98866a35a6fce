import ArgumentParser
import Foundation
import Logging
import SpotterCalendar
import SpotterCatalog
import SpotterDB
import SpotterJobs
import SpotterQueue
import SpotterSeed

/// `spotter-bench nightly`: the whole nightly batch (one `nightly` job per zone and every shard
/// job it fans out to) run by W real `spotter work --until-empty` processes, for each W in
/// `--workers`, with each worker's peak RSS, against an I/O floor measured in the same run (the
/// input tables streamed once touching every value, and the batch's result rows written again
/// with COPY alone into scratch copies of the result tables).
struct NightlyBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "nightly",
        abstract:
            "The whole nightly batch run by W `spotter work` processes: wall time, users/s per kind, RSS, I/O floor.")

    @OptionGroup var options: SeededDatabaseOptions

    @Option(help: "Worker process counts to measure, comma-separated.")
    var workers = "1,2"

    @Option(help: "Runs per worker count; the summary gives each count's median wall/floor (a shared host drifts).")
    var runs = 1

    @Option(help: "Job slots per worker process (`spotter work --concurrency`; default: its own default, 8).")
    var concurrency = 8

    @OptionGroup var spotter: SpotterExecutable

    @Flag(
        help: ArgumentHelp(
            "Run each first night as of a day before the as-of, without the day's messages, then a second night as of the as-of with them, keeping the derived state of the first (session summaries, personal states, facts and their watermarks) and its results, which the second replaces: what one day of new data costs."
        ))
    var nextNight = false

    @Flag(
        help: ArgumentHelp(
            "Run the night's kinds one at a time (workers started with --kinds K, each kind once the kinds it runs after are done) and print the rows each kind read from each counted relation. The wall time is then the kinds' one after another."
        ))
    var readsByKind = false

    /// Every kind's result tables (from the kinds' declarations) and `result_errors`.
    static let declaredResultTables =
        SpotterHandlers.declarations.flatMap(\.resultTables).map(\.name) + ["result_errors"]
    /// The result tables and the queue, emptied before each run.
    static let resetTables = declaredResultTables + ["jobs", "schedule_slots"]
    /// The tables the batch's kinds read, streamed by the floor. `session_sets` too: the
    /// recommendation shards summarise the sets of their members' new and changed sessions
    /// (until 2026-11-28 the floor left it out).
    static let inputTables = [
        "users", "profiles", "trainer_clients", "enrollments", "workout_sessions", "session_sets", "conversations",
        "messages", "check_ins",
    ]
    /// The relations whose reads are counted per night (`pg_stat_user_tables`): the inputs and
    /// the derived state the kinds keep (``derivedTables``).
    static let countedTables =
        inputTables + [
            "session_summaries", "summary_coverage", "session_work", "session_lifts", "personal_states",
            "profile_history",
        ]
    /// The result tables whose rows the batch writes without computed_at (the column default,
    /// now()): all but the facts kind's, which carry their own times.
    static let serverFilledComputedAt = Set(declaredResultTables).subtracting(
        ExtractFactsHandler.resultTables.map(\.name) + ["result_errors"])
    /// The tables the batch writes, written again by the floor (an empty one costs nothing).
    static let resultTables = declaredResultTables

    func validate() throws {
        guard !workerCounts.isEmpty, workerCounts.allSatisfy({ (1...64).contains($0) }) else {
            throw ValidationError("--workers must list counts 1…64")
        }
        guard (1...64).contains(concurrency) else { throw ValidationError("--concurrency must be 1…64") }
        guard (1...20).contains(runs) else { throw ValidationError("--runs must be 1…20") }
    }

    private var workerCounts: [Int] {
        workers.split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
    }

    func run() async throws {
        let logger = options.logger()
        // The workers get the same URL on their command line.
        guard let url = options.url else { throw ValidationError("--database or DATABASE_URL is required") }
        let configuration = try options.configuration()
        let catalog = try options.catalog()
        let instant = try options.instant()
        let executable = try spotter.path()
        let home = URL(fileURLWithPath: options.jobs).standardizedFileURL.deletingLastPathComponent().path

        let main = try await DatabaseConnection.open(configuration, logger: logger)
        try await options.prepare(main, logger: logger)
        let active = try await main.query("SELECT count(*) AS n FROM spotter.users WHERE status = 'active'")[0].int("n")
        let total = try await main.query("SELECT count(*) AS n FROM spotter.users")[0].int("n")
        print(
            "nightly benchmark: \(configuration), \(total) users (\(active) active), as of \(TimestampFormat.compact(instant)), \(executable) work --concurrency \(concurrency)"
        )
        let server = try await main.query(
            """
            SELECT current_setting('server_version') AS version, current_setting('shared_buffers') AS buffers,
                   current_setting('max_wal_size') AS wal
            """)[0]
        print(
            "server: PostgreSQL \(try server.string("version")), shared_buffers \(try server.string("buffers")), "
                + "max_wal_size \(try server.string("wal")); \(ProcessInfo.processInfo.activeProcessorCount) cores here"
        )
        var table = FigureTable([
            "users", "workers", "wall s", "floor s", "wall/floor", "worker CPU s", "host CPU s",
            "peak RSS per worker (MiB)",
        ])
        var ratios: [Int: [Double]] = [:]
        if let delivered = try await Self.deliverHeldMessages(main) {
            print("put back \(delivered) messages an interrupted run had held back")
        }
        for count in (0..<runs).flatMap({ _ in workerCounts }) {  // interleaved: drift hits every count alike
            for name in Self.resultTables { try await main.execute("DROP TABLE IF EXISTS spotter.bench_floor_\(name)") }
            try await main.execute(
                "TRUNCATE " + Self.resetTables.map { "spotter.\($0)" }.joined(separator: ", ") + " CASCADE")
            let queue = JobQueue(catalog: catalog)
            let arguments = [
                "work", "--until-empty", "--no-scheduler", "--concurrency", "\(concurrency)", "--database", url,
                "--home", home, "--log-level", "warning",
            ]
            if nextNight {
                let first = instant.addingTimeInterval(-86_400)
                let held = try await Self.holdBackMessages(sentAfter: first, main: main)
                let (batch, wall, reads, _, _, _) = try await Self.night(
                    asOf: first, count, queue: queue, executable: executable, arguments: arguments, main: main,
                    byKind: readsByKind ? catalog : nil)
                print(
                    "\n\(count) worker(s), first night as of \(TimestampFormat.compact(first)): wall \(String(format: "%.2f", wall)) s for \(batch.zones.count) zones"
                )
                print(reads.text)
                _ = try await Self.deliverHeldMessages(main)
                print("the day's \(held) messages, held back during the first night, arrived after it")
                try await main.execute(
                    "TRUNCATE "
                        + Self.resetTables.filter { !Self.keptTables.contains($0) && !Self.resultTables.contains($0) }
                        .map { "spotter.\($0)" }.joined(separator: ", ") + " CASCADE")
                // The day between the nights: autovacuum marks the first night's summaries visible
                // (a production night adds a day's worth, 2 % of the table, the insert threshold
                // migration 034 sets), so the next night reads them from the index whether or not
                // autovacuum happened to finish on this much larger first batch; and it clears
                // the dead rows the hold-back left in `messages`. The first night's results stay,
                // as yesterday's do in production: the next night replaces them.
                let vacuumed = ContinuousClock.now
                try await main.execute(
                    "VACUUM (ANALYZE) "
                        + (Self.keptTables.sorted() + Self.resultTables + ["messages"]).map { "spotter.\($0)" }
                        .joined(separator: ", "))
                let took = (ContinuousClock.now - vacuumed).seconds
                print(
                    "vacuumed the kept tables, the results and messages between the nights in \(String(format: "%.1f", took)) s"
                )
            }
            let busyBefore = HostCPU.busySeconds()
            let writtenBefore = try await Self.writeCounts(main)
            let walBefore = await Self.walFigures(main)
            let statementsCounted = await StatementTimes.reset(main)
            let (batch, wall, reads, peaks, workerCPU, derivedRead) = try await Self.night(
                asOf: instant, count, queue: queue, executable: executable, arguments: arguments, main: main,
                byKind: readsByKind ? catalog : nil)
            let hostCPU = HostCPU.busySeconds().flatMap { after in busyBefore.map { after - $0 } }
            let walAfter = await Self.walFigures(main)
            let summaries = try await main.withSession { try batch.summary(in: $0) }
            print(
                "\n\(count) worker(s)\(nextNight ? ", next night as of \(TimestampFormat.compact(instant))" : ""): wall \(String(format: "%.2f", wall)) s for \(batch.zones.count) zones; "
                    + "CPU: workers \(String(format: "%.1f", workerCPU)) s, whole host "
                    + (hostCPU.map { String(format: "%.1f s of %.1f", $0, wall * Double(HostCPU.cores)) } ?? "unknown")
                    + (walBefore.flatMap { before in
                        walAfter.map {
                            String(
                                format: "; WAL %.0f MB, %d checkpoints", Double($0.bytes - before.bytes) / 1_000_000,
                                $0.checkpoints - before.checkpoints)
                        }
                    } ?? "; WAL unknown"))
            var kinds = FigureTable(["kind", "jobs", "failed", "users", "rows written", "seconds", "users/s"])
            for summary in summaries {
                let users = summary.counts["users"]
                let seconds = summary.seconds ?? 0
                kinds.add([
                    summary.kind, "\(summary.jobs)", "\(summary.failedJobs + summary.unfinished)",
                    users.map { "\($0)" } ?? "-", "\(summary.counts["rows_written"] ?? 0)",
                    String(format: "%.2f", seconds),
                    users.map { seconds > 0 ? String(format: "%.0f", Double($0) / seconds) : "-" } ?? "-",
                ])
                for error in summary.errors.prefix(3) { print("  \(summary.kind) error: \(error)") }
            }
            print(kinds.text)
            print(reads.text)
            if statementsCounted {
                print("PostgreSQL's statements by time over the night (pg_stat_statements; waits included):")
                print(try await StatementTimes.table(main).text)
            } else {
                print("statement times: not counted (the server does not load pg_stat_statements)")
            }
            let written = try await Self.writeCounts(main).merging(writtenBefore) {
                (inserted: $0.inserted - $1.inserted, deleted: $0.deleted - $1.deleted)
            }
            let floor = try await measureFloor(
                main, written: written, newAfter: nextNight ? instant.addingTimeInterval(-86_400) : nil,
                derivedRead: derivedRead)
            print(
                String(
                    format:
                        "floor: read %d rows (inputs, derived state%@) in %.2f s, deleted the %d rows the night replaced and wrote its %d inserted rows with COPY in %.2f s; total %.2f s; wall/floor %.2f",
                    floor.inputRows, nextNight ? ", the day's new sets and messages" : "", floor.readSeconds,
                    floor.deletedRows, floor.writtenRows,
                    floor.writeSeconds, floor.seconds, wall / floor.seconds))
            ratios[count, default: []].append(wall / floor.seconds)
            table.add([
                "\(total)", "\(count)", String(format: "%.1f", wall), String(format: "%.1f", floor.seconds),
                String(format: "%.2f", wall / floor.seconds), String(format: "%.1f", workerCPU),
                hostCPU.map { String(format: "%.1f", $0) } ?? "-", peaks.map { "\($0 / 1024)" }.joined(separator: ", "),
            ])
        }
        for name in Self.resultTables { try await main.execute("DROP TABLE IF EXISTS spotter.bench_floor_\(name)") }
        print("\n" + table.text)
        if runs > 1 {
            for count in workerCounts where ratios[count] != nil {
                let sorted = ratios[count, default: []].sorted()
                let median =
                    sorted.count % 2 == 1
                    ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
                print(
                    "\(count) worker(s): median wall/floor \(String(format: "%.2f", median)) over \(sorted.count) runs "
                        + "(\(sorted.map { String(format: "%.2f", $0) }.joined(separator: ", ")))")
            }
        }
        await main.close()
    }

    /// The session summaries and their coverage, the personal states and the profile histories:
    /// derived state kept from night to night, emptied with the results before a first night and
    /// kept for a ``nextNight``.
    static let derivedTables: Set<String> = [
        "session_summaries", "summary_coverage", "session_work", "session_lifts", "personal_states", "profile_history",
    ]
    /// What a ``nextNight`` keeps of the first night: the derived state and the facts kind's
    /// tables (facts, their sources, the conversations' watermarks, the recorded deletions), as
    /// production keeps them from night to night, so the next night extracts only the day's
    /// messages.
    static let keptTables = derivedTables.union(ExtractFactsHandler.resultTables.map(\.name))
    /// Where a ``nextNight`` keeps the day's messages while the first night runs.
    static let heldMessages = "spotter.bench_held_messages"

    /// Moves the messages sent after `sentAfter` (the day's, as the seed wrote them) out of
    /// `messages` into ``heldMessages``, in one transaction, and forgets the deletions the
    /// retraction trigger recorded for them: `extract_facts` reads every message past a
    /// conversation's watermark whatever the night's as-of, so a first night that saw them would
    /// leave its next night nothing new. Returns how many were held.
    static func holdBackMessages(sentAfter: Date, main: DatabaseConnection) async throws -> Int {
        try await main.withSession { session in
            try session.withTransaction(immediate: true) {
                _ = try session.execute(
                    "CREATE TABLE \(unescaped: heldMessages) AS SELECT * FROM spotter.messages WHERE sent_at > \(timestamp: sentAfter)"
                )
                let held = try session.execute(
                    "DELETE FROM spotter.messages m USING \(unescaped: heldMessages) h WHERE m.id = h.id")
                _ = try session.execute("TRUNCATE spotter.fact_retractions")
                return held
            }
        }
    }

    /// Puts the messages ``holdBackMessages(sentAfter:main:)`` held back into `messages` again
    /// (inserted: the day's messages arriving), in one transaction. Nil when none are held; a run
    /// interrupted between the two calls leaves them held, and the next run puts them back first.
    static func deliverHeldMessages(_ main: DatabaseConnection) async throws -> Int? {
        try await main.withSession { session in
            let table = try session.query("SELECT to_regclass(\(bind: heldMessages)) IS NOT NULL AS held")
            guard try table.first?.bool("held") == true else { return nil }
            return try session.withTransaction(immediate: true) {
                let delivered = try session.execute(
                    "INSERT INTO spotter.messages SELECT * FROM \(unescaped: heldMessages)")
                _ = try session.execute("DROP TABLE \(unescaped: heldMessages)")
                return delivered
            }
        }
    }

    /// One night: the batch as of `asOf` enqueued and drained by `count` workers. Returns the
    /// batch, the wall seconds, the rows each counted relation read (the table's rows fetched
    /// by sequential and index scans, and its index entries read, from the statistics before
    /// and after), the workers' peak RSS and CPU seconds. With `byKind` (the kinds' catalog) the
    /// kinds run one at a time, each once the kinds it runs after (`after:`) have no live job, and
    /// the reads are listed per kind.
    static func night(
        asOf: Date, _ count: Int, queue: JobQueue, executable: String, arguments: [String], main: DatabaseConnection,
        byKind catalog: JobCatalog? = nil
    ) async throws -> (NightlyBatch, Double, FigureTable, [Int], Double, derivedRead: [String: Int]) {
        let batch = try await main.withSession { session in
            var batch = try NightlyBatch.plan(zone: nil, localDate: nil, asOf: asOf, in: session)
            _ = try batch.enqueue(queue: queue, in: session)
            return batch
        }
        guard let catalog else {
            let before = try await Self.readCounts(main)
            let (wall, peaks, workerCPU) = try await Self.runWorkers(
                count, executable: executable, arguments: arguments, main: main)
            var reads = FigureTable(["relation", "rows read (table)", "index entries read"])
            var derivedRead: [String: Int] = [:]
            for (table, read) in Self.reads(from: before, to: try await Self.readCounts(main)) {
                reads.add([table, "\(read.rows)", "\(read.entries)"])
                if Self.derivedTables.contains(table) { derivedRead[table] = max(read.rows, read.entries) }
            }
            try await Self.requireEnded(batch, main: main)
            return (batch, wall, reads, peaks, workerCPU, derivedRead)
        }
        var (wall, peaks, workerCPU) = (0.0, [Int](repeating: 0, count: count), 0.0)
        var derivedRead: [String: Int] = [:]
        var reads = FigureTable(["kind", "relation", "rows read (table)", "index entries read"])
        while let kind = try await Self.nextKind(catalog, main: main) {
            let before = try await Self.readCounts(main)
            let phase = try await Self.runWorkers(
                count, executable: executable, arguments: arguments + ["--kinds", kind], main: main, kind: kind)
            wall += phase.seconds
            workerCPU += phase.cpu
            peaks = zip(peaks, phase.peaks).map { max($0, $1) }
            for (table, read) in Self.reads(from: before, to: try await Self.readCounts(main))
            where read.rows > 0 || read.entries > 0 {
                reads.add([kind, table, "\(read.rows)", "\(read.entries)"])
                if Self.derivedTables.contains(table) { derivedRead[table, default: 0] += max(read.rows, read.entries) }
            }
        }
        try await Self.requireEnded(batch, main: main)
        return (batch, wall, reads, peaks, workerCPU, derivedRead)
    }

    /// Throws when the workers exited while jobs of the night were still to run: the figures
    /// would describe part of a night (and a next night would do the rest of the first's work).
    static func requireEnded(_ batch: NightlyBatch, main: DatabaseConnection) async throws {
        let open = try await main.withSession { try batch.status(in: $0).notSucceeded }
        let unfinished = open.filter { !["dead", "cancelled"].contains($0.state) }
        guard unfinished.isEmpty else {
            let some = unfinished.prefix(5).map { "\($0.uniqueKey) (\($0.state))" }.joined(separator: ", ")
            throw BenchmarkError(
                "the workers exited with \(unfinished.count) job(s) of the night not run to the end: \(some)")
        }
    }

    /// Each counted relation's reads between two ``readCounts(_:)``, in ``countedTables``' order.
    private static func reads(
        from before: [String: (rows: Int, entries: Int)], to after: [String: (rows: Int, entries: Int)]
    ) -> [(String, (rows: Int, entries: Int))] {
        Self.countedTables.map { table in
            let (end, start) = (after[table] ?? (0, 0), before[table] ?? (0, 0))
            return (table, (end.rows - start.rows, end.entries - start.entries))
        }
    }

    /// The next kind to run alone: of the kinds with live jobs, the first by name whose `after:`
    /// kinds have none (one exists: `after:` has no cycle), or nil when no job is live.
    private static func nextKind(_ catalog: JobCatalog, main: DatabaseConnection) async throws -> String? {
        let live = Set(
            try await main.query(
                "SELECT DISTINCT kind FROM spotter.jobs WHERE state IN ('available', 'running', 'retryable')"
            ).map { try $0.string("kind") })
        let ready = live.sorted().first { kind in
            catalog.spec(for: kind)?.after.allSatisfy { !live.contains($0) } ?? true
        }
        guard let ready else {
            if live.isEmpty { return nil }
            throw BenchmarkError("no kind of \(live.sorted()) can run first: each waits for another")
        }
        return ready
    }

    /// The server's WAL bytes written and checkpoints begun since its statistics were reset (the
    /// whole server's: nothing else should run during a benchmark). A night that writes more WAL
    /// than `max_wal_size` between checkpoints forces them, and each page first written after one
    /// is logged whole. Nil before PostgreSQL 14 (no `pg_stat_wal`).
    private static func walFigures(_ main: DatabaseConnection) async -> (bytes: Int, checkpoints: Int)? {
        guard
            let row = try? await main.query(
                """
                SELECT (SELECT wal_bytes FROM pg_stat_wal)::bigint AS bytes,
                       (SELECT checkpoints_timed + checkpoints_req FROM pg_stat_bgwriter)::bigint AS checkpoints
                """
            ).first,
            let bytes = try? row.int("bytes"), let checkpoints = try? row.int("checkpoints")
        else { return nil }
        return (bytes, checkpoints)
    }

    /// Per result table, the rows inserted and deleted since the statistics were reset: the
    /// difference over a night is what it wrote and what it deleted.
    private static func writeCounts(_ main: DatabaseConnection) async throws -> [String: (inserted: Int, deleted: Int)]
    {
        try await tableStatistics(main, Self.resultTables).mapValues { ($0.inserted, $0.deleted) }
    }

    /// Per counted relation, the rows its sequential and index scans fetched and the index entries
    /// read, since the statistics were reset. Worker processes report theirs when they exit.
    private static func readCounts(_ main: DatabaseConnection) async throws -> [String: (rows: Int, entries: Int)] {
        try await tableStatistics(main, Self.countedTables).mapValues { ($0.rows, $0.entries) }
    }

    /// Per table of `tables`, from a fresh snapshot of `pg_stat_user_tables` and its indexes: the
    /// table rows fetched, the index entries read and the rows inserted and deleted.
    private static func tableStatistics(_ main: DatabaseConnection, _ tables: [String]) async throws -> [String: (
        rows: Int, entries: Int, inserted: Int, deleted: Int
    )] {
        try await main.execute("SELECT pg_stat_clear_snapshot()")
        let names = tables.map { "'\($0)'" }.joined(separator: ", ")
        var counts: [String: (rows: Int, entries: Int, inserted: Int, deleted: Int)] = [:]
        for row in try await main.query(
            """
            SELECT t.relname, coalesce(t.seq_tup_read, 0) + coalesce(t.idx_tup_fetch, 0) AS rows,
                   coalesce((SELECT sum(i.idx_tup_read) FROM pg_stat_user_indexes i WHERE i.relid = t.relid), 0)::bigint AS entries,
                   t.n_tup_ins AS inserted, t.n_tup_del AS deleted
            FROM pg_stat_user_tables t WHERE t.schemaname = 'spotter' AND t.relname IN (\(names))
            """)
        {
            counts[try row.string("relname")] = (
                try row.int("rows"), try row.int("entries"), try row.int("inserted"), try row.int("deleted")
            )
        }
        return counts
    }

    /// Starts `count` worker processes and waits for all of them, sampling each one's VmHWM
    /// every 200 ms. A worker that finds nothing to claim exits: it is started again while
    /// another still runs and runnable jobs (of `kind`, when given) exist (shards a `nightly` job
    /// fanned out meanwhile).
    /// Returns the wall seconds, each worker slot's peak RSS in KiB, and the CPU seconds (user
    /// and system) all worker processes used.
    static func runWorkers(
        _ count: Int, executable: String, arguments: [String], main: DatabaseConnection, kind: String? = nil
    ) async throws -> (seconds: Double, peaks: [Int], cpu: Double) {
        let clock = ContinuousClock()
        let start = clock.now
        let logs = (0..<count).map { "/tmp/spotter-bench-nightly-worker-\($0).log" }
        var pids: [pid_t?] = try (0..<count).map { try WorkerProcess.spawn(executable, arguments, log: logs[$0]) }
        var peaks = [Int](repeating: 0, count: count)
        var cpu = 0.0
        while pids.contains(where: { $0 != nil }) {
            try await Task.sleep(for: .milliseconds(200))
            for slot in 0..<count {
                guard let pid = pids[slot] else { continue }
                if let peak = PeakMemory.kilobytes(of: "\(pid)") { peaks[slot] = max(peaks[slot], peak) }
                if let (status, seconds) = WorkerProcess.exitStatus(pid) {
                    pids[slot] = nil
                    cpu += seconds
                    if status != 0 {
                        let log = (try? String(contentsOfFile: logs[slot], encoding: .utf8)) ?? ""
                        throw BenchmarkError("worker \(slot) exited with status \(status): \(log.suffix(2000))")
                    }
                }
            }
            if pids.contains(where: { $0 != nil }) && pids.contains(where: { $0 == nil }) {
                let ofKind: SQLQuery = kind.map { "AND kind = \(bind: $0)" } ?? ""
                let runnable = try await main.withSession { session in
                    try session.query(
                        "SELECT count(*) AS n FROM spotter.jobs WHERE state IN ('available', 'retryable') AND run_at <= now() \(fragment: ofKind)"
                    )[0].int("n")
                }
                if runnable > 0 {
                    for slot in 0..<count where pids[slot] == nil {
                        pids[slot] = try WorkerProcess.spawn(executable, arguments, log: logs[slot])
                    }
                }
            }
        }
        return ((clock.now - start).seconds, peaks, cpu)
    }

    /// The I/O floor: what the night read, streamed once touching each value (every input table
    /// and the conversations' fact watermarks; after `newAfter`, of `session_sets` only the sets
    /// of the sessions started since and of `messages` only the messages sent since, which is all
    /// a next night reads of them; of each derived table as many rows as the night read of it,
    /// `derivedRead`, the larger of its table rows and its index entries: the night reads the
    /// summaries of its members' windows from their indexes, and of the personal states and
    /// profile histories one row per member), then, per result table in one transaction, as many
    /// of its rows as the night deleted (`written`, yesterday's rows it replaced) deleted from a
    /// scratch copy holding them and as many as it inserted written again with COPY.
    private func measureFloor(
        _ connection: DatabaseConnection, written: [String: (inserted: Int, deleted: Int)], newAfter: Date?,
        derivedRead: [String: Int]
    ) async throws -> FloorFigures {
        try await connection.withSession { session in
            let clock = ContinuousClock()
            var figures = FloorFigures()
            var touched = 0
            let readStart = clock.now
            for table in Self.inputTables + Self.derivedTables.sorted() + ["fact_watermarks"] {
                var statement: SQLQuery = "SELECT * FROM spotter.\(unescaped: table)"
                if table == "session_sets", let newAfter {
                    statement =
                        "SELECT ss.* FROM spotter.session_sets ss JOIN spotter.workout_sessions ws ON ws.id = ss.session_id WHERE ws.started_at > \(timestamp: newAfter)"
                } else if table == "messages", let newAfter {
                    statement = "SELECT * FROM spotter.messages WHERE sent_at > \(timestamp: newAfter)"
                } else if Self.derivedTables.contains(table) {
                    statement = "SELECT * FROM spotter.\(unescaped: table) LIMIT \(bind: derivedRead[table] ?? 0)"
                }
                try session.forEachRow(statement) { row in
                    figures.inputRows += 1
                    for value in row.values { touched &+= Self.touch(value) }
                }
            }
            figures.readSeconds = (clock.now - readStart).seconds
            for table in Self.resultTables {
                let count = written[table]?.inserted ?? 0
                guard count > 0 else { continue }
                let rows = try session.query("SELECT * FROM spotter.\(unescaped: table) LIMIT \(bind: count)")
                guard let first = rows.first else { continue }
                // An identity column GENERATED ALWAYS (facts.id) takes its values from the scratch
                // table, and computed_at from its default where the batch leaves it to the server.
                let skipped = Set(
                    first.columnNames.indices.filter { index in
                        let name = first.columnNames[index]
                        return (table == "facts" && name == "id")
                            || (Self.serverFilledComputedAt.contains(table) && name == "computed_at")
                    })
                let kept = first.columnNames.enumerated().filter { !skipped.contains($0.offset) }.map(\.element)
                let (columns, values) = try Self.floorRows(table, rows, columns: kept)
                _ = try session.execute("DROP TABLE IF EXISTS spotter.bench_floor_\(table)")
                _ = try session.execute(
                    "CREATE TABLE spotter.bench_floor_\(table) (LIKE spotter.\(table) INCLUDING ALL)")
                // Yesterday's rows, untimed: the rows the night deleted, as many as it wrote.
                let replaced = min(written[table]?.deleted ?? 0, values.count)
                if replaced > 0 {
                    _ = try session.copy(
                        into: "spotter.bench_floor_\(table)", columns: columns, rows: values.prefix(replaced))
                    _ = try session.execute("VACUUM (ANALYZE) spotter.bench_floor_\(unescaped: table)")
                }
                let writeStart = clock.now
                try session.withTransaction(immediate: true) {
                    if replaced > 0 {
                        figures.deletedRows += try session.execute(
                            "DELETE FROM spotter.bench_floor_\(unescaped: table)")
                    }
                    _ = try session.copy(into: "spotter.bench_floor_\(table)", columns: columns, rows: values)
                }
                figures.writeSeconds += (clock.now - writeStart).seconds
                figures.writtenRows += rows.count
            }
            figures.touched = touched
            return figures
        }
    }

    /// The result tables the floor writes through their row types, as the handlers do.
    static let rowTypes: [String: any ResultRow.Type] = Dictionary(
        uniqueKeysWithValues: ([
            ProfileStatsRow.self, InactiveClientRow.self, NotMessagingClientRow.self, CheckInTrendsRow.self,
            DailySuggestionRow.self, ProgramRecommendationRow.self, ResultErrorRow.self,
        ] as [any ResultRow.Type]).map { ($0.table, $0) })

    /// A table's rows as the floor writes them: through the table's row type when it has one
    /// (decoded by name and encoded again, like a handler's write), then the `columns` the type
    /// leaves out (`as_of`) as they were read.
    private static func floorRows(_ table: String, _ rows: [Row], columns: [String]) throws -> (
        columns: [String], values: [[SQLValue]]
    ) {
        guard let type = rowTypes[table] else { return (columns, rows.map { row in columns.map { row[$0] } }) }
        return try encode(type, rows, columns: columns)
    }

    private static func encode<Record: ResultRow>(_ type: Record.Type, _ rows: [Row], columns: [String]) throws -> (
        columns: [String], values: [[SQLValue]]
    ) {
        var encoded = try EncodedRows(rows.map { try $0.decode(Record.self) })
        for column in columns where !encoded.columns.contains(column) {
            encoded.append(column: column, values: rows.map { $0[column] })
        }
        return (encoded.columns, encoded.values)
    }

    private static func touch(_ value: SQLValue) -> Int {
        switch value {
        case .null: 0
        case .text(let text), .json(let text): text.utf8.count
        case .int(let number): Int(truncatingIfNeeded: number)
        case .double(let number): Int(number.bitPattern & 0xff)
        case .bool(let flag): flag ? 1 : 0
        case .timestamp(let date): Int(date.timeIntervalSince1970)
        case .tags(let tags): tags.count
        }
    }
}

/// What the floor measured.
private struct FloorFigures: Sendable {
    var inputRows = 0, writtenRows = 0, deletedRows = 0, touched = 0
    var readSeconds = 0.0, writeSeconds = 0.0
    var seconds: Double { readSeconds + writeSeconds }
}

/// Worker child processes: started with `posix_spawn` (every descriptor but 0–2 closed, output
/// to a log file), polled with `waitpid(WNOHANG)` and `/proc/<pid>/status`, never blocking.
enum WorkerProcess {
    static func spawn(_ path: String, _ arguments: [String], log: String) throws -> pid_t {
        try ChildProcess.spawn(path, arguments, stdout: log, stderr: log, append: true)
    }

    /// The exit status and the CPU seconds (user + system) it used, once the process has
    /// exited; else nil.
    static func exitStatus(_ pid: pid_t) -> (status: Int32, cpuSeconds: Double)? {
        var status: Int32 = 0
        var usage = rusage()
        guard wait4(pid, &status, WNOHANG, &usage) == pid else { return nil }
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return (ChildProcess.exitCode(status), seconds(usage.ru_utime) + seconds(usage.ru_stime))
    }
}

/// The whole host's busy CPU time from `/proc/stat` (Linux): user, nice, system, irq and softirq
/// of every core, so the database server's share counts when it runs here.
private enum HostCPU {
    static let cores = ProcessInfo.processInfo.activeProcessorCount

    /// Busy core-seconds since boot; nil when `/proc/stat` is unreadable.
    static func busySeconds() -> Double? {
        guard let stat = try? String(contentsOfFile: "/proc/stat", encoding: .utf8),
            let line = stat.split(separator: "\n").first(where: { $0.hasPrefix("cpu ") })
        else { return nil }
        let fields = line.split(separator: " ").dropFirst().compactMap { Double($0) }
        guard fields.count >= 7 else { return nil }
        let ticks = fields[0] + fields[1] + fields[2] + fields[5] + fields[6]
        return ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
    }
}
