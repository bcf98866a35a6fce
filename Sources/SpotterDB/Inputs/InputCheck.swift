import Foundation

/// One way an input relation does not meet the ``InputContract``, with how to fix it.
public struct InputProblem: Sendable, Hashable, CustomStringConvertible {
    /// The relation, `spotter.<name>`.
    public var relation: String
    /// What is wrong.
    public var problem: String
    /// What to do about it.
    public var fix: String

    /// A problem of `relation` (`spotter.<name>`), with its fix.
    public init(relation: String, problem: String, fix: String) {
        self.relation = relation
        self.problem = problem
        self.fix = fix
    }

    /// One line: `spotter.messages: … — fix: …`.
    public var description: String { "\(relation): \(problem) — fix: \(fix)" }
}

/// `spotter check-inputs`: validates the input relations (the product's views, or Spotter's
/// own tables) against the ``InputContract``: each relation present; each column present with a
/// compatible type (PostgreSQL; SQLite has no column types to check); no NULL where the
/// contract forbids it and no value outside an enumeration (one scan of each relation); and an
/// index on the tables behind each relation for every lookup the shard queries make (the
/// planner's plan for that lookup, with sequential scans disabled, must use an index condition).
public enum InputCheck {
    /// Every problem found, in contract order; empty when the inputs meet the contract.
    public static func problems(in session: DatabaseSession) throws -> [InputProblem] {
        var problems: [InputProblem] = []
        for relation in InputContract.relations {
            problems += try check(relation, in: session)
        }
        if session.backend == .postgres { problems += try joinedIDProblems(in: session) }
        return problems
    }

    /// Whether input relation `name` (in schema `spotter`) exists, as a table or a view.
    public static func relationExists(_ name: String, in session: DatabaseSession) throws -> Bool {
        try RelationKind.of(name, in: session) != nil
    }

    /// The columns of input relation `name` with their types (PostgreSQL's `format_type`, e.g.
    /// `text[]`; SQLite's declared type, maybe empty); empty when it does not exist.
    public static func columns(of name: String, in session: DatabaseSession) throws -> [String: String] {
        try relationExists(name, in: session) ? columnTypes(name, in: session) : [:]
    }

    /// Whether column `column` of input relation `relation` exists with a type a query can read
    /// as a tag list (`tags`) or as one value: on PostgreSQL an array type for tags and any other
    /// for a value; on SQLite, whose columns declare no array type (tags are JSON text), any
    /// column. ``problems(in:)`` reports a missing column or a wrong type.
    public static func columnReadable(
        _ relation: String, _ column: String, tags: Bool, in session: DatabaseSession
    ) throws -> Bool {
        guard let type = try columns(of: relation, in: session)[column] else { return false }
        return session.backend != .postgres || type.hasSuffix("[]") == tags
    }

    /// Ids that point at each other (`relation.column` → `relation.id`): Spotter compares them
    /// directly, so they must share a type (bigint with bigint, uuid with uuid, text with text).
    static let joinedIDs: [(from: String, column: String, to: String)] = [
        ("trainer_clients", "trainer_id", "users"), ("trainer_clients", "client_id", "users"),
        ("profiles", "user_id", "users"), ("program_workouts", "program_id", "programs"),
        ("enrollments", "user_id", "users"), ("enrollments", "program_id", "programs"),
        ("workout_sessions", "user_id", "users"), ("workout_sessions", "workout_id", "program_workouts"),
        ("session_sets", "session_id", "workout_sessions"), ("conversations", "user_id", "users"),
        ("conversations", "counterpart_id", "users"), ("messages", "conversation_id", "conversations"),
        ("messages", "sender_id", "users"), ("check_ins", "user_id", "users"),
    ]

    /// One problem per joined id whose type differs from the id it points at (PostgreSQL: SQLite
    /// compares by value).
    static func joinedIDProblems(in session: DatabaseSession) throws -> [InputProblem] {
        var types: [String: [String: String]] = [:]
        func type(_ relation: String, _ column: String) throws -> String? {
            if types[relation] == nil {
                types[relation] =
                    try RelationKind.of(relation, in: session) == nil ? [:] : columnTypes(relation, in: session)
            }
            return types[relation]?[column].map(normalized)
        }
        func normalized(_ type: String) -> String {
            let base = type.split(separator: "(")[0].trimmingCharacters(in: .whitespaces)
            switch base {
            case "smallint", "integer", "bigint": return "bigint"
            case "character varying", "character", "citext", "name": return "text"
            default: return base
            }
        }
        var problems: [InputProblem] = []
        for join in joinedIDs {
            guard let from = try type(join.from, join.column), let to = try type(join.to, "id"), from != to else {
                continue
            }
            problems.append(
                InputProblem(
                    relation: "spotter.\(join.from)",
                    problem: "column \(join.column) is \(from), but spotter.\(join.to).id, which it names, is \(to)",
                    fix:
                        "expose both with one type: `CAST(… AS \(to)) AS \(join.column)` (or change spotter.\(join.to).id)"
                ))
        }
        return problems
    }

    static func check(_ relation: InputContract.Relation, in session: DatabaseSession) throws -> [InputProblem] {
        let name = "spotter.\(relation.name)"
        guard try RelationKind.of(relation.name, in: session) != nil else {
            let columns = relation.columns.map(\.name).joined(separator: ", ")
            return [
                InputProblem(
                    relation: name, problem: "does not exist",
                    fix: "CREATE VIEW \(name) AS SELECT … over your table, with the columns \(columns)")
            ]
        }
        var problems: [InputProblem] = []
        let types = try columnTypes(relation.name, in: session)
        var usable: [InputContract.Column] = []
        for column in relation.columns {
            guard let type = types[column.name] else {
                problems.append(
                    InputProblem(
                        relation: name, problem: "column \(column.name) is missing",
                        fix: "add `… AS \(column.name)` (\(column.kind.label)) to the view"))
                continue
            }
            if session.backend == .postgres, let wrong = typeProblem(column, type: type) {
                problems.append(InputProblem(relation: name, problem: wrong.problem, fix: wrong.fix))
                continue
            }
            usable.append(column)
        }
        problems += try valueProblems(relation, columns: usable, in: session)
        let present = Set(usable.map(\.name))
        // The full-text lookup reads deleted_at too: without it (reported above) it cannot run.
        for path in relation.accessPaths
        where path.columns.allSatisfy(present.contains) && (!path.fullText || present.contains("deleted_at")) {
            if path.fullText, session.backend != .postgres { continue }
            if let problem = try indexProblem(relation.name, path, in: session) { problems.append(problem) }
        }
        return problems
    }

    /// Column name → type (PostgreSQL's `format_type`; SQLite's declared type, maybe empty).
    static func columnTypes(_ relation: String, in session: DatabaseSession) throws -> [String: String] {
        let rows: [Row]
        switch session.backend {
        case .postgres:
            rows = try session.query(
                """
                SELECT a.attname::text AS name, format_type(a.atttypid, a.atttypmod) AS type
                FROM pg_catalog.pg_attribute a
                JOIN pg_catalog.pg_class c ON c.oid = a.attrelid
                JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
                WHERE n.nspname = 'spotter' AND c.relname = $1 AND a.attnum > 0 AND NOT a.attisdropped
                """, [.text(relation)])
        case .sqlite:
            rows = try session.query(
                "SELECT name, coalesce(type, '') AS type FROM pragma_table_info($1)", [.text(relation)])
        }
        var types: [String: String] = [:]
        for row in rows { types[try row.string("name")] = try row.string("type") }
        return types
    }

    /// Whether a PostgreSQL type fits the column's kind, and the fix when it does not.
    static func typeProblem(_ column: InputContract.Column, type: String) -> (problem: String, fix: String)? {
        let base = type.split(separator: "(")[0].trimmingCharacters(in: .whitespaces)
        let integers = ["smallint", "integer", "bigint"]
        let texts = ["text", "character varying", "character", "citext", "name"]
        let fits: Bool
        let fix: String
        switch column.kind {
        case .id:
            fits = integers.contains(base) || base == "uuid" || texts.contains(base)
            fix = "expose the id as bigint, uuid or text (`CAST(… AS text) AS \(column.name)`)"
        case .integer:
            fits = integers.contains(base)
            fix = "cast it: `CAST(… AS integer) AS \(column.name)`"
        case .text:
            fits = texts.contains(base)
            fix = "cast it: `CAST(… AS text) AS \(column.name)`"
        case .instant:
            fits = base == "timestamp with time zone"
            fix =
                base == "timestamp without time zone"
                ? "say which zone it is in: `… AT TIME ZONE 'UTC' AS \(column.name)` (if it holds UTC)"
                : "expose it as timestamptz: `CAST(… AS timestamptz) AS \(column.name)`"
        case .tags:
            fits = type == "text[]" || type.hasPrefix("character varying") && type.hasSuffix("[]")
            fix = "expose the tags as text[]: `CAST(… AS text[]) AS \(column.name)`"
        case .number:
            fits = integers.contains(base) || ["double precision", "real", "numeric"].contains(base)
            fix = "cast it: `CAST(… AS double precision) AS \(column.name)`"
        case .flag:
            fits = base == "boolean"
            fix = "cast it: `CAST(… AS boolean) AS \(column.name)`"
        }
        return fits ? nil : ("column \(column.name) is \(type), not \(column.kind.label)", fix)
    }

    /// NULLs where the contract forbids them and values outside an enumeration, in one scan.
    static func valueProblems(
        _ relation: InputContract.Relation, columns: [InputContract.Column], in session: DatabaseSession
    ) throws -> [InputProblem] {
        var measures: [(alias: String, sql: String, column: InputContract.Column, isNull: Bool)] = []
        for (index, column) in columns.enumerated() {
            if !column.nullable {
                measures.append(("n\(index)", "\(column.name) IS NULL", column, true))
            }
            if !column.allowed.isEmpty {
                let list = column.allowed.map { "'\($0)'" }.joined(separator: ", ")
                measures.append(
                    (
                        "v\(index)", "\(column.name) IS NOT NULL AND CAST(\(column.name) AS text) NOT IN (\(list))",
                        column, false
                    ))
            }
        }
        guard !measures.isEmpty else { return [] }
        let select = measures.map { "coalesce(sum(CASE WHEN \($0.sql) THEN 1 ELSE 0 END), 0) AS \($0.alias)" }
        let row = try session.query("SELECT \(select.joined(separator: ", ")) FROM spotter.\(relation.name)")[0]
        var problems: [InputProblem] = []
        for measure in measures {
            let count = try row.int64(measure.alias)
            guard count > 0 else { continue }
            let rows = count == 1 ? "1 row has" : "\(count) rows have"
            let name = measure.column.name
            if measure.isNull {
                problems.append(
                    InputProblem(
                        relation: "spotter.\(relation.name)", problem: "\(rows) NULL in \(name)",
                        fix: "give a value in the view (`coalesce(…, …) AS \(name)`) or leave those rows out"))
            } else {
                let allowed = measure.column.allowed.joined(separator: ", ")
                problems.append(
                    InputProblem(
                        relation: "spotter.\(relation.name)", problem: "\(rows) a \(name) outside \(allowed)",
                        fix: "map your values in the view (`CASE … END AS \(name)`)"))
            }
        }
        return problems
    }
}
