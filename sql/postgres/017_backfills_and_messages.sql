-- Backfills never replace newer results: every result table that keeps one row set per subject
-- records the `as_of` instant its rows were computed for. ResultWriter.replace leaves a subject's
-- rows untouched when the stored as_of is later than the run's (rows from before this migration
-- have none and are replaced). Daily suggestions keep per-date history instead (primary key
-- (user_id, local_date) since 002), so they need no column.
ALTER TABLE spotter.profile_stats ADD COLUMN as_of timestamptz;
ALTER TABLE spotter.program_recommendations ADD COLUMN as_of timestamptz;
ALTER TABLE spotter.inactive_clients ADD COLUMN as_of timestamptz;
ALTER TABLE spotter.checkin_trends ADD COLUMN as_of timestamptz;

-- "Which clients haven't messaged recently?" (issue 14 item 4): per trainer, the active clients who
-- have not written to that trainer for `message_threshold_days` (jobs/kinds.yaml), in the client's
-- zone, workouts aside. Written by inactive_clients beside its combined "no message and no
-- workout" list, which stays as it is.
CREATE TABLE spotter.not_messaging_clients (
    trainer_id         bigint      NOT NULL,
    client_id          bigint      NOT NULL,
    days_since_message integer,               -- NULL: never messaged and the join date is unknown
    reason             text        NOT NULL,
    last_message_at    timestamptz,
    local_date         date        NOT NULL,  -- the client's local date when computed
    computed_at        timestamptz NOT NULL DEFAULT now(),
    job_id             bigint,
    as_of              timestamptz,
    PRIMARY KEY (trainer_id, client_id)
);

CREATE VIEW spotter.not_messaging_per_trainer WITH (security_barrier) AS
SELECT nm.trainer_id, t.display_name AS trainer,
       count(*) AS not_messaging,
       count(*) FILTER (WHERE nm.days_since_message IS NULL) AS never_or_unknown,
       max(nm.days_since_message) AS longest_silence_days,
       (SELECT count(*) FROM spotter.trainer_clients tc WHERE tc.trainer_id = nm.trainer_id) AS clients
FROM spotter.not_messaging_clients nm JOIN spotter.users t ON t.id = nm.trainer_id
GROUP BY nm.trainer_id, t.display_name
ORDER BY not_messaging DESC, nm.trainer_id;

-- chat_context, bounded: at most 64 KiB per document (octet_length of its text).
--   user: name cut to 80 characters, time_zone to 64, locale to 35;
--   suggestion: title 120, the first 5 reasons of 160 characters each;
--   recommendations: the top 10, title 120, the first 3 reasons of 160;
--   facts: the 20 most recently mentioned current facts, content 240, subject 60, the last 5
--     source message ids (mentions counts them all), plus facts_total;
--   inactive_clients (trainers): the 25 most inactive (never first), name 80, reason 160, plus
--     inactive_clients_total;
--   clients (trainers): 50 active or paused clients, those needing attention first (never
--     active, then most days inactive), then by name; name 80, 2 key facts of 150, plus
--     clients_total.
--   not_messaging (trainers): 25 clients who have not written to the trainer, the longest
--     silence first, plus not_messaging_total.
--   checkins: the person's check-in trends (checkin_trends, 011).
-- Should a document still exceed 64 KiB (text made of multi-byte or control characters, which
-- JSON escapes to six bytes), its lists are dropped, their totals kept, and "truncated" is true.
-- Sections are one key each, so a new one is one more line in the jsonb_build_object.
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
                              'local_date', ds.local_date, 'workout_id', ds.workout_id, 'program_id', ds.program_id,
                              'title', left(ds.title, 120), 'score', ds.score,
                              'reasons', coalesce((SELECT jsonb_agg(left(x.reason, 160) ORDER BY x.n)
                                                   FROM jsonb_array_elements_text(
                                                            CASE WHEN jsonb_typeof(ds.reasons) = 'array'
                                                                 THEN ds.reasons ELSE '[]' END)
                                                        WITH ORDINALITY AS x(reason, n) WHERE x.n <= 5), '[]'),
                              'computed_at', ds.computed_at)
                          FROM spotter.daily_suggestions ds WHERE ds.user_id = u.id
                          ORDER BY ds.local_date DESC LIMIT 1),
           'recommendations', coalesce((SELECT jsonb_agg(jsonb_build_object(
                                            'rank', r.rank, 'program_id', r.program_id, 'title', left(r.title, 120),
                                            'score', r.score,
                                            'reasons', coalesce((SELECT jsonb_agg(left(x.reason, 160) ORDER BY x.n)
                                                                 FROM jsonb_array_elements_text(
                                                                          CASE WHEN jsonb_typeof(r.reasons) = 'array'
                                                                               THEN r.reasons ELSE '[]' END)
                                                                      WITH ORDINALITY AS x(reason, n) WHERE x.n <= 3),
                                                                '[]')) ORDER BY r.rank)
                                        FROM (SELECT * FROM spotter.program_recommendations r0 WHERE r0.user_id = u.id
                                              ORDER BY r0.rank LIMIT 10) r), '[]'::jsonb),
           'facts', coalesce((SELECT jsonb_agg(jsonb_build_object(
                                  'category', f.category, 'subject', left(f.subject, 60), 'content', left(f.content, 240),
                                  'polarity', f.polarity, 'temporal', f.temporal, 'confidence', f.confidence,
                                  'mentions', f.mention_count, 'first_mentioned_at', f.first_mentioned_at,
                                  'last_mentioned_at', f.last_mentioned_at,
                                  'sources', (SELECT jsonb_agg(s.id ORDER BY s.id)
                                              FROM (SELECT s0.id FROM jsonb_array_elements(f.source_message_ids) AS s0(id)
                                                    ORDER BY s0.id::text::bigint DESC LIMIT 5) s))
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
                          'client_id', ic.client_id, 'name', left(cu.display_name, 80),
                          'days_inactive', ic.days_inactive, 'tier', ic.tier, 'reason', left(ic.reason, 160),
                          'last_message_at', ic.last_message_at, 'last_workout_at', ic.last_workout_at)
                          ORDER BY ic.days_inactive DESC NULLS FIRST, ic.client_id)
               FROM (SELECT * FROM spotter.inactive_clients ic0 WHERE ic0.trainer_id = u.id
                     ORDER BY ic0.days_inactive DESC NULLS FIRST, ic0.client_id LIMIT 25) ic
               JOIN spotter.users cu ON cu.id = ic.client_id), '[]'::jsonb) END,
           'inactive_clients_total', CASE WHEN u.role = 'trainer' THEN
               (SELECT count(*) FROM spotter.inactive_clients ic WHERE ic.trainer_id = u.id) END,
           'not_messaging', CASE WHEN u.role = 'trainer' THEN coalesce((
               SELECT jsonb_agg(jsonb_build_object(
                          'client_id', nm.client_id, 'name', left(cu.display_name, 80),
                          'days_since_message', nm.days_since_message, 'reason', left(nm.reason, 160),
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

DO $$
BEGIN
    IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'spotter_reader') THEN
        GRANT SELECT ON spotter.not_messaging_clients, spotter.not_messaging_per_trainer TO spotter_reader;
        GRANT SELECT, INSERT, UPDATE, DELETE ON spotter.not_messaging_clients TO spotter_worker;
        GRANT SELECT ON spotter.not_messaging_per_trainer TO spotter_worker;
    END IF;
END $$;

-- pg_cron (issue 14 item 6): the nightlies the database enqueues itself, one per zone and local
-- date, with the unique key the Swift side builds (NightlyBatch.nightlyKey:
-- `nightly:<KeyPart.bounded(zone)>:<local date>`), so `spotter run nightly` and pg_cron never
-- run one zone-date twice. A zone spotter.is_valid_time_zone refuses (or PostgreSQL does not
-- know) is passed over: it never stops the other zones. Returns how many zones were due.

-- KeyPart.bounded: the zone verbatim when it is 1…64 bytes of ASCII letters, digits and `_-+/.`,
-- else `sha256:` and the first 32 hex digits of its UTF-8 SHA-256.
CREATE FUNCTION spotter.key_part(value text) RETURNS text LANGUAGE sql IMMUTABLE
SET search_path = pg_catalog, pg_temp AS $$
    SELECT CASE WHEN value <> '' AND octet_length(value) <= 64 AND value ~ '^[A-Za-z0-9_+/.-]+$' THEN value
                ELSE 'sha256:' || left(encode(sha256(convert_to(value, 'UTF8')), 'hex'), 32) END
$$;

-- Enqueues `nightly` for every zone of an active user whose local time is within
-- [window_start, window_end] (default 00:15 … 00:29:59, for a schedule every 15 minutes).
CREATE FUNCTION spotter.enqueue_due_nightlies(window_start time DEFAULT '00:15', window_end time DEFAULT '00:29:59')
RETURNS integer LANGUAGE plpgsql
SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    zone text;
    local_now timestamp;
    due integer := 0;
BEGIN
    FOR zone IN SELECT DISTINCT u.time_zone FROM spotter.users u WHERE u.status = 'active' ORDER BY 1 LOOP
        CONTINUE WHEN NOT coalesce(spotter.is_valid_time_zone(zone), false);
        BEGIN
            local_now := now() AT TIME ZONE zone;
        EXCEPTION WHEN invalid_parameter_value THEN
            CONTINUE;
        END;
        CONTINUE WHEN local_now::time < window_start OR local_now::time > window_end;
        PERFORM spotter.enqueue('nightly',
                                jsonb_build_object('time_zone', zone, 'local_date', local_now::date::text),
                                now(), NULL,
                                'nightly:' || spotter.key_part(zone) || ':' || local_now::date::text);
        due := due + 1;
    END LOOP;
    RETURN due;
END $$;
