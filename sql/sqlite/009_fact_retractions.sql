-- Retraction candidates (SQLite): same table and meaning as sql/postgres/009_fact_retractions.sql.
CREATE TABLE fact_retractions (
    message_id  INTEGER PRIMARY KEY,
    user_id     INTEGER NOT NULL,
    recorded_at TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX fact_retractions_user ON fact_retractions (user_id);

CREATE TRIGGER messages_deleted_retract_facts AFTER DELETE ON messages
BEGIN
    INSERT OR IGNORE INTO fact_retractions (message_id, user_id) VALUES (OLD.id, OLD.sender_id);
END;
CREATE TRIGGER messages_soft_deleted_retract_facts AFTER UPDATE OF deleted_at ON messages
WHEN NEW.deleted_at IS NOT NULL
BEGIN
    INSERT OR IGNORE INTO fact_retractions (message_id, user_id) VALUES (NEW.id, NEW.sender_id);
END;

INSERT OR IGNORE INTO fact_retractions (message_id, user_id)
SELECT DISTINCT s.message_id, f.user_id
FROM fact_sources s JOIN facts f ON f.id = s.fact_id
WHERE NOT EXISTS (SELECT 1 FROM messages m WHERE m.id = s.message_id AND m.deleted_at IS NULL);
