-- +goose Up
CREATE TABLE portfolio_entries (
    ref         TEXT PRIMARY KEY,
    company_id  TEXT NOT NULL DEFAULT '',
    name        TEXT NOT NULL DEFAULT '',
    status      TEXT NOT NULL,
    score       REAL NOT NULL DEFAULT 0,
    reasons     TEXT NOT NULL DEFAULT '[]',
    candidates  TEXT NOT NULL DEFAULT '[]',
    tags        TEXT NOT NULL DEFAULT '[]',
    fingerprint TEXT NOT NULL,
    credits     INTEGER NOT NULL DEFAULT 0,
    added_at    INTEGER NOT NULL,
    updated_at  INTEGER NOT NULL
);
CREATE INDEX portfolio_entries_company ON portfolio_entries (company_id);

CREATE TABLE portfolio_monitors (
    company_id TEXT PRIMARY KEY,
    created_at INTEGER NOT NULL
);

CREATE TABLE portfolio_events (
    event_id     TEXT PRIMARY KEY,
    entity_type  TEXT NOT NULL,
    entity_id    TEXT NOT NULL,
    body         TEXT NOT NULL,
    received_at  INTEGER NOT NULL,
    processed_at INTEGER
);

CREATE TABLE portfolio_snapshots (
    company_id TEXT PRIMARY KEY,
    data       TEXT NOT NULL,
    fetched_at INTEGER NOT NULL
);

CREATE TABLE portfolio_journal (
    seq        INTEGER PRIMARY KEY AUTOINCREMENT,
    company_id TEXT NOT NULL,
    refs       TEXT NOT NULL,
    event_id   TEXT NOT NULL DEFAULT '',
    changes    TEXT NOT NULL,
    raised     TEXT NOT NULL,
    cleared    TEXT NOT NULL,
    at         INTEGER NOT NULL,
    credits    INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE portfolio_flags (
    company_id   TEXT NOT NULL,
    code         TEXT NOT NULL,
    reason       TEXT NOT NULL,
    since        INTEGER NOT NULL,
    acknowledged BOOLEAN NOT NULL DEFAULT FALSE,
    note         TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (company_id, code)
);

-- +goose Down
DROP TABLE portfolio_flags;
DROP TABLE portfolio_journal;
DROP TABLE portfolio_snapshots;
DROP TABLE portfolio_events;
DROP TABLE portfolio_monitors;
DROP TABLE portfolio_entries;
