-- Fact search (PostgreSQL): "What did John say about his knee?", "Who mentioned a shoulder
-- injury?". A fact is found by its content and by the text of its live source messages (the
-- person's own words), with the english stemming dictionary; current and superseded facts alike.
--
-- What is indexed: facts.content (every fact, open or closed) and the body of every message not
-- soft-deleted. A fact's searchable text spans two tables (its content and the bodies of its
-- sources, which can be deleted at any time), so there is no single column to index: each half
-- has its own GIN index and the search unions the two candidate sets, then checks liveness.
-- A product whose spotter.messages is a view over its own table creates the same expression
-- index on that table.
CREATE INDEX facts_content_search ON spotter.facts USING gin (to_tsvector('english', content));
CREATE INDEX messages_body_search ON spotter.messages USING gin (to_tsvector('english', body))
    WHERE deleted_at IS NULL;

-- Who may read about whom: everyone (not deactivated) about themselves, and a trainer about each
-- of their clients. The one place the read path's scope rule is written; `spotter mcp` and
-- spotter.search_facts both read it. A view runs with its owner's rights, so spotter_reader can
-- resolve a scope without any right on users or trainer_clients.
CREATE VIEW spotter.viewer_scope AS
SELECT u.id AS viewer_id, u.role AS viewer_role, u.id AS person_id, u.display_name, u.role, u.status,
       u.time_zone, 'self'::text AS relation
FROM spotter.users u
WHERE u.status <> 'deactivated'
UNION ALL
SELECT t.id, t.role, c.id, c.display_name, c.role, c.status, c.time_zone, 'client'
FROM spotter.trainer_clients tc
JOIN spotter.users t ON t.id = tc.trainer_id AND t.status <> 'deactivated'
JOIN spotter.users c ON c.id = tc.client_id AND c.status <> 'deactivated'
WHERE tc.client_id <> tc.trainer_id;

-- The query's search terms: its english lexemes, without the words that frame a question about
-- people ("what did John SAY", "who MENTIONED", "has any CLIENT TALKED about") and at most 16.
CREATE FUNCTION spotter.fact_search_terms(p_query text) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT coalesce(array_agg(t.lexeme ORDER BY t.lexeme), '{}')
    FROM (SELECT l.lexeme
          FROM unnest(to_tsvector('english', left(coalesce(p_query, ''), 1000))) AS l
          WHERE l.lexeme <> ALL (ARRAY['say', 'said', 'tell', 'told', 'mention', 'talk', 'ask', 'anyon', 'someon',
                                      'anybodi', 'somebodi', 'client', 'member', 'person', 'peopl', 'ever'])
          ORDER BY l.lexeme
          LIMIT 16) t
$$;

-- spotter.search_facts(user_id, query, limit, client_id, offset): ranked facts about the people
-- user_id may read about (spotter.viewer_scope: themselves; a trainer's clients too), or about
-- client_id alone. Current and superseded facts; never a fact whose every source message is
-- deleted, never a deleted message's text. Ranked by the number of distinct query terms found,
-- then terms found in the content itself, then current (open) before superseded, then the most
-- recently mentioned. Each hit quotes up to 3 live source messages (those containing a query term
-- first), each cut to 280 characters. A client_id outside the scope raises SQLSTATE 42501.
CREATE FUNCTION spotter.search_facts(p_user_id bigint, p_query text, p_limit integer DEFAULT 10,
                                     p_client_id bigint DEFAULT NULL, p_offset integer DEFAULT 0)
RETURNS TABLE (user_id bigint, display_name text, fact_id bigint, category text, subject text, content text,
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
        SELECT 1 FROM spotter.viewer_scope s WHERE s.viewer_id = p_user_id AND s.person_id = p_client_id) THEN
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
        WHERE s.viewer_id = p_user_id AND (p_client_id IS NULL OR s.person_id = p_client_id)
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
    SELECT s.user_id, s.person_name, s.id, s.category, s.subject, s.content, s.polarity, s.temporal, s.confidence,
           s.valid_to IS NULL, s.first_mentioned_at, s.last_mentioned_at, s.mention_count, s.valid_from, s.valid_to,
           s.superseded_by, s.n_terms, s.n_content, s.r,
           (SELECT coalesce(jsonb_agg(jsonb_build_object('message_id', q.id, 'sent_at', q.sent_at, 'text', q.body)
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

-- Where sql/postgres/optional/roles.sql already ran, the reader may search at once (roles.sql
-- grants the same when applied again).
DO $$
BEGIN
    IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'spotter_reader') THEN
        ALTER FUNCTION spotter.search_facts(bigint, text, integer, bigint, integer)
            SECURITY DEFINER SET search_path = pg_catalog, pg_temp;
        REVOKE EXECUTE ON FUNCTION spotter.search_facts(bigint, text, integer, bigint, integer) FROM PUBLIC;
        GRANT EXECUTE ON FUNCTION spotter.search_facts(bigint, text, integer, bigint, integer) TO spotter_reader;
        GRANT EXECUTE ON FUNCTION spotter.fact_search_terms(text) TO spotter_reader;
        GRANT SELECT ON spotter.viewer_scope TO spotter_reader, spotter_worker;
    END IF;
END $$;
