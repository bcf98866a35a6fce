-- Jobs that read the same inputs run in one worker (SQLite): same column, index and meaning as
-- sql/postgres/035_claim_groups.sql.
ALTER TABLE jobs ADD COLUMN claim_group TEXT CHECK (length(claim_group) BETWEEN 1 AND 500);
CREATE INDEX jobs_claim_group ON jobs (claim_group)
    WHERE claim_group IS NOT NULL AND state IN ('available', 'retryable');
