public import SpotterIDs
import Synchronization

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
    ///
    /// Read from the catalog once per connection and kept (a catalog query per request was most
    /// of a small read's round trips). ``InputKeyTypes/invalidate()`` (every `migrate` of this
    /// process calls it) makes each connection read it again; ``canHold(_:in:)`` reads it again
    /// before refusing an id, so a type changed by another process (a product that recreated its
    /// views and keys) never makes Spotter refuse a valid id.
    public func idType(in session: DatabaseSession) throws -> String {
        let generation = InputKeyTypes.generation
        if let cached = session.driver.inputKeyTypes[rawValue], cached.generation == generation {
            return cached.type
        }
        let type = try readIDType(in: session)
        session.driver.inputKeyTypes[rawValue] = (type, generation)
        return type
    }

    /// ``idType(in:)`` from the catalog, not the connection's cache (which it refreshes).
    public func currentIDType(in session: DatabaseSession) throws -> String {
        session.driver.inputKeyTypes[rawValue] = nil
        return try idType(in: session)
    }

    private func readIDType(in session: DatabaseSession) throws -> String {
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

    /// ``canHold(_:type:)`` for `id` and this key's type in `session`'s database. A refusal is
    /// checked against the catalog first (``currentIDType(in:)``), never made from the cache alone.
    public func canHold<Entity>(_ id: EntityID<Entity>, in session: DatabaseSession) throws -> Bool {
        if Self.canHold(id.text, type: try idType(in: session)) { return true }
        return Self.canHold(id.text, type: try currentIDType(in: session))
    }

    /// Why `id` cannot be one of this relation's ids (`'ana' is not a user id: spotter.users' ids
    /// are bigint`), or nil when the key type can hold it (see ``canHold(_:in:)``).
    public func refusal<Entity>(of id: EntityID<Entity>, in session: DatabaseSession) throws -> String? {
        guard try !canHold(id, in: session) else { return nil }
        return "'\(id)' is not a \(Entity.noun) id: spotter.\(relation)' ids are \(try idType(in: session))"
    }
}

extension InputKey {
    /// The smallest id of this key's type, as SQL: a bound that sorts before every id, so that a
    /// row comparison `(t, id) > (…, smallest)` stays a row range (an index condition) where a
    /// NULL would make it unknown. On PostgreSQL a typed minimum of the key's type (an integer
    /// type's least value, the zero UUID, the empty text, which sorts first in every collation);
    /// on SQLite, which sorts every integer before any text, the least 64-bit integer bounds
    /// either kind of id.
    public func smallestID(in session: DatabaseSession) throws -> SQLQuery {
        guard session.backend == .postgres else { return "-9223372036854775808" }
        let literal: String
        switch try idType(in: session) {
        case "bigint": literal = "-9223372036854775808"
        case "integer": literal = "-2147483648"
        case "smallint": literal = "-32768"
        case "uuid": literal = "00000000-0000-0000-0000-000000000000"
        default: literal = ""  // text: the empty string sorts first in every collation
        }
        return "CAST('\(unescaped: literal)' AS spotter.\(unescaped: rawValue))"
    }
}

/// The generation of the connections' cached key types (``InputKey/idType(in:)``).
public enum InputKeyTypes {
    private static let counter = Atomic<Int>(0)

    static var generation: Int { counter.load(ordering: .acquiring) }

    /// Makes every connection of this process read the key types again (after a migration).
    public static func invalidate() {
        counter.add(1, ordering: .releasing)
    }
}
