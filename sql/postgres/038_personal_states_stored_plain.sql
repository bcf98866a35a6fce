-- A kept personal state (migration 036) is base64 of compact bytes: PostgreSQL's default
-- compression (pglz) takes it from 3.8 KB to 2.7 KB, no more than undoing the base64, and spent
-- about 100 µs a state doing it, most of what writing 27,678 states cost a 100,000-user night
-- (20 µs a state stored as it is, out of line). New values are stored uncompressed.
ALTER TABLE spotter.personal_states ALTER COLUMN state SET STORAGE EXTERNAL;
