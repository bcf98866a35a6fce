-- Each member's progress through their active enrollments (see
-- sql/postgres/041_enrollment_progress.sql).
ALTER TABLE personal_states ADD COLUMN enrollment_progress TEXT;
