-- Each member's replayed personal state, kept between nights (issue 34): the daily suggestion's
-- personal model is the replay of the member's window of sessions, and the replay depends on
-- that window (its sessions and their logged work), the profile's level, the zone, the ranking
-- configuration and the library, not on the night. A night stores the state with a fingerprint
-- of those inputs; the next night reads it back when the fingerprint is unchanged instead of
-- reading the window's work and replaying it (PersonalStates).
--
-- work_version counts the times a refresh of the session summaries rewrote one of the member's
-- sessions (SessionSummaries): it is part of the fingerprint, and a state is written without
-- touching it, so a state replayed from work that changed while it was computed never matches.
CREATE TABLE spotter.personal_states (
    user_id      spotter.user_key PRIMARY KEY,
    work_version bigint      NOT NULL DEFAULT 0,
    fingerprint  text,
    state        text,
    computed_at  timestamptz NOT NULL DEFAULT now()
);
