-- What was done in each session (issue 13): imported training logs (`spotter import`) and the
-- seed write one row per set, so recovery and the personal ranking see the muscles a free-form
-- session worked. Input tables: Spotter writes them only in `spotter seed` and `spotter import`.

-- The session's name as the app wrote it ("Push Day"), and where it came from: `source` names
-- the export ('strong', 'hevy', 'jsonl'), `source_key` the session inside it, so importing the
-- same file again finds the sessions it already wrote. NULL for sessions written otherwise.
ALTER TABLE spotter.workout_sessions
    ADD COLUMN title      text,
    ADD COLUMN source     text,
    ADD COLUMN source_key text;
CREATE UNIQUE INDEX workout_sessions_source_key
    ON spotter.workout_sessions (user_id, source, source_key) WHERE source_key IS NOT NULL;

-- One row per set, in the order done (set_order is 1-based within the session, across
-- exercises). exercise_name is as written; exercise_id the catalog exercise matched by name or
-- synonym (NULL when none matched); muscle_groups the exercise's primary muscle groups in the
-- catalog's vocabulary (spotter.exercises.primary_muscles: quads, glutes, chest, back, ...),
-- from the catalog or inferred from the name; empty = unknown.
CREATE TABLE spotter.session_sets (
    session_id    bigint           NOT NULL REFERENCES spotter.workout_sessions (id) ON DELETE CASCADE,
    set_order     integer          NOT NULL CHECK (set_order >= 1),
    exercise_name text             NOT NULL,
    exercise_id   bigint           REFERENCES spotter.exercises (id) ON DELETE SET NULL,
    muscle_groups text[]           NOT NULL DEFAULT '{}',
    weight_kg     double precision,             -- load in kg (lbs converted); NULL = bodyweight/none
    reps          integer,
    rpe           double precision,             -- rate of perceived exertion, 1-10, as logged
    seconds       integer,                      -- timed sets (planks, cardio)
    distance_m    double precision,             -- distance sets (runs, carries), in metres
    is_warmup     boolean          NOT NULL DEFAULT false,
    PRIMARY KEY (session_id, set_order)
);
CREATE INDEX session_sets_exercise ON spotter.session_sets (exercise_id) WHERE exercise_id IS NOT NULL;

-- Read like the other inputs (sql/postgres/optional/roles.sql grants it too, for databases
-- where the roles were made before this migration).
DO $$
BEGIN
    IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'spotter_worker') THEN
        GRANT SELECT ON spotter.session_sets TO spotter_worker;
    END IF;
END $$;
