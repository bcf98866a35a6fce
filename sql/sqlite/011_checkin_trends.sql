-- checkin_trends (SQLite): see sql/postgres/011_checkin_trends.sql. Dates and times are ISO 8601
-- text, booleans 0/1; views are dropped and created again (SQLite has no CREATE OR REPLACE VIEW).

CREATE TABLE checkin_trends (
    user_id          INTEGER PRIMARY KEY,
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
    computed_at      TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    job_id           INTEGER
);

CREATE VIEW low_energy_members AS
SELECT ct.user_id, u.display_name, u.role, u.time_zone, ct.local_date, ct.low_energy_days,
       ct.energy_7d, ct.energy_trend, ct.mood_7d, ct.mood_trend, ct.clarity_7d, ct.clarity_trend,
       ct.last_check_in_at
FROM checkin_trends ct JOIN users u ON u.id = ct.user_id
WHERE ct.low_energy AND u.status = 'active'
ORDER BY ct.low_energy_days DESC, ct.energy_7d IS NULL, ct.energy_7d, ct.user_id;

DROP VIEW chat_context;
CREATE VIEW chat_context AS
SELECT u.id AS user_id,
       u.role,
       u.display_name,
       json_object(
           'user', json_object('id', u.id, 'name', u.display_name, 'role', u.role,
                               'time_zone', u.time_zone, 'locale', u.locale, 'status', u.status),
           'stats', (SELECT json_object(
                         'local_date', ps.local_date, 'current_streak', ps.current_streak,
                         'longest_streak', ps.longest_streak, 'week_start', ps.week_start,
                         'week_workouts', ps.week_workouts, 'week_minutes', ps.week_minutes,
                         'week_days', json(ps.week_days), 'week_labels', json(ps.week_labels),
                         'last_workout_at', ps.last_workout_at, 'total_workouts', ps.total_workouts,
                         'computed_at', ps.computed_at)
                     FROM profile_stats ps WHERE ps.user_id = u.id),
           'suggestion', (SELECT json_object(
                              'local_date', ds.local_date, 'workout_id', ds.workout_id, 'program_id', ds.program_id,
                              'title', ds.title, 'score', ds.score, 'reasons', json(ds.reasons),
                              'computed_at', ds.computed_at)
                          FROM daily_suggestions ds WHERE ds.user_id = u.id
                          ORDER BY ds.local_date DESC LIMIT 1),
           'recommendations', (SELECT json_group_array(json(item)) FROM (
                                   SELECT json_object('rank', r.rank, 'program_id', r.program_id, 'title', r.title,
                                                      'score', r.score, 'reasons', json(r.reasons)) AS item
                                   FROM program_recommendations r WHERE r.user_id = u.id ORDER BY r.rank)),
           'facts', (SELECT json_group_array(json(item)) FROM (
                         SELECT json_object('category', f.category, 'subject', f.subject, 'content', f.content,
                                            'polarity', f.polarity, 'temporal', f.temporal,
                                            'confidence', f.confidence, 'mentions', f.mention_count,
                                            'first_mentioned_at', f.first_mentioned_at,
                                            'last_mentioned_at', f.last_mentioned_at,
                                            'sources', json(f.source_message_ids)) AS item
                         FROM current_facts f WHERE f.user_id = u.id
                         ORDER BY f.category, f.last_mentioned_at DESC, f.id)),
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
                        FROM checkin_trends ct WHERE ct.user_id = u.id),
           'inactive_clients', CASE WHEN u.role = 'trainer' THEN (SELECT json_group_array(json(item)) FROM (
                                   SELECT json_object('client_id', ic.client_id, 'name', cu.display_name,
                                                      'days_inactive', ic.days_inactive, 'tier', ic.tier,
                                                      'reason', ic.reason, 'last_message_at', ic.last_message_at,
                                                      'last_workout_at', ic.last_workout_at) AS item
                                   FROM inactive_clients ic JOIN users cu ON cu.id = ic.client_id
                                   WHERE ic.trainer_id = u.id
                                   ORDER BY ic.days_inactive IS NOT NULL, ic.days_inactive DESC, ic.client_id)) END,
           'clients', CASE WHEN u.role = 'trainer' THEN (SELECT json_group_array(json(item)) FROM (
                          SELECT json_object('client_id', c.id, 'name', c.display_name, 'status', c.status,
                                             'key_facts', (SELECT json_group_array(content) FROM (
                                                 SELECT cf.content FROM current_facts cf WHERE cf.user_id = c.id
                                                 ORDER BY cf.confidence DESC, cf.last_mentioned_at DESC LIMIT 5))) AS item
                          FROM trainer_clients tc JOIN users c ON c.id = tc.client_id
                          WHERE tc.trainer_id = u.id ORDER BY c.display_name, c.id)) END
       ) AS document
FROM users u
WHERE u.status <> 'deactivated';

DROP VIEW result_freshness;
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
