-- The shard jobs each `nightly` job fanned out to, fresh or found already live (issue 35):
-- `spotter run nightly` owns its batch by these ids, not by the shape of a unique key, which
-- anyone who may enqueue can imitate (`enqueuer:profile_stats:UTC:2026-11-21:0`). Pruning a
-- job removes its rows.
CREATE TABLE spotter.nightly_shards (
    nightly_id bigint NOT NULL REFERENCES spotter.jobs (id) ON DELETE CASCADE,
    job_id     bigint NOT NULL REFERENCES spotter.jobs (id) ON DELETE CASCADE,
    PRIMARY KEY (nightly_id, job_id)
);
CREATE INDEX nightly_shards_job ON spotter.nightly_shards (job_id);
