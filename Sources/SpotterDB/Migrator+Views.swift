import Foundation

/// One of Spotter's own read views (`chat_context`, `current_facts`, `visible_facts`…) as the
/// migrations last define it: what `spotter migrate` runs again when the view is missing.
public struct ViewDefinition: Sendable, Hashable {
    /// The view's name without the `spotter.` qualifier.
    public var name: String
    /// Its last `CREATE VIEW` and the `ALTER VIEW` / `COMMENT ON VIEW` statements after it.
    public var statements: [String]
}

extension Migrator {
    /// Every view the migrations leave in place, in the order of their last definitions: a
    /// `CREATE [OR REPLACE] VIEW` defines one, a later one replaces it, `DROP VIEW` removes it.
    /// Read from the files themselves, so a view added by a new migration is covered without a
    /// list kept by hand.
    public var views: [ViewDefinition] {
        var order: [String] = []
        var definitions: [String: [String]] = [:]
        for migration in migrations {
            for statement in SQLScript.statements(migration.sql) {
                let tokens = InputStatement.tokens(SQLScript.strippingLeadingComments(statement), limit: 40)
                let upper = tokens.map { $0.uppercased() }
                if let name = Self.createdView(upper, tokens) {
                    order.removeAll { $0 == name }
                    order.append(name)
                    definitions[name] = [statement]
                } else if upper.starts(with: ["DROP", "VIEW"]) {
                    for token in tokens.dropFirst(2)
                    where !["IF", "EXISTS", "CASCADE", "RESTRICT"].contains(token.uppercased()) {
                        let name = InputStatement.unqualified(token)
                        definitions[name] = nil
                        order.removeAll { $0 == name }
                    }
                } else if upper.starts(with: ["ALTER", "VIEW"]) || upper.starts(with: ["COMMENT", "ON", "VIEW"]) {
                    let position = upper[0] == "ALTER" ? 2 : 3
                    var index = position
                    while index < upper.count, ["IF", "EXISTS"].contains(upper[index]) { index += 1 }
                    guard index < tokens.count else { continue }
                    let name = InputStatement.unqualified(tokens[index])
                    definitions[name]?.append(statement)
                }
            }
        }
        return order.compactMap { name in definitions[name].map { ViewDefinition(name: name, statements: $0) } }
    }

    /// `CREATE [OR REPLACE] [TEMP|TEMPORARY] VIEW [IF NOT EXISTS] name`: the name, else nil.
    private static func createdView(_ upper: [String], _ tokens: [String]) -> String? {
        guard upper.first == "CREATE" else { return nil }
        var index = 1
        while index < upper.count, ["OR", "REPLACE", "TEMP", "TEMPORARY", "RECURSIVE"].contains(upper[index]) {
            index += 1
        }
        guard index < upper.count, upper[index] == "VIEW" else { return nil }
        index += 1
        while index < upper.count, ["IF", "NOT", "EXISTS"].contains(upper[index]) { index += 1 }
        guard index < tokens.count else { return nil }
        return InputStatement.unqualified(tokens[index])
    }

    /// The views of ``views`` that do not exist in the database (a `DROP VIEW … CASCADE` on an
    /// input view takes Spotter's views over it with it).
    public func missingViews(in session: DatabaseSession) throws -> [String] {
        try views.filter { try RelationKind.of($0.name, in: session) == nil }.map(\.name)
    }

    /// Creates the missing views again from their last definitions; returns their names. A view
    /// over another missing one waits for it (each attempt in its own savepoint); a view that
    /// still cannot be created throws its error.
    func restoreViews(in session: DatabaseSession) throws -> [String] {
        let missing = Set(try missingViews(in: session))
        var waiting = views.filter { missing.contains($0.name) }
        var restored: [String] = []
        while !waiting.isEmpty {
            var failures: [(ViewDefinition, any Error)] = []
            for view in waiting {
                do {
                    try session.withTransaction {
                        for statement in view.statements { try session.executeScript(statement) }
                    }
                    restored.append(view.name)
                } catch {
                    failures.append((view, error))
                }
            }
            guard failures.count < waiting.count else {
                let (view, error) = failures[0]
                throw DatabaseError(
                    .server, "cannot create Spotter's view \(view.name) again: \(error)")
            }
            waiting = failures.map(\.0)
        }
        return restored
    }
}
