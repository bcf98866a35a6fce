-- Retraction candidates: the owner messages deleted (hard or soft) since the facts jobs last
-- looked, recorded by triggers on spotter.messages. An extract_facts run checks only the facts
-- citing its owners' candidates, instead of every source of every fact in its scope each night
-- (one lookup per source: the largest cost of a night with few new messages). Every deleted
-- message is recorded, cited or not: a round that read a message just before its deletion may
-- commit a source for it afterwards, and a later run still finds it. Candidates leave once
-- retracted; prune_results forgets those that nothing cites a day after they were recorded.
-- user_id is the sender: only a conversation owner's own messages feed facts.
CREATE TABLE spotter.fact_retractions (
    message_id  bigint      PRIMARY KEY,
    user_id     bigint      NOT NULL,
    recorded_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX fact_retractions_user ON spotter.fact_retractions (user_id);

-- Statement-level, so a user deletion that cascades to thousands of messages inserts once.
-- SECURITY DEFINER: the application deleting messages needs no right on Spotter's tables.
CREATE FUNCTION spotter.record_fact_retractions() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    INSERT INTO spotter.fact_retractions (message_id, user_id)
    SELECT g.id, g.sender_id FROM gone_messages g
    WHERE TG_OP = 'DELETE' OR g.deleted_at IS NOT NULL
    ON CONFLICT (message_id) DO NOTHING;
    RETURN NULL;
END
$$;

CREATE TRIGGER messages_deleted_retract_facts
    AFTER DELETE ON spotter.messages REFERENCING OLD TABLE AS gone_messages
    FOR EACH STATEMENT EXECUTE FUNCTION spotter.record_fact_retractions();
CREATE TRIGGER messages_soft_deleted_retract_facts
    AFTER UPDATE ON spotter.messages REFERENCING NEW TABLE AS gone_messages
    FOR EACH STATEMENT EXECUTE FUNCTION spotter.record_fact_retractions();

-- Sources that already cite a deleted message when this migration runs.
INSERT INTO spotter.fact_retractions (message_id, user_id)
SELECT DISTINCT s.message_id, f.user_id
FROM spotter.fact_sources s JOIN spotter.facts f ON f.id = s.fact_id
WHERE NOT EXISTS (SELECT 1 FROM spotter.messages m WHERE m.id = s.message_id AND m.deleted_at IS NULL)
ON CONFLICT (message_id) DO NOTHING;
