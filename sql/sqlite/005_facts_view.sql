-- Facts (SQLite): the read view of sql/postgres/005_facts_trigger.sql. SQLite has no SQL
-- functions and no queue trigger; enqueue extract_facts with the CLI or a plain INSERT.

-- The facts a reader should trust right now: open, their user still exists, and at least one
-- source message is still there and not soft-deleted. The next extract_facts run removes what
-- this view hides.
CREATE VIEW current_facts AS
SELECT f.id, f.user_id, f.subject, f.category, f.content, f.polarity, f.temporal, f.confidence, f.slot,
       f.first_mentioned_at, f.last_mentioned_at, f.mention_count, f.valid_from, f.extractor, f.computed_at
FROM facts f
WHERE f.valid_to IS NULL
  AND EXISTS (SELECT 1 FROM users u WHERE u.id = f.user_id)
  AND EXISTS (SELECT 1 FROM fact_sources s JOIN messages m ON m.id = s.message_id
              WHERE s.fact_id = f.id AND m.deleted_at IS NULL);
