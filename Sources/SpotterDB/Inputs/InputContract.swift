/// The input contract: the relations Spotter reads (never writes, outside `seed`), their
/// columns, and the access paths the shard queries need. `spotter migrate` creates them as
/// tables by default; a product keeps its own tables and defines these relations as views over
/// them (`spotter migrate --inputs external`), and `spotter check-inputs` validates them
/// against this declaration. The migrations (`sql/*/001_inputs.sql` and later) are the exact
/// truth for Spotter's own tables; this is what Spotter needs from any relation of that name.
public enum InputContract {
    /// What a column holds, and so which types it may have.
    public enum Kind: Sendable, Hashable {
        /// An identifier: bigint (or integer), uuid or text.
        case id
        /// Text (text, varchar, char).
        case text
        /// A whole number (smallint, integer, bigint).
        case integer
        /// An instant (timestamptz on PostgreSQL; ISO 8601 UTC text on SQLite).
        case instant
        /// A set of tags (text[] on PostgreSQL; a JSON array of strings on SQLite).
        case tags
        /// A measurement (double precision, real, numeric or a whole number).
        case number
        /// True or false (boolean on PostgreSQL; 0 or 1 on SQLite).
        case flag

        /// How the README and `check-inputs` name it.
        public var label: String {
            switch self {
            case .id: "an id (bigint, uuid or text)"
            case .text: "text"
            case .integer: "an integer"
            case .instant: "timestamptz"
            case .tags: "text[]"
            case .number: "a number (double precision)"
            case .flag: "boolean"
            }
        }
    }

    /// One column of an input relation.
    public struct Column: Sendable, Hashable {
        /// Its name in the contract.
        public var name: String
        /// What it holds.
        public var kind: Kind
        /// Whether NULL is allowed.
        public var nullable: Bool
        /// The only values allowed, when the column is an enumeration.
        public var allowed: [String]

        init(_ name: String, _ kind: Kind, nullable: Bool = false, allowed: [String] = []) {
            self.name = name
            self.kind = kind
            self.nullable = nullable
            self.allowed = allowed
        }
    }

    /// A lookup the shard queries make: equality on every column but the last, which may be a
    /// range (`WHERE a = … AND b >= …`). An index on the table behind the relation serves it.
    public struct AccessPath: Sendable, Hashable {
        /// The contract columns, in index order.
        public var columns: [String]
        /// Full-text search over the one column (PostgreSQL: `to_tsvector('english', col)`).
        public var fullText = false
    }

    /// One input relation.
    public struct Relation: Sendable, Hashable {
        /// Its name in schema `spotter`.
        public var name: String
        /// What Spotter reads from it.
        public var columns: [Column]
        /// The lookups the shard queries make on it.
        public var accessPaths: [AccessPath]
    }

    static let levels = ["beginner", "intermediate", "advanced"]

    /// Every input relation, in migration order.
    public static let relations: [Relation] = [
        Relation(
            name: "users",
            columns: [
                Column("id", .id), Column("display_name", .text),
                Column("role", .text, allowed: ["member", "client", "trainer"]),
                Column("time_zone", .text), Column("locale", .text),
                Column("status", .text, allowed: ["active", "paused", "deactivated"]),
                Column("created_at", .instant),
            ],
            accessPaths: [AccessPath(columns: ["id"]), AccessPath(columns: ["time_zone", "id"])]),
        Relation(
            name: "trainer_clients",
            columns: [Column("trainer_id", .id), Column("client_id", .id), Column("since", .instant)],
            accessPaths: [AccessPath(columns: ["trainer_id"]), AccessPath(columns: ["client_id"])]),
        Relation(
            name: "profiles",
            columns: [
                Column("user_id", .id), Column("goal", .text, nullable: true),
                Column("level", .text, nullable: true, allowed: levels), Column("equipment", .tags),
                Column("days_per_week", .integer, nullable: true), Column("session_minutes", .integer, nullable: true),
            ],
            accessPaths: [AccessPath(columns: ["user_id"])]),
        Relation(
            name: "exercises",
            columns: [
                Column("id", .id), Column("name", .text), Column("primary_muscles", .tags), Column("equipment", .tags),
                Column("level", .text, allowed: levels), Column("category", .text),
            ],
            accessPaths: []),
        Relation(
            name: "programs",
            columns: [
                Column("id", .id), Column("title", .text), Column("goal", .text),
                Column("level", .text, allowed: levels),
                Column("category", .text), Column("days_per_week", .integer), Column("weeks", .integer),
                Column("equipment", .tags), Column("description", .text),
            ],
            accessPaths: []),
        Relation(
            name: "program_workouts",
            columns: [
                Column("id", .id), Column("program_id", .id), Column("position", .integer), Column("title", .text),
                Column("primary_muscles", .tags), Column("estimated_minutes", .integer), Column("intensity", .integer),
            ],
            accessPaths: []),
        Relation(
            name: "workout_exercises",
            columns: [
                Column("workout_id", .id), Column("position", .integer), Column("exercise_id", .id),
                Column("sets", .integer), Column("reps", .text),
            ],
            accessPaths: []),
        Relation(
            name: "enrollments",
            columns: [
                Column("id", .id), Column("user_id", .id), Column("program_id", .id), Column("started_at", .instant),
                Column("status", .text, allowed: ["active", "completed", "abandoned"]),
                Column("completed_at", .instant, nullable: true),
            ],
            accessPaths: [AccessPath(columns: ["user_id"])]),
        Relation(
            name: "workout_sessions",
            columns: [
                Column("id", .id), Column("user_id", .id), Column("workout_id", .id, nullable: true),
                Column("started_at", .instant), Column("duration_minutes", .integer),
                // 018: the session's name as the app wrote it, and which import wrote it.
                Column("title", .text, nullable: true), Column("source", .text, nullable: true),
                Column("source_key", .text, nullable: true),
            ],
            accessPaths: [AccessPath(columns: ["user_id", "started_at"])]),
        // 018: what was done in each session, one row per set (empty when the product logs none).
        Relation(
            name: "session_sets",
            columns: [
                Column("session_id", .id), Column("set_order", .integer), Column("exercise_name", .text),
                Column("exercise_id", .id, nullable: true), Column("muscle_groups", .tags),
                Column("weight_kg", .number, nullable: true), Column("reps", .integer, nullable: true),
                Column("rpe", .number, nullable: true), Column("seconds", .integer, nullable: true),
                Column("distance_m", .number, nullable: true), Column("is_warmup", .flag),
            ],
            accessPaths: [AccessPath(columns: ["session_id"])]),
        Relation(
            name: "conversations",
            columns: [
                Column("id", .id), Column("user_id", .id), Column("counterpart_id", .id, nullable: true),
                Column("kind", .text, allowed: ["trainer", "assistant"]), Column("created_at", .instant),
            ],
            accessPaths: [AccessPath(columns: ["id"]), AccessPath(columns: ["user_id"])]),
        Relation(
            name: "messages",
            columns: [
                Column("id", .id), Column("conversation_id", .id), Column("sender_id", .id), Column("body", .text),
                Column("sent_at", .instant), Column("deleted_at", .instant, nullable: true),
            ],
            accessPaths: [
                AccessPath(columns: ["id"]), AccessPath(columns: ["conversation_id", "sent_at"]),
                AccessPath(columns: ["sender_id", "sent_at"]), AccessPath(columns: ["body"], fullText: true),
            ]),
        Relation(
            name: "check_ins",
            columns: [
                Column("id", .id), Column("user_id", .id),
                Column("energy", .integer, allowed: ["1", "2", "3", "4", "5"]),
                Column("mood", .integer, allowed: ["1", "2", "3", "4", "5"]),
                Column("clarity", .integer, allowed: ["1", "2", "3", "4", "5"]), Column("recorded_at", .instant),
            ],
            accessPaths: [AccessPath(columns: ["user_id", "recorded_at"])]),
    ]

    /// The names of the input relations.
    public static var names: [String] { relations.map(\.name) }
}
