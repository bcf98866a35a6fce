-- Every view in schema spotter is a security barrier (issue 35): a view runs with its owner's
-- rights, so without the barrier a reader's own cheap function in the WHERE clause is pushed
-- below the view's filter and sees the rows it hides (viewer_scope printed deactivated users'
-- names). Set on all of them at once, not by name, so none is forgotten; a view added later
-- must say WITH (security_barrier), which a test checks from the catalog.
--
-- A barrier alone does not hold for a view whose top is a UNION ALL (viewer_scope was): the
-- planner flattens its branches into an append and pushes the reader's qual into each, below
-- the status filter. So viewer_scope unions only the (viewer, person) id pairs and joins the
-- users after the union, one query whose filter the barrier keeps beneath the reader's. A product's own input
-- views (`spotter migrate --inputs external`) are not Spotter's to change and are left alone.
CREATE OR REPLACE VIEW spotter.viewer_scope WITH (security_barrier) AS
SELECT v.id AS viewer_id, v.role AS viewer_role, p.id AS person_id, p.display_name, p.role, p.status,
       p.time_zone, s.relation
FROM (SELECT u.id AS viewer_id, u.id AS person_id, 'self'::text AS relation FROM spotter.users u
      UNION ALL
      SELECT tc.trainer_id, tc.client_id, 'client' FROM spotter.trainer_clients tc
      WHERE tc.client_id <> tc.trainer_id) s
JOIN spotter.users v ON v.id = s.viewer_id AND v.status <> 'deactivated'
JOIN spotter.users p ON p.id = s.person_id AND p.status <> 'deactivated';

DO $$
DECLARE
    v record;
BEGIN
    FOR v IN
        SELECT c.oid::regclass AS name
        FROM pg_class c
        JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'spotter' AND c.relkind = 'v' AND pg_has_role(c.relowner, 'USAGE')
          AND c.relname NOT IN ('users', 'trainer_clients', 'profiles', 'exercises', 'programs', 'program_workouts',
                                'workout_exercises', 'enrollments', 'workout_sessions', 'session_sets',
                                'conversations', 'messages', 'check_ins')
          AND NOT coalesce('security_barrier=true' = ANY (c.reloptions), false)
    LOOP
        EXECUTE format('ALTER VIEW %s SET (security_barrier = true)', v.name);
    END LOOP;
END $$;
