-- How far each member's session summaries are known to be complete (see
-- sql/postgres/037_summary_coverage.sql): every session of the member that started in
-- [covered_from, covered_until) has its summary.
CREATE TABLE summary_coverage (
    user_id       TEXT    PRIMARY KEY,
    covered_from  TEXT,
    covered_until TEXT,
    changes       INTEGER NOT NULL DEFAULT 0
);

-- Inserting a session id here lowers the coverage of its member to its start and counts a
-- change (a view, so that every trigger below says it in one line: SQLite triggers call no
-- functions). A deleted session needs no summary.
CREATE VIEW sessions_uncovered AS SELECT NULL AS session_id WHERE 0;
CREATE TRIGGER sessions_uncovered_inserted INSTEAD OF INSERT ON sessions_uncovered
BEGIN
    INSERT INTO summary_coverage (user_id, covered_until, changes)
    SELECT s.user_id, s.started_at, 1 FROM workout_sessions s WHERE s.id = new.session_id
    ON CONFLICT (user_id) DO UPDATE SET changes = changes + 1,
        covered_until = CASE WHEN covered_from IS NOT NULL AND excluded.covered_until >= covered_from
                                  AND excluded.covered_until < covered_until
                             THEN excluded.covered_until ELSE covered_until END;
END;

-- A session whose summary is deleted (by the triggers of migration 030 when its sets change, or
-- by an operator), whose new sets may have no summary to delete (a session logged back in time),
-- or that moved in time, to another member or to another id.
CREATE TRIGGER session_summaries_deleted AFTER DELETE ON session_summaries
BEGIN
    INSERT INTO sessions_uncovered VALUES (old.session_id);
END;
CREATE TRIGGER session_sets_uncovered_inserted AFTER INSERT ON session_sets
BEGIN
    INSERT INTO sessions_uncovered VALUES (new.session_id);
END;
CREATE TRIGGER session_sets_uncovered_updated AFTER UPDATE OF session_id ON session_sets
BEGIN
    INSERT INTO sessions_uncovered VALUES (new.session_id);
END;
CREATE TRIGGER workout_sessions_moved AFTER UPDATE OF id, user_id, started_at ON workout_sessions
BEGIN
    INSERT INTO sessions_uncovered VALUES (new.id);
END;
