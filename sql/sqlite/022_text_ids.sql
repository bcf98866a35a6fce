-- Text and UUID ids (SQLite; issue 14): the same change as sql/postgres/022_text_ids.sql. A
-- product keys its users by Firebase uid strings and its conversations by UUID; Spotter's result
-- tables now hold the product's ids with TEXT affinity, whatever the input relations expose
-- (INTEGER, or TEXT holding a UUID, a uid, or "007" which INTEGER affinity would store as 7).
-- Spotter's own ids (facts.id, jobs) stay INTEGER.
--
-- SQLite cannot change a column's type: each result table is made again (create the new one,
-- copy with CAST(… AS TEXT), drop the old, rename), and the views and triggers that name them
-- are dropped first and created again after. The rows are kept.
--
-- Joins between a result table (TEXT) and an input relation: where the input row is known (the
-- chat context's user) the input side is CAST to TEXT, so that the comparison has TEXT affinity
-- and the result table's index serves it; where the result row is known and the input looked up
-- (a fact source's message, an inactive client's user) the comparison is left as it is: against
-- an INTEGER key SQLite applies numeric affinity to the text ('7' = 7) and the key's index
-- serves it; against a TEXT key both sides are text.
--
-- Fact search over message bodies: the FTS5 index's rowid was the message id, which only an
-- integer can be. It now has keys of its own: message_search_keys maps each message id (as text)
-- to an integer key, and messages_search is an external-content index over the view
-- message_search_documents (key, body).

DROP VIEW IF EXISTS chat_context;
DROP VIEW IF EXISTS current_facts;
DROP VIEW IF EXISTS visible_facts;
DROP VIEW IF EXISTS visible_fact_sources;
DROP VIEW IF EXISTS inactive_clients_per_trainer;
DROP VIEW IF EXISTS not_messaging_per_trainer;
DROP VIEW IF EXISTS low_energy_members;
DROP VIEW IF EXISTS result_freshness;
DROP VIEW IF EXISTS streak_distribution;
DROP TRIGGER IF EXISTS messages_deleted_retract_facts;
DROP TRIGGER IF EXISTS messages_soft_deleted_retract_facts;
DROP TRIGGER IF EXISTS messages_search_insert;
DROP TRIGGER IF EXISTS messages_search_delete;
DROP TRIGGER IF EXISTS messages_search_update;
DROP TABLE IF EXISTS messages_search;

CREATE TABLE profile_stats_text_ids (
    user_id         TEXT    PRIMARY KEY,
    local_date      TEXT    NOT NULL,   -- the user's "today" when computed
    time_zone       TEXT    NOT NULL,
    current_streak  INTEGER NOT NULL,
    longest_streak  INTEGER NOT NULL,
    week_start      TEXT    NOT NULL,   -- first day of the current week in the user's locale
    week_workouts   INTEGER NOT NULL,
    week_minutes    INTEGER NOT NULL,
    week_days       TEXT    NOT NULL,   -- 7 booleans in display order, starting at week_start
    week_labels     TEXT    NOT NULL,   -- 7 one-letter labels in the same order ("S","M",...)
    last_workout_at TEXT,
    total_workouts  INTEGER NOT NULL,
    total_minutes   INTEGER NOT NULL,
    computed_at     TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    job_id          INTEGER,
    as_of           TEXT
);
INSERT INTO profile_stats_text_ids
SELECT CAST(user_id AS TEXT), local_date, time_zone, current_streak, longest_streak, week_start, week_workouts,
       week_minutes, week_days, week_labels, last_workout_at, total_workouts, total_minutes, computed_at, job_id, as_of
FROM profile_stats;
DROP TABLE profile_stats;
ALTER TABLE profile_stats_text_ids RENAME TO profile_stats;

CREATE TABLE daily_suggestions_text_ids (
    user_id     TEXT    NOT NULL,
    local_date  TEXT    NOT NULL,
    workout_id  TEXT    NOT NULL,
    program_id  TEXT    NOT NULL,
    title       TEXT    NOT NULL,
    score       REAL    NOT NULL,
    reasons     TEXT    NOT NULL,   -- array of short human-readable strings
    computed_at TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    job_id      INTEGER,
    PRIMARY KEY (user_id, local_date)
);
INSERT INTO daily_suggestions_text_ids
SELECT CAST(user_id AS TEXT), local_date, CAST(workout_id AS TEXT), CAST(program_id AS TEXT), title, score, reasons,
       computed_at, job_id
FROM daily_suggestions;
DROP TABLE daily_suggestions;
ALTER TABLE daily_suggestions_text_ids RENAME TO daily_suggestions;

CREATE TABLE program_recommendations_text_ids (
    user_id     TEXT    NOT NULL,
    rank        INTEGER NOT NULL,
    program_id  TEXT    NOT NULL,
    title       TEXT    NOT NULL,
    score       REAL    NOT NULL,
    reasons     TEXT    NOT NULL,
    local_date  TEXT    NOT NULL,
    computed_at TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    job_id      INTEGER,
    as_of       TEXT,
    PRIMARY KEY (user_id, rank)
);
INSERT INTO program_recommendations_text_ids
SELECT CAST(user_id AS TEXT), rank, CAST(program_id AS TEXT), title, score, reasons, local_date, computed_at, job_id,
       as_of
FROM program_recommendations;
DROP TABLE program_recommendations;
ALTER TABLE program_recommendations_text_ids RENAME TO program_recommendations;

CREATE TABLE inactive_clients_text_ids (
    trainer_id      TEXT    NOT NULL,
    client_id       TEXT    NOT NULL,
    days_inactive   INTEGER,           -- NULL: never messaged nor worked out
    tier            INTEGER NOT NULL,  -- 3, 7 or 14 (from jobs/)
    reason          TEXT    NOT NULL,
    last_message_at TEXT,
    last_workout_at TEXT,
    local_date      TEXT    NOT NULL,  -- the client's local date when computed
    computed_at     TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    job_id          INTEGER,
    as_of           TEXT,
    PRIMARY KEY (trainer_id, client_id)
);
INSERT INTO inactive_clients_text_ids
SELECT CAST(trainer_id AS TEXT), CAST(client_id AS TEXT), days_inactive, tier, reason, last_message_at,
       last_workout_at, local_date, computed_at, job_id, as_of
FROM inactive_clients;
DROP TABLE inactive_clients;
ALTER TABLE inactive_clients_text_ids RENAME TO inactive_clients;

CREATE TABLE not_messaging_clients_text_ids (
    trainer_id         TEXT    NOT NULL,
    client_id          TEXT    NOT NULL,
    days_since_message INTEGER,
    reason             TEXT    NOT NULL,
    last_message_at    TEXT,
    local_date         TEXT    NOT NULL,
    computed_at        TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    job_id             INTEGER,
    as_of              TEXT,
    PRIMARY KEY (trainer_id, client_id)
);
INSERT INTO not_messaging_clients_text_ids
SELECT CAST(trainer_id AS TEXT), CAST(client_id AS TEXT), days_since_message, reason, last_message_at, local_date,
       computed_at, job_id, as_of
FROM not_messaging_clients;
DROP TABLE not_messaging_clients;
ALTER TABLE not_messaging_clients_text_ids RENAME TO not_messaging_clients;

CREATE TABLE checkin_trends_text_ids (
    user_id          TEXT    PRIMARY KEY,
    local_date       TEXT    NOT NULL,
    time_zone        TEXT    NOT NULL,
    check_ins_7d     INTEGER NOT NULL,
    check_ins_28d    INTEGER NOT NULL,
    energy_7d        REAL,
    mood_7d          REAL,
    clarity_7d       REAL,
    energy_28d       REAL,
    mood_28d         REAL,
    clarity_28d      REAL,
    energy_trend     TEXT CHECK (energy_trend IN ('rising', 'falling', 'steady')),
    mood_trend       TEXT CHECK (mood_trend IN ('rising', 'falling', 'steady')),
    clarity_trend    TEXT CHECK (clarity_trend IN ('rising', 'falling', 'steady')),
    low_energy_days  INTEGER NOT NULL,
    low_energy       INTEGER NOT NULL CHECK (low_energy IN (0, 1)),
    last_check_in_at TEXT,
    computed_at      TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    job_id           INTEGER,
    as_of            TEXT
);
INSERT INTO checkin_trends_text_ids
SELECT CAST(user_id AS TEXT), local_date, time_zone, check_ins_7d, check_ins_28d, energy_7d, mood_7d, clarity_7d,
       energy_28d, mood_28d, clarity_28d, energy_trend, mood_trend, clarity_trend, low_energy_days, low_energy,
       last_check_in_at, computed_at, job_id, as_of
FROM checkin_trends;
DROP TABLE checkin_trends;
ALTER TABLE checkin_trends_text_ids RENAME TO checkin_trends;

-- fact_sources references facts (ON DELETE CASCADE), and foreign keys are on: dropping facts
-- would delete its rows. Its rows wait in a table without a reference while facts is made again.
CREATE TABLE fact_sources_text_ids_copy AS
SELECT fact_id, CAST(message_id AS TEXT) AS message_id, mentioned_at FROM fact_sources;
DROP TABLE fact_sources;

CREATE TABLE facts_text_ids (
    id                 INTEGER PRIMARY KEY,
    user_id            TEXT    NOT NULL,           -- whose messages it came from
    subject            TEXT    NOT NULL,           -- 'self' or who: 'wife', 'son', ...
    category           TEXT    NOT NULL CHECK (category IN ('health', 'goal', 'preference', 'personal',
                           'relationship', 'skill', 'habit', 'belief', 'experience', 'other')),
    content            TEXT    NOT NULL,           -- self-contained: "Left knee hurts when running"
    polarity           TEXT    NOT NULL CHECK (polarity IN ('positive', 'negative')),
    temporal           TEXT    NOT NULL CHECK (temporal IN ('current', 'past', 'intended')),
    confidence         REAL    NOT NULL CHECK (confidence BETWEEN 0 AND 1),
    slot               TEXT    NOT NULL,           -- normalised key for merging and contradiction
    first_mentioned_at TEXT    NOT NULL,
    last_mentioned_at  TEXT    NOT NULL,
    mention_count      INTEGER NOT NULL DEFAULT 1,
    valid_from         TEXT    NOT NULL,
    valid_to           TEXT,                       -- set when superseded; never deleted for that
    superseded_by      INTEGER,
    extractor          TEXT    NOT NULL DEFAULT 'rules',
    computed_at        TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
-- Same ids, same contents: facts_search (external content over facts, rowid = facts.id) stays
-- as it is. DROP TABLE fires no trigger.
INSERT INTO facts_text_ids
SELECT id, CAST(user_id AS TEXT), subject, category, content, polarity, temporal, confidence, slot,
       first_mentioned_at, last_mentioned_at, mention_count, valid_from, valid_to, superseded_by, extractor, computed_at
FROM facts;
DROP TABLE facts;
ALTER TABLE facts_text_ids RENAME TO facts;
CREATE UNIQUE INDEX facts_open_slot ON facts (user_id, slot) WHERE valid_to IS NULL;
CREATE INDEX facts_user ON facts (user_id, category);
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

CREATE TABLE fact_sources (
    fact_id      INTEGER NOT NULL REFERENCES facts (id) ON DELETE CASCADE,
    message_id   TEXT    NOT NULL,
    mentioned_at TEXT    NOT NULL,
    PRIMARY KEY (fact_id, message_id)
);
INSERT INTO fact_sources (fact_id, message_id, mentioned_at)
SELECT fact_id, message_id, mentioned_at FROM fact_sources_text_ids_copy;
DROP TABLE fact_sources_text_ids_copy;
CREATE INDEX fact_sources_message ON fact_sources (message_id);

CREATE TABLE fact_watermarks_text_ids (
    conversation_id TEXT PRIMARY KEY,
    last_message_id TEXT NOT NULL,
    processed_at    TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    last_sent_at    TEXT
);
INSERT INTO fact_watermarks_text_ids
SELECT CAST(conversation_id AS TEXT), CAST(last_message_id AS TEXT), processed_at, last_sent_at FROM fact_watermarks;
DROP TABLE fact_watermarks;
ALTER TABLE fact_watermarks_text_ids RENAME TO fact_watermarks;

CREATE TABLE fact_retractions_text_ids (
    message_id  TEXT PRIMARY KEY,
    user_id     TEXT NOT NULL,
    recorded_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
INSERT INTO fact_retractions_text_ids
SELECT CAST(message_id AS TEXT), CAST(user_id AS TEXT), recorded_at FROM fact_retractions;
DROP TABLE fact_retractions;
ALTER TABLE fact_retractions_text_ids RENAME TO fact_retractions;
CREATE INDEX fact_retractions_user ON fact_retractions (user_id);

CREATE TABLE result_errors_text_ids (
    kind        TEXT    NOT NULL,
    subject_id  TEXT    NOT NULL,      -- user, trainer or conversation id
    reason      TEXT    NOT NULL,      -- short code: invalid_time_zone, nothing_fits, ...
    detail      TEXT    NOT NULL,      -- one human-readable line
    local_date  date,
    job_id      INTEGER,
    recorded_at TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    PRIMARY KEY (kind, subject_id)
);
INSERT INTO result_errors_text_ids
SELECT kind, CAST(subject_id AS TEXT), reason, detail, local_date, job_id, recorded_at FROM result_errors;
DROP TABLE result_errors;
ALTER TABLE result_errors_text_ids RENAME TO result_errors;

-- On Spotter's own messages table (over a product's view the migrator passes these over: no
-- trigger sees through a view; the facts job finds gone sources itself).
CREATE TRIGGER messages_deleted_retract_facts AFTER DELETE ON messages
BEGIN
    INSERT OR IGNORE INTO fact_retractions (message_id, user_id) VALUES (OLD.id, OLD.sender_id);
END;
CREATE TRIGGER messages_soft_deleted_retract_facts AFTER UPDATE OF deleted_at ON messages
WHEN NEW.deleted_at IS NOT NULL
BEGIN
    INSERT OR IGNORE INTO fact_retractions (message_id, user_id) VALUES (NEW.id, NEW.sender_id);
END;

-- The message search index, keyed by its own integers (message ids of any type).
CREATE TABLE message_search_keys (
    key        INTEGER PRIMARY KEY,
    message_id TEXT    NOT NULL UNIQUE
);
CREATE VIEW message_search_documents AS
SELECT k.key, m.body FROM message_search_keys k JOIN messages m ON m.id = k.message_id;
CREATE VIRTUAL TABLE messages_search USING fts5 (body, content = 'message_search_documents', content_rowid = 'key',
                                                   tokenize = 'porter unicode61 remove_diacritics 2');

-- Spotter's own messages table keeps it current with triggers.
CREATE TRIGGER messages_search_insert AFTER INSERT ON messages BEGIN
    INSERT INTO message_search_keys (message_id) VALUES (CAST(NEW.id AS TEXT));
    INSERT INTO messages_search (rowid, body)
    SELECT k.key, NEW.body FROM message_search_keys k WHERE k.message_id = CAST(NEW.id AS TEXT);
END;
CREATE TRIGGER messages_search_delete AFTER DELETE ON messages BEGIN
    INSERT INTO messages_search (messages_search, rowid, body)
    SELECT 'delete', k.key, OLD.body FROM message_search_keys k WHERE k.message_id = CAST(OLD.id AS TEXT);
    DELETE FROM message_search_keys WHERE message_id = CAST(OLD.id AS TEXT);
END;
CREATE TRIGGER messages_search_update AFTER UPDATE OF body ON messages BEGIN
    INSERT INTO messages_search (messages_search, rowid, body)
    SELECT 'delete', k.key, OLD.body FROM message_search_keys k WHERE k.message_id = CAST(OLD.id AS TEXT);
    INSERT INTO messages_search (rowid, body)
    SELECT k.key, NEW.body FROM message_search_keys k WHERE k.message_id = CAST(NEW.id AS TEXT);
END;

-- A product's messages view has no triggers: `INSERT INTO messages_search_refresh DEFAULT VALUES`
-- gives new messages their keys, forgets gone ones and rebuilds the index (migrate runs it once,
-- here; the README says when to run it again).
CREATE VIEW messages_search_refresh AS SELECT NULL AS requested_at WHERE 0;
CREATE TRIGGER messages_search_refresh INSTEAD OF INSERT ON messages_search_refresh BEGIN
    DELETE FROM message_search_keys WHERE message_id NOT IN (SELECT CAST(m.id AS TEXT) FROM messages m);
    INSERT INTO message_search_keys (message_id)
    SELECT CAST(m.id AS TEXT) FROM messages m
    WHERE CAST(m.id AS TEXT) NOT IN (SELECT k.message_id FROM message_search_keys k)
    ORDER BY m.sent_at, m.id;
    INSERT INTO messages_search (messages_search) VALUES ('rebuild');
END;
INSERT INTO messages_search_refresh DEFAULT VALUES;

CREATE VIEW current_facts AS
SELECT f.id, f.user_id, f.subject, f.category, f.content, f.polarity, f.temporal, f.confidence,
       f.first_mentioned_at, f.last_mentioned_at, f.mention_count, f.extractor, f.computed_at,
       (SELECT json_group_array(id) FROM (
            SELECT m.id FROM fact_sources fs JOIN messages m ON m.id = fs.message_id AND m.deleted_at IS NULL
            WHERE fs.fact_id = f.id ORDER BY m.sent_at, m.id)) AS source_message_ids
FROM facts f
WHERE f.valid_to IS NULL
  AND EXISTS (SELECT 1 FROM fact_sources fs JOIN messages m ON m.id = fs.message_id
              WHERE fs.fact_id = f.id AND m.deleted_at IS NULL);

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

-- A result table's id in the JSON document: a JSON number when it is a decimal integer of at
-- most 18 digits (bigint keys read as before), else a JSON string: spotter.id_json's rule.
CREATE VIEW chat_context AS
SELECT d.user_id, d.role, d.display_name,
       CASE WHEN length(CAST(d.document AS BLOB)) <= 65536 THEN d.document
            ELSE json_set(json_remove(d.document, '$.suggestion', '$.recommendations', '$.facts',
                                      '$.inactive_clients', '$.not_messaging', '$.clients'), '$.truncated', json('true')) END AS document
FROM (
SELECT u.id AS user_id,
       u.role,
       substr(u.display_name, 1, 80) AS display_name,
       json_object(
           'user', json_object('id', u.id, 'name', substr(u.display_name, 1, 80), 'role', u.role,
                               'time_zone', substr(u.time_zone, 1, 64), 'locale', substr(u.locale, 1, 35),
                               'status', u.status),
           'stats', (SELECT json_object(
                         'local_date', ps.local_date, 'current_streak', ps.current_streak,
                         'longest_streak', ps.longest_streak, 'week_start', ps.week_start,
                         'week_workouts', ps.week_workouts, 'week_minutes', ps.week_minutes,
                         'week_days', json(ps.week_days), 'week_labels', json(ps.week_labels),
                         'last_workout_at', ps.last_workout_at, 'total_workouts', ps.total_workouts,
                         'computed_at', ps.computed_at)
                     FROM profile_stats ps WHERE ps.user_id = CAST(u.id AS TEXT)),
           'suggestion', (SELECT json_object(
                              'local_date', ds.local_date, 'workout_id', CASE WHEN CAST(CAST(ds.workout_id AS INTEGER) AS TEXT) = ds.workout_id AND length(ltrim(ds.workout_id, '-')) <= 18 THEN CAST(ds.workout_id AS INTEGER) ELSE ds.workout_id END,
                              'program_id', CASE WHEN CAST(CAST(ds.program_id AS INTEGER) AS TEXT) = ds.program_id AND length(ltrim(ds.program_id, '-')) <= 18 THEN CAST(ds.program_id AS INTEGER) ELSE ds.program_id END,
                              'title', substr(ds.title, 1, 120), 'score', ds.score,
                              'reasons', (SELECT json_group_array(substr(x.value, 1, 160)) FROM (
                                              SELECT value FROM json_each(ds.reasons) ORDER BY key LIMIT 5) x),
                              'computed_at', ds.computed_at)
                          FROM daily_suggestions ds WHERE ds.user_id = CAST(u.id AS TEXT)
                          ORDER BY ds.local_date DESC LIMIT 1),
           'recommendations', (SELECT json_group_array(json(item)) FROM (
                                   SELECT json_object('rank', r.rank, 'program_id', CASE WHEN CAST(CAST(r.program_id AS INTEGER) AS TEXT) = r.program_id AND length(ltrim(r.program_id, '-')) <= 18 THEN CAST(r.program_id AS INTEGER) ELSE r.program_id END,
                                                      'title', substr(r.title, 1, 120), 'score', r.score,
                                                      'reasons', (SELECT json_group_array(substr(x.value, 1, 160)) FROM (
                                                                      SELECT value FROM json_each(r.reasons)
                                                                      ORDER BY key LIMIT 3) x)) AS item
                                   FROM program_recommendations r WHERE r.user_id = CAST(u.id AS TEXT) ORDER BY r.rank LIMIT 10)),
           'facts', (SELECT json_group_array(json(item)) FROM (
                         SELECT json_object('category', f.category, 'subject', substr(f.subject, 1, 60),
                                            'content', substr(f.content, 1, 240),
                                            'polarity', f.polarity, 'temporal', f.temporal,
                                            'confidence', f.confidence, 'mentions', f.mention_count,
                                            'first_mentioned_at', f.first_mentioned_at,
                                            'last_mentioned_at', f.last_mentioned_at,
                                            'sources', (SELECT json_group_array(s.value) FROM (
                                                            SELECT key, value FROM (
                                                                SELECT key, value FROM json_each(f.source_message_ids)
                                                                ORDER BY key DESC LIMIT 5)
                                                            ORDER BY key) s)) AS item
                         FROM (SELECT * FROM current_facts f0 WHERE f0.user_id = CAST(u.id AS TEXT)
                               ORDER BY f0.last_mentioned_at DESC, f0.id LIMIT 20) f
                         ORDER BY f.category, f.last_mentioned_at DESC, f.id)),
           'facts_total', (SELECT count(*) FROM current_facts f WHERE f.user_id = CAST(u.id AS TEXT)),
           'checkins', (SELECT json_object(
                            'local_date', ct.local_date, 'check_ins_7d', ct.check_ins_7d,
                            'check_ins_28d', ct.check_ins_28d,
                            'energy', json_object('avg_7d', ct.energy_7d, 'avg_28d', ct.energy_28d,
                                                  'trend', ct.energy_trend),
                            'mood', json_object('avg_7d', ct.mood_7d, 'avg_28d', ct.mood_28d, 'trend', ct.mood_trend),
                            'clarity', json_object('avg_7d', ct.clarity_7d, 'avg_28d', ct.clarity_28d,
                                                   'trend', ct.clarity_trend),
                            'low_energy_days', ct.low_energy_days,
                            'low_energy', json(CASE WHEN ct.low_energy THEN 'true' ELSE 'false' END),
                            'last_check_in_at', ct.last_check_in_at, 'computed_at', ct.computed_at)
                        FROM checkin_trends ct WHERE ct.user_id = CAST(u.id AS TEXT)),
           'inactive_clients', CASE WHEN u.role = 'trainer' THEN (SELECT json_group_array(json(item)) FROM (
                                   SELECT json_object('client_id', CASE WHEN CAST(CAST(ic.client_id AS INTEGER) AS TEXT) = ic.client_id AND length(ltrim(ic.client_id, '-')) <= 18 THEN CAST(ic.client_id AS INTEGER) ELSE ic.client_id END, 'name', substr(cu.display_name, 1, 80),
                                                      'days_inactive', ic.days_inactive, 'tier', ic.tier,
                                                      'reason', substr(ic.reason, 1, 160),
                                                      'last_message_at', ic.last_message_at,
                                                      'last_workout_at', ic.last_workout_at) AS item
                                   FROM inactive_clients ic JOIN users cu ON cu.id = ic.client_id
                                   WHERE ic.trainer_id = CAST(u.id AS TEXT)
                                   ORDER BY ic.days_inactive IS NOT NULL, ic.days_inactive DESC, ic.client_id
                                   LIMIT 25)) END,
           'inactive_clients_total', CASE WHEN u.role = 'trainer' THEN
               (SELECT count(*) FROM inactive_clients ic WHERE ic.trainer_id = CAST(u.id AS TEXT)) END,
           'not_messaging', CASE WHEN u.role = 'trainer' THEN (SELECT json_group_array(json(item)) FROM (
                                SELECT json_object('client_id', CASE WHEN CAST(CAST(nm.client_id AS INTEGER) AS TEXT) = nm.client_id AND length(ltrim(nm.client_id, '-')) <= 18 THEN CAST(nm.client_id AS INTEGER) ELSE nm.client_id END, 'name', substr(cu.display_name, 1, 80),
                                                   'days_since_message', nm.days_since_message,
                                                   'reason', substr(nm.reason, 1, 160),
                                                   'last_message_at', nm.last_message_at) AS item
                                FROM not_messaging_clients nm JOIN users cu ON cu.id = nm.client_id
                                WHERE nm.trainer_id = CAST(u.id AS TEXT)
                                ORDER BY nm.days_since_message IS NOT NULL, nm.days_since_message DESC, nm.client_id
                                LIMIT 25)) END,
           'not_messaging_total', CASE WHEN u.role = 'trainer' THEN
               (SELECT count(*) FROM not_messaging_clients nm WHERE nm.trainer_id = CAST(u.id AS TEXT)) END,
           'clients', CASE WHEN u.role = 'trainer' THEN (SELECT json_group_array(json(item)) FROM (
                          SELECT json_object('client_id', c.id, 'name', substr(c.display_name, 1, 80), 'status', c.status,
                                             'key_facts', (SELECT json_group_array(substr(content, 1, 150)) FROM (
                                                 SELECT cf.content FROM current_facts cf WHERE cf.user_id = CAST(c.id AS TEXT)
                                                 ORDER BY cf.confidence DESC, cf.last_mentioned_at DESC LIMIT 2))) AS item
                          FROM trainer_clients tc
                          JOIN users c ON c.id = tc.client_id AND c.status <> 'deactivated'
                          LEFT JOIN inactive_clients ic ON ic.trainer_id = CAST(tc.trainer_id AS TEXT) AND ic.client_id = CAST(c.id AS TEXT)
                          WHERE tc.trainer_id = u.id
                          ORDER BY ic.client_id IS NULL, ic.days_inactive IS NOT NULL, ic.days_inactive DESC,
                                   c.display_name, c.id
                          LIMIT 50)) END,
           'clients_total', CASE WHEN u.role = 'trainer' THEN
               (SELECT count(*) FROM trainer_clients tc JOIN users c ON c.id = tc.client_id
                WHERE tc.trainer_id = u.id AND c.status <> 'deactivated') END
       ) AS document
FROM users u
WHERE u.status <> 'deactivated') d;

CREATE VIEW inactive_clients_per_trainer AS
SELECT ic.trainer_id, t.display_name AS trainer,
       count(*) AS inactive_clients,
       sum(ic.tier >= 14 OR ic.days_inactive IS NULL) AS tier_14_or_never,
       sum(ic.tier = 7) AS tier_7,
       sum(ic.tier = 3) AS tier_3,
       (SELECT count(*) FROM trainer_clients tc WHERE tc.trainer_id = ic.trainer_id) AS clients
FROM inactive_clients ic JOIN users t ON t.id = ic.trainer_id
GROUP BY ic.trainer_id, t.display_name
ORDER BY inactive_clients DESC, ic.trainer_id;

CREATE VIEW not_messaging_per_trainer AS
SELECT nm.trainer_id, t.display_name AS trainer,
       count(*) AS not_messaging,
       sum(nm.days_since_message IS NULL) AS never_or_unknown,
       max(nm.days_since_message) AS longest_silence_days,
       (SELECT count(*) FROM trainer_clients tc WHERE tc.trainer_id = nm.trainer_id) AS clients
FROM not_messaging_clients nm JOIN users t ON t.id = nm.trainer_id
GROUP BY nm.trainer_id, t.display_name
ORDER BY not_messaging DESC, nm.trainer_id;

CREATE VIEW low_energy_members AS
SELECT ct.user_id, u.display_name, u.role, u.time_zone, ct.local_date, ct.low_energy_days,
       ct.energy_7d, ct.energy_trend, ct.mood_7d, ct.mood_trend, ct.clarity_7d, ct.clarity_trend,
       ct.last_check_in_at
FROM checkin_trends ct JOIN users u ON u.id = ct.user_id
WHERE ct.low_energy AND u.status = 'active'
ORDER BY ct.low_energy_days DESC, ct.energy_7d IS NULL, ct.energy_7d, ct.user_id;

CREATE VIEW result_freshness AS
SELECT 'profile_stats' AS kind, u.time_zone, count(*) AS rows, min(r.computed_at) AS oldest, max(r.computed_at) AS newest,
       (julianday('now') - julianday(min(r.computed_at))) * 86400.0 AS oldest_age_seconds
FROM profile_stats r JOIN users u ON u.id = r.user_id GROUP BY u.time_zone
UNION ALL
SELECT 'daily_suggestion', u.time_zone, count(*), min(r.computed_at), max(r.computed_at),
       (julianday('now') - julianday(min(r.computed_at))) * 86400.0
FROM daily_suggestions r JOIN users u ON u.id = r.user_id GROUP BY u.time_zone
UNION ALL
SELECT 'program_recommendations', u.time_zone, count(*), min(r.computed_at), max(r.computed_at),
       (julianday('now') - julianday(min(r.computed_at))) * 86400.0
FROM program_recommendations r JOIN users u ON u.id = r.user_id GROUP BY u.time_zone
UNION ALL
SELECT 'inactive_clients', u.time_zone, count(*), min(r.computed_at), max(r.computed_at),
       (julianday('now') - julianday(min(r.computed_at))) * 86400.0
FROM inactive_clients r JOIN users u ON u.id = r.trainer_id GROUP BY u.time_zone
UNION ALL
SELECT 'extract_facts', u.time_zone, count(*), min(r.computed_at), max(r.computed_at),
       (julianday('now') - julianday(min(r.computed_at))) * 86400.0
FROM facts r JOIN users u ON u.id = r.user_id WHERE r.valid_to IS NULL GROUP BY u.time_zone
UNION ALL
SELECT 'checkin_trends', u.time_zone, count(*), min(r.computed_at), max(r.computed_at),
       (julianday('now') - julianday(min(r.computed_at))) * 86400.0
FROM checkin_trends r JOIN users u ON u.id = r.user_id GROUP BY u.time_zone;

CREATE VIEW streak_distribution AS
SELECT current_streak, count(*) AS users FROM profile_stats GROUP BY current_streak ORDER BY current_streak;
