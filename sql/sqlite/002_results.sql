-- Spotter result tables (SQLite). Same columns and meaning as sql/postgres/002_results.sql.
-- Owned by Spotter; each row carries computed_at and the
-- user's local date it is valid for. Results hold no foreign keys to inputs, so inputs can be views.

CREATE TABLE profile_stats (
    user_id         INTEGER PRIMARY KEY,
    local_date      TEXT        NOT NULL,   -- the user's "today" when computed
    time_zone       TEXT        NOT NULL,
    current_streak  INTEGER     NOT NULL,
    longest_streak  INTEGER     NOT NULL,
    week_start      TEXT        NOT NULL,   -- first day of the current week in the user's locale
    week_workouts   INTEGER     NOT NULL,
    week_minutes    INTEGER     NOT NULL,
    week_days       TEXT       NOT NULL,   -- 7 booleans in display order, starting at week_start
    week_labels     TEXT       NOT NULL,   -- 7 one-letter labels in the same order ("S","M",...)
    last_workout_at TEXT,
    total_workouts  INTEGER     NOT NULL,
    total_minutes   INTEGER     NOT NULL,
    computed_at     TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    job_id          INTEGER
);

CREATE TABLE daily_suggestions (
    user_id     INTEGER      NOT NULL,
    local_date  TEXT        NOT NULL,
    workout_id  INTEGER      NOT NULL,
    program_id  INTEGER      NOT NULL,
    title       TEXT        NOT NULL,
    score       REAL NOT NULL,
    reasons     TEXT       NOT NULL,   -- array of short human-readable strings
    computed_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    job_id      INTEGER,
    PRIMARY KEY (user_id, local_date)
);

CREATE TABLE program_recommendations (
    user_id     INTEGER      NOT NULL,
    rank        INTEGER     NOT NULL,
    program_id  INTEGER      NOT NULL,
    title       TEXT        NOT NULL,
    score       REAL NOT NULL,
    reasons     TEXT       NOT NULL,
    local_date  TEXT        NOT NULL,
    computed_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    job_id      INTEGER,
    PRIMARY KEY (user_id, rank)
);

CREATE TABLE inactive_clients (
    trainer_id      INTEGER      NOT NULL,
    client_id       INTEGER      NOT NULL,
    days_inactive   INTEGER,               -- NULL: never messaged nor worked out
    tier            INTEGER     NOT NULL,  -- 3, 7 or 14 (from jobs/)
    reason          TEXT        NOT NULL,
    last_message_at TEXT,
    last_workout_at TEXT,
    local_date      TEXT        NOT NULL,  -- the client's local date when computed
    computed_at     TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    job_id          INTEGER,
    PRIMARY KEY (trainer_id, client_id)
);

CREATE TABLE facts (
    id                 INTEGER PRIMARY KEY,
    user_id            INTEGER      NOT NULL,           -- whose messages it came from
    subject            TEXT        NOT NULL,           -- 'self' or who: 'wife', 'son', ...
    category           TEXT        NOT NULL CHECK (category IN ('health', 'goal', 'preference', 'personal',
                           'relationship', 'skill', 'habit', 'belief', 'experience', 'other')),
    content            TEXT        NOT NULL,           -- self-contained: "Left knee hurts when running"
    polarity           TEXT        NOT NULL CHECK (polarity IN ('positive', 'negative')),
    temporal           TEXT        NOT NULL CHECK (temporal IN ('current', 'past', 'intended')),
    confidence         REAL NOT NULL CHECK (confidence BETWEEN 0 AND 1),
    slot               TEXT        NOT NULL,           -- normalised key for merging and contradiction
    first_mentioned_at TEXT NOT NULL,
    last_mentioned_at  TEXT NOT NULL,
    mention_count      INTEGER     NOT NULL DEFAULT 1,
    valid_from         TEXT NOT NULL,
    valid_to           TEXT,                    -- set when superseded; never deleted for that
    superseded_by      INTEGER,
    extractor          TEXT        NOT NULL DEFAULT 'rules',
    computed_at        TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE UNIQUE INDEX facts_open_slot ON facts (user_id, slot) WHERE valid_to IS NULL;
CREATE INDEX facts_user ON facts (user_id, category);

CREATE TABLE fact_sources (
    fact_id      INTEGER      NOT NULL REFERENCES facts (id) ON DELETE CASCADE,
    message_id   INTEGER      NOT NULL,
    mentioned_at TEXT NOT NULL,
    PRIMARY KEY (fact_id, message_id)
);
CREATE INDEX fact_sources_message ON fact_sources (message_id);

-- Incremental extraction: the last message of each conversation already processed.
CREATE TABLE fact_watermarks (
    conversation_id INTEGER PRIMARY KEY,
    last_message_id INTEGER      NOT NULL,
    processed_at    TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

-- Per-subject outcomes that produced no row: invalid time zone, nothing fits, ...
CREATE TABLE result_errors (
    kind        TEXT        NOT NULL,
    subject_id  INTEGER      NOT NULL,      -- user, trainer or conversation id
    reason      TEXT        NOT NULL,      -- short code: invalid_time_zone, nothing_fits, ...
    detail      TEXT        NOT NULL,      -- one human-readable line
    local_date  date,
    job_id      INTEGER,
    recorded_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    PRIMARY KEY (kind, subject_id)
);
