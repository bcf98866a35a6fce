import CSQLite
import SpotterCalendar

extension SQLiteDriver {
    func query(_ sql: String, _ binds: [SQLValue]) throws -> [Row] {
        var rows: [Row] = []
        try withStatement(sql, binds) { statement in
            try step(statement, sql: sql, binds: binds) { rows.append($0) }
        }
        return rows
    }

    @discardableResult
    func execute(_ sql: String, _ binds: [SQLValue]) throws -> Int {
        try withStatement(sql, binds) { statement in
            try run(statement, sql: sql, binds: binds)
        }
    }

    func forEachRow(_ sql: String, _ binds: [SQLValue], _ body: (Row) throws -> Void) throws {
        try withStatement(sql, binds) { statement in
            try step(statement, sql: sql, binds: binds, body)
        }
    }

    func executeScript(_ sql: String) throws {
        try checkUsable(sql)
        let rewritten = SchemaQualifier.strip(sql)
        try cancellable(sql) {
            var message: UnsafeMutablePointer<CChar>?
            let status = sqlite3_exec(database, rewritten, nil, nil, &message)
            if let message { sqlite3_free(message) }
            guard status == SQLITE_OK else { throw error(status, sql: sql, binds: []) }
        }
    }

    func prepare(_ sql: String) throws -> any PreparedDriverStatement {
        try checkUsable(sql)
        return SQLitePreparedStatement(driver: self, sql: sql, statement: try compile(sql))
    }

    /// One INSERT stepped per row inside a savepoint; rolled back whole on any failure.
    func copy<Rows: Sequence>(into table: String, columns: [String], rows: Rows) throws -> Int
    where Rows.Element == [SQLValue] {
        let placeholders = (1...columns.count).map { "$\($0)" }.joined(separator: ", ")
        let sql = "INSERT INTO \(table) (\(columns.joined(separator: ", "))) VALUES (\(placeholders))"
        try checkUsable(sql)
        let statement = try compile(sql)
        try execute("SAVEPOINT spotter_copy", [])
        var count = 0
        do {
            for row in rows {
                try DatabaseError.checkCopied(row, number: count + 1, columns: columns, table: table, sql: sql)
                try bind(row, to: statement, sql: sql)
                defer {
                    sqlite3_reset(statement.handle)
                    sqlite3_clear_bindings(statement.handle)
                }
                try cancellable(sql) {
                    let status = sqlite3_step(statement.handle)
                    guard status == SQLITE_DONE || status == SQLITE_ROW else {
                        throw error(status, sql: sql, binds: row)
                    }
                }
                count += 1
            }
            try execute("RELEASE SAVEPOINT spotter_copy", [])
        } catch {
            uncancellable {
                _ = try? execute("ROLLBACK TO SAVEPOINT spotter_copy", [])
                _ = try? execute("RELEASE SAVEPOINT spotter_copy", [])
            }
            throw error
        }
        return count
    }

    /// Runs `body` with a cached or newly compiled statement, bound to `binds`; resets it after
    /// (so no read transaction stays open) and returns it to the cache.
    func withStatement<T>(_ sql: String, _ binds: [SQLValue], _ body: (SQLiteStatement) throws -> T) throws -> T {
        try checkUsable(sql)
        let statement = try statementCache.removeValue(forKey: sql) ?? compile(sql)
        defer {
            sqlite3_reset(statement.handle)
            sqlite3_clear_bindings(statement.handle)
            if !isClosed, statementCache.count < Self.statementCacheLimit, statementCache[sql] == nil {
                statementCache[sql] = statement
            }
        }
        try bind(binds, to: statement, sql: sql)
        return try body(statement)
    }

    /// Compiles one statement (after stripping `spotter.`); rejects trailing statements.
    func compile(_ sql: String) throws -> SQLiteStatement {
        let rewritten = SchemaQualifier.strip(sql)
        return try rewritten.withCString { start in
            var statement: OpaquePointer?
            var tail: UnsafePointer<CChar>?
            let status = sqlite3_prepare_v3(database, start, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, &tail)
            guard status == SQLITE_OK else { throw error(status, sql: sql, binds: []) }
            guard let statement else { throw DatabaseError(.misuse, "the statement is empty", sql: sql) }
            if let tail, tail.pointee != 0 {
                var extra: OpaquePointer?
                sqlite3_prepare_v2(database, tail, -1, &extra, nil)
                if let extra {
                    sqlite3_finalize(extra)
                    sqlite3_finalize(statement)
                    throw DatabaseError(
                        .misuse, "several statements given where one was expected; use executeScript", sql: sql)
                }
            }
            return try SQLiteStatement(statement, sql: sql)
        }
    }

    /// Binds each parameter to the bind at the position its name says (see ``SQLiteStatement``).
    func bind(_ binds: [SQLValue], to statement: SQLiteStatement, sql: String) throws {
        for (offset, position) in statement.positions.enumerated() {
            guard position < binds.count else {
                throw DatabaseError(
                    .misuse, "the statement uses $\(position + 1) but only \(binds.count) binds were given", sql: sql)
            }
            let status = bindValue(binds[position], to: statement.handle, at: Int32(offset + 1))
            guard status == SQLITE_OK else { throw error(status, sql: sql, binds: binds) }
        }
    }

    private func bindValue(_ value: SQLValue, to statement: OpaquePointer, at index: Int32) -> Int32 {
        switch value {
        case .null: sqlite3_bind_null(statement, index)
        case .int(let int): sqlite3_bind_int64(statement, index, int)
        case .double(let double): sqlite3_bind_double(statement, index, double)
        case .bool(let bool): sqlite3_bind_int64(statement, index, bool ? 1 : 0)
        case .text(let text), .json(let text): bindText(text, to: statement, at: index)
        case .timestamp(let date): bindText(TimestampFormat.format(date), to: statement, at: index)
        case .tags(let tags): bindText(JSONStringArray.encode(tags), to: statement, at: index)
        }
    }

    private func bindText(_ text: String, to statement: OpaquePointer, at index: Int32) -> Int32 {
        var text = text
        return text.withUTF8 { bytes in
            guard let base = bytes.baseAddress, !bytes.isEmpty else {
                return sqlite3_bind_text(statement, index, "", 0, SQLiteCodes.transient)
            }
            return base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                sqlite3_bind_text64(
                    statement, index, $0, sqlite3_uint64(bytes.count), SQLiteCodes.transient, UInt8(SQLITE_UTF8))
            }
        }
    }

    /// Steps to completion, handing each row to `body`.
    func step(_ statement: SQLiteStatement, sql: String, binds: [SQLValue], _ body: (Row) throws -> Void) throws {
        let statement = statement.handle
        let columnCount = sqlite3_column_count(statement)
        var columns: ColumnTable?
        try cancellable(sql) {
            while true {
                let status = sqlite3_step(statement)
                if status == SQLITE_DONE { return }
                guard status == SQLITE_ROW else { throw error(status, sql: sql, binds: binds) }
                let table =
                    columns
                    ?? ColumnTable(names: (0..<columnCount).map { String(cString: sqlite3_column_name(statement, $0)) })
                columns = table
                var values: [SQLValue] = []
                values.reserveCapacity(Int(columnCount))
                for column in 0..<columnCount { values.append(value(statement, column)) }
                try body(Row(columns: table, values: values))
            }
        }
    }

    /// Steps to completion ignoring rows; returns rows changed by an INSERT, UPDATE or DELETE,
    /// or, for a read-only statement (SELECT), the rows it returned — as PostgreSQL reports them.
    func run(_ statement: SQLiteStatement, sql: String, binds: [SQLValue]) throws -> Int {
        let before = sqlite3_total_changes64(database)
        var returned = 0
        try step(statement, sql: sql, binds: binds) { _ in returned += 1 }
        if sqlite3_stmt_readonly(statement.handle) != 0 { return returned }
        guard sqlite3_total_changes64(database) != before else { return 0 }
        return Int(sqlite3_changes64(database))
    }

    private func value(_ statement: OpaquePointer, _ column: Int32) -> SQLValue {
        switch sqlite3_column_type(statement, column) {
        case SQLITE_INTEGER:
            return .int(sqlite3_column_int64(statement, column))
        case SQLITE_FLOAT:
            return .double(sqlite3_column_double(statement, column))
        case SQLITE_TEXT:
            let count = Int(sqlite3_column_bytes(statement, column))
            guard let text = sqlite3_column_text(statement, column), count > 0 else { return .text("") }
            return .text(String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self))
        case SQLITE_BLOB:
            let count = Int(sqlite3_column_bytes(statement, column))
            guard let blob = sqlite3_column_blob(statement, column), count > 0 else { return .text("") }
            let bytes = UnsafeRawBufferPointer(start: blob, count: count)
            return .text(String(decoding: bytes, as: UTF8.self))
        default:
            return .null
        }
    }
}

/// A statement compiled once, owned by its ``PreparedStatement``.
final class SQLitePreparedStatement: PreparedDriverStatement {
    private let driver: SQLiteDriver
    private let sql: String
    private let statement: SQLiteStatement

    init(driver: SQLiteDriver, sql: String, statement: SQLiteStatement) {
        self.driver = driver
        self.sql = sql
        self.statement = statement
    }

    func query(_ binds: [SQLValue]) throws -> [Row] {
        var rows: [Row] = []
        try run(binds) { try driver.step(statement, sql: sql, binds: binds) { rows.append($0) } }
        return rows
    }

    func execute(_ binds: [SQLValue]) throws -> Int {
        try run(binds) { try driver.run(statement, sql: sql, binds: binds) }
    }

    private func run<T>(_ binds: [SQLValue], _ body: () throws -> T) throws -> T {
        try driver.checkUsable(sql)
        defer {
            sqlite3_reset(statement.handle)
            sqlite3_clear_bindings(statement.handle)
        }
        try driver.bind(binds, to: statement, sql: sql)
        return try body()
    }
}

/// A compiled `sqlite3_stmt` and, for each of its parameters, which bind it takes.
///
/// Parameters are named `$N` so they bind by name: `$2` before `$1` and a repeated `$1` both
/// work (SQLite gives a repeated name one index). An anonymous `?` takes the bind at its index.
final class SQLiteStatement {
    let handle: OpaquePointer
    /// For parameter index 1…n (at offset 0…n−1), the position in the binds array.
    let positions: [Int]

    init(_ handle: OpaquePointer, sql: String) throws {
        var positions: [Int] = []
        let count = sqlite3_bind_parameter_count(handle)
        if count > 0 {
            for index in 1...count {
                guard let name = sqlite3_bind_parameter_name(handle, index) else {
                    positions.append(Int(index) - 1)
                    continue
                }
                let text = String(cString: name)
                guard text.hasPrefix("$"), let number = Int(text.dropFirst()), number >= 1 else {
                    sqlite3_finalize(handle)
                    throw DatabaseError(.misuse, "unsupported placeholder '\(text)': use $1, $2, …", sql: sql)
                }
                positions.append(number - 1)
            }
        }
        self.handle = handle
        self.positions = positions
    }

    deinit {
        sqlite3_finalize(handle)
    }
}
