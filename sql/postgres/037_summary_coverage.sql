-- How far each member's session summaries are known to be complete (issue 34), so that a night's
-- refresh probes `session_summaries` only for the sessions outside that span (the day's new
-- ones) instead of for every session of the window (2.72 M probes at 100,000 users).
--
-- covered_from, covered_until: every session of the member that started in
-- [covered_from, covered_until) has its summary (covered_from NULL: nothing is known). A refresh
-- (SessionSummaries) claims its window once it has summarised every session of it that had no
-- summary. changes counts the changes below: a refresh reads it before it looks for sessions to
-- summarise and claims only if it is the same when it writes, so a change that lands while it
-- runs is never covered over.
--
-- When `session_sets` is Spotter's own table (the triggers of migration 030 are on it), every
-- change that can leave a session without its summary lowers covered_until to that session's
-- start: sets inserted, updated or deleted (a session logged back in time, a session corrected),
-- a session moved in time, to another member or to another id, and a summary deleted (an
-- operator's re-summary). Truncating `session_summaries` drops everyone's coverage. A product whose
-- `session_sets` or `workout_sessions` is a view has not all of these triggers and keeps the
-- probe of every window session; this table is then unused.
CREATE TABLE spotter.summary_coverage (
    user_id       spotter.user_key PRIMARY KEY,
    covered_from  timestamptz,
    covered_until timestamptz,
    changes       bigint NOT NULL DEFAULT 0
);

-- Nothing is known of anyone's coverage any more: every member's is dropped and counts a change
-- (the rows stay, so a refresh that read a count before this does not claim).
CREATE FUNCTION spotter.uncover_everyone() RETURNS void
LANGUAGE sql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
    UPDATE spotter.summary_coverage SET covered_from = NULL, changes = changes + 1
$$;

-- Lowers the coverage of the members of the live sessions `sessions` (an array of their ids) to
-- each one's earliest start, and counts a change for each; a member without a row gets one (a
-- refresh that read none must not claim). A deleted session needs no summary.
CREATE FUNCTION spotter.uncover_sessions(sessions anyarray) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    INSERT INTO spotter.summary_coverage AS c (user_id, covered_until, changes)
    SELECT s.user_id, min(s.started_at), 1 FROM spotter.workout_sessions s
    WHERE s.id = ANY(sessions) GROUP BY s.user_id
    ON CONFLICT (user_id) DO UPDATE SET changes = c.changes + 1,
        covered_until = CASE WHEN c.covered_from IS NOT NULL AND excluded.covered_until >= c.covered_from
                                  AND excluded.covered_until < c.covered_until
                             THEN excluded.covered_until ELSE c.covered_until END;
EXCEPTION WHEN datatype_mismatch THEN
    -- The product re-keyed its people and `migrate` has not followed yet: the members cannot be
    -- named in this table's key type.
    PERFORM spotter.uncover_everyone();
END $$;

CREATE OR REPLACE FUNCTION spotter.forget_changed_sessions() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        DELETE FROM spotter.session_summaries WHERE session_id IN (SELECT session_id FROM changed_new);
        PERFORM spotter.uncover_sessions(ARRAY(SELECT DISTINCT session_id FROM changed_new));
    ELSIF TG_OP = 'DELETE' THEN
        DELETE FROM spotter.session_summaries WHERE session_id IN (SELECT session_id FROM changed_old);
        PERFORM spotter.uncover_sessions(ARRAY(SELECT DISTINCT session_id FROM changed_old));
    ELSE
        DELETE FROM spotter.session_summaries
        WHERE session_id IN (SELECT session_id FROM changed_old UNION SELECT session_id FROM changed_new);
        PERFORM spotter.uncover_sessions(
            ARRAY(SELECT session_id FROM changed_old UNION SELECT session_id FROM changed_new));
    END IF;
    RETURN NULL;
END $$;

CREATE FUNCTION spotter.uncover_forgotten_summaries() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    IF TG_OP = 'TRUNCATE' THEN
        PERFORM spotter.uncover_everyone();
    ELSE
        PERFORM spotter.uncover_sessions(ARRAY(SELECT DISTINCT session_id FROM forgotten));
    END IF;
    RETURN NULL;
END $$;

CREATE TRIGGER session_summaries_deleted AFTER DELETE ON spotter.session_summaries
    REFERENCING OLD TABLE AS forgotten
    FOR EACH STATEMENT EXECUTE FUNCTION spotter.uncover_forgotten_summaries();
CREATE TRIGGER session_summaries_truncated AFTER TRUNCATE ON spotter.session_summaries
    FOR EACH STATEMENT EXECUTE FUNCTION spotter.uncover_forgotten_summaries();

CREATE FUNCTION spotter.uncover_moved_sessions() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    PERFORM spotter.uncover_sessions(ARRAY(
        SELECT m.id FROM (SELECT id, user_id, started_at FROM moved_new
                          EXCEPT SELECT id, user_id, started_at FROM moved_old) AS m));
    RETURN NULL;
END $$;

DO $$
BEGIN
    IF (SELECT c.relkind FROM pg_class c WHERE c.oid = 'spotter.workout_sessions'::regclass) IN ('r', 'p') THEN
        CREATE TRIGGER workout_sessions_moved AFTER UPDATE ON spotter.workout_sessions
            REFERENCING OLD TABLE AS moved_old NEW TABLE AS moved_new
            FOR EACH STATEMENT EXECUTE FUNCTION spotter.uncover_moved_sessions();
    END IF;
END $$;
