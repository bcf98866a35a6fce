import Foundation

/// Who provides the input relations (`users`, `messages`, … see ``InputContract``).
public enum InputsMode: String, Sendable, CaseIterable {
    /// Spotter's migrations create them as tables (the demo, the tests, new deployments).
    case spotter
    /// The product defines them, as views over its own tables, before `spotter migrate`; the
    /// migrations leave them alone.
    case external
}

/// How a relation of schema `spotter` exists, if it does.
enum RelationKind: Equatable {
    /// A table (Spotter's own, or a product's table of that name).
    case table
    /// A view, materialized view or foreign table: the product's.
    case product

    /// The kind of `spotter.<name>` (PostgreSQL) or `<name>` (SQLite), nil when absent.
    static func of(_ name: String, in session: DatabaseSession) throws -> RelationKind? {
        switch session.backend {
        case .postgres:
            let rows = try session.query(
                """
                SELECT c.relkind::text AS kind FROM pg_catalog.pg_class c
                JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
                WHERE n.nspname = 'spotter' AND c.relname = $1
                """, [.text(name)])
            guard let kind = try rows.first?.string("kind") else { return nil }
            return kind == "r" || kind == "p" ? .table : .product
        case .sqlite:
            let rows = try session.query(
                "SELECT type FROM sqlite_master WHERE name = $1 AND type IN ('table', 'view')", [.text(name)])
            guard let kind = try rows.first?.string("type") else { return nil }
            return kind == "table" ? .table : .product
        }
    }
}

extension Migrator {
    /// True when `spotter.<relation>` is the product's (a view, materialized view or foreign
    /// table): e.g. whether `spotter.messages` has Spotter's triggers (a table) or not (a view).
    public static func isProductRelation(_ relation: String, in session: DatabaseSession) throws -> Bool {
        try RelationKind.of(relation, in: session) == .product
    }

    /// The mode a run works in: the one asked for; or else, on a database migrated before,
    /// `external` when an input relation is the product's (it stays so); or else Spotter's.
    static func resolveMode(_ asked: InputsMode?, migratedBefore: Bool, session: DatabaseSession) throws
        -> InputsMode
    {
        if let asked { return asked }
        guard migratedBefore else { return .spotter }
        for name in InputContract.names where try RelationKind.of(name, in: session) == .product {
            return .external
        }
        return .spotter
    }

    /// Before the first migration: in external mode every input relation must exist; in
    /// Spotter's mode none may be the product's. Problems name each relation and the fix.
    static func checkInputsBeforeFirstMigration(mode: InputsMode, session: DatabaseSession) throws {
        var missing: [String] = []
        var product: [String] = []
        for name in InputContract.names {
            switch try RelationKind.of(name, in: session) {
            case nil: missing.append(name)
            case .product: product.append(name)
            case .table: break
            }
        }
        let qualified = { (names: [String]) in names.map { "spotter.\($0)" }.joined(separator: ", ") }
        if mode == .external, !missing.isEmpty {
            throw DatabaseError(
                .invalidConfiguration,
                "--inputs external: \(qualified(missing)) \(missing.count == 1 ? "does" : "do") not exist; create "
                    + "\(missing.count == 1 ? "it" : "them") as views over your tables first (docs/product-tables.md"
                    + "), or run `spotter migrate` without --inputs external to let Spotter "
                    + "create its own tables")
        }
        if mode == .spotter, !product.isEmpty {
            throw DatabaseError(
                .invalidConfiguration,
                "\(qualified(product)) already \(product.count == 1 ? "exists" : "exist") as your view(s): run "
                    + "`spotter migrate --inputs external` to keep them and leave the input tables to your product")
        }
    }

    /// Runs one migration. Statements that would create, alter, index or put a trigger on a
    /// relation that is the product's (a view…), and `CREATE TABLE` of an input relation that
    /// already exists in external mode, are passed over and described in `skipped`; the rest
    /// runs in order. A migration with nothing to pass over runs as one script, as always.
    static func run(
        _ migration: Migration, mode: InputsMode, session: DatabaseSession, skipped: inout [String],
        beforeTextIDs: inout BeforeTextIDs
    ) throws {
        let statements = SQLScript.statements(migration.sql)
        let touched = statements.map(InputStatement.init)
        if mode == .external, session.backend == .postgres, migration.version < textIDsVersion {
            try runBeforeTextIDs(
                statements, touched, migration: migration, session: session, skipped: &skipped, state: &beforeTextIDs)
            return
        }
        let replaced = statements.map {
            isReplacedSQLiteSearchRebuild($0, migration: migration, mode: mode, session: session)
        }
        guard touched.contains(where: { $0 != nil }) || replaced.contains(true) else {
            try session.executeScript(migration.sql)
            return
        }
        // Product relations exist before the migration runs (Spotter only creates tables), so
        // the decisions can all be made before the first statement runs.
        var passedOver: [String] = []
        var kept: [String] = []
        for ((statement, target), isReplaced) in zip(zip(statements, touched), replaced) {
            if let target, try passesOver(target, mode: mode, session: session) {
                passedOver.append("\(target.action.rawValue) on spotter.\(target.relation)")
            } else if isReplaced {
                passedOver.append("the message search rebuild (022_text_ids.sql rebuilds it with keys of its own)")
            } else {
                kept.append(statement)
            }
        }
        guard !passedOver.isEmpty else {
            try session.executeScript(migration.sql)
            return
        }
        for statement in kept { try session.executeScript(statement) }
        skipped += passedOver.map { "\(migration.fileName): \($0)" }
    }

    /// SQLite, external inputs, before 022: 016's `INSERT INTO messages_search (messages_search)
    /// VALUES ('rebuild')` reads the product's message ids as FTS5 rowids, which a UUID or text id
    /// cannot be (SQLite then reports a malformed database). 022 drops that index and builds one
    /// with integer keys of its own, so the rebuild is passed over; nothing else is.
    static func isReplacedSQLiteSearchRebuild(
        _ statement: String, migration: Migration, mode: InputsMode, session: DatabaseSession
    ) -> Bool {
        guard mode == .external, session.backend == .sqlite, migration.version < textIDsVersion else { return false }
        let words = SQLScript.strippingLeadingComments(statement).lowercased()
            .split(whereSeparator: { $0.isWhitespace || $0 == "(" || $0 == ")" }).joined(separator: " ")
        return words == "insert into messages_search messages_search values 'rebuild'"
    }

    /// The migration (022) from which result tables hold ids as text and compare them with the
    /// input relations' ids in the inputs' own types.
    static let textIDsVersion = 22

    /// Over a product's views, the migrations before 022 compare bigint result columns with the
    /// views' ids, which may be uuid or text: such a view, function or backfill fails with
    /// "operator does not exist". Each statement runs under a savepoint; one that fails so is
    /// passed over, and 022 creates those objects again with the comparisons its id types need.
    ///
    /// So that this cannot hide a real error, a failure is passed over only when all hold
    /// (``BeforeTextIDs/passesOver(_:statement:)``): the run started on a database with no
    /// migration recorded (Spotter's tables are new and empty, so a passed-over backfill had
    /// nothing to fill); its SQLSTATE is one a type mismatch raises (below); and a missing
    /// relation or function (42P01, 42883 other than "operator does not exist") is one passed
    /// over before. After 022, every view or function passed over must exist again
    /// (``BeforeTextIDs/verify(in:)``), else the migration fails naming it. Any other failure
    /// stops the migration.
    private static func runBeforeTextIDs(
        _ statements: [String], _ touched: [InputStatement?], migration: Migration, session: DatabaseSession,
        skipped: inout [String], state: inout BeforeTextIDs
    ) throws {
        for (statement, target) in zip(statements, touched) {
            if let target, try passesOver(target, mode: .external, session: session) {
                skipped.append("\(migration.fileName): \(target.action.rawValue) on spotter.\(target.relation)")
                continue
            }
            try session.executeScript("SAVEPOINT spotter_before_text_ids")
            do {
                try session.executeScript(statement)
                try session.executeScript("RELEASE SAVEPOINT spotter_before_text_ids")
            } catch let error as DatabaseError where state.passesOver(error, statement: statement) {
                try session.executeScript("ROLLBACK TO SAVEPOINT spotter_before_text_ids")
                try session.executeScript("RELEASE SAVEPOINT spotter_before_text_ids")
                state.record(statement, migration: migration, error: error)
                let head =
                    statement.split(whereSeparator: \.isNewline).first(where: {
                        !$0.trimmingCharacters(in: .whitespaces).hasPrefix("--")
                            && !$0.trimmingCharacters(in: .whitespaces).isEmpty
                    }).map { String($0.prefix(60)) } ?? "a statement"
                skipped.append("\(migration.fileName): \(head) (your ids' types; 022_text_ids.sql makes it again)")
            }
        }
    }

    private static func passesOver(_ target: InputStatement, mode: InputsMode, session: DatabaseSession) throws
        -> Bool
    {
        guard let kind = try RelationKind.of(target.relation, in: session) else { return false }
        if kind == .product { return true }
        return mode == .external && target.action == .createTable && InputContract.names.contains(target.relation)
    }
}

/// What the external-inputs migrations before 022 passed over (PostgreSQL), to decide the next
/// failure and to check, after 022, that each view and function passed over exists again.
struct BeforeTextIDs {
    /// No migration was recorded when the run started: Spotter's tables are new and empty.
    var fresh: Bool
    /// Views and functions (unqualified, lower-cased) whose creation was passed over, with the
    /// migration and error that made it so.
    private(set) var objects: [String: String] = [:]

    /// SQLSTATEs a uuid or text key meeting a bigint column raises. 42883: no such operator
    /// (uuid = bigint) or function; 42804: datatype mismatch; 42846: cannot cast; 42P01: a
    /// relation passed over before; 42P16/42P17: an invalid view or object over those types.
    static let typeMismatch: Set<String> = ["42883", "42804", "42846", "42P01", "42P16", "42P17"]

    init(fresh: Bool) {
        self.fresh = fresh
    }

    /// Whether `error`, raised by `statement`, is a consequence of the product's id types.
    func passesOver(_ error: DatabaseError, statement: String) -> Bool {
        guard fresh, let state = error.sqlState, Self.typeMismatch.contains(state) else { return false }
        let message = error.message.lowercased()
        if state == "42P01" || (state == "42883" && !message.contains("operator does not exist")) {
            // A missing relation or function is a real error unless it is one passed over.
            return objects.keys.contains { message.contains($0) }
        }
        return true
    }

    /// Notes the view or function `statement` would have created.
    mutating func record(_ statement: String, migration: Migration, error: DatabaseError) {
        guard let name = Self.createdObject(statement) else { return }
        objects[name] = "\(migration.fileName) (\(error.sqlState ?? "?"): \(DatabaseError.oneLine(error.message)))"
    }

    /// `CREATE [OR REPLACE] [MATERIALIZED] VIEW|FUNCTION [spotter.]name` → `name`.
    static func createdObject(_ statement: String) -> String? {
        let words = SQLScript.strippingLeadingComments(statement)
            .split(whereSeparator: { $0.isWhitespace || $0 == "(" }).prefix(6).map { $0.lowercased() }
        guard words.first == "create" else { return nil }
        guard let kind = words.firstIndex(where: { $0 == "view" || $0 == "function" }), kind + 1 < words.count else {
            return nil
        }
        return InputStatement.unqualified(words[kind + 1])
    }

    /// After 022: each view or function passed over exists again (022 made it with the product's
    /// id types); otherwise the migration fails, naming it and the error it was passed over for.
    func verify(in session: DatabaseSession) throws {
        for (name, origin) in objects.sorted(by: { $0.key < $1.key }) {
            let exists =
                try session.query(
                    """
                    SELECT EXISTS (SELECT 1 FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
                                   WHERE n.nspname = 'spotter' AND c.relname = $1)
                        OR EXISTS (SELECT 1 FROM pg_catalog.pg_proc p JOIN pg_catalog.pg_namespace n ON n.oid = p.pronamespace
                                   WHERE n.nspname = 'spotter' AND p.proname = $1) AS present
                    """, [.text(name)]
                ).first?.bool("present") ?? false
            guard exists else {
                throw DatabaseError(
                    .invalidConfiguration,
                    "spotter.\(name) was passed over in \(origin) as a consequence of your ids' types, but "
                        + "022_text_ids.sql did not create it again: this is a real error in the migrations")
            }
        }
    }
}
