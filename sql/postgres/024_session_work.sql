-- Each session's work per muscle group, kept by Spotter (issue 34): the rows SessionWorkSQL
-- derives from `session_sets` (working sets and effort per session and muscle group), written
-- once when a recommendation shard first sees a session in its window and rewritten when the
-- session's sets change, so a night reads 120 days of summaries instead of re-aggregating 120
-- days of sets. The input relations may be a product's views, so there are no triggers: a shard
-- compares each window session's fingerprint (how many sets, the highest set_order; read from
-- session_sets' primary key) with the one stored here and re-summarises only the sessions whose
-- fingerprint is missing or differs. Rows of deleted sessions are never read (the read joins the
-- live sessions) and go with `prune_results`.

-- The session key has the type of the product's workout_sessions.id (as 022 does for the others).
DO $$
BEGIN
    EXECUTE format('CREATE DOMAIN spotter.session_key AS %s',
        (SELECT format_type(a.atttypid, a.atttypmod) FROM pg_attribute a
         WHERE a.attrelid = 'spotter.workout_sessions'::regclass AND a.attname = 'id'));
END $$;

-- One row per session summarised: its fingerprint when it was summarised. user_id is text, like
-- every result table's (pruned when the user is gone).
CREATE TABLE spotter.session_summaries (
    session_id    spotter.session_key PRIMARY KEY,
    user_id       text        NOT NULL,
    started_at    timestamptz NOT NULL,
    set_count     bigint      NOT NULL,
    last_set      bigint      NOT NULL,
    summarised_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX session_summaries_user ON spotter.session_summaries (user_id);

-- The work: one row per summarised session and muscle group with working sets (none for a
-- session without any).
CREATE TABLE spotter.session_work (
    session_id   spotter.session_key NOT NULL,
    muscle_group text             NOT NULL,
    user_id      text             NOT NULL,
    sets         double precision NOT NULL,
    load         double precision NOT NULL,
    PRIMARY KEY (session_id, muscle_group)
);
CREATE INDEX session_work_user ON spotter.session_work (user_id);
