-- Spotter result tables (PostgreSQL). Owned by Spotter; each row carries computed_at and the
-- user's local date it is valid for. Results hold no foreign keys to inputs, so inputs can be views.

CREATE TABLE spotter.profile_stats (
    user_id         bigint PRIMARY KEY,
    local_date      date        NOT NULL,   -- the user's "today" when computed
    time_zone       text        NOT NULL,
    current_streak  integer     NOT NULL,
    longest_streak  integer     NOT NULL,
    week_start      date        NOT NULL,   -- first day of the current week in the user's locale
    week_workouts   integer     NOT NULL,
    week_minutes    integer     NOT NULL,
    week_days       jsonb       NOT NULL,   -- 7 booleans in display order, starting at week_start
    week_labels     jsonb       NOT NULL,   -- 7 one-letter labels in the same order ("S","M",...)
    last_workout_at timestamptz,
    total_workouts  integer     NOT NULL,
    total_minutes   integer     NOT NULL,
    computed_at     timestamptz NOT NULL DEFAULT now(),
    job_id          bigint
);

CREATE TABLE spotter.daily_suggestions (
    user_id     bigint      NOT NULL,
    local_date  date        NOT NULL,
    workout_id  bigint      NOT NULL,
    program_id  bigint      NOT NULL,
    title       text        NOT NULL,
    score       double precision NOT NULL,
    reasons     jsonb       NOT NULL,   -- array of short human-readable strings
    computed_at timestamptz NOT NULL DEFAULT now(),
    job_id      bigint,
    PRIMARY KEY (user_id, local_date)
);

CREATE TABLE spotter.program_recommendations (
    user_id     bigint      NOT NULL,
    rank        integer     NOT NULL,
    program_id  bigint      NOT NULL,
    title       text        NOT NULL,
    score       double precision NOT NULL,
    reasons     jsonb       NOT NULL,
    local_date  date        NOT NULL,
    computed_at timestamptz NOT NULL DEFAULT now(),
    job_id      bigint,
    PRIMARY KEY (user_id, rank)
);

CREATE TABLE spotter.inactive_clients (
    trainer_id      bigint      NOT NULL,
    client_id       bigint      NOT NULL,
    days_inactive   integer,               -- NULL: never messaged nor worked out
    tier            integer     NOT NULL,  -- 3, 7 or 14 (from jobs/)
    reason          text        NOT NULL,
    last_message_at timestamptz,
    last_workout_at timestamptz,
    local_date      date        NOT NULL,  -- the client's local date when computed
    computed_at     timestamptz NOT NULL DEFAULT now(),
    job_id          bigint,
    PRIMARY KEY (trainer_id, client_id)
);

CREATE TABLE spotter.facts (
    id                 bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id            bigint      NOT NULL,           -- whose messages it came from
    subject            text        NOT NULL,           -- 'self' or who: 'wife', 'son', ...
    category           text        NOT NULL CHECK (category IN ('health', 'goal', 'preference', 'personal',
                           'relationship', 'skill', 'habit', 'belief', 'experience', 'other')),
    content            text        NOT NULL,           -- self-contained: "Left knee hurts when running"
    polarity           text        NOT NULL CHECK (polarity IN ('positive', 'negative')),
    temporal           text        NOT NULL CHECK (temporal IN ('current', 'past', 'intended')),
    confidence         double precision NOT NULL CHECK (confidence BETWEEN 0 AND 1),
    slot               text        NOT NULL,           -- normalised key for merging and contradiction
    first_mentioned_at timestamptz NOT NULL,
    last_mentioned_at  timestamptz NOT NULL,
    mention_count      integer     NOT NULL DEFAULT 1,
    valid_from         timestamptz NOT NULL,
    valid_to           timestamptz,                    -- set when superseded; never deleted for that
    superseded_by      bigint,
    extractor          text        NOT NULL DEFAULT 'rules',
    computed_at        timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX facts_open_slot ON spotter.facts (user_id, slot) WHERE valid_to IS NULL;
CREATE INDEX facts_user ON spotter.facts (user_id, category);

CREATE TABLE spotter.fact_sources (
    fact_id      bigint      NOT NULL REFERENCES spotter.facts (id) ON DELETE CASCADE,
    message_id   bigint      NOT NULL,
    mentioned_at timestamptz NOT NULL,
    PRIMARY KEY (fact_id, message_id)
);
CREATE INDEX fact_sources_message ON spotter.fact_sources (message_id);

-- Incremental extraction: the last message of each conversation already processed.
CREATE TABLE spotter.fact_watermarks (
    conversation_id bigint PRIMARY KEY,
    last_message_id bigint      NOT NULL,
    processed_at    timestamptz NOT NULL DEFAULT now()
);

-- Per-subject outcomes that produced no row: invalid time zone, nothing fits, ...
CREATE TABLE spotter.result_errors (
    kind        text        NOT NULL,
    subject_id  bigint      NOT NULL,      -- user, trainer or conversation id
    reason      text        NOT NULL,      -- short code: invalid_time_zone, nothing_fits, ...
    detail      text        NOT NULL,      -- one human-readable line
    local_date  date,
    job_id      bigint,
    recorded_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (kind, subject_id)
);
