-- The queue's SQL surface (SQLite): the catalog's defaults and the dashboard views. SQLite has
-- no SQL functions or NOTIFY: enqueue with a plain INSERT (or `spotter enqueue`); workers poll.

CREATE TABLE job_kinds (
    kind         TEXT PRIMARY KEY,
    queue        TEXT    NOT NULL,
    priority     INTEGER NOT NULL,
    max_attempts INTEGER NOT NULL,
    timeout_ms   INTEGER NOT NULL,
    description  TEXT    NOT NULL DEFAULT '',
    updated_at   TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

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
       NULL AS p95_seconds
FROM jobs
GROUP BY kind;

CREATE VIEW job_failures AS
SELECT id, kind, state, attempt, max_attempts, last_error, payload, unique_key, run_at, finished_at
FROM jobs
WHERE last_error IS NOT NULL AND state IN ('retryable', 'dead')
ORDER BY coalesce(finished_at, run_at) DESC;

CREATE VIEW job_throughput AS
SELECT substr(finished_at, 1, 16) AS minute, kind, state, count(*) AS jobs,
       avg((julianday(finished_at) - julianday(started_at)) * 86400.0) AS avg_seconds
FROM jobs
WHERE finished_at > strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-1 hour')
GROUP BY 1, 2, 3
ORDER BY 1 DESC, 2, 3;
