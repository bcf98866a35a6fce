-- Reasons as codes (issue 38; SQLite): the same change as sql/postgres/032_reason_codes.sql.
-- Every reason of a daily suggestion, a program recommendation and an inactive-client entry is
-- also stored as a code with named arguments, beside the English text; the catalog is
-- locales/reasons.json (docs/reasons.md). Rows written before keep NULL codes and the read path
-- shows their text as it is. chat_context is made again with `reason_codes` and `reason_code`.

ALTER TABLE daily_suggestions ADD COLUMN reason_codes TEXT;
ALTER TABLE program_recommendations ADD COLUMN reason_codes TEXT;
ALTER TABLE inactive_clients ADD COLUMN reason_code TEXT;
ALTER TABLE not_messaging_clients ADD COLUMN reason_code TEXT;

DROP VIEW IF EXISTS chat_context;
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
                              'reason_codes', json(CASE WHEN json_type(ds.reason_codes) = 'array' THEN
                                                   (SELECT json_group_array(json(x.value)) FROM (
                                                        SELECT value FROM json_each(ds.reason_codes)
                                                        ORDER BY key LIMIT 5) x) END),
                              'computed_at', ds.computed_at)
                          FROM daily_suggestions ds WHERE ds.user_id = CAST(u.id AS TEXT)
                          ORDER BY ds.local_date DESC LIMIT 1),
           'recommendations', (SELECT json_group_array(json(item)) FROM (
                                   SELECT json_object('rank', r.rank, 'program_id', CASE WHEN CAST(CAST(r.program_id AS INTEGER) AS TEXT) = r.program_id AND length(ltrim(r.program_id, '-')) <= 18 THEN CAST(r.program_id AS INTEGER) ELSE r.program_id END,
                                                      'title', substr(r.title, 1, 120), 'score', r.score,
                                                      'reasons', (SELECT json_group_array(substr(x.value, 1, 160)) FROM (
                                                                      SELECT value FROM json_each(r.reasons)
                                                                      ORDER BY key LIMIT 3) x),
                                                      'reason_codes', json(CASE WHEN json_type(r.reason_codes) = 'array' THEN
                                                          (SELECT json_group_array(json(x.value)) FROM (
                                                               SELECT value FROM json_each(r.reason_codes)
                                                               ORDER BY key LIMIT 3) x) END)) AS item
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
                                                      'reason', substr(ic.reason, 1, 160), 'reason_code', json(ic.reason_code),
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
                                                   'reason', substr(nm.reason, 1, 160), 'reason_code', json(nm.reason_code),
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
