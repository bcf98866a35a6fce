import Foundation

extension InputCheck {
    /// The lookup's SQL: equality on every column but the last, a range on the last (one column:
    /// equality); full text: the search's predicate.
    static func lookup(_ relation: String, _ path: InputContract.AccessPath) -> String {
        if path.fullText {
            let column = path.columns[0]
            return
                "SELECT 1 FROM spotter.\(relation) WHERE to_tsvector('english', \(column)) @@ CAST($1 AS tsquery) AND deleted_at IS NULL"
        }
        var conditions: [String] = []
        for (index, column) in path.columns.enumerated() {
            let isLast = index == path.columns.count - 1 && path.columns.count > 1
            conditions.append("\(column) \(isLast ? ">=" : "=") $\(index + 1)")
        }
        return "SELECT 1 FROM spotter.\(relation) WHERE \(conditions.joined(separator: " AND "))"
    }

    /// A problem when the planner cannot serve the lookup with an index on the tables behind the
    /// relation: a sequential scan, or an index scan with no index condition (PostgreSQL, with
    /// sequential scans disabled and a generic plan); a `SCAN` step (SQLite's query plan).
    static func indexProblem(_ relation: String, _ path: InputContract.AccessPath, in session: DatabaseSession) throws
        -> InputProblem?
    {
        let sql = lookup(relation, path)
        var scanned: [String] = []
        switch session.backend {
        case .postgres:
            let plan: String = try session.withTransaction {
                try session.execute("SET LOCAL enable_seqscan = off")
                try session.execute("SET LOCAL plan_cache_mode = force_generic_plan")
                try session.executeScript("PREPARE spotter_check_inputs AS \(sql)")
                defer { try? session.executeScript("DEALLOCATE spotter_check_inputs") }
                let nulls = Array(repeating: "NULL", count: path.fullText ? 1 : path.columns.count)
                let rows = try session.query(
                    "EXPLAIN (FORMAT JSON, VERBOSE) EXECUTE spotter_check_inputs(\(nulls.joined(separator: ", ")))")
                return try rows.map { try $0.string(at: 0) }.joined(separator: "\n")
            }
            let document = try JSONSerialization.jsonObject(with: Data(plan.utf8))
            collectUnindexedScans(document, into: &scanned)
        case .sqlite:
            let binds = Array(repeating: SQLValue.null, count: path.columns.count)
            for row in try session.query("EXPLAIN QUERY PLAN \(sql)", binds) {
                let detail = try row.string("detail")
                guard detail.hasPrefix("SCAN ") else { continue }
                // Only a table read whole counts: a view with no rows (`WHERE 1 = 0`) is a SCAN of
                // the view itself, and costs nothing.
                let name = String(detail.dropFirst(5).prefix { $0 != " " })
                let kind = try session.query("SELECT type FROM sqlite_master WHERE name = $1", [.text(name)])
                if try kind.first?.string("type") == "table" { scanned.append(name) }
            }
        }
        guard !scanned.isEmpty else { return nil }
        let tables = Array(Set(scanned)).sorted()
        let columns = path.columns.joined(separator: ", ")
        let what = path.fullText ? "full-text search of \(columns)" : "lookups by (\(columns))"
        let fix: String
        if path.fullText {
            fix =
                "CREATE INDEX ON \(tables[0]) USING gin (to_tsvector('english', <the column behind body>)) WHERE <not deleted>"
        } else {
            fix = "CREATE INDEX ON \(tables[0]) (<the columns behind \(columns)>)"
        }
        return InputProblem(
            relation: "spotter.\(relation)",
            problem: "no index serves \(what): the shard queries would scan all of \(tables.joined(separator: ", "))",
            fix: fix)
    }

    /// The tables of an `EXPLAIN (FORMAT JSON)` plan read without an index condition.
    static func collectUnindexedScans(_ node: Any, into tables: inout [String]) {
        if let list = node as? [Any] {
            for item in list { collectUnindexedScans(item, into: &tables) }
            return
        }
        guard let object = node as? [String: Any] else { return }
        if let type = object["Node Type"] as? String, let table = object["Relation Name"] as? String {
            let schema = (object["Schema"] as? String).map { "\($0)." } ?? ""
            let indexed = object["Index Cond"] != nil
            if type == "Seq Scan" || ((type == "Index Scan" || type == "Index Only Scan") && !indexed) {
                tables.append(schema + table)
            }
        }
        for value in object.values { collectUnindexedScans(value, into: &tables) }
    }
}
