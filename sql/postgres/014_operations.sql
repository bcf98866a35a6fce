-- Operating the queue: every attempt of a job (spotter job ID), paused queues (spotter pause /
-- resume, honoured by every claim), and queue_health saying which kinds are paused.

-- The worker of the job's latest attempt. Set at claim; unlike lease_owner it stays after the
-- acknowledgement, so a finished job still names who ran it.
ALTER TABLE spotter.jobs ADD COLUMN attempted_by text;

-- Earlier attempts. The job row describes its latest attempt; the claim that starts a new
-- attempt copies the one it replaces here, so a job that runs once (nearly all) writes nothing.
CREATE TABLE spotter.job_attempts (
    job_id      bigint      NOT NULL,  -- no foreign key, so that TRUNCATE spotter.jobs keeps working
    attempt     integer     NOT NULL,
    worker      text,
    started_at  timestamptz NOT NULL,
    finished_at timestamptz,
    outcome     text        NOT NULL,  -- the state the attempt left: retryable, dead, cancelled, handed_back
    error       text,
    PRIMARY KEY (job_id, started_at)
);

-- A job's attempts go with it: once per pruning statement (not per row), and on TRUNCATE.
CREATE FUNCTION spotter.forget_attempts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'TRUNCATE' THEN
        TRUNCATE spotter.job_attempts;
    ELSIF EXISTS (SELECT 1 FROM spotter.job_attempts) THEN
        DELETE FROM spotter.job_attempts a USING gone WHERE a.job_id = gone.id;
    END IF;
    RETURN NULL;
END $$;
CREATE TRIGGER jobs_forget_attempts AFTER DELETE ON spotter.jobs
    REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION spotter.forget_attempts();
CREATE TRIGGER jobs_truncate_attempts AFTER TRUNCATE ON spotter.jobs
    FOR EACH STATEMENT EXECUTE FUNCTION spotter.forget_attempts();

-- Paused queues: claims skip their jobs until `spotter resume` (or spotter.resume_queue).
CREATE TABLE spotter.queue_pauses (
    queue     text PRIMARY KEY CHECK (length(queue) BETWEEN 1 AND 100),
    paused_at timestamptz NOT NULL DEFAULT now(),
    paused_by text        NOT NULL DEFAULT session_user,
    reason    text        CHECK (length(reason) <= 500)
);

-- Pause a queue. Returns true when it was running (false: already paused). Jobs already
-- running finish; no worker claims another job of the queue until it is resumed.
CREATE FUNCTION spotter.pause_queue(queue text, reason text DEFAULT NULL) RETURNS boolean
LANGUAGE plpgsql AS $$
DECLARE
    v_done boolean;
BEGIN
    IF queue IS NULL OR length(queue) NOT BETWEEN 1 AND 100 THEN
        RAISE EXCEPTION 'spotter.pause_queue: queue must be 1 to 100 characters' USING ERRCODE = '22023';
    END IF;
    INSERT INTO spotter.queue_pauses AS p (queue, reason) VALUES (pause_queue.queue, pause_queue.reason)
    ON CONFLICT DO NOTHING
    RETURNING true INTO v_done;
    RETURN coalesce(v_done, false);
END $$;

-- Resume a paused queue and wake the workers. Returns true when it was paused.
CREATE FUNCTION spotter.resume_queue(queue text) RETURNS boolean
LANGUAGE plpgsql AS $$
DECLARE
    v_done boolean;
BEGIN
    DELETE FROM spotter.queue_pauses p WHERE p.queue = resume_queue.queue RETURNING true INTO v_done;
    IF v_done THEN
        PERFORM pg_notify('spotter_jobs', '');
    END IF;
    RETURN coalesce(v_done, false);
END $$;

-- Every attempt of every job, oldest first: the recorded earlier ones and the job's latest.
CREATE VIEW spotter.job_history AS
SELECT a.job_id, a.attempt, a.worker, a.started_at, a.finished_at, a.outcome, a.error
FROM spotter.job_attempts a
UNION ALL
SELECT j.id, j.attempt, coalesce(j.lease_owner, j.attempted_by), j.started_at, j.finished_at,
       CASE WHEN j.state = 'available' THEN 'handed_back' ELSE j.state END,
       CASE WHEN j.state IN ('retryable', 'dead', 'cancelled') THEN j.last_error END
FROM spotter.jobs j
WHERE j.started_at IS NOT NULL;

-- queue_health gains `paused`: the kind's queue (from jobs/kinds.yaml), or the queue of one
-- of its waiting jobs, is paused.
CREATE OR REPLACE VIEW spotter.queue_health AS
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
           FILTER (WHERE j.state = 'succeeded' AND j.finished_at > now() - interval '5 minutes') AS p95_seconds,
       EXISTS (SELECT 1 FROM spotter.queue_pauses p
               WHERE p.queue = coalesce((SELECT jk.queue FROM spotter.job_kinds jk WHERE jk.kind = k.kind), 'default'))
       OR coalesce(bool_or(j.state IN ('available', 'retryable')
                           AND j.queue IN (SELECT p.queue FROM spotter.queue_pauses p)), false) AS paused
FROM (SELECT DISTINCT kind FROM spotter.jobs) k
JOIN spotter.jobs j ON j.kind = k.kind
GROUP BY k.kind;

-- Where `spotter migrate --roles` ran before this migration, the worker role needs the new
-- tables now (every claim reads queue_pauses and may write job_attempts); the operator role and
-- the functions' SECURITY DEFINER come with the next `spotter migrate --roles`.
DO $$
BEGIN
    IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'spotter_worker') THEN
        GRANT SELECT, INSERT, UPDATE, DELETE ON spotter.job_attempts, spotter.queue_pauses TO spotter_worker;
        GRANT SELECT ON spotter.job_history TO spotter_worker;
    END IF;
END $$;
