-- Facts (PostgreSQL): an optional trigger that enqueues extract_facts for a conversation every
-- N new messages of its owner. (Readers see deletions at once through spotter.current_facts,
-- 006_read_path.sql.)

-- Statement-level: one call per INSERT statement, whatever its size. For each conversation the
-- statement added owner messages to, counts the owner's live messages past the conversation's
-- watermark; when that count crosses a multiple of TG_ARGV[0] (trigger_every_messages), it
-- enqueues extract_facts for the conversation under the unique key
-- 'extract_facts:conversation:<id>', so a burst enqueues once while that job is live. Only
-- the owner's messages count (the job ignores the trainer's and the assistant's).
CREATE FUNCTION spotter.enqueue_extract_facts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    v_every integer := greatest(coalesce(TG_ARGV[0]::integer, 5), 1);
BEGIN
    PERFORM spotter.enqueue('extract_facts', jsonb_build_object('conversation_id', t.conversation_id), now(), NULL,
                            'extract_facts:conversation:' || t.conversation_id)
    FROM (
        SELECT n.conversation_id, c.user_id AS owner_id,
               (SELECT w.last_message_id FROM spotter.fact_watermarks w
                WHERE w.conversation_id = n.conversation_id) AS watermark
        FROM new_messages n
        JOIN spotter.conversations c ON c.id = n.conversation_id
        WHERE n.sender_id = c.user_id AND n.deleted_at IS NULL
        GROUP BY n.conversation_id, c.user_id
    ) AS t
    CROSS JOIN LATERAL (
        SELECT count(*) AS added FROM new_messages n
        WHERE n.conversation_id = t.conversation_id AND n.sender_id = t.owner_id AND n.deleted_at IS NULL
          AND n.id > coalesce(t.watermark, -9223372036854775807)
    ) AS a
    CROSS JOIN LATERAL (
        SELECT count(*) AS pending FROM spotter.messages m
        WHERE m.conversation_id = t.conversation_id AND m.sender_id = t.owner_id AND m.deleted_at IS NULL
          AND m.id > coalesce(t.watermark, -9223372036854775807)
    ) AS p
    WHERE a.added > 0 AND p.pending / v_every > (p.pending - a.added) / v_every
      -- Checked first only to spare the inserting client enqueue's duplicate NOTICE.
      AND NOT EXISTS (SELECT 1 FROM spotter.jobs j
                      WHERE j.unique_key = 'extract_facts:conversation:' || t.conversation_id
                        AND j.state IN ('available', 'running', 'retryable'))
    ORDER BY t.conversation_id;
    RETURN NULL;
END $$;

-- The trigger is off by default, and off means absent: a disabled trigger with a transition
-- table would still make every INSERT and COPY into messages (`spotter seed`) capture its rows.
-- Turn it on with the catalog's trigger_every_messages (jobs/kinds.yaml, extract_facts):
--   SELECT spotter.enable_facts_trigger(5);
-- and off with
--   SELECT spotter.disable_facts_trigger();
-- Both are idempotent; enabling again replaces the threshold.
CREATE FUNCTION spotter.enable_facts_trigger(every_messages integer DEFAULT 5) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    IF every_messages IS NULL OR every_messages < 1 THEN
        RAISE EXCEPTION 'spotter.enable_facts_trigger: every_messages must be at least 1, got %',
            coalesce(every_messages::text, 'NULL') USING ERRCODE = '22023';
    END IF;
    DROP TRIGGER IF EXISTS messages_extract_facts ON spotter.messages;
    EXECUTE format(
        'CREATE TRIGGER messages_extract_facts AFTER INSERT ON spotter.messages '
        'REFERENCING NEW TABLE AS new_messages FOR EACH STATEMENT '
        'EXECUTE FUNCTION spotter.enqueue_extract_facts(%L)', every_messages);
END $$;

CREATE FUNCTION spotter.disable_facts_trigger() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    DROP TRIGGER IF EXISTS messages_extract_facts ON spotter.messages;
END $$;
