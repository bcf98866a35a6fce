-- The same index as PostgreSQL's 013: rescue reads the running jobs by a partial index on id,
-- and heartbeats (which change only lease_expires_at) no longer rewrite an index entry. SQLite
-- has no HOT updates or autovacuum settings to tune; only the index changes.
DROP INDEX IF EXISTS jobs_running_lease;
CREATE INDEX jobs_running ON jobs (id) WHERE state = 'running';
