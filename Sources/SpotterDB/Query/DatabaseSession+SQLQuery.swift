extension DatabaseSession {
    /// Runs one ``SQLQuery`` and returns all its rows.
    public func query(_ query: SQLQuery) throws -> [Row] {
        let (sql, binds) = query.rendered(for: backend)
        return try self.query(sql, binds)
    }

    /// Runs one ``SQLQuery`` and returns the number of rows it inserted, updated or deleted (see
    /// ``execute(_:_:)``).
    @discardableResult
    public func execute(_ query: SQLQuery) throws -> Int {
        let (sql, binds) = query.rendered(for: backend)
        return try execute(sql, binds)
    }

    /// Streams the rows of one ``SQLQuery`` to `body` (see ``forEachRow(_:_:_:)``).
    public func forEachRow(_ query: SQLQuery, _ body: (Row) throws -> Void) throws {
        let (sql, binds) = query.rendered(for: backend)
        try forEachRow(sql, binds, body)
    }
}

extension DatabaseConnection {
    /// Runs one ``SQLQuery`` on a session of this connection and returns all its rows.
    public func query(_ query: SQLQuery) async throws -> [Row] {
        try await withSession { try $0.query(query) }
    }

    /// Runs one ``SQLQuery`` on a session of this connection and returns the number of rows it
    /// inserted, updated or deleted.
    @discardableResult
    public func execute(_ query: SQLQuery) async throws -> Int {
        try await withSession { try $0.execute(query) }
    }
}
