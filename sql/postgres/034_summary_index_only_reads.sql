-- A night reads each member's window of summaries session by session (one index probe per
-- session, SessionSummaries). With the columns it reads in the index, each probe is an
-- index-only scan that skips the table's pages for every row vacuumed since it was written
-- (the visibility map): at 100,000 users, 11.1 M of the 11.7 M `session_work` rows a next night
-- reads. Same keys and uniqueness; the indexes are rebuilt once (16 s at 100,000 users).
ALTER TABLE spotter.session_work
    DROP CONSTRAINT session_work_pkey,
    ADD CONSTRAINT session_work_pkey PRIMARY KEY (session_id, muscle_group) INCLUDE (sets, load);
DROP INDEX spotter.session_lifts_session;
CREATE INDEX session_lifts_session
    ON spotter.session_lifts (session_id) INCLUDE (exercise_name, exercise_id, estimated_max_kg);

-- Insert-only between refreshes: autovacuum marks the new rows visible after 2 % of the table is
-- new (a night or two of sessions) instead of PostgreSQL's default 20 % (a week or more), so the
-- rows read from the table stay few.
ALTER TABLE spotter.session_work SET (autovacuum_vacuum_insert_scale_factor = 0.02);
ALTER TABLE spotter.session_lifts SET (autovacuum_vacuum_insert_scale_factor = 0.02);
