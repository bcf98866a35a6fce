-- The workouts each member's kept personal state has seen (see
-- sql/postgres/040_trained_workouts.sql).
ALTER TABLE personal_states ADD COLUMN trained_workouts TEXT;
