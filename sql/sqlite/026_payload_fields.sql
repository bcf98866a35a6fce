-- The field names each kind's payload reads (SQLite): same column and meaning as
-- sql/postgres/024_payload_fields.sql. SQLite has no spotter.enqueue function; `spotter enqueue`
-- checks payloads in Swift.
ALTER TABLE job_kinds ADD COLUMN payload_fields TEXT;
