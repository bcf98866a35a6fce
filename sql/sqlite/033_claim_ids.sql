-- The claim that holds a job (SQLite): same column and meaning as sql/postgres/033_claim_ids.sql,
-- the id as lower-case text.
ALTER TABLE jobs ADD COLUMN claim_id TEXT;
