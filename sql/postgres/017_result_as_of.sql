-- Backfills never replace newer results: every result table that keeps one row set per subject
-- records the `as_of` instant its rows were computed for. ResultWriter.replace leaves a subject's
-- rows untouched when the stored as_of is later than the run's (rows from before this migration
-- have none and are replaced). Daily suggestions keep per-date history instead (primary key
-- (user_id, local_date) since 002), so they need no column.
ALTER TABLE spotter.profile_stats ADD COLUMN as_of timestamptz;
ALTER TABLE spotter.program_recommendations ADD COLUMN as_of timestamptz;
ALTER TABLE spotter.inactive_clients ADD COLUMN as_of timestamptz;
ALTER TABLE spotter.checkin_trends ADD COLUMN as_of timestamptz;
