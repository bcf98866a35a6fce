-- The workouts each member's kept personal state has seen (issue 34): the ids of every workout
-- their sessions up to the state's latest one were logged against, distinct and sorted,
-- comma-separated. A night reads only the last 28 days of sessions; the program recommendations
-- count a program as trained when any of its workouts ever was, so they read this list with the
-- state (PersonalStates). NULL: not known (a state kept before this column), and the member's
-- state is replayed from their whole history, which gives it.
ALTER TABLE spotter.personal_states ADD COLUMN trained_workouts text;
