-- +goose Up
-- Who the journal is pushed to (alerts out), and what became of each
-- entry sent to each of them.
--   name          the subscriber's name, unique
--   url           https://..., http:// to a loopback address, or mailto:
--   secret        the Standard Webhooks secret the bodies are signed with ('' for none)
--   min_severity  '' (every entry), 'review' (entries raising a flag) or 'high'
--   tags          JSON list: only entries of companies with one of them ('[]': all)
--   digest        mail only: 'daily' or 'weekly', the period of its digest
--   created_at    when it was added (Unix microseconds)
CREATE TABLE portfolio_subscribers (
    name         TEXT PRIMARY KEY,
    url          TEXT NOT NULL,
    secret       TEXT NOT NULL,
    min_severity TEXT NOT NULL,
    tags         TEXT NOT NULL,
    digest       TEXT NOT NULL,
    created_at   BIGINT NOT NULL
);

-- One row per journal entry and subscriber it is sent to, written with
-- the entry (or by a replay) in the transaction that enqueues its job.
--   state     pending, digest (waits for its mail digest), sent or dead (given up after 3 days)
--   attempts  how many tries failed so far
--   error     what the receiver answered last, when it failed ('' else)
--   at        when the state last changed (Unix microseconds)
CREATE TABLE portfolio_alerts (
    seq        BIGINT NOT NULL,
    subscriber TEXT NOT NULL,
    state      TEXT NOT NULL,
    attempts   BIGINT NOT NULL,
    error      TEXT NOT NULL,
    at         BIGINT NOT NULL,
    PRIMARY KEY (subscriber, seq)
);
CREATE INDEX portfolio_alerts_state ON portfolio_alerts (state, subscriber);

-- +goose Down
DROP TABLE portfolio_alerts;
DROP TABLE portfolio_subscribers;
