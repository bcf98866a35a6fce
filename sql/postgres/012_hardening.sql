-- Hardening (PostgreSQL), issue 17:
--   * the enqueue-only role gets what its name says: on-demand kinds with an allow-list of
--     payload fields, its own namespace of unique keys, bounded priority, run_at and attempts;
--   * one rule for time zone names, shared with the Swift jobs (spotter.is_valid_time_zone);
--   * reader views are security barriers, job_failures shows no payloads, and readers see facts
--     only through views that hide facts whose source messages are all deleted;
--   * chat_context is a security barrier and bounded (its one definition is in 017).

-- The payload fields the spotter_enqueuer role may set per kind (jobs/kinds.yaml
-- `enqueuer_fields`), a JSON array as text; NULL: that role may not enqueue the kind.
ALTER TABLE spotter.job_kinds ADD COLUMN enqueuer_fields text;

-- Whether the role that called spotter.enqueue is restricted: it may not write spotter.jobs
-- itself. Inside a SECURITY DEFINER function current_user is the owner, so the caller is
-- SET ROLE's role if one is set (the `role` setting, which SECURITY DEFINER does not change),
-- else the session user. A caller that may INSERT into spotter.jobs (the owner, spotter_worker)
-- gains nothing from the function and keeps its full power; everyone else (spotter_enqueuer,
-- or an app role that reaches the function through the facts trigger) is restricted.
CREATE FUNCTION spotter.enqueue_caller_is_restricted() RETURNS boolean LANGUAGE sql STABLE
SET search_path = pg_catalog, pg_temp AS $$
    SELECT NOT has_table_privilege(
        CASE WHEN current_setting('role') = 'none' THEN session_user::text ELSE current_setting('role') END,
        'spotter.jobs', 'INSERT')
$$;

-- The checks a restricted caller's job must pass, and its stored form. Raises with SQLSTATE
-- 42501 (insufficient_privilege) or 22023 (invalid_parameter_value) naming the rule.
--   * kind: one with enqueuer_fields (the on-demand kinds), never nightly, prune_results, test
--     kinds or unknown kinds;
--   * payload: only the kind's enqueuer_fields, each a number, string, boolean, null or a list
--     of those; at most 64 KiB;
--   * priority: not ahead of the kind's catalog priority (lower runs first), at most 1000;
--   * run_at: finite, at most 7 days ahead; a past run_at becomes now() (no jumping the line);
--   * max_attempts: 1 … the kind's catalog max_attempts;
--   * unique_key: 1 … 200 characters, stored as 'enqueuer:' || key, so it can never match (nor
--     reveal) the keys of the nightly batch, its shards or the schedule.
CREATE FUNCTION spotter.restricted_job(
    INOUT kind text, INOUT payload jsonb, INOUT run_at timestamptz, INOUT priority integer,
    INOUT unique_key text, INOUT max_attempts integer
) LANGUAGE plpgsql STABLE SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    v_kind spotter.job_kinds%ROWTYPE;
    v_fields jsonb;
    v_bad text;
BEGIN
    SELECT * INTO v_kind FROM spotter.job_kinds k WHERE k.kind = restricted_job.kind;
    IF NOT FOUND OR v_kind.enqueuer_fields IS NULL THEN
        RAISE EXCEPTION 'spotter.enqueue: the enqueue-only role may not enqueue kind "%"; it may enqueue: %',
            left(restricted_job.kind, 100),
            coalesce((SELECT string_agg(k.kind, ', ' ORDER BY k.kind) FROM spotter.job_kinds k
                      WHERE k.enqueuer_fields IS NOT NULL), 'no kind')
            USING ERRCODE = '42501';
    END IF;
    v_fields := v_kind.enqueuer_fields::jsonb;
    SELECT e.key INTO v_bad FROM jsonb_each(restricted_job.payload) e
    WHERE NOT v_fields ? e.key ORDER BY e.key LIMIT 1;
    IF v_bad IS NOT NULL THEN
        RAISE EXCEPTION 'spotter.enqueue: payload field "%" may not be set by the enqueue-only role for kind %; allowed: %',
            left(v_bad, 100), restricted_job.kind,
            (SELECT string_agg(f, ', ' ORDER BY f) FROM jsonb_array_elements_text(v_fields) f)
            USING ERRCODE = '42501';
    END IF;
    SELECT e.key INTO v_bad FROM jsonb_each(restricted_job.payload) e
    WHERE jsonb_typeof(e.value) = 'object'
       OR (jsonb_typeof(e.value) = 'array'
           AND EXISTS (SELECT 1 FROM jsonb_array_elements(e.value) x WHERE jsonb_typeof(x) IN ('object', 'array')))
    ORDER BY e.key LIMIT 1;
    IF v_bad IS NOT NULL THEN
        RAISE EXCEPTION 'spotter.enqueue: payload field "%" must be a number, string, boolean or a list of them', v_bad
            USING ERRCODE = '22023';
    END IF;
    IF octet_length(restricted_job.payload::text) > 65536 THEN
        RAISE EXCEPTION 'spotter.enqueue: payload is % bytes; the enqueue-only role''s limit is 64 KiB',
            octet_length(restricted_job.payload::text) USING ERRCODE = '54000';
    END IF;
    IF restricted_job.priority IS NOT NULL
       AND (restricted_job.priority < v_kind.priority OR restricted_job.priority > 1000) THEN
        RAISE EXCEPTION 'spotter.enqueue: priority % is outside % … 1000 for kind % (lower runs first; the enqueue-only role may not run ahead of the catalog''s priority)',
            restricted_job.priority, v_kind.priority, restricted_job.kind USING ERRCODE = '42501';
    END IF;
    IF restricted_job.run_at IS NOT NULL
       AND (NOT isfinite(restricted_job.run_at) OR restricted_job.run_at > now() + interval '7 days') THEN
        RAISE EXCEPTION 'spotter.enqueue: run_at % is not within the next 7 days', restricted_job.run_at
            USING ERRCODE = '42501';
    END IF;
    run_at := greatest(coalesce(restricted_job.run_at, now()), now());
    IF restricted_job.max_attempts IS NOT NULL
       AND (restricted_job.max_attempts < 1 OR restricted_job.max_attempts > v_kind.max_attempts) THEN
        RAISE EXCEPTION 'spotter.enqueue: max_attempts % is outside 1 … % for kind %', restricted_job.max_attempts,
            v_kind.max_attempts, restricted_job.kind USING ERRCODE = '42501';
    END IF;
    IF restricted_job.unique_key IS NOT NULL THEN
        IF length(restricted_job.unique_key) NOT BETWEEN 1 AND 200 THEN
            RAISE EXCEPTION 'spotter.enqueue: unique key must be 1 to 200 characters' USING ERRCODE = '22023';
        END IF;
        unique_key := 'enqueuer:' || restricted_job.unique_key;
    END IF;
END $$;

-- spotter.enqueue as in 004_queue_api.sql, plus the restricted caller's checks.
CREATE OR REPLACE FUNCTION spotter.enqueue(
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
    v_kind_name text := enqueue.kind;
    v_payload jsonb := enqueue.payload;
    v_run_at timestamptz := enqueue.run_at;
    v_priority integer := enqueue.priority;
    v_unique_key text := enqueue.unique_key;
    v_max_attempts integer := enqueue.max_attempts;
BEGIN
    IF v_kind_name IS NULL OR length(v_kind_name) = 0 THEN
        RAISE EXCEPTION 'spotter.enqueue: kind must not be empty' USING ERRCODE = '22023';
    END IF;
    IF v_payload IS NULL OR jsonb_typeof(v_payload) <> 'object' THEN
        RAISE EXCEPTION 'spotter.enqueue: payload must be a JSON object, got %', coalesce(jsonb_typeof(v_payload), 'NULL')
            USING ERRCODE = '22023';
    END IF;
    IF octet_length(v_payload::text) > 1048576 THEN
        RAISE EXCEPTION 'spotter.enqueue: payload is % bytes; the limit is 1 MiB', octet_length(v_payload::text)
            USING ERRCODE = '54000';
    END IF;
    IF spotter.enqueue_caller_is_restricted() THEN
        SELECT r.kind, r.payload, r.run_at, r.priority, r.unique_key, r.max_attempts
        INTO v_kind_name, v_payload, v_run_at, v_priority, v_unique_key, v_max_attempts
        FROM spotter.restricted_job(v_kind_name, v_payload, v_run_at, v_priority, v_unique_key, v_max_attempts) r;
    END IF;
    SELECT * INTO v_kind FROM spotter.job_kinds k WHERE k.kind = v_kind_name;
    LOOP
        INSERT INTO spotter.jobs AS j (kind, queue, payload, run_at, priority, unique_key, max_attempts)
        VALUES (v_kind_name, coalesce(v_kind.queue, 'default'), v_payload, coalesce(v_run_at, now()),
                coalesce(v_priority, v_kind.priority, 0), v_unique_key,
                coalesce(v_max_attempts, v_kind.max_attempts, 5))
        ON CONFLICT (unique_key) WHERE unique_key IS NOT NULL AND state IN ('available', 'running', 'retryable')
        DO NOTHING
        RETURNING j.id INTO v_id;
        IF v_id IS NOT NULL THEN
            RETURN v_id;
        END IF;
        SELECT j.id INTO v_id FROM spotter.jobs j
        WHERE j.unique_key = v_unique_key AND j.state IN ('available', 'running', 'retryable');
        IF v_id IS NOT NULL THEN
            RAISE NOTICE 'spotter.enqueue: unique key "%" already has live job %; not enqueued again',
                left(v_unique_key, 200), v_id;
            RETURN v_id;
        END IF;
        -- The live job finished between the two statements: try the insert again.
    END LOOP;
END $$;

-- spotter.enqueue_many keeps its one-statement path (010) for callers with full power; a
-- restricted caller's elements go one by one through spotter.enqueue's checks, and the first
-- element refused names itself and aborts the whole call (nothing is written).
CREATE FUNCTION spotter.enqueue_many_restricted(
    kinds text[], payloads jsonb[], run_ats timestamptz[], priorities integer[], unique_keys text[]
) RETURNS SETOF bigint LANGUAGE plpgsql AS $$
DECLARE
    v_id bigint;
BEGIN
    FOR i IN 1 .. coalesce(cardinality(kinds), 0) LOOP
        BEGIN
            v_id := spotter.enqueue(kinds[i], coalesce(payloads[i], '{}'::jsonb), coalesce(run_ats[i], now()),
                                    priorities[i], unique_keys[i]);
        EXCEPTION WHEN OTHERS THEN
            RAISE EXCEPTION 'spotter.enqueue_many: element %: %', i, SQLERRM USING ERRCODE = SQLSTATE;
        END;
        RETURN NEXT v_id;
    END LOOP;
END $$;

DO $$
DECLARE
    v_source text;
BEGIN
    -- Prepend the restricted branch to enqueue_many's body as 010 defined it.
    SELECT prosrc INTO v_source FROM pg_proc
    WHERE oid = 'spotter.enqueue_many(text[], jsonb[], timestamptz[], integer[], text[])'::regprocedure;
    v_source := replace(v_source, E'BEGIN\n    IF coalesce(cardinality(kinds), 0) = 0 THEN',
        E'BEGIN\n    IF spotter.enqueue_caller_is_restricted() THEN\n'
        || E'        RETURN QUERY SELECT * FROM spotter.enqueue_many_restricted(kinds, payloads, run_ats, priorities, unique_keys);\n'
        || E'        RETURN;\n    END IF;\n    IF coalesce(cardinality(kinds), 0) = 0 THEN');
    IF position('enqueue_many_restricted' IN v_source) = 0 THEN
        RAISE EXCEPTION '012: spotter.enqueue_many is not the one 010 defined';
    END IF;
    EXECUTE format(
        'CREATE OR REPLACE FUNCTION spotter.enqueue_many(kinds text[], payloads jsonb[] DEFAULT NULL, '
        'run_ats timestamptz[] DEFAULT NULL, priorities integer[] DEFAULT NULL, unique_keys text[] DEFAULT NULL) '
        'RETURNS SETOF bigint LANGUAGE plpgsql SET plan_cache_mode = force_custom_plan AS %L', v_source);
END $$;

-- Where sql/postgres/optional/roles.sql made the enqueue functions SECURITY DEFINER before this
-- migration, CREATE OR REPLACE reset that: restore it (roles.sql does the same when re-applied).
DO $$
BEGIN
    IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'spotter_enqueuer') THEN
        ALTER FUNCTION spotter.enqueue(text, jsonb, timestamptz, integer, text, integer)
            SECURITY DEFINER SET search_path = pg_catalog, pg_temp;
        ALTER FUNCTION spotter.enqueue_many(text[], jsonb[], timestamptz[], integer[], text[])
            SECURITY DEFINER SET search_path = pg_catalog, pg_temp;
    END IF;
END $$;

-- Time zone names: the rule of the Swift jobs (SpotterStats TimeZoneName). Valid: UTC, Etc/UTC,
-- and Area/Location[/Sublocation] names of the time zone database, at most 64 characters.
-- Invalid: POSIX-style offsets (PostgreSQL reads 'UTC+5' as five hours WEST of UTC), offsets
-- such as 'GMT+14:00', abbreviations ('EST') and special names ('Factory'). A view that computes
-- local dates must use AT TIME ZONE only where this is true, and treat other users as errors.
CREATE FUNCTION spotter.is_valid_time_zone(name text) RETURNS boolean LANGUAGE plpgsql STABLE
SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    IF name IN ('UTC', 'Etc/UTC') THEN
        RETURN true;
    END IF;
    IF name IS NULL OR octet_length(name) > 64
       OR name !~ '^[A-Za-z][A-Za-z0-9_+-]*(/[A-Za-z][A-Za-z0-9_+-]*)+$' THEN
        RETURN false;
    END IF;
    PERFORM now() AT TIME ZONE name;
    RETURN true;
EXCEPTION WHEN invalid_parameter_value THEN
    RETURN false;
END $$;

-- Facts as readers may see them: only facts with at least one source message that still exists
-- and is not deleted (current and superseded ones), and only those sources. Readers get these
-- and spotter.current_facts instead of the tables, which keep a deleted message's facts until
-- the next extract_facts run retracts them.
CREATE VIEW spotter.visible_fact_sources WITH (security_barrier) AS
SELECT fs.fact_id, fs.message_id, fs.mentioned_at
FROM spotter.fact_sources fs JOIN spotter.messages m ON m.id = fs.message_id AND m.deleted_at IS NULL;

CREATE VIEW spotter.visible_facts WITH (security_barrier) AS
SELECT f.id, f.user_id, f.subject, f.category, f.content, f.polarity, f.temporal, f.confidence,
       f.first_mentioned_at, f.last_mentioned_at, f.mention_count, f.valid_from, f.valid_to, f.superseded_by,
       f.extractor, f.computed_at
FROM spotter.facts f
WHERE EXISTS (SELECT 1 FROM spotter.fact_sources fs JOIN spotter.messages m ON m.id = fs.message_id
              WHERE fs.fact_id = f.id AND m.deleted_at IS NULL);

ALTER VIEW spotter.current_facts SET (security_barrier = true);
ALTER VIEW spotter.result_freshness SET (security_barrier = true);
ALTER VIEW spotter.streak_distribution SET (security_barrier = true);
ALTER VIEW spotter.inactive_clients_per_trainer SET (security_barrier = true);
ALTER VIEW spotter.low_energy_members SET (security_barrier = true);

-- Failures for dashboards without the jobs' payloads (which carry what apps enqueued): the
-- owner and the worker read payloads from spotter.jobs.
DROP VIEW spotter.job_failures;
CREATE VIEW spotter.job_failures WITH (security_barrier) AS
SELECT id, kind, state, attempt, max_attempts, last_error, unique_key, run_at, finished_at
FROM spotter.jobs
WHERE last_error IS NOT NULL AND state IN ('retryable', 'dead')
ORDER BY coalesce(finished_at, run_at) DESC;

-- Views recreated above lose their grants; give them back where roles.sql has run.
DO $$
BEGIN
    IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'spotter_reader') THEN
        GRANT SELECT ON spotter.job_failures, spotter.visible_facts, spotter.visible_fact_sources
            TO spotter_worker, spotter_reader;
        REVOKE SELECT ON spotter.facts, spotter.fact_sources FROM spotter_reader;
        REVOKE EXECUTE ON FUNCTION spotter.enqueue_caller_is_restricted(),
            spotter.restricted_job(text, jsonb, timestamptz, integer, text, integer),
            spotter.enqueue_many_restricted(text[], jsonb[], timestamptz[], integer[], text[]),
            spotter.is_valid_time_zone(text) FROM PUBLIC;
        GRANT EXECUTE ON FUNCTION spotter.enqueue_caller_is_restricted(),
            spotter.restricted_job(text, jsonb, timestamptz, integer, text, integer),
            spotter.enqueue_many_restricted(text[], jsonb[], timestamptz[], integer[], text[]),
            spotter.is_valid_time_zone(text) TO spotter_worker;
    END IF;
END $$;
