-- What was lifted per summarised session and exercise (issue 34): the rows LoggedLiftSQL derives
-- from `session_sets` for level and equipment inference, kept beside `session_work` and written
-- by the same refresh, so a night reads 28 days of these instead of 28 days of raw sets. The
-- equipment is not kept: it is the library exercise's (`exercise_id`), joined when read, so a
-- library change needs no re-summary. Rows of deleted sessions are never read (the read joins
-- the live sessions) and go with `prune_results`.
CREATE TABLE spotter.session_lifts (
    session_id       spotter.session_key NOT NULL,
    exercise_name    text                NOT NULL,
    exercise_id      bigint,
    estimated_max_kg double precision
);
CREATE INDEX session_lifts_session ON spotter.session_lifts (session_id);

-- When `spotter.session_sets` is Spotter's own table (the default, and what `spotter import`
-- writes), every change to it forgets the summaries of the sessions it touched, so a night needs
-- no fingerprint: it summarises the window's sessions without a summary, reading only their sets
-- (SessionSummaries). This also notices a set edited in place, which keeps its session's
-- fingerprint (how many sets, the highest set_order). Statement-level triggers: a bulk insert or
-- update costs one DELETE. A product whose session_sets is a view of its own tables keeps the
-- fingerprint, and adds such a trigger on its own table for in-place edits (see the README).
CREATE FUNCTION spotter.forget_changed_sessions() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        DELETE FROM spotter.session_summaries WHERE session_id IN (SELECT session_id FROM changed_new);
    ELSIF TG_OP = 'DELETE' THEN
        DELETE FROM spotter.session_summaries WHERE session_id IN (SELECT session_id FROM changed_old);
    ELSE
        DELETE FROM spotter.session_summaries
        WHERE session_id IN (SELECT session_id FROM changed_old UNION SELECT session_id FROM changed_new);
    END IF;
    RETURN NULL;
END $$;

DO $$
BEGIN
    IF (SELECT c.relkind FROM pg_class c WHERE c.oid = 'spotter.session_sets'::regclass) IN ('r', 'p') THEN
        CREATE TRIGGER session_sets_inserted AFTER INSERT ON spotter.session_sets
            REFERENCING NEW TABLE AS changed_new
            FOR EACH STATEMENT EXECUTE FUNCTION spotter.forget_changed_sessions();
        CREATE TRIGGER session_sets_updated AFTER UPDATE ON spotter.session_sets
            REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new
            FOR EACH STATEMENT EXECUTE FUNCTION spotter.forget_changed_sessions();
        CREATE TRIGGER session_sets_deleted AFTER DELETE ON spotter.session_sets
            REFERENCING OLD TABLE AS changed_old
            FOR EACH STATEMENT EXECUTE FUNCTION spotter.forget_changed_sessions();
    END IF;
END $$;
