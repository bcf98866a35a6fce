-- What each member's sessions before a local day add up to (see
-- sql/postgres/039_profile_history.sql).
CREATE TABLE profile_history (
    user_id         TEXT    PRIMARY KEY,
    time_zone       TEXT,
    through_day     INTEGER,
    read_from       TEXT,
    changed_before  TEXT,
    workouts        INTEGER,
    minutes         INTEGER,
    ignored         INTEGER,
    longest_streak  INTEGER,
    last_day        INTEGER,
    last_run        INTEGER,
    last_workout_at TEXT,
    changes         INTEGER NOT NULL DEFAULT 0,
    computed_at     TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

-- Inserting a member and a session start here counts a change for the member and voids their
-- history when the session started before its changed_before (a view, so that each trigger
-- below says it in one line).
CREATE VIEW profile_sessions_changed AS SELECT NULL AS user_id, NULL AS started_at WHERE 0;
CREATE TRIGGER profile_sessions_changed_inserted INSTEAD OF INSERT ON profile_sessions_changed
BEGIN
    INSERT INTO profile_history (user_id, changed_before, changes) VALUES (new.user_id, new.started_at, 1)
    ON CONFLICT (user_id) DO UPDATE SET changes = changes + 1,
        through_day = CASE WHEN excluded.changed_before < changed_before THEN NULL ELSE through_day END;
END;

CREATE TRIGGER workout_sessions_logged AFTER INSERT ON workout_sessions
BEGIN
    INSERT INTO profile_sessions_changed VALUES (new.user_id, new.started_at);
END;
CREATE TRIGGER workout_sessions_edited AFTER UPDATE OF user_id, started_at, duration_minutes ON workout_sessions
BEGIN
    INSERT INTO profile_sessions_changed VALUES (old.user_id, old.started_at), (new.user_id, new.started_at);
END;
CREATE TRIGGER workout_sessions_removed AFTER DELETE ON workout_sessions
BEGIN
    INSERT INTO profile_sessions_changed VALUES (old.user_id, old.started_at);
END;
