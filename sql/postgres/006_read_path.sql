-- The read path (PostgreSQL): one prompt-ready JSON document per user for chat services, and
-- views for dashboards. Facts appear only while at least one of their source messages exists and
-- is not deleted, so a deleted message's fact disappears from the read path at once.

CREATE VIEW spotter.current_facts AS
SELECT f.id, f.user_id, f.subject, f.category, f.content, f.polarity, f.temporal, f.confidence,
       f.first_mentioned_at, f.last_mentioned_at, f.mention_count, f.extractor, f.computed_at,
       (SELECT jsonb_agg(fs.message_id ORDER BY fs.message_id)
        FROM spotter.fact_sources fs JOIN spotter.messages m ON m.id = fs.message_id AND m.deleted_at IS NULL
        WHERE fs.fact_id = f.id) AS source_message_ids
FROM spotter.facts f
WHERE f.valid_to IS NULL
  AND EXISTS (SELECT 1 FROM spotter.fact_sources fs JOIN spotter.messages m ON m.id = fs.message_id
              WHERE fs.fact_id = f.id AND m.deleted_at IS NULL);

CREATE VIEW spotter.chat_context AS
SELECT u.id AS user_id,
       u.role,
       u.display_name,
       jsonb_build_object(
           'user', jsonb_build_object('id', u.id, 'name', u.display_name, 'role', u.role,
                                      'time_zone', u.time_zone, 'locale', u.locale, 'status', u.status),
           'stats', (SELECT jsonb_build_object(
                         'local_date', ps.local_date, 'current_streak', ps.current_streak,
                         'longest_streak', ps.longest_streak, 'week_start', ps.week_start,
                         'week_workouts', ps.week_workouts, 'week_minutes', ps.week_minutes,
                         'week_days', ps.week_days, 'week_labels', ps.week_labels,
                         'last_workout_at', ps.last_workout_at, 'total_workouts', ps.total_workouts,
                         'computed_at', ps.computed_at)
                     FROM spotter.profile_stats ps WHERE ps.user_id = u.id),
           'suggestion', (SELECT jsonb_build_object(
                              'local_date', ds.local_date, 'workout_id', ds.workout_id, 'program_id', ds.program_id,
                              'title', ds.title, 'score', ds.score, 'reasons', ds.reasons, 'computed_at', ds.computed_at)
                          FROM spotter.daily_suggestions ds WHERE ds.user_id = u.id
                          ORDER BY ds.local_date DESC LIMIT 1),
           'recommendations', coalesce((SELECT jsonb_agg(jsonb_build_object(
                                            'rank', r.rank, 'program_id', r.program_id, 'title', r.title,
                                            'score', r.score, 'reasons', r.reasons) ORDER BY r.rank)
                                        FROM spotter.program_recommendations r WHERE r.user_id = u.id), '[]'::jsonb),
           'facts', coalesce((SELECT jsonb_agg(jsonb_build_object(
                                  'category', f.category, 'subject', f.subject, 'content', f.content,
                                  'polarity', f.polarity, 'temporal', f.temporal, 'confidence', f.confidence,
                                  'mentions', f.mention_count, 'first_mentioned_at', f.first_mentioned_at,
                                  'last_mentioned_at', f.last_mentioned_at, 'sources', f.source_message_ids)
                                  ORDER BY f.category, f.last_mentioned_at DESC, f.id)
                              FROM spotter.current_facts f WHERE f.user_id = u.id), '[]'::jsonb),
           'inactive_clients', CASE WHEN u.role = 'trainer' THEN coalesce((
               SELECT jsonb_agg(jsonb_build_object(
                          'client_id', ic.client_id, 'name', cu.display_name, 'days_inactive', ic.days_inactive,
                          'tier', ic.tier, 'reason', ic.reason, 'last_message_at', ic.last_message_at,
                          'last_workout_at', ic.last_workout_at)
                          ORDER BY ic.days_inactive DESC NULLS FIRST, ic.client_id)
               FROM spotter.inactive_clients ic JOIN spotter.users cu ON cu.id = ic.client_id
               WHERE ic.trainer_id = u.id), '[]'::jsonb) END,
           'clients', CASE WHEN u.role = 'trainer' THEN coalesce((
               SELECT jsonb_agg(jsonb_build_object(
                          'client_id', c.id, 'name', c.display_name, 'status', c.status,
                          'key_facts', coalesce((SELECT jsonb_agg(k.content ORDER BY k.confidence DESC, k.last_mentioned_at DESC)
                                                 FROM (SELECT cf.content, cf.confidence, cf.last_mentioned_at
                                                       FROM spotter.current_facts cf WHERE cf.user_id = c.id
                                                       ORDER BY cf.confidence DESC, cf.last_mentioned_at DESC LIMIT 5) k),
                                                '[]'::jsonb))
                          ORDER BY c.display_name, c.id)
               FROM spotter.trainer_clients tc JOIN spotter.users c ON c.id = tc.client_id
               WHERE tc.trainer_id = u.id), '[]'::jsonb) END
       ) AS document
FROM spotter.users u
WHERE u.status <> 'deactivated';

-- Result freshness per kind and zone: how old the newest and oldest rows are.
CREATE VIEW spotter.result_freshness AS
SELECT 'profile_stats' AS kind, u.time_zone, count(*) AS rows, min(r.computed_at) AS oldest, max(r.computed_at) AS newest,
       extract(epoch FROM now() - min(r.computed_at))::double precision AS oldest_age_seconds
FROM spotter.profile_stats r JOIN spotter.users u ON u.id = r.user_id GROUP BY u.time_zone
UNION ALL
SELECT 'daily_suggestion', u.time_zone, count(*), min(r.computed_at), max(r.computed_at),
       extract(epoch FROM now() - min(r.computed_at))::double precision
FROM spotter.daily_suggestions r JOIN spotter.users u ON u.id = r.user_id GROUP BY u.time_zone
UNION ALL
SELECT 'program_recommendations', u.time_zone, count(*), min(r.computed_at), max(r.computed_at),
       extract(epoch FROM now() - min(r.computed_at))::double precision
FROM spotter.program_recommendations r JOIN spotter.users u ON u.id = r.user_id GROUP BY u.time_zone
UNION ALL
SELECT 'inactive_clients', u.time_zone, count(*), min(r.computed_at), max(r.computed_at),
       extract(epoch FROM now() - min(r.computed_at))::double precision
FROM spotter.inactive_clients r JOIN spotter.users u ON u.id = r.trainer_id GROUP BY u.time_zone
UNION ALL
SELECT 'extract_facts', u.time_zone, count(*), min(r.computed_at), max(r.computed_at),
       extract(epoch FROM now() - min(r.computed_at))::double precision
FROM spotter.facts r JOIN spotter.users u ON u.id = r.user_id WHERE r.valid_to IS NULL GROUP BY u.time_zone;

-- How many users hold each current streak length (for a head coach's dashboard).
CREATE VIEW spotter.streak_distribution AS
SELECT current_streak, count(*) AS users
FROM spotter.profile_stats
GROUP BY current_streak
ORDER BY current_streak;

-- Inactive clients per trainer, by tier.
CREATE VIEW spotter.inactive_clients_per_trainer AS
SELECT ic.trainer_id, t.display_name AS trainer,
       count(*) AS inactive_clients,
       count(*) FILTER (WHERE ic.tier >= 14 OR ic.days_inactive IS NULL) AS tier_14_or_never,
       count(*) FILTER (WHERE ic.tier = 7) AS tier_7,
       count(*) FILTER (WHERE ic.tier = 3) AS tier_3,
       (SELECT count(*) FROM spotter.trainer_clients tc WHERE tc.trainer_id = ic.trainer_id) AS clients
FROM spotter.inactive_clients ic JOIN spotter.users t ON t.id = ic.trainer_id
GROUP BY ic.trainer_id, t.display_name
ORDER BY inactive_clients DESC, ic.trainer_id;
