import CLibPQ

extension PostgresDriver {
    /// Bytes sent per `PQputCopyData` call.
    static let copyChunkSize = 256 * 1024

    /// `COPY table (columns) FROM STDIN` in text format. One statement, so a failure anywhere
    /// (a constraint, a bad row) leaves nothing behind.
    func copy<Rows: Sequence>(into table: String, columns: [String], rows: Rows) throws -> Int
    where Rows.Element == [SQLValue] {
        let sql = "COPY \(table) (\(columns.joined(separator: ", "))) FROM STDIN"
        try checkUsable(sql)
        return try cancellable(sql) {
            PQclear(try checked(PQexec(connection, sql), sql: sql, binds: []))
            var buffer: [UInt8] = []
            buffer.reserveCapacity(Self.copyChunkSize + 64 * 1024)
            var count = 0
            var clientFailure: (any Error)?
            var sendFailed = false
            do {
                for row in rows {
                    try DatabaseError.checkCopied(row, number: count + 1, columns: columns, table: table, sql: sql)
                    for (index, value) in row.enumerated() {
                        if index > 0 { buffer.append(UInt8(ascii: "\t")) }
                        try PostgresValues.appendCopyField(value, to: &buffer)
                    }
                    buffer.append(UInt8(ascii: "\n"))
                    count += 1
                    if buffer.count >= Self.copyChunkSize {
                        guard send(buffer) else {
                            sendFailed = true
                            break
                        }
                        buffer.removeAll(keepingCapacity: true)
                    }
                }
                if !sendFailed, !buffer.isEmpty { sendFailed = !send(buffer) }
            } catch {
                clientFailure = error
            }
            if !sendFailed {
                _ = PQputCopyEnd(connection, clientFailure == nil ? nil : "aborted by the client")
            }
            var serverFailure: DatabaseError?
            var written = count
            while let result = PQgetResult(connection) {
                defer { PQclear(result) }
                let status = PQresultStatus(result)
                if status == PGRES_COMMAND_OK {
                    written = affectedRows(of: result)
                } else if status == PGRES_COPY_IN {
                    // Still in COPY (a send failed before the server answered): end it as failed.
                    _ = PQputCopyEnd(connection, "aborted by the client")
                } else if serverFailure == nil {
                    serverFailure = error(from: result, sql: sql, binds: [])
                }
            }
            if let clientFailure { throw clientFailure }
            if let serverFailure { throw serverFailure }
            if sendFailed { throw error(from: nil, sql: sql, binds: []) }
            return written
        }
    }

    private func send(_ buffer: [UInt8]) -> Bool {
        buffer.withUnsafeBufferPointer { bytes in
            bytes.baseAddress!.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                PQputCopyData(connection, $0, Int32(bytes.count)) == 1
            }
        }
    }
}
