-- The job queue (SQLite). Same columns and states as sql/postgres/003_queue.sql. SQLite has one
-- writer at a time: claims run in BEGIN IMMEDIATE transactions instead of SKIP LOCKED, and
-- workers poll (no LISTEN/NOTIFY). Enqueue with a plain INSERT: every column but kind has a default.

CREATE TABLE jobs (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    kind             TEXT    NOT NULL CHECK (length(kind) BETWEEN 1 AND 100),
    queue            TEXT    NOT NULL DEFAULT 'default',
    payload          TEXT    NOT NULL DEFAULT '{}'
                             CHECK (json_valid(payload) AND json_type(payload) = 'object' AND length(CAST(payload AS BLOB)) <= 1048576),
    state            TEXT    NOT NULL DEFAULT 'available'
                             CHECK (state IN ('available', 'running', 'succeeded', 'retryable', 'dead', 'cancelled')),
    priority         INTEGER NOT NULL DEFAULT 0 CHECK (priority BETWEEN -1000 AND 1000),
    run_at           TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
                             CHECK (run_at GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9]*Z'),
    attempt          INTEGER NOT NULL DEFAULT 0,
    max_attempts     INTEGER NOT NULL DEFAULT 5 CHECK (max_attempts BETWEEN 1 AND 1000),
    unique_key       TEXT    CHECK (length(unique_key) <= 500),
    lease_owner      TEXT,
    lease_expires_at TEXT,
    cancel_requested INTEGER NOT NULL DEFAULT 0,
    last_error       TEXT,
    result           TEXT,
    created_at       TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    started_at       TEXT,
    finished_at      TEXT
);
CREATE INDEX jobs_claimable ON jobs (priority, run_at, id) WHERE state IN ('available', 'retryable');
CREATE INDEX jobs_running_lease ON jobs (lease_expires_at) WHERE state = 'running';
CREATE INDEX jobs_finished ON jobs (finished_at) WHERE state IN ('succeeded', 'dead', 'cancelled');
CREATE UNIQUE INDEX jobs_unique_live ON jobs (unique_key)
    WHERE unique_key IS NOT NULL AND state IN ('available', 'running', 'retryable');

CREATE TABLE schedule_slots (
    entry    TEXT NOT NULL,
    slot     TEXT NOT NULL,
    fire_at  TEXT NOT NULL,
    job_id   INTEGER,
    fired_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    PRIMARY KEY (entry, slot)
);

CREATE TABLE workers (
    id           TEXT PRIMARY KEY,
    host         TEXT    NOT NULL,
    pid          INTEGER NOT NULL,
    started_at   TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    heartbeat_at TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
