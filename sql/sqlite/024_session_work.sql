-- Each session's work per muscle group, kept by Spotter (see sql/postgres/024_session_work.sql).
CREATE TABLE session_summaries (
    session_id    PRIMARY KEY,        -- no type: the product's session key as it is (integer or text)
    user_id       TEXT    NOT NULL,
    started_at    TEXT    NOT NULL,
    set_count     INTEGER NOT NULL,
    last_set      INTEGER NOT NULL,
    summarised_at TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX session_summaries_user ON session_summaries (user_id);

CREATE TABLE session_work (
    session_id   NOT NULL,
    muscle_group TEXT    NOT NULL,
    user_id      TEXT    NOT NULL,
    sets         REAL    NOT NULL,
    load         REAL    NOT NULL,
    PRIMARY KEY (session_id, muscle_group)
);
CREATE INDEX session_work_user ON session_work (user_id);
