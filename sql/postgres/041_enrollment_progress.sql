-- Each member's progress through their active enrollments (issue 34), kept with their personal
-- state: per enrollment, its program, its start (microseconds since 1970), the order index of the
-- latest program session counted ('-' for none) and the program sessions done, over every session
-- the state holds since the enrollment started; tab-separated, one enrollment per line. A night
-- reads 28 days of sessions and appends the day's to this count, so no night reads back to an
-- enrollment's start (PersonalStates). NULL or an enrollment missing: counted from the night's
-- sessions when they reach its start, else the member's state is replayed from their whole
-- history, which gives it.
ALTER TABLE spotter.personal_states ADD COLUMN enrollment_progress text;
