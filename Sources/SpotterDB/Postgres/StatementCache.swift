/// The statements a PostgreSQL connection keeps prepared on the server, so that a statement it
/// runs again (the same text and bind types: every shard of a kind sends the same few) skips
/// parsing and, once the server settles on a generic plan, planning too. Unnamed, the 39 shards
/// of `inactive_clients` at 20,000 users spent about 110 ms of their 700 ms of server time
/// parsing and planning; deleting one shard's old `result_errors` took ten times longer to plan
/// than to run.
///
/// The rules, as in asyncpg's and pgx's statement caches, with two differences:
/// - A statement is prepared the second time it is seen, not the first: one-off statements (DDL
///   in tests, ad-hoc queries) keep their single round trip.
/// - Only `SELECT`, `WITH`, `INSERT`, `UPDATE`, `DELETE` and `VALUES` are kept. Transaction
///   control, `COPY`, `SET` and DDL always run unnamed.
///
/// At most `capacity` statements are kept; the least recently used one is deallocated to make
/// room. DDL run on the connection (`CREATE`, `ALTER`, `DROP`, …, or a script) forgets them all,
/// because a changed table or view may change a kept statement's result columns. DDL run
/// elsewhere is caught when the server says so: the driver forgets the statement and, outside a
/// transaction, runs it once more (see `PostgresDriver.runKept`).
///
/// Capacity 0 turns the cache off, for a transaction-mode connection pooler that does not carry
/// prepared statements across server connections.
package struct StatementCache {
    /// What to do with one statement.
    package enum Plan: Equatable, Sendable {
        /// Run it unnamed (`PQexecParams`), as without a cache.
        case unnamed
        /// Prepare it under this name first, then run it.
        case prepare(String)
        /// It is prepared under this name: run it.
        case run(String)
    }

    package struct Key: Hashable, Sendable {
        package var sql: String
        package var types: [UInt32]

        package init(sql: String, types: [UInt32]) {
            self.sql = sql
            self.types = types
        }
    }

    private struct Entry {
        var name: String
        var lastUse: UInt64
    }

    /// The most statements kept prepared.
    package let capacity: Int
    /// Longer statements are never kept (a statement's text stays in memory on both sides).
    package static let longestStatement = 32_768
    private var kept: [Key: Entry] = [:]
    /// Statements seen once, not yet kept; forgotten wholesale when it grows past a bound.
    private var seenOnce: Set<Key> = []
    private var uses: UInt64 = 0
    private var nextNumber = 0

    package init(capacity: Int) {
        self.capacity = max(0, capacity)
    }

    /// How many statements are kept prepared.
    package var count: Int { kept.count }

    /// What to do with `key`; `evicted` receives the names of statements to deallocate (the least
    /// recently used one, when a new one takes its place).
    package mutating func plan(for key: Key, evicted: inout [String]) -> Plan {
        guard capacity > 0, key.sql.utf8.count <= Self.longestStatement, Self.isKeepable(key.sql) else {
            return .unnamed
        }
        uses += 1
        if let entry = kept[key] {
            kept[key]?.lastUse = uses
            return .run(entry.name)
        }
        guard seenOnce.remove(key) != nil else {
            if seenOnce.count >= capacity * 4 { seenOnce.removeAll(keepingCapacity: true) }
            seenOnce.insert(key)
            return .unnamed
        }
        if kept.count >= capacity, let oldest = kept.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            kept[oldest.key] = nil
            evicted.append(oldest.value.name)
        }
        nextNumber += 1
        let name = "spotter_kept_\(nextNumber)"
        kept[key] = Entry(name: name, lastUse: uses)
        return .prepare(name)
    }

    /// Forgets `key` (it failed to prepare, or the server no longer has it); returns its name.
    @discardableResult
    package mutating func forget(_ key: Key) -> String? {
        kept.removeValue(forKey: key)?.name
    }

    /// Forgets every statement; returns their names (to deallocate).
    package mutating func forgetAll() -> [String] {
        defer {
            kept.removeAll()
            seenOnce.removeAll()
        }
        return kept.values.map(\.name)
    }

    /// When `sql` (run unnamed) invalidates the kept statements, forgets them all and returns the
    /// names still to deallocate: DDL may change a kept statement's result columns; `DISCARD`
    /// and `DEALLOCATE` drop them on the server themselves (nothing left to deallocate). Nil:
    /// `sql` changes nothing kept.
    package mutating func forgetAll(ifInvalidatedBy sql: String) -> [String]? {
        guard let word = Self.firstKeyword(sql) else { return nil }
        if ["DISCARD", "DEALLOCATE"].contains(word) {
            _ = forgetAll()
            return []
        }
        guard ["CREATE", "ALTER", "DROP", "TRUNCATE", "COMMENT", "GRANT", "REVOKE", "REINDEX", "IMPORT"].contains(word)
        else { return nil }
        return forgetAll()
    }

    /// Whether a failure means the server's copy of a kept statement is unusable: it is gone
    /// (`26000`, a pooler that moved the session, `DEALLOCATE` elsewhere) or its result columns
    /// changed since it was prepared (`0A000`, "cached plan must not change result type").
    package static func isStale(sqlState: String?, message: String) -> Bool {
        sqlState == "26000" || (sqlState == "0A000" && message.contains("cached plan must not change result type"))
    }

    private static func isKeepable(_ sql: String) -> Bool {
        guard let word = firstKeyword(sql) else { return false }
        return ["SELECT", "WITH", "INSERT", "UPDATE", "DELETE", "VALUES"].contains(word)
    }

    /// The statement's first word, upper-cased, after white space and `--` comments.
    static func firstKeyword(_ sql: String) -> String? {
        var rest = Substring(sql)
        while true {
            rest = rest.drop(while: { $0.isWhitespace || $0 == "(" })
            guard rest.hasPrefix("--") else { break }
            rest = rest.drop(while: { $0 != "\n" })
        }
        let word = rest.prefix(while: { $0.isLetter })
        return word.isEmpty ? nil : word.uppercased()
    }
}
