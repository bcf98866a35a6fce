-- The queue's SQL surface (PostgreSQL): enqueue from any client, a wake-up NOTIFY per
-- statement, the catalog's defaults, and views for dashboards.

-- The job kinds of jobs/kinds.yaml, written by `spotter migrate` and `spotter work` at start-up,
-- so SQL enqueues get the catalog's queue, priority and max_attempts.
CREATE TABLE spotter.job_kinds (
    kind         text PRIMARY KEY,
    queue        text        NOT NULL,
    priority     integer     NOT NULL,
    max_attempts integer     NOT NULL,
    timeout_ms   bigint      NOT NULL,
    description  text        NOT NULL DEFAULT '',
    updated_at   timestamptz NOT NULL DEFAULT now()
);

-- One wake-up per INSERT statement, however many rows it inserted. Polling stays the truth.
CREATE FUNCTION spotter.notify_jobs() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('spotter_jobs', '');
    RETURN NULL;
END $$;
CREATE TRIGGER jobs_notify AFTER INSERT ON spotter.jobs
    FOR EACH STATEMENT EXECUTE FUNCTION spotter.notify_jobs();

-- Enqueue one job and return its id. With a unique key that already has a live job
-- (available, running or retryable), returns that job's id and raises a NOTICE saying so.
CREATE FUNCTION spotter.enqueue(
    kind text,
    payload jsonb DEFAULT '{}',
    run_at timestamptz DEFAULT now(),
    priority integer DEFAULT NULL,
    unique_key text DEFAULT NULL,
    max_attempts integer DEFAULT NULL
) RETURNS bigint LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
    v_id bigint;
    v_kind spotter.job_kinds%ROWTYPE;
BEGIN
    IF kind IS NULL OR length(kind) = 0 THEN
        RAISE EXCEPTION 'spotter.enqueue: kind must not be empty' USING ERRCODE = '22023';
    END IF;
    IF payload IS NULL OR jsonb_typeof(payload) <> 'object' THEN
        RAISE EXCEPTION 'spotter.enqueue: payload must be a JSON object, got %', coalesce(jsonb_typeof(payload), 'NULL')
            USING ERRCODE = '22023';
    END IF;
    IF octet_length(payload::text) > 1048576 THEN
        RAISE EXCEPTION 'spotter.enqueue: payload is % bytes; the limit is 1 MiB', octet_length(payload::text)
            USING ERRCODE = '54000';
    END IF;
    SELECT * INTO v_kind FROM spotter.job_kinds k WHERE k.kind = enqueue.kind;
    LOOP
        INSERT INTO spotter.jobs AS j (kind, queue, payload, run_at, priority, unique_key, max_attempts)
        VALUES (enqueue.kind, coalesce(v_kind.queue, 'default'), enqueue.payload, coalesce(enqueue.run_at, now()),
                coalesce(enqueue.priority, v_kind.priority, 0), enqueue.unique_key,
                coalesce(enqueue.max_attempts, v_kind.max_attempts, 5))
        ON CONFLICT (unique_key) WHERE unique_key IS NOT NULL AND state IN ('available', 'running', 'retryable')
        DO NOTHING
        RETURNING j.id INTO v_id;
        IF v_id IS NOT NULL THEN
            RETURN v_id;
        END IF;
        SELECT j.id INTO v_id FROM spotter.jobs j
        WHERE j.unique_key = enqueue.unique_key AND j.state IN ('available', 'running', 'retryable');
        IF v_id IS NOT NULL THEN
            RAISE NOTICE 'spotter.enqueue: unique key "%" already has live job %; not enqueued again', enqueue.unique_key, v_id;
            RETURN v_id;
        END IF;
        -- The live job finished between the two statements: try the insert again.
    END LOOP;
END $$;

-- Batch enqueue: one row per element of the arrays (payloads may be NULL for '{}').
-- Returns the job ids in input order; duplicates of live unique keys return the existing id.
-- One statement, so one NOTIFY.
CREATE FUNCTION spotter.enqueue_many(
    kinds text[],
    payloads jsonb[] DEFAULT NULL,
    run_ats timestamptz[] DEFAULT NULL,
    priorities integer[] DEFAULT NULL,
    unique_keys text[] DEFAULT NULL
) RETURNS SETOF bigint LANGUAGE sql AS $$
    SELECT spotter.enqueue(k.kind, coalesce(payloads[k.i], '{}'), coalesce(run_ats[k.i], now()),
                           priorities[k.i], unique_keys[k.i])
    FROM unnest(kinds) WITH ORDINALITY AS k(kind, i)
    ORDER BY k.i
$$;

-- Cancel an available, retryable or running job (a running job is stopped by its worker at the
-- next heartbeat). Returns false when the job does not exist or has already finished.
CREATE FUNCTION spotter.cancel(job_id bigint) RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
    v_state text;
BEGIN
    UPDATE spotter.jobs SET state = 'cancelled', finished_at = now(), lease_owner = NULL, lease_expires_at = NULL,
                            last_error = coalesce(last_error, 'cancelled')
    WHERE id = job_id AND state IN ('available', 'retryable')
    RETURNING state INTO v_state;
    IF v_state IS NOT NULL THEN
        RETURN true;
    END IF;
    UPDATE spotter.jobs SET cancel_requested = true WHERE id = job_id AND state = 'running' RETURNING state INTO v_state;
    RETURN v_state IS NOT NULL;
END $$;

-- Queue health per kind: depth per state, lag (age of the oldest runnable job), throughput
-- and duration percentiles over the last 5 minutes.
CREATE VIEW spotter.queue_health AS
SELECT k.kind,
       count(*) FILTER (WHERE j.state = 'available')                          AS available,
       count(*) FILTER (WHERE j.state = 'running')                            AS running,
       count(*) FILTER (WHERE j.state = 'retryable')                          AS retryable,
       count(*) FILTER (WHERE j.state = 'dead')                               AS dead,
       count(*) FILTER (WHERE j.state = 'succeeded')                          AS succeeded,
       count(*) FILTER (WHERE j.state = 'cancelled')                          AS cancelled,
       coalesce(extract(epoch FROM now() - min(j.run_at) FILTER (
           WHERE j.state IN ('available', 'retryable') AND j.run_at <= now())), 0)::double precision AS lag_seconds,
       count(*) FILTER (WHERE j.finished_at > now() - interval '5 minutes' AND j.state = 'succeeded')
           / 300.0                                                             AS throughput_per_second,
       percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM j.finished_at - j.started_at))
           FILTER (WHERE j.state = 'succeeded' AND j.finished_at > now() - interval '5 minutes') AS p50_seconds,
       percentile_cont(0.95) WITHIN GROUP (ORDER BY extract(epoch FROM j.finished_at - j.started_at))
           FILTER (WHERE j.state = 'succeeded' AND j.finished_at > now() - interval '5 minutes') AS p95_seconds
FROM (SELECT DISTINCT kind FROM spotter.jobs) k
JOIN spotter.jobs j ON j.kind = k.kind
GROUP BY k.kind;

-- Failures with their last error, newest first.
CREATE VIEW spotter.job_failures AS
SELECT id, kind, state, attempt, max_attempts, last_error, payload, unique_key, run_at, finished_at
FROM spotter.jobs
WHERE last_error IS NOT NULL AND state IN ('retryable', 'dead')
ORDER BY coalesce(finished_at, run_at) DESC;

-- Jobs finished per minute and kind over the last hour.
CREATE VIEW spotter.job_throughput AS
SELECT date_trunc('minute', finished_at) AS minute, kind, state, count(*) AS jobs,
       avg(extract(epoch FROM finished_at - started_at))::double precision AS avg_seconds
FROM spotter.jobs
WHERE finished_at > now() - interval '1 hour'
GROUP BY 1, 2, 3
ORDER BY 1 DESC, 2, 3;
