-- Payloads checked against their kind's payload type (issue 36): a field the kind does not read
-- (`{"userid": 42}`) is refused when the job is enqueued, not found dead at run time.
-- `payload_fields` is a JSON array of the field names the kind's payload type reads, written by
-- `spotter migrate` and every worker from the kinds' Swift declarations; NULL (test kinds, kinds
-- this Spotter does not know) accepts any field. The types of the values are the Swift side's to
-- check (`spotter enqueue`, and a payload that does not decode fails permanently, not retried).
ALTER TABLE spotter.job_kinds ADD COLUMN payload_fields text;

-- Raises 22023 naming the first field of `payload` not in `fields`, with the closest one.
CREATE FUNCTION spotter.check_payload_fields(kind text, payload jsonb, fields jsonb) RETURNS void
LANGUAGE plpgsql IMMUTABLE SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    v_bad text;
BEGIN
    SELECT e.key INTO v_bad FROM jsonb_object_keys(payload) e(key)
    WHERE NOT fields ? e.key ORDER BY e.key LIMIT 1;
    IF v_bad IS NOT NULL THEN
        RAISE EXCEPTION 'spotter.enqueue: unknown payload field "%" for kind %; it takes: %', left(v_bad, 100), kind,
            coalesce((SELECT string_agg(f, ', ' ORDER BY f) FROM jsonb_array_elements_text(fields) f), 'no fields')
            USING ERRCODE = '22023';
    END IF;
END $$;

-- spotter.enqueue as in 012_hardening.sql, plus the payload's field names.
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
    IF v_kind.payload_fields IS NOT NULL THEN
        PERFORM spotter.check_payload_fields(v_kind_name, v_payload, v_kind.payload_fields::jsonb);
    END IF;
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

-- CREATE OR REPLACE resets SECURITY DEFINER: keep what sql/postgres/optional/roles.sql set when
-- it has been applied (its enqueue-only role exists).
DO $$
BEGIN
    IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'spotter_enqueuer') THEN
        ALTER FUNCTION spotter.enqueue(text, jsonb, timestamptz, integer, text, integer)
            SECURITY DEFINER SET search_path = pg_catalog, pg_temp;
    END IF;
END $$;
