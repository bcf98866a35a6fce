import Foundation

extension DatabaseConfiguration {
    /// Chooses the backend from one string, as given by `--database` or `DATABASE_URL`.
    ///
    /// - `postgresql://…` or `postgres://…`, a libpq keyword string (`host=… dbname=…`), or nil
    ///   or empty (then libpq reads the `PG*` environment variables and `.pgpass`) select
    ///   PostgreSQL. URLs and keyword strings are validated with libpq's own parser.
    /// - `sqlite:PATH`, `sqlite://PATH` (so `sqlite:///abs/file.db`), or a path ending in
    ///   `.sqlite`, `.sqlite3` or `.db` select SQLite; a `?mode=ro` suffix opens it read-only.
    ///
    /// Anything else throws a ``DatabaseError`` with code `.invalidConfiguration` and a one-line
    /// message naming the problem (passwords redacted).
    public static func parse(_ string: String?) throws -> DatabaseConfiguration {
        let text = (string ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        if text.isEmpty { return .postgres("") }
        let lower = text.lowercased()
        if ConninfoRedaction.isURL(text) {
            try validatePostgres(text, what: "database URL")
            return .postgres(text)
        }
        if lower.hasPrefix("sqlite:") {
            let rest =
                lower.hasPrefix("sqlite://") ? text.dropFirst("sqlite://".count) : text.dropFirst("sqlite:".count)
            return try sqliteConfiguration(String(rest), original: text)
        }
        if lower.hasPrefix("postgres") {
            throw invalid(
                "malformed database URL '\(ConninfoRedaction.redact(text))': expected "
                    + "postgresql://[user[:password]@][host][:port][/dbname][?param=value]")
        }
        if let schemeEnd = text.range(of: "://") {
            throw invalid(
                "unsupported database URL scheme '\(text[..<schemeEnd.lowerBound])' in "
                    + "'\(ConninfoRedaction.redact(text))': expected postgresql://, postgres:// or sqlite:")
        }
        let pathPart = text.split(separator: "?", maxSplits: 1).first.map(String.init) ?? text
        if [".sqlite", ".sqlite3", ".db"].contains(where: { pathPart.lowercased().hasSuffix($0) }) {
            return try sqliteConfiguration(text, original: text)
        }
        if text.contains("=") {
            try validatePostgres(text, what: "database conninfo")
            return .postgres(text)
        }
        throw invalid(
            "unrecognised database '\(ConninfoRedaction.redact(text))': expected a postgresql:// URL, a libpq conninfo such as "
                + "'host=localhost dbname=spotter', sqlite:PATH, or a file path ending in .sqlite, .sqlite3 or .db")
    }

    /// A copy pointing at another database on the same PostgreSQL server (same host, port, user,
    /// password and options), as a keyword conninfo. Throws `.misuse` for SQLite.
    public func withDatabaseName(_ name: String) throws -> DatabaseConfiguration {
        guard backend == .postgres else {
            throw DatabaseError(.misuse, "withDatabaseName applies to PostgreSQL configurations only")
        }
        var copy = self
        copy.conninfo = try Conninfo.replacing("dbname", with: name, in: conninfo)
        return copy
    }

    private static func validatePostgres(_ text: String, what: String) throws {
        if let problem = Conninfo.problem(in: text) {
            var message = problem
            for secret in ConninfoRedaction.secrets(in: text) {
                message = message.replacingAll(secret, with: ConninfoRedaction.mask)
            }
            throw invalid("malformed \(what) '\(ConninfoRedaction.redact(text))': \(message)")
        }
    }

    private static func sqliteConfiguration(_ text: String, original: String) throws -> DatabaseConfiguration {
        let parts = text.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let path = String(parts[0])
        guard !path.isEmpty else {
            throw invalid(
                "missing SQLite file path in '\(ConninfoRedaction.redact(original))': expected sqlite:PATH, "
                    + "e.g. sqlite:spotter.db")
        }
        var readOnly = false
        if parts.count == 2 {
            for parameter in parts[1].split(separator: "&") {
                switch parameter.lowercased() {
                case "mode=ro": readOnly = true
                case "mode=rw", "mode=rwc": readOnly = false
                default:
                    throw invalid(
                        "unsupported SQLite option '\(ConninfoRedaction.redact(String(parameter)))' in "
                            + "'\(ConninfoRedaction.redact(original))': only mode=ro is known")
                }
            }
        }
        return .sqlite(path, readOnly: readOnly)
    }

    private static func invalid(_ message: String) -> DatabaseError {
        DatabaseError(.invalidConfiguration, message)
    }
}
