-- Optional (PostgreSQL): three group roles with least privilege. Applied by
-- `spotter migrate --roles`; safe to apply again. The kinds' result tables and their views are
-- not listed here: `spotter migrate --roles` grants them from the kinds' declarations after this
-- file (worker: read and write; reader: read, except bookkeeping tables such as watermarks). Grant them to login roles of your own:
--   CREATE ROLE worker_app LOGIN PASSWORD '…' IN ROLE spotter_worker;
DO $$
BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'spotter_worker') THEN CREATE ROLE spotter_worker NOLOGIN; END IF;
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'spotter_reader') THEN CREATE ROLE spotter_reader NOLOGIN; END IF;
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'spotter_enqueuer') THEN CREATE ROLE spotter_enqueuer NOLOGIN; END IF;
END $$;

-- Nobody but these roles (and the owner) gets anything by default.
REVOKE ALL ON SCHEMA spotter FROM PUBLIC;
REVOKE ALL ON ALL TABLES IN SCHEMA spotter FROM PUBLIC;
REVOKE EXECUTE ON ALL FUNCTIONS IN SCHEMA spotter FROM PUBLIC;
GRANT USAGE ON SCHEMA spotter TO spotter_worker, spotter_reader, spotter_enqueuer;

-- Worker: reads inputs, writes results and the queue.
GRANT SELECT ON spotter.users, spotter.trainer_clients, spotter.profiles, spotter.exercises, spotter.programs,
    spotter.program_workouts, spotter.workout_exercises, spotter.enrollments, spotter.workout_sessions,
    spotter.conversations, spotter.messages, spotter.check_ins, spotter.schema_migrations TO spotter_worker;
GRANT SELECT, INSERT, UPDATE, DELETE ON spotter.result_errors, spotter.jobs, spotter.job_kinds,
    spotter.schedule_slots, spotter.workers TO spotter_worker;
GRANT SELECT ON spotter.queue_health, spotter.job_failures, spotter.job_throughput, spotter.chat_context,
    spotter.result_freshness TO spotter_worker;
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA spotter TO spotter_worker;
-- A temporary table per chunk of sessions it summarises (SessionSummaries): PostgreSQL grants
-- TEMPORARY to PUBLIC by default, and a database that revoked it still lets the worker.
DO $$ BEGIN EXECUTE format('GRANT TEMPORARY ON DATABASE %I TO spotter_worker', current_database()); END $$;
GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA spotter TO spotter_worker;
-- What was done in each session (migration 018; guarded for databases migrated before it).
DO $$
BEGIN
    IF to_regclass('spotter.session_sets') IS NOT NULL THEN
        GRANT SELECT ON spotter.session_sets TO spotter_worker;
    END IF;
    -- Which shards each nightly job owns (migration 024).
    IF to_regclass('spotter.nightly_shards') IS NOT NULL THEN
        GRANT SELECT, INSERT, UPDATE, DELETE ON spotter.nightly_shards TO spotter_worker;
    END IF;
END $$;

-- Reader (dashboards, chat services): results and views only. Views run with their owner's
-- rights, so chat_context works without any right on messages or other inputs; the views over
-- users and facts are security barriers, so a function in the reader's WHERE clause never sees
-- rows the view hides. Facts only through the views that hide those whose source messages are
-- all deleted (current_facts, visible_facts, visible_fact_sources, granted with the kinds' own
-- tables and views by `spotter migrate --roles`), never the tables, which keep them until the
-- next extract_facts run; job_failures shows no payloads.
REVOKE ALL ON spotter.facts, spotter.fact_sources FROM spotter_reader;
GRANT SELECT ON spotter.result_errors TO spotter_reader;
GRANT SELECT ON spotter.queue_health, spotter.job_failures, spotter.job_throughput, spotter.chat_context,
    spotter.result_freshness TO spotter_reader;
-- Fact search and `spotter mcp`: who may read about whom (a view, so no right on users or
-- trainer_clients), and spotter.search_facts, which quotes the live source messages of the facts
-- it finds (a person's own words behind a fact; never other messages) with its owner's rights.
-- (Applied before migration 016 made them, this part waits for the migration, which grants the same.)
DO $$
BEGIN
    IF to_regprocedure('spotter.search_facts(bigint, text, integer, bigint, integer)') IS NOT NULL THEN
        GRANT SELECT ON spotter.viewer_scope TO spotter_reader, spotter_worker;
        ALTER FUNCTION spotter.search_facts(bigint, text, integer, bigint, integer)
            SECURITY DEFINER SET search_path = pg_catalog, pg_temp;
        GRANT EXECUTE ON FUNCTION spotter.search_facts(bigint, text, integer, bigint, integer),
            spotter.fact_search_terms(text) TO spotter_reader;
    END IF;
    -- Migration 022 (text ids): search_facts' text overload, and id_json, which the views over
    -- the result tables call (a view's functions run with the reader's own rights).
    IF to_regprocedure('spotter.search_facts(text, text, integer, text, integer)') IS NOT NULL THEN
        ALTER FUNCTION spotter.search_facts(text, text, integer, text, integer)
            SECURITY DEFINER SET search_path = pg_catalog, pg_temp;
        GRANT EXECUTE ON FUNCTION spotter.search_facts(text, text, integer, text, integer),
            spotter.id_json(text) TO spotter_reader;
    END IF;
END $$;

-- Enqueuer: may only call spotter.enqueue / enqueue_many, which run with their owner's rights
-- and, for a caller that cannot write spotter.jobs itself, allow only the on-demand kinds and
-- payload fields of jobs/kinds.yaml (enqueuer_fields), keys in their own 'enqueuer:' namespace,
-- priority no earlier than the kind's, run_at within 7 days (sql/postgres/012_hardening.sql).
ALTER FUNCTION spotter.enqueue(text, jsonb, timestamptz, integer, text, integer)
    SECURITY DEFINER SET search_path = pg_catalog, pg_temp;
ALTER FUNCTION spotter.enqueue_many(text[], jsonb[], timestamptz[], integer[], text[])
    SECURITY DEFINER SET search_path = pg_catalog, pg_temp;
GRANT EXECUTE ON FUNCTION spotter.enqueue(text, jsonb, timestamptz, integer, text, integer) TO spotter_enqueuer;
GRANT EXECUTE ON FUNCTION spotter.enqueue_many(text[], jsonb[], timestamptz[], integer[], text[]) TO spotter_enqueuer;

-- Operator (on-call, dashboards with buttons): sees the queue and controls it, enqueues
-- nothing. pause_queue, resume_queue and cancel run with their owner's rights; the operator
-- reads the queue's views and job history, so `spotter job` and `spotter status` work with it.
-- (Guarded: this file may be applied to a database migrated only up to an earlier version.)
DO $$
BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'spotter_operator') THEN CREATE ROLE spotter_operator NOLOGIN; END IF;
    GRANT USAGE ON SCHEMA spotter TO spotter_operator;
    IF to_regclass('spotter.queue_pauses') IS NULL THEN
        RETURN;
    END IF;
    GRANT SELECT, INSERT, UPDATE, DELETE ON spotter.job_attempts, spotter.queue_pauses TO spotter_worker;
    GRANT SELECT ON spotter.job_history TO spotter_worker, spotter_reader;
    GRANT SELECT ON spotter.jobs, spotter.job_attempts, spotter.job_history, spotter.queue_pauses, spotter.workers,
        spotter.job_kinds, spotter.queue_health, spotter.job_failures, spotter.job_throughput,
        spotter.result_freshness TO spotter_operator;
    ALTER FUNCTION spotter.pause_queue(text, text) SECURITY DEFINER SET search_path = pg_catalog, pg_temp;
    ALTER FUNCTION spotter.resume_queue(text) SECURITY DEFINER SET search_path = pg_catalog, pg_temp;
    ALTER FUNCTION spotter.cancel(bigint) SECURITY DEFINER SET search_path = pg_catalog, pg_temp;
    GRANT EXECUTE ON FUNCTION spotter.pause_queue(text, text), spotter.resume_queue(text), spotter.cancel(bigint)
        TO spotter_operator;
END $$;
