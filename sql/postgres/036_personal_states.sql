-- Each member's replayed personal state, kept between nights (issue 34): the daily suggestion's
-- personal model is the replay of the member's window of sessions in time order, and the replay
-- depends on that window (its sessions and their logged work), the profile's level, the zone, the
-- ranking configuration and the library, not on the night. A night stores the state with what it
-- was replayed from; the next night reads it back when nothing of that changed, and appends the
-- sessions logged since when only those were added, instead of reading the window's work and
-- replaying it (PersonalStates).
--
-- inputs: a fingerprint of the configuration, library, level and zone; session_count and
-- sessions_hash: of the window's sessions as read, in order; last_started_at: the latest of them.
-- work_version counts the times a refresh of the session summaries rewrote one of the member's
-- sessions (SessionSummaries), changed_from the earliest start among the sessions rewritten since
-- the state was kept; state_version is the work_version the state was replayed at. A state whose
-- sessions' work was rewritten since (state_version behind, changed_from at or before
-- last_started_at) is replayed again.
CREATE TABLE spotter.personal_states (
    user_id         spotter.user_key PRIMARY KEY,
    work_version    bigint      NOT NULL DEFAULT 0,
    changed_from    timestamptz,
    state_version   bigint,
    inputs          text,
    session_count   bigint,
    sessions_hash   text,
    last_started_at timestamptz,
    state           text,
    computed_at     timestamptz NOT NULL DEFAULT now()
);
