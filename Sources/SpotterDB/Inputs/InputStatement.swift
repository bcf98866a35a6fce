import Foundation

/// What a migration statement does to a relation, when it creates or changes one: the
/// migrator's external-inputs mode passes over those whose relation is the product's.
struct InputStatement: Hashable {
    /// How the statement touches the relation.
    enum Action: String {
        case createTable = "CREATE TABLE"
        case createIndex = "CREATE INDEX"
        case createTrigger = "CREATE TRIGGER"
        case alterTable = "ALTER TABLE"
        case dropTrigger = "DROP TRIGGER"
        case comment = "COMMENT"
    }

    var action: Action
    /// The relation's name without the `spotter.` qualifier, lower-cased.
    var relation: String

    /// Reads the statement's head: `CREATE [UNIQUE] INDEX … ON [ONLY] [spotter.]name`,
    /// `CREATE TABLE [IF NOT EXISTS] [spotter.]name`, `CREATE [OR REPLACE] [CONSTRAINT] TRIGGER … ON
    /// [spotter.]name`, `ALTER TABLE [IF EXISTS] [ONLY] [spotter.]name`, `DROP TRIGGER … ON …`,
    /// `COMMENT ON TABLE|COLUMN [spotter.]name…`. Anything else is nil.
    init?(_ statement: String) {
        let tokens = Self.tokens(SQLScript.strippingLeadingComments(statement), limit: 40)
        guard tokens.count >= 3 else { return nil }
        func name(after position: Int) -> String? {
            var index = position
            while index < tokens.count, ["ONLY", "IF", "NOT", "EXISTS"].contains(tokens[index].uppercased()) {
                index += 1
            }
            guard index < tokens.count else { return nil }
            return Self.unqualified(tokens[index])
        }
        let upper = tokens.map { $0.uppercased() }
        switch (upper[0], upper[1]) {
        case ("CREATE", "TABLE"):
            guard let relation = name(after: 2) else { return nil }
            self.init(action: .createTable, relation: relation)
        case ("ALTER", "TABLE"):
            guard let relation = name(after: 2) else { return nil }
            self.init(action: .alterTable, relation: relation)
        case ("COMMENT", "ON"):
            guard upper.count > 3, upper[2] == "TABLE" || upper[2] == "COLUMN",
                var relation = name(after: 3)
            else { return nil }
            if upper[2] == "COLUMN", let dot = relation.lastIndex(of: ".") { relation = String(relation[..<dot]) }
            self.init(action: .comment, relation: relation)
        case ("CREATE", _), ("DROP", "TRIGGER"):
            let head = upper.prefix(6)
            let action: Action
            if head.contains("INDEX") {
                action = .createIndex
            } else if head.contains("TRIGGER") {
                action = upper[0] == "DROP" ? .dropTrigger : .createTrigger
            } else {
                return nil
            }
            guard let on = upper.firstIndex(of: "ON"), let relation = name(after: on + 1) else { return nil }
            self.init(action: action, relation: relation)
        default:
            return nil
        }
    }

    init(action: Action, relation: String) {
        self.action = action
        self.relation = relation
    }

    /// `spotter.users` → `users`; `users` stays; `"users"` loses its quotes.
    static func unqualified(_ token: String) -> String {
        var name = token.lowercased()
        if name.hasPrefix("spotter.") { name.removeFirst("spotter.".count) }
        return name.replacingOccurrences(of: "\"", with: "")
    }

    /// Words and dotted names of the statement's head (identifiers, keywords), up to `limit`.
    static func tokens(_ text: Substring, limit: Int) -> [String] {
        var tokens: [String] = []
        var current = ""
        for character in text {
            if character.isLetter || character.isNumber || character == "_" || character == "." || character == "\"" {
                current.append(character)
            } else {
                if !current.isEmpty { tokens.append(current) }
                current = ""
                if tokens.count >= limit || character == "(" { break }
            }
        }
        if !current.isEmpty, tokens.count < limit { tokens.append(current) }
        return tokens
    }
}
