-- +goose Up
-- What a person needs to review a row and what a person decided.
--   row_data     the row as the customer last imported it (JSON of Row)
--   problem      what happened to the row, in words, while it awaits review
--   queued_at    when it entered the review queue (0: not in it)
--   changed      1 while a row a person resolved was imported with other data
--   decided_fp   the fingerprint of the row a person resolved ('' if none)
--   decided_row  that row (JSON of Row), shown beside a changed one
--   decision_id  the decision that resolved it (0 if none)
ALTER TABLE portfolio_entries ADD COLUMN row_data TEXT NOT NULL DEFAULT '{}';
ALTER TABLE portfolio_entries ADD COLUMN problem TEXT NOT NULL DEFAULT '';
ALTER TABLE portfolio_entries ADD COLUMN queued_at BIGINT NOT NULL DEFAULT 0;
ALTER TABLE portfolio_entries ADD COLUMN changed BIGINT NOT NULL DEFAULT 0;
ALTER TABLE portfolio_entries ADD COLUMN decided_fp TEXT NOT NULL DEFAULT '';
ALTER TABLE portfolio_entries ADD COLUMN decided_row TEXT NOT NULL DEFAULT '';
ALTER TABLE portfolio_entries ADD COLUMN decision_id BIGINT NOT NULL DEFAULT 0;

-- A flag raised by a company's first check was there when the company
-- joined the portfolio (inherited); the others are news. An
-- acknowledgement names who and when; the reason it acknowledged is kept
-- so that a material change of the finding opens the flag again.
ALTER TABLE portfolio_flags ADD COLUMN inherited BIGINT NOT NULL DEFAULT 0;
ALTER TABLE portfolio_flags ADD COLUMN ack_by_id TEXT NOT NULL DEFAULT '';
ALTER TABLE portfolio_flags ADD COLUMN ack_by_name TEXT NOT NULL DEFAULT '';
ALTER TABLE portfolio_flags ADD COLUMN ack_at BIGINT NOT NULL DEFAULT 0;
ALTER TABLE portfolio_flags ADD COLUMN ack_reason TEXT NOT NULL DEFAULT '';
ALTER TABLE portfolio_flags ADD COLUMN ack_decision BIGINT NOT NULL DEFAULT 0;

-- The journal names the company it checked, as the check found it; the
-- report finds each company's first entry by the index.
ALTER TABLE portfolio_journal ADD COLUMN name TEXT NOT NULL DEFAULT '';
CREATE INDEX portfolio_journal_company ON portfolio_journal (company_id, seq);

-- Every decision, pending, applied or rejected; never deleted.
CREATE TABLE portfolio_decisions (
    id               BIGSERIAL PRIMARY KEY,
    kind             TEXT NOT NULL,
    ref              TEXT NOT NULL DEFAULT '',
    company_id       TEXT NOT NULL DEFAULT '',
    code             TEXT NOT NULL DEFAULT '',
    note             TEXT NOT NULL DEFAULT '',
    basis            TEXT NOT NULL DEFAULT '',
    by_id            TEXT NOT NULL,
    by_name          TEXT NOT NULL DEFAULT '',
    at               BIGINT NOT NULL,
    state            TEXT NOT NULL,
    reviewed_by_id   TEXT NOT NULL DEFAULT '',
    reviewed_by_name TEXT NOT NULL DEFAULT '',
    reviewed_at      BIGINT NOT NULL DEFAULT 0,
    review_note      TEXT NOT NULL DEFAULT ''
);
CREATE INDEX portfolio_decisions_state ON portfolio_decisions (state, id);

-- The audit chain: seq counts from 1 without gaps; hash covers the
-- previous entry's hash and this entry's canonical JSON.
CREATE TABLE portfolio_audit (
    seq        BIGINT PRIMARY KEY,
    at         BIGINT NOT NULL,
    actor_id   TEXT NOT NULL,
    actor_name TEXT NOT NULL DEFAULT '',
    action     TEXT NOT NULL,
    subject    TEXT NOT NULL,
    detail     TEXT NOT NULL,
    hash       TEXT NOT NULL
);

-- +goose Down
DROP TABLE portfolio_audit;
DROP TABLE portfolio_decisions;
DROP INDEX portfolio_journal_company;
ALTER TABLE portfolio_journal DROP COLUMN name;
ALTER TABLE portfolio_flags DROP COLUMN ack_decision;
ALTER TABLE portfolio_flags DROP COLUMN ack_reason;
ALTER TABLE portfolio_flags DROP COLUMN ack_at;
ALTER TABLE portfolio_flags DROP COLUMN ack_by_name;
ALTER TABLE portfolio_flags DROP COLUMN ack_by_id;
ALTER TABLE portfolio_flags DROP COLUMN inherited;
ALTER TABLE portfolio_entries DROP COLUMN decision_id;
ALTER TABLE portfolio_entries DROP COLUMN decided_row;
ALTER TABLE portfolio_entries DROP COLUMN decided_fp;
ALTER TABLE portfolio_entries DROP COLUMN changed;
ALTER TABLE portfolio_entries DROP COLUMN queued_at;
ALTER TABLE portfolio_entries DROP COLUMN problem;
ALTER TABLE portfolio_entries DROP COLUMN row_data;
