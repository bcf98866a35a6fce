import Foundation

/// A result table's column that holds one of the product's ids (issue 36): it is kept in the type
/// of that key, so it compares with the product's own ids without a cast and either side's index
/// serves the comparison.
public struct ResultKeyColumn: Sendable, Hashable {
    /// The result table, without the `spotter.` qualifier.
    public var table: String
    /// The column.
    public var column: String
    /// Whose key it holds.
    public var key: InputKey

    /// Every result column that holds a product id. `result_errors.subject_id` is not one: it
    /// names a user, a trainer or a conversation, by kind. (PostgreSQL finds them by their domain;
    /// this list is migration 028's.)
    public static let all: [ResultKeyColumn] = [
        .init("profile_stats", "user_id", .user),
        .init("daily_suggestions", "user_id", .user), .init("daily_suggestions", "workout_id", .workout),
        .init("daily_suggestions", "program_id", .program),
        .init("program_recommendations", "user_id", .user), .init("program_recommendations", "program_id", .program),
        .init("inactive_clients", "trainer_id", .user), .init("inactive_clients", "client_id", .user),
        .init("not_messaging_clients", "trainer_id", .user), .init("not_messaging_clients", "client_id", .user),
        .init("checkin_trends", "user_id", .user),
        .init("facts", "user_id", .user),
        .init("fact_sources", "message_id", .message),
        .init("fact_watermarks", "conversation_id", .conversation),
        .init("fact_watermarks", "last_message_id", .message),
        .init("fact_retractions", "message_id", .message), .init("fact_retractions", "user_id", .user),
        .init("session_summaries", "user_id", .user), .init("session_work", "user_id", .user),
        .init("personal_states", "user_id", .user), .init("summary_coverage", "user_id", .user),
        .init("profile_history", "user_id", .user),
    ]

    init(_ table: String, _ column: String, _ key: InputKey) {
        self.table = table
        self.column = column
        self.key = key
    }
}

extension Migrator {
    /// Makes the result columns follow the product's key types, on every `migrate` (a product
    /// that replaced Spotter's bigint tables by views over its own uuid or text tables, or changed
    /// a key): PostgreSQL re-makes each key domain whose type changed and converts its columns
    /// (`spotter.follow_key_types`, migration 028; Spotter's views are dropped there and created
    /// again by ``restoreViews(in:)`` right after); SQLite gives each column the affinity of its
    /// key's `id` (see ``followKeyAffinities(in:)``). Returns one line per change.
    func followKeyTypes(in session: DatabaseSession) throws -> [String] {
        switch session.backend {
        case .postgres:
            let present = try session.query(
                "SELECT to_regprocedure('spotter.follow_key_types(text[])') IS NOT NULL AS present")
            guard try present.first?.bool("present") == true else { return [] }
            // View names are plain identifiers (``views`` reads them from the migrations).
            let names = "{" + views.map(\.name).joined(separator: ",") + "}"
            let rows = try session.query(
                "SELECT unnest(spotter.follow_key_types(CAST($1 AS text[]))) AS change", [.text(names)])
            return try rows.map { try $0.string("change") }
        case .sqlite:
            return try Self.followKeyAffinities(in: session)
        }
    }

    /// SQLite: each result column of ``ResultKeyColumn/all`` gets the type affinity of its key's
    /// `id` (an INTEGER product id: `BIGINT`, so `p.user_id = u.id` compares as integers and the
    /// result table's index serves a lookup by the product's id; TEXT, or no declared type: `TEXT`,
    /// so a uid "007" stays "007"). SQLite cannot alter a column's type: the declared type is
    /// changed in the table's stored definition (SQLite's documented `writable_schema` procedure
    /// for changes that leave the stored rows readable, with the schema version raised so every
    /// other connection reads it again), then every row is written again so its id takes the new
    /// affinity ('42' becomes 42, or back). Inside the migration's transaction.
    static func followKeyAffinities(in session: DatabaseSession) throws -> [String] {
        var wanted: [InputKey: String] = [:]
        for key in Set(ResultKeyColumn.all.map(\.key)) {
            let rows = try session.query(
                "SELECT coalesce(type, '') AS type FROM pragma_table_info($1) WHERE name = 'id'", [.text(key.relation)])
            guard let type = try rows.first?.string("type") else { continue }
            wanted[key] = declaredType(forAffinityOf: type)
        }
        var changes: [(table: String, column: String, type: String)] = []
        var followed: [String] = []
        for column in ResultKeyColumn.all {
            guard let type = wanted[column.key] else { continue }
            let rows = try session.query(
                "SELECT coalesce(type, '') AS type FROM pragma_table_info($1) WHERE name = $2",
                [.text(column.table), .text(column.column)])
            guard let current = try rows.first?.string("type") else { continue }
            guard affinity(of: current) != affinity(of: type) else { continue }
            changes.append((column.table, column.column, type))
            let line = "\(column.key.rawValue): \(affinity(of: current)) -> \(affinity(of: type))"
            if !followed.contains(line) { followed.append(line) }
        }
        guard !changes.isEmpty else { return [] }
        var definitions: [String: String] = [:]
        for change in changes where definitions[change.table] == nil {
            let rows = try session.query(
                "SELECT sql FROM sqlite_schema WHERE type = 'table' AND name = $1", [.text(change.table)])
            definitions[change.table] = try rows.first?.string("sql")
        }
        for change in changes {
            guard let sql = definitions[change.table],
                let changed = withDeclaredType(change.type, of: change.column, in: sql)
            else {
                throw DatabaseError(
                    .invalidConfiguration,
                    "cannot find the definition of \(change.table).\(change.column) to give it the type \(change.type)")
            }
            definitions[change.table] = changed
        }
        let version = try session.query("PRAGMA schema_version").first?.int("schema_version") ?? 0
        try session.executeScript("PRAGMA writable_schema = ON")
        do {
            for (table, sql) in definitions.sorted(by: { $0.key < $1.key }) {
                try session.execute(
                    "UPDATE sqlite_schema SET sql = $1 WHERE type = 'table' AND name = $2", [.text(sql), .text(table)])
            }
            try session.executeScript("PRAGMA schema_version = \(version + 1)")
            try session.executeScript("PRAGMA writable_schema = RESET")
        } catch {
            try? session.executeScript("PRAGMA writable_schema = RESET")
            throw error
        }
        for change in changes {
            try session.execute("UPDATE \(change.table) SET \(change.column) = \(change.column)")
        }
        return followed
    }

    /// The declared type a result column gets for a key declared `type`: the same affinity,
    /// spelled so that a `PRIMARY KEY` column never becomes a rowid alias (`BIGINT`, not
    /// `INTEGER`); no declared type (BLOB affinity) keeps `TEXT`.
    static func declaredType(forAffinityOf type: String) -> String {
        switch affinity(of: type) {
        case "INTEGER": "BIGINT"
        case "REAL": "REAL"
        case "NUMERIC": "NUMERIC"
        default: "TEXT"
        }
    }

    /// SQLite's affinity of a declared type (its rules 1–5), with BLOB read as TEXT.
    static func affinity(of type: String) -> String {
        let upper = type.uppercased()
        if upper.contains("INT") { return "INTEGER" }
        if upper.contains("CHAR") || upper.contains("CLOB") || upper.contains("TEXT") { return "TEXT" }
        if upper.isEmpty || upper.contains("BLOB") { return "TEXT" }
        if upper.contains("REAL") || upper.contains("FLOA") || upper.contains("DOUB") { return "REAL" }
        return "NUMERIC"
    }

    /// `sql` (a `CREATE TABLE`) with the declared type of `column`'s definition replaced by
    /// `type`; nil when no definition `column <type word>` follows a `(` or `,` (and comments).
    static func withDeclaredType(_ type: String, of column: String, in sql: String) -> String? {
        // After `(` or `,`, and any `-- comment` lines between.
        let pattern =
            "([(,]\\s*(?:--[^\\n]*\\n\\s*)*)\(NSRegularExpression.escapedPattern(for: column))(\\s+)([A-Za-z]+)\\b"
        guard let regex = try? NSRegularExpression(pattern: pattern),
            let match = regex.firstMatch(in: sql, range: NSRange(sql.startIndex..., in: sql)),
            let typeRange = Range(match.range(at: 3), in: sql)
        else { return nil }
        let word = sql[typeRange].uppercased()
        guard !["PRIMARY", "NOT", "NULL", "REFERENCES", "UNIQUE", "CHECK", "DEFAULT"].contains(word) else { return nil }
        return sql.replacingCharacters(in: typeRange, with: type)
    }
}
