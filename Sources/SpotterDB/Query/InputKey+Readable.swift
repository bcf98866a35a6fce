public import SpotterIDs

extension InputKey {
    /// The input relation this key belongs to.
    public var relation: String {
        switch self {
        case .user: "users"
        case .conversation: "conversations"
        case .message: "messages"
        case .program: "programs"
        case .workout: "program_workouts"
        }
    }

    /// The type of the input relation's id: on PostgreSQL the base type of the domain migration
    /// 022 made (`bigint`, `uuid`, `text`…), on SQLite the declared type of the relation's `id`.
    public func idType(in session: DatabaseSession) throws -> String {
        switch session.backend {
        case .postgres:
            return try session.query(
                """
                SELECT format_type(t.typbasetype, t.typtypmod) AS type FROM pg_catalog.pg_type t
                JOIN pg_catalog.pg_namespace n ON n.oid = t.typnamespace
                WHERE n.nspname = 'spotter' AND t.typname = $1
                """, [.text(rawValue)]
            ).first?.string("type") ?? "text"
        case .sqlite:
            return try session.query(
                "SELECT coalesce(type, '') AS type FROM pragma_table_info($1) WHERE name = 'id'", [.text(relation)]
            ).first?.string("type") ?? ""
        }
    }

    /// Whether an id column of `type` can hold `text` at all: an integer type only a decimal
    /// integer, `uuid` only a UUID, any other type anything. An id it cannot hold names nobody:
    /// callers answer "not an id here" instead of the database's invalid_text_representation.
    public static func canHold(_ text: String, type: String) -> Bool {
        let type = type.lowercased()
        if type.contains("int") { return Int64(text) != nil }
        if type == "uuid" {
            // PostgreSQL also reads a UUID without hyphens or in braces.
            let digits = text.filter { !"{}-".contains($0) }
            return digits.count == 32 && digits.allSatisfy(\.isHexDigit)
        }
        return true
    }

    /// ``canHold(_:type:)`` for `id` and this key's type in `session`'s database.
    public func canHold<Entity>(_ id: EntityID<Entity>, in session: DatabaseSession) throws -> Bool {
        Self.canHold(id.text, type: try idType(in: session))
    }
}
