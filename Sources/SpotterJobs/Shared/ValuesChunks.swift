import SpotterDB

extension DatabaseSession {
    /// Rows per multi-row `VALUES` statement: well under both backends' bind limits.
    static let valuesChunk = 1_000

    /// Runs `statement(values)` once per chunk of ``valuesChunk`` rows of `rows`, where `values` is
    /// a multi-row `VALUES (…), (…)` list of binds whose columns are `column1`, `column2`, … on
    /// both backends: the bulk upserts of the kinds' kept state (facts, watermarks, summaries,
    /// personal states, profile histories). Returns the rows affected.
    @discardableResult
    func executeInValuesChunks(_ rows: [[SQLValue]], _ statement: (SQLQuery) -> SQLQuery) throws -> Int {
        guard let width = rows.first?.count, width > 0 else { return 0 }
        precondition(rows.allSatisfy { $0.count == width }, "every VALUES row needs \(width) columns")
        var affected = 0
        var start = 0
        while start < rows.count {
            let chunk = rows[start..<min(start + Self.valuesChunk, rows.count)]
            affected += try execute(statement("\(values: chunk)"))
            start += Self.valuesChunk
        }
        return affected
    }
}
