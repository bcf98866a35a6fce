-- A kept personal state (migration 036) is about 4 KB of base64 text, stored uncompressed
-- (migration 038). Past about 2 KB PostgreSQL moves such a value out of line into the table's
-- TOAST table, so reading a member's state back was a probe of the key, the row, the TOAST
-- index and two or three chunks: reading a 100,000-user night's 92,238 kept states touched
-- 570,303 buffers and took 1.7–2.3 s of the server's time. Kept in the row (a row of up to
-- about 8 KB is not moved out), the same read touches 205,700 buffers and takes 1.1–1.3 s.
-- A state kept out of line before this migration moves into its row when the member's state is
-- next written.
ALTER TABLE spotter.personal_states SET (toast_tuple_target = 8160);
