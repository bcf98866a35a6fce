-- Backfills never replace newer results (see sql/postgres/017_result_as_of.sql): the `as_of`
-- instant each subject's rows were computed for, as fixed-width UTC text that sorts in time order.
ALTER TABLE profile_stats ADD COLUMN as_of TEXT;
ALTER TABLE program_recommendations ADD COLUMN as_of TEXT;
ALTER TABLE inactive_clients ADD COLUMN as_of TEXT;
ALTER TABLE checkin_trends ADD COLUMN as_of TEXT;
