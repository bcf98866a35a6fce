-- checkin_trends: how each person has been feeling, from their check-ins, as of their local
-- today (one row per user; see jobs/kinds.yaml and SpotterStats.CheckInTrendsCalculator), a
-- dashboard view of the members whose energy has been low for days in a row, and the
-- `checkins` section of chat_context ("How has Sarah been feeling?").

CREATE TABLE spotter.checkin_trends (
    user_id          bigint PRIMARY KEY,
    local_date       date        NOT NULL,   -- the user's "today" when computed
    time_zone        text        NOT NULL,
    check_ins_7d     integer     NOT NULL,   -- check-ins in the last 7 local dates (today included)
    check_ins_28d    integer     NOT NULL,   -- and in the last 28
    energy_7d        double precision,       -- means over those check-ins, 1–5; null without any
    mood_7d          double precision,
    clarity_7d       double precision,
    energy_28d       double precision,
    mood_28d         double precision,
    clarity_28d      double precision,
    energy_trend     text CHECK (energy_trend IN ('rising', 'falling', 'steady')),   -- null: too few check-ins
    mood_trend       text CHECK (mood_trend IN ('rising', 'falling', 'steady')),
    clarity_trend    text CHECK (clarity_trend IN ('rising', 'falling', 'steady')),
    low_energy_days  integer     NOT NULL,   -- consecutive low-energy days ending today or yesterday
    low_energy       boolean     NOT NULL,   -- low_energy_days reached the kind's low_energy_flag_days
    last_check_in_at timestamptz,
    computed_at      timestamptz NOT NULL DEFAULT now(),
    job_id           bigint
);

-- Members whose energy has been low for days in a row (a coach's or a care team's dashboard).
CREATE VIEW spotter.low_energy_members AS
SELECT ct.user_id, u.display_name, u.role, u.time_zone, ct.local_date, ct.low_energy_days,
       ct.energy_7d, ct.energy_trend, ct.mood_7d, ct.mood_trend, ct.clarity_7d, ct.clarity_trend,
       ct.last_check_in_at
FROM spotter.checkin_trends ct JOIN spotter.users u ON u.id = ct.user_id
WHERE ct.low_energy AND u.status = 'active'
ORDER BY ct.low_energy_days DESC, ct.energy_7d NULLS LAST, ct.user_id;

CREATE OR REPLACE VIEW spotter.chat_context AS
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
           'checkins', (SELECT jsonb_build_object(
                            'local_date', ct.local_date, 'check_ins_7d', ct.check_ins_7d,
                            'check_ins_28d', ct.check_ins_28d,
                            'energy', jsonb_build_object('avg_7d', ct.energy_7d, 'avg_28d', ct.energy_28d,
                                                         'trend', ct.energy_trend),
                            'mood', jsonb_build_object('avg_7d', ct.mood_7d, 'avg_28d', ct.mood_28d,
                                                       'trend', ct.mood_trend),
                            'clarity', jsonb_build_object('avg_7d', ct.clarity_7d, 'avg_28d', ct.clarity_28d,
                                                          'trend', ct.clarity_trend),
                            'low_energy_days', ct.low_energy_days, 'low_energy', ct.low_energy,
                            'last_check_in_at', ct.last_check_in_at, 'computed_at', ct.computed_at)
                        FROM spotter.checkin_trends ct WHERE ct.user_id = u.id),
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

CREATE OR REPLACE VIEW spotter.result_freshness AS
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
FROM spotter.facts r JOIN spotter.users u ON u.id = r.user_id WHERE r.valid_to IS NULL GROUP BY u.time_zone
UNION ALL
SELECT 'checkin_trends', u.time_zone, count(*), min(r.computed_at), max(r.computed_at),
       extract(epoch FROM now() - min(r.computed_at))::double precision
FROM spotter.checkin_trends r JOIN spotter.users u ON u.id = r.user_id GROUP BY u.time_zone;
