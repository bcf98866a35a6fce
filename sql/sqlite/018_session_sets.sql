-- What was done in each session (see sql/postgres/018_session_sets.sql). muscle_groups is TEXT
-- holding a JSON array of strings, like exercises.primary_muscles; is_warmup is 0/1.
ALTER TABLE workout_sessions ADD COLUMN title TEXT;
ALTER TABLE workout_sessions ADD COLUMN source TEXT;
ALTER TABLE workout_sessions ADD COLUMN source_key TEXT;
CREATE UNIQUE INDEX workout_sessions_source_key
    ON workout_sessions (user_id, source, source_key) WHERE source_key IS NOT NULL;

CREATE TABLE session_sets (
    session_id    INTEGER NOT NULL REFERENCES workout_sessions (id) ON DELETE CASCADE,
    set_order     INTEGER NOT NULL CHECK (set_order >= 1),
    exercise_name TEXT    NOT NULL,
    exercise_id   INTEGER REFERENCES exercises (id) ON DELETE SET NULL,
    muscle_groups TEXT    NOT NULL DEFAULT '[]',
    weight_kg     REAL,
    reps          INTEGER,
    rpe           REAL,
    seconds       INTEGER,
    distance_m    REAL,
    is_warmup     INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (session_id, set_order)
);
CREATE INDEX session_sets_exercise ON session_sets (exercise_id) WHERE exercise_id IS NOT NULL;
