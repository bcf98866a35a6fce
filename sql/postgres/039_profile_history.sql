-- What each member's sessions before a local day add up to (ProfileHistory, issue 34): the
-- totals, the runs of consecutive days and the ignored sessions of profile_stats over them, so
-- that a night reads each member's sessions of the last ten days or so and this row, instead of
-- every session the member ever logged (2.74 M rows a night at 100,000 users, and growing with
-- the history).
--
-- through_day: days since 1970 in time_zone; the sessions of earlier local days are summed, and
-- the sessions starting at or after read_from are read. A change to a session that started
-- before changed_before (logged back in time, deleted, moved, its length or member edited) voids
-- the row (through_day NULL: the next night reads all the member's sessions and writes it
-- again). changes counts every change: a shard writes a row only if the count is the one it read
-- with the sessions, so a change that lands meanwhile is never summed over.
--
-- The triggers are on Spotter's own `workout_sessions`; a product's view has none, and then
-- every night reads all the sessions (ProfileStatsShard).
CREATE TABLE spotter.profile_history (
    user_id         spotter.user_key PRIMARY KEY,
    time_zone       text,
    through_day     integer,
    read_from       timestamptz,
    changed_before  timestamptz,
    workouts        bigint,
    minutes         bigint,
    ignored         bigint,
    longest_streak  integer,
    last_day        integer,
    last_run        integer,
    last_workout_at timestamptz,
    changes         bigint      NOT NULL DEFAULT 0,
    computed_at     timestamptz NOT NULL DEFAULT now()
);

-- Counts a change for each member of `users` and voids the history of those whose changed
-- sessions (`starts`, pairwise) include one that started before its changed_before.
CREATE FUNCTION spotter.void_profile_histories(users anyarray, starts timestamptz[]) RETURNS void
LANGUAGE sql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
    INSERT INTO spotter.profile_history AS h (user_id, changed_before, changes)
    SELECT c.user_id, min(c.started_at), 1 FROM unnest(users, starts) AS c(user_id, started_at)
    GROUP BY c.user_id
    ON CONFLICT (user_id) DO UPDATE SET changes = h.changes + 1,
        through_day = CASE WHEN excluded.changed_before < h.changed_before THEN NULL ELSE h.through_day END
$$;

CREATE FUNCTION spotter.profile_sessions_changed() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        PERFORM spotter.void_profile_histories(c.users, c.starts)
        FROM (SELECT array_agg(user_id) AS users, array_agg(started_at) AS starts FROM new_sessions) AS c;
    ELSIF TG_OP = 'DELETE' THEN
        PERFORM spotter.void_profile_histories(c.users, c.starts)
        FROM (SELECT array_agg(user_id) AS users, array_agg(started_at) AS starts FROM old_sessions) AS c;
    ELSE
        -- Both sides of the rows whose member, start or length changed (a title edit counts none).
        PERFORM spotter.void_profile_histories(c.users, c.starts)
        FROM (
            SELECT array_agg(d.user_id) AS users, array_agg(d.started_at) AS starts
            FROM ((SELECT id, user_id, started_at, duration_minutes FROM new_sessions
                   EXCEPT SELECT id, user_id, started_at, duration_minutes FROM old_sessions)
                  UNION ALL
                  (SELECT id, user_id, started_at, duration_minutes FROM old_sessions
                   EXCEPT SELECT id, user_id, started_at, duration_minutes FROM new_sessions)) AS d
        ) AS c;
    END IF;
    RETURN NULL;
END $$;

DO $$
BEGIN
    IF (SELECT c.relkind FROM pg_class c WHERE c.oid = 'spotter.workout_sessions'::regclass) IN ('r', 'p') THEN
        CREATE TRIGGER workout_sessions_logged AFTER INSERT ON spotter.workout_sessions
            REFERENCING NEW TABLE AS new_sessions
            FOR EACH STATEMENT EXECUTE FUNCTION spotter.profile_sessions_changed();
        CREATE TRIGGER workout_sessions_edited AFTER UPDATE ON spotter.workout_sessions
            REFERENCING OLD TABLE AS old_sessions NEW TABLE AS new_sessions
            FOR EACH STATEMENT EXECUTE FUNCTION spotter.profile_sessions_changed();
        CREATE TRIGGER workout_sessions_removed AFTER DELETE ON spotter.workout_sessions
            REFERENCING OLD TABLE AS old_sessions
            FOR EACH STATEMENT EXECUTE FUNCTION spotter.profile_sessions_changed();
    END IF;
END $$;
