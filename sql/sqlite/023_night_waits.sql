-- When a nightly shard began waiting for the night's other kinds (SQLite): same column and
-- meaning as sql/postgres/023_night_waits.sql.
ALTER TABLE jobs ADD COLUMN waiting_since TEXT
    CHECK (waiting_since GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9]*Z');
