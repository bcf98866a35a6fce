-- The read path (SQLite): the same views as sql/postgres/006_read_path.sql, with SQLite's JSON
-- functions. JSON text columns are embedded with json() so documents nest instead of quoting.

CREATE VIEW current_facts AS
SELECT f.id, f.user_id, f.subject, f.category, f.content, f.polarity, f.temporal, f.confidence,
       f.first_mentioned_at, f.last_mentioned_at, f.mention_count, f.extractor, f.computed_at,
       (SELECT json_group_array(message_id) FROM (
            SELECT fs.message_id FROM fact_sources fs JOIN messages m ON m.id = fs.message_id AND m.deleted_at IS NULL
            WHERE fs.fact_id = f.id ORDER BY fs.message_id)) AS source_message_ids
FROM facts f
WHERE f.valid_to IS NULL
  AND EXISTS (SELECT 1 FROM fact_sources fs JOIN messages m ON m.id = fs.message_id
              WHERE fs.fact_id = f.id AND m.deleted_at IS NULL);

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
FROM facts r JOIN users u ON u.id = r.user_id WHERE r.valid_to IS NULL GROUP BY u.time_zone;

CREATE VIEW streak_distribution AS
SELECT current_streak, count(*) AS users FROM profile_stats GROUP BY current_streak ORDER BY current_streak;

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
