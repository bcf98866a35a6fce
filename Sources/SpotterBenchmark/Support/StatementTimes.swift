import Foundation
import SpotterDB

/// PostgreSQL's time per statement over one night, from `pg_stat_statements` when the server
/// loads it (`shared_preload_libraries`): reset before the night and read after it, so that a
/// change which makes one statement cost more shows up by name, as the reads show up by relation.
/// A statement's time is the server's from its start to its end, so it includes waiting for a core
/// and for its client (a COPY waits while the worker encodes its rows; a read while the worker
/// takes in the rows before); on a busy host the times add up to more than the server's CPU.
enum StatementTimes {
    /// How much of each statement's text the table shows.
    static let shownCharacters = 72

    /// Resets this database's statement statistics, creating the extension when the server
    /// loads the library but the database lacks it. False when they cannot be read here (the
    /// library is not loaded, or the role may not reset them): the night then reports none.
    static func reset(_ main: DatabaseConnection) async -> Bool {
        guard
            let libraries = try? await main.query("SELECT current_setting('shared_preload_libraries') AS libraries")
                .first?.string("libraries"),
            libraries.contains("pg_stat_statements")
        else { return false }
        do {
            try await main.execute("CREATE EXTENSION IF NOT EXISTS pg_stat_statements")
            try await main.execute("SELECT pg_stat_statements_reset()")
            return true
        } catch {
            return false
        }
    }

    /// The `limit` statements of this database that took the most time since ``reset(_:)``:
    /// each one's text (spaces collapsed, cut to ``shownCharacters``), calls, rows, seconds and
    /// the WAL it wrote.
    static func table(_ main: DatabaseConnection, limit: Int = 12) async throws -> FigureTable {
        let rows = try await main.query(
            """
            SELECT regexp_replace(s.query, '\\s+', ' ', 'g') AS statement, s.calls, s.rows,
                   s.total_exec_time / 1000 AS seconds, s.wal_bytes::bigint AS wal_bytes
            FROM pg_stat_statements s JOIN pg_database d ON d.oid = s.dbid
            WHERE d.datname = current_database()
            ORDER BY s.total_exec_time DESC
            LIMIT $1
            """, [.int(Int64(limit))])
        var table = FigureTable(["statement", "calls", "rows", "seconds", "WAL MB"])
        for row in rows {
            let statement = try row.string("statement")
            table.add([
                statement.count > shownCharacters ? String(statement.prefix(shownCharacters - 1)) + "…" : statement,
                "\(try row.int("calls"))", "\(try row.int("rows"))", String(format: "%.2f", try row.double("seconds")),
                String(format: "%.0f", Double(try row.int("wal_bytes")) / 1_000_000),
            ])
        }
        return table
    }
}
