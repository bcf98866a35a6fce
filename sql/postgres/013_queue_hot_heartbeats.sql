-- Heartbeats become HOT updates (issue 17 item 7).
--
-- An UPDATE can be HOT (no new index entries, the old version pruned in place) only when it
-- changes no column that an index uses as a key or in its predicate. Every state change (claim,
-- acknowledgement, retry, rescue) changes `state`, which all the partial indexes name in their
-- WHERE clause, so those updates can never be HOT: the price of small partial indexes over the
-- live states. A heartbeat changes only `lease_expires_at`, and that was the key of
-- `jobs_running_lease`, so heartbeats were not HOT either. Rescue needs no order by lease in an
-- index: it reads the running jobs (at most the job slots of all workers) and filters them, so
-- the index is keyed on `id` instead and `lease_expires_at` leaves every index.
DROP INDEX IF EXISTS spotter.jobs_running_lease;
CREATE INDEX jobs_running ON spotter.jobs (id) WHERE state = 'running';

-- A queue table churns: vacuum it without cost-based sleeps so dead versions (which HOT cannot
-- avoid for state changes) are removed as fast as they accrue. fillfactor 80 (003) leaves room
-- on each page for the HOT versions.
ALTER TABLE spotter.jobs SET (autovacuum_vacuum_cost_delay = 0);
