import CLibPQ
import Logging

extension PostgresDriver {
    func query(_ sql: String, _ binds: [SQLValue]) throws -> [Row] {
        let result = try run(sql, binds)
        defer { PQclear(result) }
        return rows(of: result)
    }

    @discardableResult
    func execute(_ sql: String, _ binds: [SQLValue]) throws -> Int {
        let result = try run(sql, binds)
        defer { PQclear(result) }
        return affectedRows(of: result)
    }

    func executeScript(_ sql: String) throws {
        try checkUsable(sql)
        // A script may change any relation a kept statement reads.
        pendingDeallocations.append(contentsOf: keptStatements.forgetAll())
        let result = try cancellable(sql) { try checked(PQexec(connection, sql), sql: sql, binds: []) }
        PQclear(result)
    }

    func beginTransaction(immediate: Bool) throws {
        _ = try execute("BEGIN", [])
    }

    func forEachRow(_ sql: String, _ binds: [SQLValue], _ body: (Row) throws -> Void) throws {
        try checkUsable(sql)
        try cancellable(sql) {
            try withKeptStatement(sql, binds) { name in try stream(sql, binds, kept: name, body) }
        }
    }

    /// Sends one statement (the kept one named `kept`, else unnamed) and hands its rows to `body`
    /// one at a time (single-row mode).
    private func stream(_ sql: String, _ binds: [SQLValue], kept: String?, _ body: (Row) throws -> Void) throws {
        let sent = try PostgresValues.withParameters(binds, sql: sql) { count, types, values in
            if let kept {
                PQsendQueryPrepared(connection, kept, count, values, nil, nil, 0)
            } else {
                PQsendQueryParams(connection, sql, count, types, values, nil, nil, 0)
            }
        }
        guard sent == 1 else { throw error(from: nil, sql: sql, binds: binds) }
        PQsetSingleRowMode(connection)
        streaming = true
        defer { streaming = false }
        var columns: ColumnTable?
        var failure: (any Error)?
        // Read every result even after a failure, so the connection is ready for the next statement.
        while let result = PQgetResult(connection) {
            defer { PQclear(result) }
            let status = PQresultStatus(result)
            if status == PGRES_SINGLE_TUPLE {
                guard failure == nil else { continue }
                let table = columns ?? columnTable(of: result)
                columns = table
                do {
                    try body(Row(columns: table, values: values(of: result, row: 0)))
                } catch {
                    failure = error
                }
            } else if status != PGRES_TUPLES_OK && status != PGRES_COMMAND_OK && failure == nil {
                failure = error(from: result, sql: sql, binds: binds)
            }
        }
        if let failure { throw failure }
    }

    func prepare(_ sql: String) throws -> any PreparedDriverStatement {
        try checkUsable(sql)
        return PostgresPreparedStatement(driver: self, sql: sql)
    }

    /// Runs one statement with `PQexecParams` (text format); returns the successful result.
    func run(_ sql: String, _ binds: [SQLValue]) throws -> OpaquePointer {
        try checkUsable(sql)
        return try cancellable(sql) {
            try withKeptStatement(sql, binds) { name in
                let result = try PostgresValues.withParameters(binds, sql: sql) { count, types, values in
                    if let name {
                        PQexecPrepared(connection, name, count, values, nil, nil, 0)
                    } else {
                        PQexecParams(connection, sql, count, types, values, nil, nil, 0)
                    }
                }
                return try checked(result, sql: sql, binds: binds)
            }
        }
    }

    /// Runs `body` with the name of `sql`'s kept statement (preparing it first when the cache says
    /// so), or nil to run it unnamed; see ``StatementCache``. When the server's copy turns out
    /// stale, the statement is forgotten and, outside a transaction, `body` runs once more unnamed;
    /// inside one the error stands (the transaction is aborted either way) and the next run
    /// prepares it again.
    func withKeptStatement<T>(_ sql: String, _ binds: [SQLValue], _ body: (String?) throws -> T) throws -> T {
        if let stale = keptStatements.forgetAll(ifInvalidatedBy: sql) {
            pendingDeallocations.append(contentsOf: stale)
            return try body(nil)
        }
        let types = binds.map(PostgresValues.type(of:))
        let key = StatementCache.Key(sql: sql, types: types)
        var evicted: [String] = []
        let plan = keptStatements.plan(for: key, evicted: &evicted)
        pendingDeallocations.append(contentsOf: evicted)
        let name: String
        switch plan {
        case .unnamed:
            return try body(nil)
        case .run(let kept):
            name = kept
        case .prepare(let kept):
            do {
                try prepareNamed(kept, sql, types: types)
            } catch {
                keptStatements.forget(key)
                throw error
            }
            name = kept
        }
        do {
            return try body(name)
        } catch let error as DatabaseError
            where StatementCache.isStale(sqlState: error.sqlState, message: error.message)
        {
            keptStatements.forget(key)
            // 26000: the server has no such statement; otherwise it still holds the stale one.
            if error.sqlState != "26000" { pendingDeallocations.append(name) }
            logger.debug(
                "a kept prepared statement went stale; it is forgotten",
                metadata: ["sqlstate": "\(error.sqlState ?? "")", "in_transaction": "\(transactionState != .idle)"])
            guard transactionState == .idle else { throw error }
            return try body(nil)
        }
    }

    /// Prepares `sql` on the server as `name`, with its parameters' types (`PQprepare`).
    func prepareNamed(_ name: String, _ sql: String, types: [Oid]) throws {
        let prepared = types.withUnsafeBufferPointer { typeBuffer in
            PQprepare(connection, name, sql, Int32(types.count), typeBuffer.baseAddress)
        }
        PQclear(try checked(prepared, sql: sql, binds: []))
    }

    func columnTable(of result: OpaquePointer) -> ColumnTable {
        ColumnTable(names: (0..<PQnfields(result)).map { String(cString: PQfname(result, $0)) })
    }

    func values(of result: OpaquePointer, row: Int32) -> [SQLValue] {
        let count = PQnfields(result)
        var values: [SQLValue] = []
        values.reserveCapacity(Int(count))
        for column in 0..<count {
            values.append(PostgresValues.decode(result, row: row, column: column, type: PQftype(result, column)))
        }
        return values
    }

    func rows(of result: OpaquePointer) -> [Row] {
        let rowCount = PQntuples(result)
        let columnCount = PQnfields(result)
        guard rowCount > 0 else { return [] }
        let table = columnTable(of: result)
        let types = (0..<columnCount).map { PQftype(result, $0) }
        var rows: [Row] = []
        rows.reserveCapacity(Int(rowCount))
        for row in 0..<rowCount {
            var values: [SQLValue] = []
            values.reserveCapacity(Int(columnCount))
            for column in 0..<columnCount {
                values.append(PostgresValues.decode(result, row: row, column: column, type: types[Int(column)]))
            }
            rows.append(Row(columns: table, values: values))
        }
        return rows
    }

    func affectedRows(of result: OpaquePointer) -> Int {
        guard let tuples = PQcmdTuples(result) else { return 0 }
        return Int(String(cString: tuples)) ?? 0
    }
}

/// A server-side prepared statement, prepared lazily for each combination of bind types.
final class PostgresPreparedStatement: PreparedDriverStatement {
    private let driver: PostgresDriver
    private let sql: String
    private var namesByTypes: [[Oid]: String] = [:]

    init(driver: PostgresDriver, sql: String) {
        self.driver = driver
        self.sql = sql
    }

    deinit {
        driver.pendingDeallocations.append(contentsOf: namesByTypes.values)
    }

    func query(_ binds: [SQLValue]) throws -> [Row] {
        let result = try run(binds)
        defer { PQclear(result) }
        return driver.rows(of: result)
    }

    func execute(_ binds: [SQLValue]) throws -> Int {
        let result = try run(binds)
        defer { PQclear(result) }
        return driver.affectedRows(of: result)
    }

    private func run(_ binds: [SQLValue]) throws -> OpaquePointer {
        try driver.checkUsable(sql)
        let types = binds.map(PostgresValues.type(of:))
        return try driver.cancellable(sql) {
            let name: String
            if let existing = namesByTypes[types] {
                name = existing
            } else {
                driver.nextStatementNumber += 1
                name = "spotter_statement_\(driver.nextStatementNumber)"
                try driver.prepareNamed(name, sql, types: types)
                namesByTypes[types] = name
            }
            let result = try PostgresValues.withParameters(binds, sql: sql) { count, _, values in
                PQexecPrepared(driver.connection, name, count, values, nil, nil, 0)
            }
            return try driver.checked(result, sql: sql, binds: binds)
        }
    }
}
