-- The shard jobs each `nightly` job fanned out to (SQLite): same table and meaning as
-- sql/postgres/024_nightly_shards.sql.
CREATE TABLE nightly_shards (
    nightly_id INTEGER NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
    job_id     INTEGER NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
    PRIMARY KEY (nightly_id, job_id)
) WITHOUT ROWID;
CREATE INDEX nightly_shards_job ON nightly_shards (job_id);
