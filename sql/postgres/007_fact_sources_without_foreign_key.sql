-- fact_sources no longer references facts with a foreign key: the check cost one index probe
-- and a row lock on facts per source written (about 2/3 of the COPY of a nightly's sources).
-- Spotter deletes a fact's sources itself wherever it deletes the fact (retraction, deleted
-- users, prune_results), each under the per-user advisory lock that serialises fact writes.
ALTER TABLE spotter.fact_sources DROP CONSTRAINT IF EXISTS fact_sources_fact_id_fkey;
