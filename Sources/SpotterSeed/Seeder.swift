public import Logging
public import SpotterDB

/// Writes a generated dataset into a database with bulk copies.
public enum Seeder {
    /// Writes the catalog, then the users in chunks of ``SeedConfiguration/chunkSize`` (one
    /// transaction each, generated while the previous chunk is being written), then resets the
    /// identity sequences (PostgreSQL) and analyzes the tables.
    ///
    /// Refuses with ``SeedError/Code/notEmpty`` when `users` or `exercises` already has rows.
    /// If a chunk fails, the chunks before it stay written; seed a fresh database again.
    /// - Parameter progress: called with the number of users written so far after each chunk.
    public static func seed(
        into connection: DatabaseConnection,
        configuration: SeedConfiguration,
        logger: Logger,
        progress: (@Sendable (Int) -> Void)? = nil
    ) async throws -> SeedReport {
        guard configuration.users >= 0, configuration.historyDays >= 1, configuration.chunkSize >= 1 else {
            throw SeedError(
                code: .invalidConfiguration,
                message: "users must be ≥ 0, historyDays ≥ 1 and chunkSize ≥ 1 (got \(configuration.users), "
                    + "\(configuration.historyDays), \(configuration.chunkSize))")
        }
        let clock = ContinuousClock()
        let started = clock.now
        var counts = SeedCounts()
        let catalog = SeedCatalog.tables
        let written = try await connection.withTransaction { session in
            try refuseIfNotEmpty(session)
            return try write(catalog, in: session)
        }
        counts.add(written)
        logger.info("seed: catalog written", metadata: ["rows": "\(written.reduce(0) { $0 + $1.rows })"])

        let generator = SeedGenerator(configuration: configuration)
        let ranges = chunkRanges(configuration)
        if !ranges.isEmpty {
            var next = generator.chunk(users: ranges[0])
            for position in ranges.indices {
                let current = next
                async let upcoming = position + 1 < ranges.count ? generator.chunk(users: ranges[position + 1]) : nil
                let chunkWritten = try await connection.withTransaction { session in
                    try write(current.tables, in: session)
                }
                counts.add(chunkWritten)
                logger.debug(
                    "seed: chunk written",
                    metadata: ["users": "\(current.users.lowerBound + 1)…\(current.users.upperBound)"])
                progress?(current.users.upperBound)
                if let following = await upcoming { next = following }
            }
        }

        try await connection.withTransaction { session in
            try finish(session)
        }
        let report = SeedReport(rowsPerTable: counts.ordered, elapsed: clock.now - started)
        logger.info(
            "seed: done",
            metadata: [
                "users": "\(configuration.users)", "rows": "\(report.totalRows)", "elapsed": "\(report.elapsed)",
            ])
        return report
    }

    /// Zero-based user ranges per chunk, in whole blocks so a trainer lands with (or before)
    /// the chunk of its clients.
    static func chunkRanges(_ configuration: SeedConfiguration) -> [Range<Int>] {
        let size = max(1, (configuration.chunkSize + SeedBlock.size - 1) / SeedBlock.size) * SeedBlock.size
        return stride(from: 0, to: configuration.users, by: size).map { $0..<min($0 + size, configuration.users) }
    }

    private static func refuseIfNotEmpty(_ session: DatabaseSession) throws {
        for table in ["users", "exercises"] {
            let name = "spotter.\(table)"  // SQLite sessions drop the schema qualifier
            if try !session.query("SELECT 1 FROM \(name) LIMIT 1").isEmpty {
                throw SeedError(
                    code: .notEmpty,
                    message: "\(name) already has rows; seed into a freshly migrated, empty database")
            }
        }
    }

    private static func write(_ tables: [SeedTable], in session: DatabaseSession) throws -> [(table: String, rows: Int)]
    {
        try tables.map { table in
            let count =
                table.rows.isEmpty
                ? 0 : try session.copy(into: table.qualifiedName, columns: table.columns, rows: table.rows)
            return (table.name, count)
        }
    }

    /// Moves identity sequences past the explicit ids and refreshes planner statistics.
    private static func finish(_ session: DatabaseSession) throws {
        let tables = [
            "users", "trainer_clients", "profiles", "exercises", "programs", "program_workouts",
            "workout_exercises", "enrollments", "workout_sessions", "session_sets", "conversations", "messages",
            "check_ins",
        ]
        try session.advanceIDs(pastExplicitIDsOf: ["enrollments", "workout_sessions", "check_ins"])
        try session.refreshStatistics(of: tables)
    }
}

/// Row counts per table, summed over chunks, in first-seen order.
private struct SeedCounts {
    private var order: [String] = []
    private var rows: [String: Int] = [:]

    mutating func add(_ written: [(table: String, rows: Int)]) {
        for entry in written {
            if rows[entry.table] == nil { order.append(entry.table) }
            rows[entry.table, default: 0] += entry.rows
        }
    }

    var ordered: [(table: String, rows: Int)] {
        order.map { ($0, rows[$0] ?? 0) }
    }
}
