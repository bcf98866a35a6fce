-- Messages are ordered within a conversation by (sent_at, id) (SQLite): same change and meaning
-- as sql/postgres/021_message_order.sql. ISO 8601 UTC text with a fixed width orders as time.
ALTER TABLE fact_watermarks ADD COLUMN last_sent_at TEXT;

UPDATE fact_watermarks
SET last_sent_at = coalesce(
    (SELECT m.sent_at FROM messages m WHERE m.id = fact_watermarks.last_message_id),
    (SELECT max(m.sent_at) FROM messages m
     WHERE m.conversation_id = fact_watermarks.conversation_id AND m.id <= fact_watermarks.last_message_id),
    fact_watermarks.processed_at);

CREATE INDEX messages_conversation_sent ON messages (conversation_id, sent_at, id);
DROP INDEX IF EXISTS messages_conversation;
