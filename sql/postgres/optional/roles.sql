-- Optional (PostgreSQL): three group roles with least privilege. Applied by
-- `spotter migrate --roles`; safe to apply again. Grant them to login roles of your own:
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
GRANT SELECT, INSERT, UPDATE, DELETE ON spotter.profile_stats, spotter.daily_suggestions,
    spotter.program_recommendations, spotter.inactive_clients, spotter.facts, spotter.fact_sources,
    spotter.fact_watermarks, spotter.fact_retractions, spotter.result_errors, spotter.jobs, spotter.job_kinds,
    spotter.schedule_slots, spotter.workers TO spotter_worker;
GRANT SELECT ON spotter.queue_health, spotter.job_failures, spotter.job_throughput, spotter.chat_context,
    spotter.current_facts, spotter.result_freshness, spotter.streak_distribution,
    spotter.inactive_clients_per_trainer TO spotter_worker;
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA spotter TO spotter_worker;
GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA spotter TO spotter_worker;

-- Reader (dashboards, chat services): results and views only. Views run with their owner's
-- rights, so chat_context works without any right on messages or other inputs.
GRANT SELECT ON spotter.profile_stats, spotter.daily_suggestions, spotter.program_recommendations,
    spotter.inactive_clients, spotter.facts, spotter.fact_sources, spotter.result_errors TO spotter_reader;
GRANT SELECT ON spotter.queue_health, spotter.job_failures, spotter.job_throughput, spotter.chat_context,
    spotter.current_facts, spotter.result_freshness, spotter.streak_distribution,
    spotter.inactive_clients_per_trainer TO spotter_reader;
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
END $$;

-- Enqueuer: may only call spotter.enqueue / enqueue_many, which run with their owner's rights.
ALTER FUNCTION spotter.enqueue(text, jsonb, timestamptz, integer, text, integer)
    SECURITY DEFINER SET search_path = pg_catalog, pg_temp;
ALTER FUNCTION spotter.enqueue_many(text[], jsonb[], timestamptz[], integer[], text[])
    SECURITY DEFINER SET search_path = pg_catalog, pg_temp;
GRANT EXECUTE ON FUNCTION spotter.enqueue(text, jsonb, timestamptz, integer, text, integer) TO spotter_enqueuer;
GRANT EXECUTE ON FUNCTION spotter.enqueue_many(text[], jsonb[], timestamptz[], integer[], text[]) TO spotter_enqueuer;
