/// A statement prepared once and run many times with different binds. Bound to the session
/// that prepared it: use it only inside that session's closure.
///
/// PostgreSQL prepares it server-side on first use for each combination of bind types (so a NULL
/// in one call and a value in the next both work); the server copy is deallocated lazily after
/// this object goes away. SQLite keeps one `sqlite3_stmt`.
public final class PreparedStatement {
    private let statement: any PreparedDriverStatement
    private let session: DatabaseSession

    init(_ statement: any PreparedDriverStatement, session: DatabaseSession) {
        self.statement = statement
        self.session = session
    }

    /// Runs the statement with `binds` and returns all rows.
    public func query(_ binds: [SQLValue]) throws -> [Row] {
        try session.checkOpen()
        return try statement.query(binds)
    }

    /// Runs the statement with `binds` and returns the number of rows affected.
    @discardableResult
    public func execute(_ binds: [SQLValue]) throws -> Int {
        try session.checkOpen()
        return try statement.execute(binds)
    }
}
