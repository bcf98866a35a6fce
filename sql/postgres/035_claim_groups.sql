-- Jobs that read the same inputs run in one worker (issue 34). A claim that takes a job with a
-- claim group also takes the group's other runnable jobs, even beyond its limit, so that the two
-- recommendation kinds of one nightly shard (`daily_suggestion`, `program_recommendations`) run
-- side by side in one worker process and share one read of the shard's inputs. Claimed one by
-- one, two workers split half the pairs at 100,000 users and read those shards twice.
--
-- Nullable and without a default, so adding it rewrites nothing; the check scans the table once
-- under the lock (all NULL), which the pruned hot table makes short.
-- The partial index finds a group's runnable jobs; it holds only the waiting jobs of a group.
ALTER TABLE spotter.jobs ADD COLUMN claim_group text CHECK (length(claim_group) BETWEEN 1 AND 500);
CREATE INDEX jobs_claim_group ON spotter.jobs (claim_group)
    WHERE claim_group IS NOT NULL AND state IN ('available', 'retryable');
