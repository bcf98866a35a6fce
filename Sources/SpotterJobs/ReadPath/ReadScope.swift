public import SpotterDB
public import SpotterIDs

/// Who a caller may read about (the `viewer_scope` view): themselves and, for a trainer, each of
/// their clients; deactivated people are nobody's. Resolved once per request from the database.
public struct ReadScope: Sendable {
    /// One person the caller may read about.
    public struct Person: Sendable, Hashable, Codable {
        /// The user id.
        public var id: UserID
        /// The display name.
        public var name: String
        /// `member`, `client` or `trainer`.
        public var role: String
        /// `active` or `paused`.
        public var status: String
        /// The IANA time zone.
        public var timeZone: String
    }

    /// The caller.
    public var viewer: Person
    /// Whether the caller is a trainer (and so reads about clients).
    public var isTrainer: Bool { viewer.role == "trainer" }

    /// The caller's own row; throws ``ReadScopeError/Code/unknownUser`` for an unknown or
    /// deactivated user.
    public static func load(viewer: UserID, in session: DatabaseSession) throws -> ReadScope {
        guard try InputKey.user.canHold(viewer, in: session) else {
            throw ReadScopeError(.unknownUser, "user \(viewer) does not exist: not an id of spotter.users' type")
        }
        guard
            let row = try session.query(
                """
                SELECT person_id, display_name, role, status, time_zone FROM spotter.viewer_scope
                WHERE viewer_id = \(id: viewer) AND relation = 'self'
                """
            ).first
        else { throw ReadScopeError(.unknownUser, "user \(viewer) does not exist or is deactivated") }
        return ReadScope(viewer: try person(row))
    }

    /// `person` when the caller may read about them (themselves or one of a trainer's clients);
    /// otherwise ``ReadScopeError/Code/outOfScope``, which says no more than the id asked for.
    public func person(_ id: UserID, in session: DatabaseSession) throws -> Person {
        if id == viewer.id { return viewer }
        if let refusal = try InputKey.user.refusal(of: id, in: session) {
            throw ReadScopeError(.invalidArgument, refusal)
        }
        guard
            let row = try session.query(
                """
                SELECT person_id, display_name, role, status, time_zone FROM spotter.viewer_scope
                WHERE viewer_id = \(id: viewer.id) AND person_id = \(id: id)
                """
            ).first
        else {
            throw ReadScopeError(
                .outOfScope,
                isTrainer
                    ? "user \(id) is not one of trainer \(viewer.id)'s clients"
                    : "user \(viewer.id) may only ask about themselves, not about user \(id)")
        }
        return try Self.person(row)
    }

    /// Throws ``ReadScopeError/Code/notTrainer`` unless the caller is a trainer.
    public func requireTrainer(for what: String) throws {
        guard isTrainer else {
            throw ReadScopeError(.notTrainer, "\(what) is for trainers; user \(viewer.id) is a \(viewer.role)")
        }
    }

    static func person(_ row: Row) throws -> Person {
        Person(
            id: try row.id("person_id"), name: try row.string("display_name"), role: try row.string("role"),
            status: try row.string("status"), timeZone: try row.string("time_zone"))
    }
}
