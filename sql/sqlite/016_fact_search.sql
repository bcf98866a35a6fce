-- Fact search (SQLite): the same search as sql/postgres/016_fact_search.sql with FTS5 (the system
-- libsqlite3 is built with ENABLE_FTS5) and the porter stemmer. Two external-content FTS5 indexes,
-- one over facts.content and one over messages.body, kept in step by triggers; soft-deleted
-- messages stay indexed and are filtered at query time (deleted_at IS NULL), as on PostgreSQL.
CREATE VIRTUAL TABLE facts_search USING fts5 (content, content = 'facts', content_rowid = 'id',
                                                tokenize = 'porter unicode61 remove_diacritics 2');
CREATE VIRTUAL TABLE messages_search USING fts5 (body, content = 'messages', content_rowid = 'id',
                                                   tokenize = 'porter unicode61 remove_diacritics 2');
INSERT INTO facts_search (facts_search) VALUES ('rebuild');
INSERT INTO messages_search (messages_search) VALUES ('rebuild');

CREATE TRIGGER facts_search_insert AFTER INSERT ON facts BEGIN
    INSERT INTO facts_search (rowid, content) VALUES (NEW.id, NEW.content);
END;
CREATE TRIGGER facts_search_delete AFTER DELETE ON facts BEGIN
    INSERT INTO facts_search (facts_search, rowid, content) VALUES ('delete', OLD.id, OLD.content);
END;
CREATE TRIGGER facts_search_update AFTER UPDATE OF content ON facts BEGIN
    INSERT INTO facts_search (facts_search, rowid, content) VALUES ('delete', OLD.id, OLD.content);
    INSERT INTO facts_search (rowid, content) VALUES (NEW.id, NEW.content);
END;

CREATE TRIGGER messages_search_insert AFTER INSERT ON messages BEGIN
    INSERT INTO messages_search (rowid, body) VALUES (NEW.id, NEW.body);
END;
CREATE TRIGGER messages_search_delete AFTER DELETE ON messages BEGIN
    INSERT INTO messages_search (messages_search, rowid, body) VALUES ('delete', OLD.id, OLD.body);
END;
CREATE TRIGGER messages_search_update AFTER UPDATE OF body ON messages BEGIN
    INSERT INTO messages_search (messages_search, rowid, body) VALUES ('delete', OLD.id, OLD.body);
    INSERT INTO messages_search (rowid, body) VALUES (NEW.id, NEW.body);
END;

-- Who may read about whom (as spotter.viewer_scope on PostgreSQL).
CREATE VIEW viewer_scope AS
SELECT u.id AS viewer_id, u.role AS viewer_role, u.id AS person_id, u.display_name, u.role, u.status,
       u.time_zone, 'self' AS relation
FROM users u
WHERE u.status <> 'deactivated'
UNION ALL
SELECT t.id, t.role, c.id, c.display_name, c.role, c.status, c.time_zone, 'client'
FROM trainer_clients tc
JOIN users t ON t.id = tc.trainer_id AND t.status <> 'deactivated'
JOIN users c ON c.id = tc.client_id AND c.status <> 'deactivated'
WHERE tc.client_id <> tc.trainer_id;
