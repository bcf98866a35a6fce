-- Messages are ordered within a conversation by (sent_at, id), not by ids that grow (issue 14):
-- a product's message ids may be UUIDs or text, or grow in another order than the messages were
-- sent. The facts watermark of a conversation becomes the (sent_at, id) of the last message
-- processed; a message counts as new when its (sent_at, id) is greater. A message inserted later
-- with a sent_at earlier than its conversation's watermark is not read (as a lower id was not).
ALTER TABLE spotter.fact_watermarks ADD COLUMN last_sent_at timestamptz;

-- Existing watermarks: the processed message's sent_at; when it is gone, the latest sent_at of
-- the conversation's messages up to it; else when the watermark was written.
UPDATE spotter.fact_watermarks w
SET last_sent_at = coalesce(
    (SELECT m.sent_at FROM spotter.messages m WHERE m.id = w.last_message_id),
    (SELECT max(m.sent_at) FROM spotter.messages m
     WHERE m.conversation_id = w.conversation_id AND m.id <= w.last_message_id),
    w.processed_at);
ALTER TABLE spotter.fact_watermarks ALTER COLUMN last_sent_at SET NOT NULL;

-- The pending-messages read is a range on (sent_at, id) within a conversation. (A product whose
-- spotter.messages is a view keeps the same index on its table; `spotter check-inputs` checks.)
CREATE INDEX messages_conversation_sent ON spotter.messages (conversation_id, sent_at, id);
DROP INDEX IF EXISTS spotter.messages_conversation;

-- The optional facts trigger (005) counts the owner's messages past the watermark the same way.
CREATE OR REPLACE FUNCTION spotter.enqueue_extract_facts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    v_every integer := greatest(coalesce(TG_ARGV[0]::integer, 5), 1);
BEGIN
    PERFORM spotter.enqueue('extract_facts', jsonb_build_object('conversation_id', t.conversation_id), now(), NULL,
                            'extract_facts:conversation:' || t.conversation_id)
    FROM (
        SELECT n.conversation_id, c.user_id AS owner_id, w.last_sent_at AS watermark_at, w.last_message_id AS watermark_id
        FROM (SELECT DISTINCT n.conversation_id, n.sender_id FROM new_messages n WHERE n.deleted_at IS NULL) n
        JOIN spotter.conversations c ON c.id = n.conversation_id AND n.sender_id = c.user_id
        LEFT JOIN spotter.fact_watermarks w ON w.conversation_id = n.conversation_id
    ) AS t
    CROSS JOIN LATERAL (
        SELECT count(*) AS added FROM new_messages n
        WHERE n.conversation_id = t.conversation_id AND n.sender_id = t.owner_id AND n.deleted_at IS NULL
          AND (t.watermark_at IS NULL OR (n.sent_at, n.id) > (t.watermark_at, t.watermark_id))
    ) AS a
    CROSS JOIN LATERAL (
        SELECT count(*) AS pending FROM spotter.messages m
        WHERE m.conversation_id = t.conversation_id AND m.sender_id = t.owner_id AND m.deleted_at IS NULL
          AND (t.watermark_at IS NULL OR (m.sent_at, m.id) > (t.watermark_at, t.watermark_id))
    ) AS p
    WHERE a.added > 0 AND p.pending / v_every > (p.pending - a.added) / v_every
      -- Checked first only to spare the inserting client enqueue's duplicate NOTICE.
      AND NOT EXISTS (SELECT 1 FROM spotter.jobs j
                      WHERE j.unique_key = 'extract_facts:conversation:' || t.conversation_id
                        AND j.state IN ('available', 'running', 'retryable'))
    ORDER BY t.conversation_id;
    RETURN NULL;
END $$;
