-- What was lifted per summarised session and exercise (see sql/postgres/030_session_lifts.sql).
CREATE TABLE session_lifts (
    session_id       NOT NULL,        -- no type: the product's session key as it is
    exercise_name    TEXT    NOT NULL,
    exercise_id      INTEGER,
    estimated_max_kg REAL
);
CREATE INDEX session_lifts_session ON session_lifts (session_id);

-- Every change to session_sets forgets the summaries of the sessions it touched (see
-- sql/postgres/030_session_lifts.sql): a night summarises the sessions without a summary.
CREATE TRIGGER session_sets_inserted AFTER INSERT ON session_sets
BEGIN
    DELETE FROM session_summaries WHERE session_id = new.session_id;
END;
CREATE TRIGGER session_sets_updated AFTER UPDATE ON session_sets
BEGIN
    DELETE FROM session_summaries WHERE session_id IN (old.session_id, new.session_id);
END;
CREATE TRIGGER session_sets_deleted AFTER DELETE ON session_sets
BEGIN
    DELETE FROM session_summaries WHERE session_id = old.session_id;
END;
