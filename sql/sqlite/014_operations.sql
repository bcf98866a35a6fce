-- Operating the queue (SQLite): every attempt of a job, paused queues, and queue_health saying
-- which kinds are paused. Same tables as sql/postgres/014_operations.sql; no SQL functions
-- (spotter pause / resume write queue_pauses directly).

ALTER TABLE jobs ADD COLUMN attempted_by TEXT;

CREATE TABLE job_attempts (
    job_id      INTEGER NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
    attempt     INTEGER NOT NULL,
    worker      TEXT,
    started_at  TEXT    NOT NULL,
    finished_at TEXT,
    outcome     TEXT    NOT NULL,
    error       TEXT,
    PRIMARY KEY (job_id, started_at)
);

CREATE TABLE queue_pauses (
    queue     TEXT PRIMARY KEY CHECK (length(queue) BETWEEN 1 AND 100),
    paused_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    paused_by TEXT NOT NULL DEFAULT '',
    reason    TEXT CHECK (length(reason) <= 500)
);

CREATE VIEW job_history AS
SELECT a.job_id, a.attempt, a.worker, a.started_at, a.finished_at, a.outcome, a.error
FROM job_attempts a
UNION ALL
SELECT j.id, j.attempt, coalesce(j.lease_owner, j.attempted_by), j.started_at, j.finished_at,
       CASE WHEN j.state = 'available' THEN 'handed_back' ELSE j.state END,
       CASE WHEN j.state IN ('retryable', 'dead', 'cancelled') THEN j.last_error END
FROM jobs j
WHERE j.started_at IS NOT NULL;

DROP VIEW queue_health;
CREATE VIEW queue_health AS
SELECT kind,
       sum(state = 'available') AS available,
       sum(state = 'running')   AS running,
       sum(state = 'retryable') AS retryable,
       sum(state = 'dead')      AS dead,
       sum(state = 'succeeded') AS succeeded,
       sum(state = 'cancelled') AS cancelled,
       coalesce((julianday('now') - julianday(min(CASE WHEN state IN ('available', 'retryable')
                  AND run_at <= strftime('%Y-%m-%dT%H:%M:%fZ', 'now') THEN run_at END))) * 86400.0, 0) AS lag_seconds,
       sum(state = 'succeeded' AND finished_at > strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-5 minutes')) / 300.0
           AS throughput_per_second,
       NULL AS p50_seconds,
       NULL AS p95_seconds,
       (EXISTS (SELECT 1 FROM queue_pauses p
                WHERE p.queue = coalesce((SELECT jk.queue FROM job_kinds jk WHERE jk.kind = jobs.kind), 'default'))
        OR coalesce(max(state IN ('available', 'retryable') AND queue IN (SELECT queue FROM queue_pauses)), 0)) AS paused
FROM jobs
GROUP BY kind;
