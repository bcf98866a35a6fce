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
    /// relation: a sequential scan, an index scan with no index condition, or one on an index
    /// whose leading column is not the one behind the lookup's first (equality) column
    /// (PostgreSQL, with sequential scans disabled and a generic plan); a `SCAN` step (SQLite's
    /// query plan). On PostgreSQL the fix names the product's own columns, read from the plan.
    static func indexProblem(_ relation: String, _ path: InputContract.AccessPath, in session: DatabaseSession) throws
        -> InputProblem?
    {
        let sql = lookup(relation, path)
        var scanned: [String] = []
        var fix: String?
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
            var nodes: [ScanNode] = []
            collectScans(document, into: &nodes)
            for node in nodes where try !node.servesLookup(path, in: session) {
                scanned.append(node.table)
                if fix == nil { fix = node.fix(for: path) }
            }
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
        let fallback =
            path.fullText
            ? "CREATE INDEX ON \(tables[0]) USING gin (to_tsvector('english', <the column behind body>)) "
                + "WHERE <the condition behind deleted_at IS NULL>"
            : "CREATE INDEX ON \(tables[0]) (<the columns behind \(columns)>)"
        return InputProblem(
            relation: "spotter.\(relation)",
            problem: "no index serves \(what): the shard queries would scan all of \(tables.joined(separator: ", "))",
            fix: fix ?? fallback)
    }

    /// The table scans of an `EXPLAIN (FORMAT JSON, VERBOSE)` plan.
    static func collectScans(_ node: Any, into scans: inout [ScanNode]) {
        if let list = node as? [Any] {
            for item in list { collectScans(item, into: &scans) }
            return
        }
        guard let object = node as? [String: Any] else { return }
        if let scan = ScanNode(object) { scans.append(scan) }
        for value in object.values { collectScans(value, into: &scans) }
    }
}

/// One scan of a table in a PostgreSQL plan, with the conditions it applies.
struct ScanNode {
    /// `schema.table`.
    var table: String
    /// What the plan's conditions qualify the table's columns with (VERBOSE).
    var alias: String
    /// `Seq Scan`, `Index Scan`, `Index Only Scan`, `Bitmap Heap Scan`.
    var type: String
    /// The index used, if any.
    var indexName: String?
    /// The conditions the index serves (`Recheck Cond` for a bitmap scan).
    var indexCondition: String?
    /// The conditions checked on each row read.
    var filter: String?

    init?(_ object: [String: Any]) {
        guard let type = object["Node Type"] as? String, let table = object["Relation Name"] as? String,
            ["Seq Scan", "Index Scan", "Index Only Scan", "Bitmap Heap Scan"].contains(type)
        else { return nil }
        self.table = ((object["Schema"] as? String).map { "\($0)." } ?? "") + table
        self.alias = object["Alias"] as? String ?? table
        self.type = type
        indexName = object["Index Name"] as? String
        indexCondition = object["Index Cond"] as? String
        filter = object["Filter"] as? String
        if type == "Bitmap Heap Scan" {
            indexCondition = object["Recheck Cond"] as? String
            var names: [String] = []
            Self.collectIndexNames(object["Plans"] as Any, into: &names)
            indexName = names.first
        }
    }

    private static func collectIndexNames(_ node: Any, into names: inout [String]) {
        if let list = node as? [Any] {
            for item in list { collectIndexNames(item, into: &names) }
        } else if let object = node as? [String: Any] {
            if let name = object["Index Name"] as? String { names.append(name) }
            collectIndexNames(object["Plans"] as Any, into: &names)
        }
    }

    /// Every top-level `AND` operand of the scan's conditions (index condition first).
    var conjuncts: [String] {
        [indexCondition, filter].compactMap { $0 }.flatMap(Self.conjuncts)
    }

    /// `((a = $1) AND (b >= $2))` → `(a = $1)`, `(b >= $2)`.
    static func conjuncts(_ condition: String) -> [String] {
        var text = Substring(condition.trimmingCharacters(in: .whitespaces))
        while text.hasPrefix("("), text.hasSuffix(")"), closes(text) { text = text.dropFirst().dropLast() }
        var parts: [String] = []
        var depth = 0
        var inQuote = false
        var start = text.startIndex
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character == "'" { inQuote.toggle() }
            if !inQuote {
                if character == "(" { depth += 1 }
                if character == ")" { depth -= 1 }
                if depth == 0, text[index...].hasPrefix(" AND ") {
                    parts.append(String(text[start..<index]))
                    index = text.index(index, offsetBy: 5)
                    start = index
                    continue
                }
            }
            index = text.index(after: index)
        }
        parts.append(String(text[start...]))
        return parts.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// Whether the first `(` of `text` closes at its last character.
    private static func closes(_ text: Substring) -> Bool {
        var depth = 0
        var inQuote = false
        for (offset, character) in text.enumerated() {
            if character == "'" { inQuote.toggle() }
            guard !inQuote else { continue }
            if character == "(" { depth += 1 }
            if character == ")" {
                depth -= 1
                if depth == 0 { return offset == text.count - 1 }
            }
        }
        return false
    }

    /// The table's columns named in `condition`, in order, once each.
    func columns(in condition: String) -> [String] {
        let prefix = "\(alias)."
        var found: [String] = []
        var rest = Substring(condition)
        while let range = rest.range(of: prefix) {
            let before = range.lowerBound == rest.startIndex ? " " : rest[rest.index(before: range.lowerBound)]
            rest = rest[range.upperBound...]
            guard !(before.isLetter || before.isNumber || before == "_" || before == ".") else { continue }
            let name = String(rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "\"" })
            if !name.isEmpty, !found.contains(name) { found.append(name) }
        }
        return found
    }

    /// The columns behind the lookup's columns, in the lookup's order: the conjunct that binds
    /// parameter `$n` names the column behind the lookup's n-th.
    func columnsBehind(_ path: InputContract.AccessPath) -> [String]? {
        var behind: [String] = []
        for index in path.columns.indices {
            let parameter = "$\(index + 1)"
            guard
                let conjunct = conjuncts.first(where: { conjunct in
                    conjunct.contains(parameter) && !conjunct.contains(parameter + "0")
                }),
                let column = columns(in: conjunct).first
            else { return nil }
            if !behind.contains(column) { behind.append(column) }
        }
        return behind
    }

    /// False when the scan reads the table without an index serving the lookup: a sequential
    /// scan; an index scan without an index condition, or whose condition leaves out the index's
    /// leading column (the whole index is read); or one on an index led by a column other than
    /// those behind the lookup's equality columns, when one of them could lead an index (a plain
    /// column: `coalesce(tz, 'UTC') = $1` cannot, so an id range then serves the lookup).
    func servesLookup(_ path: InputContract.AccessPath, in session: DatabaseSession) throws -> Bool {
        guard type != "Seq Scan", let indexName, let indexCondition else { return false }
        guard !path.fullText else { return true }
        let rows = try session.query(
            """
            SELECT a.attname AS name FROM pg_catalog.pg_index i
            JOIN pg_catalog.pg_class c ON c.oid = i.indexrelid
            JOIN pg_catalog.pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = i.indkey[0]
            WHERE c.relname = $1
            """, [.text(indexName)])
        // An expression index (no column first) is taken as serving what the planner chose it for.
        guard let leading = try rows.first?.string("name") else { return true }
        let conditions = Self.conjuncts(indexCondition)
        guard conditions.contains(where: { columns(in: $0).map(Self.unquoted).contains(leading) }) else { return false }
        let equalities = path.columns.count > 1 ? path.columns.count - 1 : 1
        let plain = (1...equalities).compactMap { plainColumn(comparedWith: "$\($0)") }
        return plain.isEmpty || plain.contains(leading)
    }

    /// The column of a conjunct `alias.column = parameter`, unquoted; nil when the parameter is
    /// compared with anything else (an expression).
    func plainColumn(comparedWith parameter: String) -> String? {
        for conjunct in conjuncts {
            var text = Substring(unqualified(conjunct))
            while text.hasPrefix("("), text.hasSuffix(")") { text = text.dropFirst().dropLast() }
            let sides = text.components(separatedBy: " = ")
            guard sides.count == 2, sides[1] == parameter else { continue }
            let column = sides[0]
            guard column.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "\"" }) else { return nil }
            return Self.unquoted(column)
        }
        return nil
    }

    /// `"Name"` → `Name`.
    static func unquoted(_ name: String) -> String { name.replacingOccurrences(of: "\"", with: "") }

    /// The index that would serve the lookup, in the product's own column names.
    func fix(for path: InputContract.AccessPath) -> String? {
        if path.fullText {
            guard let search = conjuncts.first(where: { $0.contains("to_tsvector") }),
                let body = columns(in: search).first
            else { return nil }
            let others = conjuncts.filter { $0 != search && !$0.contains("$") }
            let condition = others.map(unqualified).joined(separator: " AND ")
            return "CREATE INDEX ON \(table) USING gin (to_tsvector('english', \(body)))"
                + (condition.isEmpty ? "" : " WHERE \(condition)")
        }
        guard let columns = columnsBehind(path) else { return nil }
        return "CREATE INDEX ON \(table) (\(columns.joined(separator: ", ")))"
    }

    /// `condition` without the table's qualifier (`m.removed IS NULL` → `removed IS NULL`).
    func unqualified(_ condition: String) -> String {
        condition.replacingOccurrences(of: "\(alias).", with: "")
    }
}
