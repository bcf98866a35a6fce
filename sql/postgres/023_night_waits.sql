-- When a nightly shard began waiting for the night's other kinds (JobContext.awaitNight): set by
-- its first snooze (to the start of the run that snoozed), kept by later snoozes and hand-backs,
-- cleared by every other end of a run and by `spotter retry`. The wait's limit (30 minutes for a
-- recommendation shard) counts from here: counted from created_at, a shard retried after a
-- failed night, or claimed late behind a backlog, stopped waiting for that night's facts at once.
ALTER TABLE spotter.jobs ADD COLUMN waiting_since timestamptz;
