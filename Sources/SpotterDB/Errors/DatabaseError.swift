/// A database failure: an opaque ``Code`` plus context.
///
/// Never carries bound values or passwords: messages that echo input (PostgreSQL's
/// `invalid input syntax …: "…"`) have the echoed values redacted, details that list row contents
/// are dropped, and only the statement text (never its binds) is kept.
public struct DatabaseError: Error, Sendable, CustomStringConvertible {
    /// What kind of failure this is. Compare with the static members; new codes may be added.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private let name: String

        private init(_ name: String) {
            self.name = name
        }

        /// The configuration string or value is not usable (bad URL, bad path).
        public static let invalidConfiguration = Code("invalidConfiguration")
        /// Could not connect or open the database (retrying may help).
        public static let connectionFailed = Code("connectionFailed")
        /// An established connection went away (server restart, terminated backend).
        public static let connectionLost = Code("connectionLost")
        /// Any other error reported by the server or library.
        public static let server = Code("server")
        /// A unique or primary-key constraint rejected the row.
        public static let uniqueViolation = Code("uniqueViolation")
        /// Another integrity constraint (not null, foreign key, check, exclusion) rejected the row.
        public static let constraintViolation = Code("constraintViolation")
        /// The statement was cancelled (task cancellation, statement timeout).
        public static let cancelled = Code("cancelled")
        /// A value could not be read as the requested type, or a column is missing.
        public static let decoding = Code("decoding")
        /// The database or transaction is read-only.
        public static let readOnly = Code("readOnly")
        /// SQLite: the database is locked by another connection beyond the busy timeout.
        public static let busy = Code("busy")
        /// The API was used in a way it does not support (wrong bind count, closed connection…).
        public static let misuse = Code("misuse")

        /// The code's name, e.g. `uniqueViolation`.
        public var description: String { name }
    }

    /// What kind of failure this is.
    public var code: Code
    /// The server or library message, on one line.
    public var message: String
    /// The PostgreSQL SQLSTATE, when the server sent one.
    public var sqlState: String?
    /// The SQLite extended result code.
    public var sqliteCode: Int32?
    /// The statement (whitespace collapsed, truncated to about 500 characters); never its binds.
    public var sql: String?

    /// Creates an error; `message` and `sql` are flattened to one line and `sql` truncated.
    public init(
        _ code: Code, _ message: String, sqlState: String? = nil, sqliteCode: Int32? = nil, sql: String? = nil
    ) {
        self.code = code
        self.message = DatabaseError.oneLine(message)
        self.sqlState = sqlState
        self.sqliteCode = sqliteCode
        self.sql = sql.map { DatabaseError.truncated(DatabaseError.oneLine($0), to: 500) }
    }

    /// `<code>: <message> [SQLSTATE x] (statement: …)` on one line.
    public var description: String {
        var text = "\(code): \(message)"
        if let sqlState { text += " [SQLSTATE \(sqlState)]" }
        if let sqliteCode { text += " [SQLite \(sqliteCode)]" }
        if let sql { text += " (statement: \(sql))" }
        return text
    }

    /// True for errors after which the connection is gone: callers may reconnect and retry.
    /// A read-write session's ``isReadOnlyServer`` error counts: the connection is dropped, and
    /// the next one (libpq's `target_session_attrs=read-write`) finds the server that is primary now.
    public var isConnectionError: Bool {
        if code == .connectionFailed || code == .connectionLost || isReadOnlyServer { return true }
        guard let sqlState else { return false }
        return sqlState.hasPrefix("08") || ["57P01", "57P02", "57P03"].contains(sqlState)
    }

    /// True when PostgreSQL refused a write because the session is read-only (SQLSTATE 25006):
    /// connected to a hot standby, or to a primary that a failover fenced read-only. Not the
    /// statement's fault: the same write succeeds on the primary.
    public var isReadOnlyServer: Bool { sqlState == "25006" }

    /// True for PostgreSQL's data exceptions (SQLSTATE class 22: a value of the wrong form, like
    /// `'abc'` for a bigint id, out of range, or a division by zero): the same input fails the
    /// same way again, so retrying cannot help.
    public var isDataException: Bool { sqlState?.hasPrefix("22") == true }

    /// Collapses runs of whitespace (newlines, tabs) into single spaces and trims the ends.
    static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    static func truncated(_ text: String, to limit: Int) -> String {
        text.count <= limit ? text : String(text.prefix(limit)) + "…"
    }
}
