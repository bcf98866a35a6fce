-- Typed result ids (issue 36): a result table's id is in the type of the product's own key, the
-- domains 022 and 024 made from the input relations (`spotter.user_key`, `message_key`, …), not
-- text. `SELECT … FROM spotter.profile_stats WHERE user_id = 42` and `JOIN spotter.users u ON
-- u.id = p.user_id` then need no cast on a product with bigint (or uuid) ids, and the index on
-- either side serves the lookup: a cast on the product's side would have hidden its index, and a
-- text parameter against a bigint column (or the reverse) makes the planner scan.
--
-- result_errors.subject_id stays text: it names a user, a trainer or a conversation by kind.
--
-- The views over these columns are dropped and created again with the casts gone; the functions
-- that compared text with the product's ids are replaced. `spotter.follow_key_types` (below) is
-- what `spotter migrate` runs on every run: when a product's key changes type (it replaced
-- Spotter's bigint tables by views over its own uuid or text tables) the domain and every result
-- column in it follow.

DROP VIEW IF EXISTS spotter.chat_context, spotter.current_facts, spotter.visible_facts, spotter.visible_fact_sources,
    spotter.inactive_clients_per_trainer, spotter.not_messaging_per_trainer, spotter.low_energy_members,
    spotter.result_freshness;

-- Each column into its key's domain. A stored id the key type cannot hold (results of a product
-- whose keys changed type since 022) stops the migration with the table and column named:
-- nothing is deleted here.
DO $$
DECLARE
    v_column record;
BEGIN
    FOR v_column IN
        SELECT * FROM (VALUES
            ('profile_stats', 'user_id', 'user_key'),
            ('daily_suggestions', 'user_id', 'user_key'), ('daily_suggestions', 'workout_id', 'workout_key'),
            ('daily_suggestions', 'program_id', 'program_key'),
            ('program_recommendations', 'user_id', 'user_key'), ('program_recommendations', 'program_id', 'program_key'),
            ('inactive_clients', 'trainer_id', 'user_key'), ('inactive_clients', 'client_id', 'user_key'),
            ('not_messaging_clients', 'trainer_id', 'user_key'), ('not_messaging_clients', 'client_id', 'user_key'),
            ('checkin_trends', 'user_id', 'user_key'),
            ('facts', 'user_id', 'user_key'),
            ('fact_sources', 'message_id', 'message_key'),
            ('fact_watermarks', 'conversation_id', 'conversation_key'),
            ('fact_watermarks', 'last_message_id', 'message_key'),
            ('fact_retractions', 'message_id', 'message_key'), ('fact_retractions', 'user_id', 'user_key'),
            ('session_summaries', 'user_id', 'user_key'), ('session_work', 'user_id', 'user_key')
        ) AS c(result_table, result_column, key)
    LOOP
        BEGIN
            EXECUTE format('ALTER TABLE spotter.%I ALTER COLUMN %I TYPE spotter.%I USING CAST(%I AS spotter.%I)',
                           v_column.result_table, v_column.result_column, v_column.key, v_column.result_column,
                           v_column.key);
        EXCEPTION WHEN data_exception THEN
            RAISE EXCEPTION 'spotter.%.% holds ids that spotter.% (%) cannot hold: %', v_column.result_table,
                v_column.result_column, v_column.key, (SELECT format_type(t.typbasetype, t.typtypmod) FROM pg_type t WHERE t.oid = to_regtype('spotter.' || v_column.key)), SQLERRM
                USING ERRCODE = SQLSTATE,
                      HINT = 'they name ids of an earlier key type: delete those rows (the next nightly computes them again) and migrate again';
        END;
    END LOOP;
END $$;

CREATE VIEW spotter.current_facts AS
SELECT f.id, f.user_id, f.subject, f.category, f.content, f.polarity, f.temporal, f.confidence,
       f.first_mentioned_at, f.last_mentioned_at, f.mention_count, f.extractor, f.computed_at,
       (SELECT jsonb_agg(to_jsonb(m.id) ORDER BY m.sent_at, m.id)
        FROM spotter.fact_sources fs JOIN spotter.messages m ON m.id = fs.message_id AND m.deleted_at IS NULL
        WHERE fs.fact_id = f.id) AS source_message_ids
FROM spotter.facts f
WHERE f.valid_to IS NULL
  AND EXISTS (SELECT 1 FROM spotter.fact_sources fs JOIN spotter.messages m ON m.id = fs.message_id
              WHERE fs.fact_id = f.id AND m.deleted_at IS NULL);

CREATE VIEW spotter.visible_fact_sources WITH (security_barrier) AS
SELECT fs.fact_id, fs.message_id, fs.mentioned_at
FROM spotter.fact_sources fs JOIN spotter.messages m ON m.id = fs.message_id AND m.deleted_at IS NULL;

CREATE VIEW spotter.visible_facts WITH (security_barrier) AS
SELECT f.id, f.user_id, f.subject, f.category, f.content, f.polarity, f.temporal, f.confidence,
       f.first_mentioned_at, f.last_mentioned_at, f.mention_count, f.valid_from, f.valid_to, f.superseded_by,
       f.extractor, f.computed_at
FROM spotter.facts f
WHERE EXISTS (SELECT 1 FROM spotter.fact_sources fs JOIN spotter.messages m ON m.id = fs.message_id
              WHERE fs.fact_id = f.id AND m.deleted_at IS NULL);

CREATE VIEW spotter.chat_context WITH (security_barrier) AS
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
                                                                '[]')) ORDER BY r.rank)
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
                          'client_id', spotter.id_json(nm.client_id::text), 'name', left(cu.display_name, 80),
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

CREATE VIEW spotter.not_messaging_per_trainer WITH (security_barrier) AS
SELECT nm.trainer_id, t.display_name AS trainer,
       count(*) AS not_messaging,
       count(*) FILTER (WHERE nm.days_since_message IS NULL) AS never_or_unknown,
       max(nm.days_since_message) AS longest_silence_days,
       (SELECT count(*) FROM spotter.trainer_clients tc WHERE tc.trainer_id = nm.trainer_id) AS clients
FROM spotter.not_messaging_clients nm JOIN spotter.users t ON t.id = nm.trainer_id
GROUP BY nm.trainer_id, t.display_name
ORDER BY not_messaging DESC, nm.trainer_id;

CREATE VIEW spotter.low_energy_members AS
SELECT ct.user_id, u.display_name, u.role, u.time_zone, ct.local_date, ct.low_energy_days,
       ct.energy_7d, ct.energy_trend, ct.mood_7d, ct.mood_trend, ct.clarity_7d, ct.clarity_trend,
       ct.last_check_in_at
FROM spotter.checkin_trends ct JOIN spotter.users u ON u.id = ct.user_id
WHERE ct.low_energy AND u.status = 'active'
ORDER BY ct.low_energy_days DESC, ct.energy_7d NULLS LAST, ct.user_id;

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
FROM spotter.facts r JOIN spotter.users u ON u.id = r.user_id WHERE r.valid_to IS NULL GROUP BY u.time_zone
UNION ALL
SELECT 'checkin_trends', u.time_zone, count(*), min(r.computed_at), max(r.computed_at),
       extract(epoch FROM now() - min(r.computed_at))::double precision
FROM spotter.checkin_trends r JOIN spotter.users u ON u.id = r.user_id GROUP BY u.time_zone;

ALTER VIEW spotter.current_facts SET (security_barrier = true);
ALTER VIEW spotter.result_freshness SET (security_barrier = true);
ALTER VIEW spotter.inactive_clients_per_trainer SET (security_barrier = true);
ALTER VIEW spotter.low_energy_members SET (security_barrier = true);

-- Fact search compares the facts' user ids and sources with the product's keys in their own type.
CREATE OR REPLACE FUNCTION spotter.search_facts(p_user_id text, p_query text, p_limit integer DEFAULT 10,
                                     p_client_id text DEFAULT NULL, p_offset integer DEFAULT 0)
RETURNS TABLE (user_id text, display_name text, fact_id bigint, category text, subject text, content text,
               polarity text, temporal text, confidence double precision, is_current boolean,
               first_mentioned_at timestamptz, last_mentioned_at timestamptz, mention_count integer,
               valid_from timestamptz, valid_to timestamptz, superseded_by bigint,
               matched_terms integer, content_terms integer, rank real, sources jsonb)
LANGUAGE plpgsql STABLE AS $$
#variable_conflict use_column
DECLARE
    v_terms text[] := spotter.fact_search_terms(p_query);
    v_query tsquery;
BEGIN
    IF p_client_id IS NOT NULL AND NOT EXISTS (
        SELECT 1 FROM spotter.viewer_scope s WHERE s.viewer_id = p_user_id::spotter.user_key AND s.person_id = p_client_id::spotter.user_key) THEN
        RAISE EXCEPTION 'user % may not read about user %', p_user_id, p_client_id
            USING ERRCODE = '42501', HINT = 'a trainer reads about their own clients; anyone else about themselves';
    END IF;
    IF cardinality(v_terms) = 0 THEN
        RETURN;
    END IF;
    v_query := array_to_string(ARRAY(SELECT quote_literal(t) FROM unnest(v_terms) t), ' | ')::tsquery;
    RETURN QUERY
    WITH scope AS (
        SELECT s.person_id, s.display_name FROM spotter.viewer_scope s
        WHERE s.viewer_id = p_user_id::spotter.user_key
          AND (p_client_id IS NULL OR s.person_id = p_client_id::spotter.user_key)
    ), candidates AS (
        SELECT f.id FROM spotter.facts f
        WHERE f.user_id IN (SELECT person_id FROM scope) AND to_tsvector('english', f.content) @@ v_query
        UNION
        SELECT fs.fact_id FROM spotter.messages m
        JOIN spotter.fact_sources fs ON fs.message_id = m.id
        WHERE m.deleted_at IS NULL AND to_tsvector('english', m.body) @@ v_query
          AND m.sender_id IN (SELECT person_id FROM scope)
    ), scored AS (
        SELECT f.*, sc.display_name AS person_name,
               (SELECT count(*)::integer FROM unnest(v_terms) t
                WHERE to_tsvector('english', f.content) @@ t::tsquery
                   OR EXISTS (SELECT 1 FROM spotter.fact_sources fs
                              JOIN spotter.messages m ON m.id = fs.message_id AND m.deleted_at IS NULL
                              WHERE fs.fact_id = f.id AND to_tsvector('english', m.body) @@ t::tsquery)) AS n_terms,
               (SELECT count(*)::integer FROM unnest(v_terms) t
                WHERE to_tsvector('english', f.content) @@ t::tsquery) AS n_content,
               ts_rank(setweight(to_tsvector('english', f.content), 'A'), v_query) AS r
        FROM candidates c
        JOIN spotter.facts f ON f.id = c.id
        JOIN scope sc ON sc.person_id = f.user_id
        WHERE EXISTS (SELECT 1 FROM spotter.fact_sources fs
                      JOIN spotter.messages m ON m.id = fs.message_id AND m.deleted_at IS NULL
                      WHERE fs.fact_id = f.id)
    )
    SELECT CAST(s.user_id AS text), s.person_name, s.id, s.category, s.subject, s.content, s.polarity, s.temporal, s.confidence,
           s.valid_to IS NULL, s.first_mentioned_at, s.last_mentioned_at, s.mention_count, s.valid_from, s.valid_to,
           s.superseded_by, s.n_terms, s.n_content, s.r,
           (SELECT coalesce(jsonb_agg(jsonb_build_object('message_id', to_jsonb(q.id), 'sent_at', q.sent_at, 'text', q.body)
                                      ORDER BY q.hit DESC, q.sent_at DESC, q.id DESC), '[]'::jsonb)
            FROM (SELECT m.id, m.sent_at, left(m.body, 280) AS body,
                         to_tsvector('english', m.body) @@ v_query AS hit
                  FROM spotter.fact_sources fs
                  JOIN spotter.messages m ON m.id = fs.message_id AND m.deleted_at IS NULL
                  WHERE fs.fact_id = s.id
                  ORDER BY hit DESC, m.sent_at DESC, m.id DESC
                  LIMIT 3) q)
    FROM scored s
    WHERE s.n_terms > 0
    ORDER BY s.n_terms DESC, s.n_content DESC, (s.valid_to IS NULL) DESC, s.last_mentioned_at DESC, s.id DESC
    LIMIT greatest(least(coalesce(p_limit, 10), 100), 0) OFFSET greatest(coalesce(p_offset, 0), 0);
END
$$;

-- The optional facts trigger compares the watermark in the messages' own type.
CREATE OR REPLACE FUNCTION spotter.enqueue_extract_facts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    v_every integer := greatest(coalesce(TG_ARGV[0]::integer, 5), 1);
BEGIN
    PERFORM spotter.enqueue('extract_facts', jsonb_build_object('conversation_id', t.conversation_id), now(), NULL,
                            'extract_facts:conversation:' || t.conversation_id)
    FROM (
        SELECT n.conversation_id, c.user_id AS owner_id, w.last_sent_at AS watermark_at, w.last_message_id AS watermark_id
        FROM (SELECT DISTINCT n.conversation_id, n.sender_id FROM new_messages n WHERE n.deleted_at IS NULL) n
        JOIN spotter.conversations c ON c.id = n.conversation_id AND n.sender_id = c.user_id
        LEFT JOIN spotter.fact_watermarks w ON w.conversation_id = n.conversation_id
    ) AS t
    CROSS JOIN LATERAL (
        SELECT count(*) AS added FROM new_messages n
        WHERE n.conversation_id = t.conversation_id AND n.sender_id = t.owner_id AND n.deleted_at IS NULL
          AND (t.watermark_at IS NULL OR (n.sent_at, n.id) > (t.watermark_at, t.watermark_id))
    ) AS a
    CROSS JOIN LATERAL (
        SELECT count(*) AS pending FROM spotter.messages m
        WHERE m.conversation_id = t.conversation_id AND m.sender_id = t.owner_id AND m.deleted_at IS NULL
          AND (t.watermark_at IS NULL OR (m.sent_at, m.id) > (t.watermark_at, t.watermark_id))
    ) AS p
    WHERE a.added > 0 AND p.pending / v_every > (p.pending - a.added) / v_every
      -- Checked first only to spare the inserting client enqueue's duplicate NOTICE.
      AND NOT EXISTS (SELECT 1 FROM spotter.jobs j
                      WHERE j.unique_key = 'extract_facts:conversation:' || t.conversation_id
                        AND j.state IN ('available', 'running', 'retryable'))
    ORDER BY t.conversation_id;
    RETURN NULL;
END $$;

-- What `spotter migrate` runs on every run (migration 028 on): each key domain whose type is no
-- longer its input relation's id type (a product replaced Spotter's bigint tables by views over its
-- own uuid or text tables, or changed a key) is made again in the new type, and every result
-- column in it is converted (USING the id's text). The views named in p_views (Spotter's own,
-- which `migrate` creates again right after) are dropped first: a column a view reads cannot
-- change type. A stored id the new type cannot hold stops it, naming the column; nothing is
-- deleted. Returns one line per key that changed: `user_key: bigint -> uuid`.
CREATE FUNCTION spotter.follow_key_types(p_views text[]) RETURNS text[] LANGUAGE plpgsql AS $$
DECLARE
    v_key record;
    v_column record;
    v_changed text[] := '{}';
    v_drop text;
BEGIN
    FOR v_key IN
        SELECT k.key, format_type(a.atttypid, a.atttypmod) AS input_type,
               format_type(t.typbasetype, t.typtypmod) AS key_type, t.oid AS key_oid
        FROM (VALUES ('user_key', 'users'), ('conversation_key', 'conversations'), ('message_key', 'messages'),
                     ('program_key', 'programs'), ('workout_key', 'program_workouts'),
                     ('session_key', 'workout_sessions')) AS k(key, relation)
        JOIN pg_attribute a ON a.attrelid = to_regclass(format('spotter.%I', k.relation)) AND a.attname = 'id'
                           AND NOT a.attisdropped
        JOIN pg_type t ON t.oid = to_regtype(format('spotter.%I', k.key)) AND t.typtype = 'd'
        WHERE format_type(a.atttypid, a.atttypmod) <> format_type(t.typbasetype, t.typtypmod)
        ORDER BY k.key
    LOOP
        IF v_drop IS NULL THEN
            SELECT 'DROP VIEW IF EXISTS ' || string_agg(format('spotter.%I', v.name), ', ')
            INTO v_drop FROM unnest(p_views) AS v(name);
            IF v_drop IS NOT NULL THEN
                EXECUTE v_drop;
            END IF;
            v_drop := coalesce(v_drop, '');
        END IF;
        EXECUTE format('CREATE DOMAIN spotter.%I AS %s', v_key.key || '_next', v_key.input_type);
        FOR v_column IN
            SELECT c.oid::regclass AS result_table, a.attname AS result_column
            FROM pg_attribute a
            JOIN pg_class c ON c.oid = a.attrelid AND c.relkind IN ('r', 'p')
            WHERE a.atttypid = v_key.key_oid AND NOT a.attisdropped AND a.attnum > 0
            ORDER BY 1, 2
        LOOP
            BEGIN
                EXECUTE format('ALTER TABLE %s ALTER COLUMN %I TYPE spotter.%I USING CAST(CAST(%I AS text) AS spotter.%I)',
                               v_column.result_table, v_column.result_column, v_key.key || '_next',
                               v_column.result_column, v_key.key || '_next');
            EXCEPTION WHEN data_exception THEN
                RAISE EXCEPTION '%.% holds ids that spotter.%''s new type % cannot hold: %', v_column.result_table,
                    v_column.result_column, v_key.key, v_key.input_type, SQLERRM
                    USING ERRCODE = SQLSTATE,
                          HINT = format('spotter.%s was %s: those rows name ids of that type; delete them (the next nightly computes them again) and migrate again',
                                        v_key.key, v_key.key_type);
            END;
        END LOOP;
        EXECUTE format('DROP DOMAIN spotter.%I', v_key.key);
        EXECUTE format('ALTER DOMAIN spotter.%I RENAME TO %I', v_key.key || '_next', v_key.key);
        v_changed := v_changed || format('%s: %s -> %s', v_key.key, v_key.key_type, v_key.input_type);
    END LOOP;
    RETURN v_changed;
END $$;

-- Views and functions recreated above lose their grants (and CREATE OR REPLACE resets SECURITY
-- DEFINER); give them back where roles.sql has run.
DO $$
BEGIN
    IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'spotter_reader') THEN
        GRANT SELECT ON spotter.chat_context, spotter.current_facts, spotter.visible_facts,
            spotter.visible_fact_sources, spotter.inactive_clients_per_trainer, spotter.not_messaging_per_trainer,
            spotter.low_energy_members, spotter.result_freshness
            TO spotter_reader, spotter_worker;
        ALTER FUNCTION spotter.search_facts(text, text, integer, text, integer)
            SECURITY DEFINER SET search_path = pg_catalog, pg_temp;
        REVOKE EXECUTE ON FUNCTION spotter.search_facts(text, text, integer, text, integer) FROM PUBLIC;
        GRANT EXECUTE ON FUNCTION spotter.search_facts(text, text, integer, text, integer) TO spotter_reader;
    END IF;
END $$;
