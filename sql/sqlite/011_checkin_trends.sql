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
