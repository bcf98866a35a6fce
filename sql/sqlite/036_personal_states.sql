-- Each member's replayed personal state, kept between nights (see
-- sql/postgres/036_personal_states.sql).
CREATE TABLE personal_states (
    user_id         TEXT    PRIMARY KEY,
    work_version    INTEGER NOT NULL DEFAULT 0,
    changed_from    TEXT,
    state_version   INTEGER,
    inputs          TEXT,
    session_count   INTEGER,
    sessions_hash   TEXT,
    last_started_at TEXT,
    state           TEXT,
    computed_at     TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
