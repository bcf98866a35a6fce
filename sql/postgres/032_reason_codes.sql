-- Reasons as codes (issue 38): every reason of a daily suggestion, a program recommendation and
-- an inactive-client entry is also stored as a code with named arguments
-- ({"code":"next_in_enrolled_program","program":"Bodyweight HIIT","week":4}), beside the English
-- text the dashboards read. The catalog of codes, their arguments and their text in en and pt-BR
-- is locales/reasons.json (docs/reasons.md); the read path (`spotter context`, `spotter mcp`)
-- renders the codes in the reader's language.
--
-- Rows written before this migration keep NULL codes: the read path shows their text as it is.
-- (Their English cannot be turned back into codes with certainty: a program title may contain
-- any words.) The next run of each job writes codes for everyone.
--
-- chat_context gains `reason_codes` beside `reasons` (the same first 5 of a suggestion, the
-- same first 3 of each recommendation) and `reason_code` beside each client's `reason`; its
-- columns are unchanged, so it is replaced in place and keeps its grants.

ALTER TABLE spotter.daily_suggestions ADD COLUMN IF NOT EXISTS reason_codes jsonb;
ALTER TABLE spotter.program_recommendations ADD COLUMN IF NOT EXISTS reason_codes jsonb;
ALTER TABLE spotter.inactive_clients ADD COLUMN IF NOT EXISTS reason_code jsonb;
ALTER TABLE spotter.not_messaging_clients ADD COLUMN IF NOT EXISTS reason_code jsonb;

COMMENT ON COLUMN spotter.daily_suggestions.reason_codes IS
    'The reasons as codes with named arguments (locales/reasons.json), in the order of reasons; NULL before migration 032';
COMMENT ON COLUMN spotter.program_recommendations.reason_codes IS
    'The reasons as codes with named arguments (locales/reasons.json), in the order of reasons; NULL before migration 032';
COMMENT ON COLUMN spotter.inactive_clients.reason_code IS
    'The reason as a code with named arguments (locales/reasons.json); NULL before migration 032';
COMMENT ON COLUMN spotter.not_messaging_clients.reason_code IS
    'The reason as a code with named arguments (locales/reasons.json); NULL before migration 032';

CREATE OR REPLACE VIEW spotter.chat_context WITH (security_barrier) AS
SELECT u.id AS user_id,
       u.role,
       left(u.display_name, 80) AS display_name,
       CASE WHEN octet_length(d.document::text) <= 65536 THEN d.document
            ELSE (d.document - ARRAY['suggestion', 'recommendations', 'facts', 'inactive_clients', 'not_messaging', 'clients'])
                 || jsonb_build_object('truncated', true) END AS document
FROM spotter.users u
CROSS JOIN LATERAL (SELECT jsonb_build_object(
           'user', jsonb_build_object('id', u.id, 'name', left(u.display_name, 80), 'role', u.role,
                                      'time_zone', left(u.time_zone, 64), 'locale', left(u.locale, 35),
                                      'status', u.status),
           'stats', (SELECT jsonb_build_object(
                         'local_date', ps.local_date, 'current_streak', ps.current_streak,
                         'longest_streak', ps.longest_streak, 'week_start', ps.week_start,
                         'week_workouts', ps.week_workouts, 'week_minutes', ps.week_minutes,
                         'week_days', ps.week_days, 'week_labels', ps.week_labels,
                         'last_workout_at', ps.last_workout_at, 'total_workouts', ps.total_workouts,
                         'computed_at', ps.computed_at)
                     FROM spotter.profile_stats ps WHERE ps.user_id = u.id),
           'suggestion', (SELECT jsonb_build_object(
                              'local_date', ds.local_date, 'workout_id', spotter.id_json(ds.workout_id::text), 'program_id', spotter.id_json(ds.program_id::text),
                              'title', left(ds.title, 120), 'score', ds.score,
                              'reasons', coalesce((SELECT jsonb_agg(left(x.reason, 160) ORDER BY x.n)
                                                   FROM jsonb_array_elements_text(
                                                            CASE WHEN jsonb_typeof(ds.reasons) = 'array'
                                                                 THEN ds.reasons ELSE '[]' END)
                                                        WITH ORDINALITY AS x(reason, n) WHERE x.n <= 5), '[]'),
                              'reason_codes', CASE WHEN jsonb_typeof(ds.reason_codes) = 'array' THEN
                                                  coalesce((SELECT jsonb_agg(x.code ORDER BY x.n)
                                                            FROM jsonb_array_elements(ds.reason_codes)
                                                                 WITH ORDINALITY AS x(code, n) WHERE x.n <= 5), '[]') END,
                              'computed_at', ds.computed_at)
                          FROM spotter.daily_suggestions ds WHERE ds.user_id = u.id
                          ORDER BY ds.local_date DESC LIMIT 1),
           'recommendations', coalesce((SELECT jsonb_agg(jsonb_build_object(
                                            'rank', r.rank, 'program_id', spotter.id_json(r.program_id::text), 'title', left(r.title, 120),
                                            'score', r.score,
                                            'reasons', coalesce((SELECT jsonb_agg(left(x.reason, 160) ORDER BY x.n)
                                                                 FROM jsonb_array_elements_text(
                                                                          CASE WHEN jsonb_typeof(r.reasons) = 'array'
                                                                               THEN r.reasons ELSE '[]' END)
                                                                      WITH ORDINALITY AS x(reason, n) WHERE x.n <= 3),
                                                                '[]'),
                                            'reason_codes', CASE WHEN jsonb_typeof(r.reason_codes) = 'array' THEN
                                                coalesce((SELECT jsonb_agg(x.code ORDER BY x.n)
                                                          FROM jsonb_array_elements(r.reason_codes)
                                                               WITH ORDINALITY AS x(code, n) WHERE x.n <= 3), '[]') END)
                                            ORDER BY r.rank)
                                        FROM (SELECT * FROM spotter.program_recommendations r0 WHERE r0.user_id = u.id
                                              ORDER BY r0.rank LIMIT 10) r), '[]'::jsonb),
           'facts', coalesce((SELECT jsonb_agg(jsonb_build_object(
                                  'category', f.category, 'subject', left(f.subject, 60), 'content', left(f.content, 240),
                                  'polarity', f.polarity, 'temporal', f.temporal, 'confidence', f.confidence,
                                  'mentions', f.mention_count, 'first_mentioned_at', f.first_mentioned_at,
                                  'last_mentioned_at', f.last_mentioned_at,
                                  'sources', (SELECT jsonb_agg(s.id ORDER BY s.n)
                                              FROM (SELECT s0.id, s0.n
                                                    FROM jsonb_array_elements(f.source_message_ids) WITH ORDINALITY AS s0(id, n)
                                                    ORDER BY s0.n DESC LIMIT 5) s))
                                  ORDER BY f.category, f.last_mentioned_at DESC, f.id)
                              FROM (SELECT * FROM spotter.current_facts f0 WHERE f0.user_id = u.id
                                    ORDER BY f0.last_mentioned_at DESC, f0.id LIMIT 20) f), '[]'::jsonb),
           'facts_total', (SELECT count(*) FROM spotter.current_facts f WHERE f.user_id = u.id),
           'checkins', (SELECT jsonb_build_object(
               'local_date', ct.local_date, 'check_ins_7d', ct.check_ins_7d, 'check_ins_28d', ct.check_ins_28d,
               'energy',  jsonb_build_object('avg_7d', ct.energy_7d,  'avg_28d', ct.energy_28d,  'trend', ct.energy_trend),
               'mood',    jsonb_build_object('avg_7d', ct.mood_7d,    'avg_28d', ct.mood_28d,    'trend', ct.mood_trend),
               'clarity', jsonb_build_object('avg_7d', ct.clarity_7d, 'avg_28d', ct.clarity_28d, 'trend', ct.clarity_trend),
               'low_energy_days', ct.low_energy_days, 'low_energy', ct.low_energy,
               'last_check_in_at', ct.last_check_in_at, 'computed_at', ct.computed_at)
             FROM spotter.checkin_trends ct WHERE ct.user_id = u.id),
           'inactive_clients', CASE WHEN u.role = 'trainer' THEN coalesce((
               SELECT jsonb_agg(jsonb_build_object(
                          'client_id', spotter.id_json(ic.client_id::text), 'name', left(cu.display_name, 80),
                          'days_inactive', ic.days_inactive, 'tier', ic.tier, 'reason', left(ic.reason, 160), 'reason_code', ic.reason_code,
                          'last_message_at', ic.last_message_at, 'last_workout_at', ic.last_workout_at)
                          ORDER BY ic.days_inactive DESC NULLS FIRST, ic.client_id)
               FROM (SELECT * FROM spotter.inactive_clients ic0 WHERE ic0.trainer_id = u.id
                     ORDER BY ic0.days_inactive DESC NULLS FIRST, ic0.client_id LIMIT 25) ic
               JOIN spotter.users cu ON cu.id = ic.client_id), '[]'::jsonb) END,
           'inactive_clients_total', CASE WHEN u.role = 'trainer' THEN
               (SELECT count(*) FROM spotter.inactive_clients ic WHERE ic.trainer_id = u.id) END,
           'not_messaging', CASE WHEN u.role = 'trainer' THEN coalesce((
               SELECT jsonb_agg(jsonb_build_object(
                          'client_id', spotter.id_json(nm.client_id::text), 'name', left(cu.display_name, 80),
                          'days_since_message', nm.days_since_message, 'reason', left(nm.reason, 160), 'reason_code', nm.reason_code,
                          'last_message_at', nm.last_message_at)
                          ORDER BY nm.days_since_message DESC NULLS FIRST, nm.client_id)
               FROM (SELECT * FROM spotter.not_messaging_clients nm0 WHERE nm0.trainer_id = u.id
                     ORDER BY nm0.days_since_message DESC NULLS FIRST, nm0.client_id LIMIT 25) nm
               JOIN spotter.users cu ON cu.id = nm.client_id), '[]'::jsonb) END,
           'not_messaging_total', CASE WHEN u.role = 'trainer' THEN
               (SELECT count(*) FROM spotter.not_messaging_clients nm WHERE nm.trainer_id = u.id) END,
           'clients', CASE WHEN u.role = 'trainer' THEN coalesce((
               SELECT jsonb_agg(jsonb_build_object(
                          'client_id', c.id, 'name', left(c.display_name, 80), 'status', c.status,
                          'key_facts', coalesce((SELECT jsonb_agg(left(k.content, 150) ORDER BY k.confidence DESC, k.last_mentioned_at DESC)
                                                 FROM (SELECT cf.content, cf.confidence, cf.last_mentioned_at
                                                       FROM spotter.current_facts cf WHERE cf.user_id = c.id
                                                       ORDER BY cf.confidence DESC, cf.last_mentioned_at DESC LIMIT 2) k),
                                                '[]'::jsonb))
                          ORDER BY c.attention, c.days_inactive DESC NULLS FIRST, c.display_name, c.id)
               FROM (SELECT c0.id, c0.display_name, c0.status, ic.days_inactive,
                            CASE WHEN ic.client_id IS NULL THEN 1 ELSE 0 END AS attention
                     FROM spotter.trainer_clients tc
                     JOIN spotter.users c0 ON c0.id = tc.client_id AND c0.status <> 'deactivated'
                     LEFT JOIN spotter.inactive_clients ic ON ic.trainer_id = tc.trainer_id AND ic.client_id = c0.id
                     WHERE tc.trainer_id = u.id
                     ORDER BY attention, ic.days_inactive DESC NULLS FIRST, c0.display_name, c0.id
                     LIMIT 50) c), '[]'::jsonb) END,
           'clients_total', CASE WHEN u.role = 'trainer' THEN
               (SELECT count(*) FROM spotter.trainer_clients tc JOIN spotter.users c ON c.id = tc.client_id
                WHERE tc.trainer_id = u.id AND c.status <> 'deactivated') END
       ) AS document) d
WHERE u.status <> 'deactivated';
