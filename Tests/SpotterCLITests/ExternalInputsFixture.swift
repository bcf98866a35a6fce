import Foundation
import SpotterDB
import SpotterIDs

/// A small product schema with its own table and column names (`app_accounts`, …, in one
/// schema or SQLite file with Spotter), and the contract's views over it, for both backends.
enum ExternalInputsFixture {
    static func types(_ backend: DatabaseBackend) -> [String: String] {
        backend == .postgres
            ? ["TS": "timestamptz", "TAGS": "text[]", "BOOL": "boolean", "NO": "false", "NOTAGS": "'{}'"]
            : ["TS": "TEXT", "TAGS": "TEXT", "BOOL": "INTEGER", "NO": "0", "NOTAGS": "'[]'"]
    }

    static func fill(_ sql: String, _ backend: DatabaseBackend) -> String {
        var text = sql
        for (key, value) in types(backend) { text = text.replacingOccurrences(of: "{\(key)}", with: value) }
        return text
    }

    static let tables = """
        CREATE TABLE app_accounts (account_no bigint PRIMARY KEY, name text NOT NULL, kind text NOT NULL, tz text,
            lang text NOT NULL DEFAULT 'en-US', closed {BOOL} NOT NULL DEFAULT {NO}, joined {TS} NOT NULL);
        CREATE INDEX app_accounts_zone ON app_accounts (tz, account_no);
        CREATE TABLE app_coaching (coach_no bigint NOT NULL, athlete_no bigint NOT NULL, since {TS} NOT NULL,
            PRIMARY KEY (coach_no, athlete_no));
        CREATE INDEX app_coaching_athlete ON app_coaching (athlete_no);
        CREATE TABLE app_athletes (account_no bigint PRIMARY KEY, objective text, experience text,
            gear {TAGS} NOT NULL DEFAULT {NOTAGS}, weekly_days integer, minutes integer);
        CREATE TABLE app_workout_log (log_no bigint PRIMARY KEY, account_no bigint NOT NULL, began {TS} NOT NULL,
            seconds integer NOT NULL);
        CREATE INDEX app_workout_log_user ON app_workout_log (account_no, began);
        CREATE TABLE app_chat_threads (thread_no bigint PRIMARY KEY, athlete_no bigint NOT NULL, coach_no bigint,
            opened {TS} NOT NULL);
        CREATE INDEX app_chat_threads_athlete ON app_chat_threads (athlete_no);
        CREATE TABLE app_chat_messages (msg_no bigint PRIMARY KEY, thread_no bigint NOT NULL, author_no bigint NOT NULL,
            text text NOT NULL, created {TS} NOT NULL, removed {TS});
        CREATE INDEX app_chat_messages_thread ON app_chat_messages (thread_no, created, msg_no);
        CREATE INDEX app_chat_messages_author ON app_chat_messages (author_no, created);
        """

    static let usersView = """
        CREATE VIEW spotter.users AS
            SELECT account_no AS id, name AS display_name,
                   CASE kind WHEN 'coach' THEN 'trainer' ELSE 'client' END AS role,
                   coalesce(tz, 'UTC') AS time_zone, lang AS locale,
                   CASE WHEN closed THEN 'deactivated' ELSE 'active' END AS status, joined AS created_at
            FROM app_accounts
        """

    static let views = """
        CREATE VIEW spotter.trainer_clients AS SELECT coach_no AS trainer_id, athlete_no AS client_id, since FROM app_coaching;
        CREATE VIEW spotter.profiles AS
            SELECT account_no AS user_id, objective AS goal, experience AS level, gear AS equipment,
                   weekly_days AS days_per_week, minutes AS session_minutes FROM app_athletes;
        CREATE VIEW spotter.exercises AS
            SELECT CAST(NULL AS bigint) AS id, CAST(NULL AS text) AS name, CAST(NULL AS {TAGS}) AS primary_muscles,
                   CAST(NULL AS {TAGS}) AS equipment, CAST(NULL AS text) AS level, CAST(NULL AS text) AS category
            WHERE 1 = 0;
        CREATE VIEW spotter.programs AS
            SELECT CAST(NULL AS bigint) AS id, CAST(NULL AS text) AS title, CAST(NULL AS text) AS goal,
                   CAST(NULL AS text) AS level, CAST(NULL AS text) AS category, CAST(NULL AS integer) AS days_per_week,
                   CAST(NULL AS integer) AS weeks, CAST(NULL AS {TAGS}) AS equipment, CAST(NULL AS text) AS description
            WHERE 1 = 0;
        CREATE VIEW spotter.program_workouts AS
            SELECT CAST(NULL AS bigint) AS id, CAST(NULL AS bigint) AS program_id, CAST(NULL AS integer) AS position,
                   CAST(NULL AS text) AS title, CAST(NULL AS {TAGS}) AS primary_muscles,
                   CAST(NULL AS integer) AS estimated_minutes, CAST(NULL AS integer) AS intensity
            WHERE 1 = 0;
        CREATE VIEW spotter.workout_exercises AS
            SELECT CAST(NULL AS bigint) AS workout_id, CAST(NULL AS integer) AS position,
                   CAST(NULL AS bigint) AS exercise_id, CAST(NULL AS integer) AS sets, CAST(NULL AS text) AS reps
            WHERE 1 = 0;
        CREATE VIEW spotter.enrollments AS
            SELECT CAST(NULL AS bigint) AS id, CAST(NULL AS bigint) AS user_id, CAST(NULL AS bigint) AS program_id,
                   CAST(NULL AS {TS}) AS started_at, CAST(NULL AS text) AS status, CAST(NULL AS {TS}) AS completed_at
            WHERE 1 = 0;
        CREATE VIEW spotter.workout_sessions AS
            SELECT log_no AS id, account_no AS user_id, CAST(NULL AS bigint) AS workout_id, began AS started_at,
                   seconds / 60 AS duration_minutes, CAST(NULL AS text) AS title, CAST(NULL AS text) AS source,
                   CAST(NULL AS text) AS source_key FROM app_workout_log;
        CREATE VIEW spotter.session_sets AS
            SELECT CAST(NULL AS bigint) AS session_id, CAST(NULL AS integer) AS set_order,
                   CAST(NULL AS text) AS exercise_name, CAST(NULL AS bigint) AS exercise_id,
                   CAST(NULL AS {TAGS}) AS muscle_groups, CAST(NULL AS double precision) AS weight_kg,
                   CAST(NULL AS integer) AS reps, CAST(NULL AS double precision) AS rpe,
                   CAST(NULL AS integer) AS seconds, CAST(NULL AS double precision) AS distance_m,
                   CAST(NULL AS {BOOL}) AS is_warmup
            WHERE 1 = 0;
        CREATE VIEW spotter.conversations AS
            SELECT thread_no AS id, athlete_no AS user_id, coach_no AS counterpart_id,
                   CASE WHEN coach_no IS NULL THEN 'assistant' ELSE 'trainer' END AS kind, opened AS created_at
            FROM app_chat_threads;
        CREATE VIEW spotter.check_ins AS
            SELECT CAST(NULL AS bigint) AS id, CAST(NULL AS bigint) AS user_id, CAST(NULL AS integer) AS energy,
                   CAST(NULL AS integer) AS mood, CAST(NULL AS integer) AS clarity, CAST(NULL AS {TS}) AS recorded_at
            WHERE 1 = 0;
        """

    static let messagesView = """
        CREATE VIEW spotter.messages AS
            SELECT msg_no AS id, thread_no AS conversation_id, author_no AS sender_id, text AS body,
                   created AS sent_at, removed AS deleted_at FROM app_chat_messages
        """

    /// The product's tables and the twelve views.
    static func create(in session: DatabaseSession) throws {
        let backend = session.backend
        if backend == .postgres { try session.executeScript("CREATE SCHEMA IF NOT EXISTS spotter") }
        try session.executeScript(fill(tables, backend))
        if backend == .postgres {
            try session.executeScript(
                "CREATE INDEX app_chat_messages_search ON app_chat_messages USING gin (to_tsvector('english', text)) WHERE removed IS NULL"
            )
        }
        try session.executeScript(fill(usersView + ";\n" + views + "\n" + messagesView, backend))
    }

    /// The product's tables and views with problems `check-inputs` must name: a column missing,
    /// a users view that passes the product's kinds and NULL zones through, no index for sessions
    /// by person, and (PostgreSQL) a timestamp without time zone and a text id.
    static func createBroken(in session: DatabaseSession) throws {
        let backend = session.backend
        if backend == .postgres { try session.executeScript("CREATE SCHEMA IF NOT EXISTS spotter") }
        try session.executeScript(fill(tables, backend))
        try session.executeScript("DROP INDEX app_workout_log_user")
        let users = usersView.replacingOccurrences(
            of: "CASE kind WHEN 'coach' THEN 'trainer' ELSE 'client' END AS role", with: "kind AS role"
        ).replacingOccurrences(of: "coalesce(tz, 'UTC') AS time_zone", with: "tz AS time_zone")
        var views = views.replacingOccurrences(of: "CAST(NULL AS integer) AS energy,", with: "")
        if backend == .postgres {
            // A text key, as a product keyed by uid strings would expose it.
            views = views.replacingOccurrences(
                of: "SELECT thread_no AS id, athlete_no AS user_id",
                with: "SELECT CAST(thread_no AS text) AS id, athlete_no AS user_id")
        }
        let messages =
            backend == .postgres
            ? messagesView.replacingOccurrences(of: "created AS sent_at", with: "CAST(created AS timestamp) AS sent_at")
            : messagesView
        try session.executeScript(fill(users + ";\n" + views + "\n" + messages, backend))
    }

    /// An ISO 8601 UTC instant `hours` before now, as both backends read it.
    static func ago(hours: Double) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: Date().addingTimeInterval(-hours * 3600))
    }

    /// A trainer (1001) and a client (1002) in Europe/Berlin, with two workouts and a chat whose
    /// first message states a fact; plus (for the broken schema) a person with no zone.
    static func insertRows(in session: DatabaseSession, withoutZone: Bool = false) throws {
        let tags = session.backend == .postgres ? "{dumbbell}" : "[\"dumbbell\"]"
        let joined = ago(hours: 24 * 30)
        try session.execute(
            """
            INSERT INTO app_accounts (account_no, name, kind, tz, joined)
            VALUES (1001, 'Coach Carla', 'coach', 'Europe/Berlin', $1), (1002, 'John', 'athlete', 'Europe/Berlin', $1)
            """, [.text(joined)])
        if withoutZone {
            try session.execute(
                "INSERT INTO app_accounts (account_no, name, kind, tz, joined) VALUES (1003, 'Nobody', 'athlete', NULL, $1)",
                [.text(joined)])
        }
        try session.execute("INSERT INTO app_coaching VALUES (1001, 1002, $1)", [.text(joined)])
        try session.execute(
            "INSERT INTO app_athletes VALUES (1002, 'strength', 'beginner', $1, 3, 45)", [.text(tags)])
        try session.execute(
            "INSERT INTO app_workout_log VALUES (1, 1002, $1, 2400), (2, 1002, $2, 1800)",
            [.text(ago(hours: 48)), .text(ago(hours: 24))])
        try session.execute("INSERT INTO app_chat_threads VALUES (501, 1002, 1001, $1)", [.text(joined)])
        try session.execute(
            """
            INSERT INTO app_chat_messages (msg_no, thread_no, author_no, text, created) VALUES
                (9001, 501, 1002, 'My left knee hurts when I run.', $1),
                (9002, 501, 1001, 'Thanks John, let us keep the runs short.', $2)
            """, [.text(ago(hours: 3)), .text(ago(hours: 2))])
    }
}
