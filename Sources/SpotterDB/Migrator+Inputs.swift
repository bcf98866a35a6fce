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
                    + "\(missing.count == 1 ? "it" : "them") as views over your tables first (README: Running on "
                    + "your product's tables), or run `spotter migrate` without --inputs external to let Spotter "
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
        _ migration: Migration, mode: InputsMode, session: DatabaseSession, skipped: inout [String]
    ) throws {
        let statements = SQLScript.statements(migration.sql)
        let touched = statements.map(InputStatement.init)
        if mode == .external, session.backend == .postgres, migration.version < textIDsVersion {
            try runBeforeTextIDs(statements, touched, migration: migration, session: session, skipped: &skipped)
            return
        }
        guard touched.contains(where: { $0 != nil }) else {
            try session.executeScript(migration.sql)
            return
        }
        // Product relations exist before the migration runs (Spotter only creates tables), so
        // the decisions can all be made before the first statement runs.
        var passedOver: [String] = []
        var kept: [String] = []
        for (statement, target) in zip(statements, touched) {
            if let target, try passesOver(target, mode: mode, session: session) {
                passedOver.append("\(target.action.rawValue) on spotter.\(target.relation)")
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

    /// The migration (022) from which result tables hold ids as text and compare them with the
    /// input relations' ids in the inputs' own types.
    static let textIDsVersion = 22

    /// Over a product's views, the migrations before 022 compare bigint result columns with the
    /// views' ids, which may be uuid or text: such a view, function or backfill fails with
    /// "operator does not exist". Each statement runs under a savepoint; one that fails so (or
    /// names a view passed over before) is passed over, and 022 creates those objects again
    /// with the comparisons its id types need. Any other failure stops the migration.
    private static func runBeforeTextIDs(
        _ statements: [String], _ touched: [InputStatement?], migration: Migration, session: DatabaseSession,
        skipped: inout [String]
    ) throws {
        // 42883: no such operator (uuid = bigint); 42804: datatype mismatch; 42P01: a relation
        // passed over before; 42P17/42P16: an invalid object definition over those types.
        let typeMismatch: Set<String> = ["42883", "42804", "42P01", "42P16", "42P17", "42846"]
        for (statement, target) in zip(statements, touched) {
            if let target, try passesOver(target, mode: .external, session: session) {
                skipped.append("\(migration.fileName): \(target.action.rawValue) on spotter.\(target.relation)")
                continue
            }
            try session.executeScript("SAVEPOINT spotter_before_text_ids")
            do {
                try session.executeScript(statement)
                try session.executeScript("RELEASE SAVEPOINT spotter_before_text_ids")
            } catch let error as DatabaseError where error.sqlState.map(typeMismatch.contains) == true {
                try session.executeScript("ROLLBACK TO SAVEPOINT spotter_before_text_ids")
                try session.executeScript("RELEASE SAVEPOINT spotter_before_text_ids")
                let head = statement.split(whereSeparator: \.isNewline).first(where: {
                    !$0.trimmingCharacters(in: .whitespaces).hasPrefix("--") && !$0.trimmingCharacters(in: .whitespaces).isEmpty
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
