-- Spotter input tables (SQLite). Same columns and meaning as sql/postgres/001_inputs.sql.
-- Timestamps are TEXT in ISO 8601 UTC ("2026-11-21T06:30:00.000000Z"); tag sets are TEXT
-- holding a JSON array of strings; booleans are 0/1.

CREATE TABLE users (
    id           INTEGER PRIMARY KEY,
    display_name TEXT NOT NULL,
    role         TEXT NOT NULL CHECK (role IN ('member', 'client', 'trainer')),
    time_zone    TEXT NOT NULL DEFAULT 'UTC',
    locale       TEXT NOT NULL DEFAULT 'en-US',
    status       TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'paused', 'deactivated')),
    created_at   TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX users_time_zone ON users (time_zone, id);

CREATE TABLE trainer_clients (
    trainer_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    client_id  INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    since      TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    PRIMARY KEY (trainer_id, client_id)
);
CREATE INDEX trainer_clients_client ON trainer_clients (client_id);

CREATE TABLE profiles (
    user_id         INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    goal            TEXT,
    level           TEXT CHECK (level IN ('beginner', 'intermediate', 'advanced')),
    equipment       TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(equipment)),
    days_per_week   INTEGER,
    session_minutes INTEGER
);

CREATE TABLE exercises (
    id              INTEGER PRIMARY KEY,
    name            TEXT NOT NULL,
    primary_muscles TEXT NOT NULL DEFAULT '[]',
    equipment       TEXT NOT NULL DEFAULT '[]',
    level           TEXT NOT NULL DEFAULT 'beginner' CHECK (level IN ('beginner', 'intermediate', 'advanced')),
    category        TEXT NOT NULL DEFAULT 'strength'
);

CREATE TABLE programs (
    id            INTEGER PRIMARY KEY,
    title         TEXT    NOT NULL,
    goal          TEXT    NOT NULL,
    level         TEXT    NOT NULL CHECK (level IN ('beginner', 'intermediate', 'advanced')),
    category      TEXT    NOT NULL,
    days_per_week INTEGER NOT NULL,
    weeks         INTEGER NOT NULL,
    equipment     TEXT    NOT NULL DEFAULT '[]',
    description   TEXT    NOT NULL DEFAULT ''
);

CREATE TABLE program_workouts (
    id                INTEGER PRIMARY KEY,
    program_id        INTEGER NOT NULL REFERENCES programs (id) ON DELETE CASCADE,
    position          INTEGER NOT NULL,
    title             TEXT    NOT NULL,
    primary_muscles   TEXT    NOT NULL DEFAULT '[]',
    estimated_minutes INTEGER NOT NULL,
    intensity         INTEGER NOT NULL CHECK (intensity BETWEEN 1 AND 5),
    UNIQUE (program_id, position)
);

CREATE TABLE workout_exercises (
    workout_id  INTEGER NOT NULL REFERENCES program_workouts (id) ON DELETE CASCADE,
    position    INTEGER NOT NULL,
    exercise_id INTEGER NOT NULL REFERENCES exercises (id),
    sets        INTEGER NOT NULL DEFAULT 3,
    reps        TEXT    NOT NULL DEFAULT '10',
    PRIMARY KEY (workout_id, position)
);

CREATE TABLE enrollments (
    id           INTEGER PRIMARY KEY,
    user_id      INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    program_id   INTEGER NOT NULL REFERENCES programs (id),
    started_at   TEXT    NOT NULL,
    status       TEXT    NOT NULL CHECK (status IN ('active', 'completed', 'abandoned')),
    completed_at TEXT
);
CREATE INDEX enrollments_user ON enrollments (user_id);

CREATE TABLE workout_sessions (
    id               INTEGER PRIMARY KEY,
    user_id          INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    workout_id       INTEGER,
    started_at       TEXT    NOT NULL,
    duration_minutes INTEGER NOT NULL
);
CREATE INDEX workout_sessions_user ON workout_sessions (user_id, started_at);

CREATE TABLE conversations (
    id             INTEGER PRIMARY KEY,
    user_id        INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    counterpart_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
    kind           TEXT    NOT NULL CHECK (kind IN ('trainer', 'assistant')),
    created_at     TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX conversations_user ON conversations (user_id);

CREATE TABLE messages (
    id              INTEGER PRIMARY KEY,
    conversation_id INTEGER NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
    sender_id       INTEGER NOT NULL,
    body            TEXT    NOT NULL,
    sent_at         TEXT    NOT NULL,
    deleted_at      TEXT
);
CREATE INDEX messages_conversation ON messages (conversation_id, id);
CREATE INDEX messages_sender ON messages (sender_id, sent_at);

CREATE TABLE check_ins (
    id          INTEGER PRIMARY KEY,
    user_id     INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    energy      INTEGER NOT NULL CHECK (energy BETWEEN 1 AND 5),
    mood        INTEGER NOT NULL CHECK (mood BETWEEN 1 AND 5),
    clarity     INTEGER NOT NULL CHECK (clarity BETWEEN 1 AND 5),
    recorded_at TEXT    NOT NULL
);
CREATE INDEX check_ins_user ON check_ins (user_id, recorded_at);
