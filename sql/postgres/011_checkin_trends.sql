-- checkin_trends: how each person has been feeling, from their check-ins, as of their local
-- today (one row per user; see jobs/kinds.yaml and SpotterStats.CheckInTrendsCalculator), and a
-- dashboard view of the members whose energy has been low for days in a row. Its `checkins`
-- section of chat_context ("How has Sarah been feeling?") is in 017, where the view is defined once.

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
