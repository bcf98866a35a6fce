-- Hardening (SQLite), issue 17; the same rules as sql/postgres/012_hardening.sql where SQLite has
-- them (it has no roles, SQL functions or security barriers: the enqueue-only role and the time
-- zone function are PostgreSQL's):
--   * job_kinds.enqueuer_fields, written from jobs/kinds.yaml like on PostgreSQL;
--   * job_failures without the jobs' payloads;
--   * visible_facts and visible_fact_sources: facts as readers may see them, as on PostgreSQL;

ALTER TABLE job_kinds ADD COLUMN enqueuer_fields TEXT;

-- Facts as readers may see them: only facts with at least one source message that still exists
-- and is not deleted (current and superseded ones), and only those sources.
CREATE VIEW visible_fact_sources AS
SELECT fs.fact_id, fs.message_id, fs.mentioned_at
FROM fact_sources fs JOIN messages m ON m.id = fs.message_id AND m.deleted_at IS NULL;

CREATE VIEW visible_facts AS
SELECT f.id, f.user_id, f.subject, f.category, f.content, f.polarity, f.temporal, f.confidence,
       f.first_mentioned_at, f.last_mentioned_at, f.mention_count, f.valid_from, f.valid_to, f.superseded_by,
       f.extractor, f.computed_at
FROM facts f
WHERE EXISTS (SELECT 1 FROM fact_sources fs JOIN messages m ON m.id = fs.message_id
              WHERE fs.fact_id = f.id AND m.deleted_at IS NULL);

DROP VIEW job_failures;
CREATE VIEW job_failures AS
SELECT id, kind, state, attempt, max_attempts, last_error, unique_key, run_at, finished_at
FROM jobs
WHERE last_error IS NOT NULL AND state IN ('retryable', 'dead')
ORDER BY coalesce(finished_at, run_at) DESC;
