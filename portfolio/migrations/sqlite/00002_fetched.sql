-- +goose Up
-- The inbox of fetched answers: what an event's job paid the service for,
-- recorded before it is compared and journalled, so that a retried job
-- reuses it instead of paying again. A row lives from its fetch to the
-- commit of its event's journal entry, which deletes it.
CREATE TABLE portfolio_fetched (
    event_id   TEXT NOT NULL,
    company_id TEXT NOT NULL,
    part       TEXT NOT NULL,
    data       TEXT NOT NULL,
    credits    INTEGER NOT NULL,
    fetched_at INTEGER NOT NULL,
    PRIMARY KEY (event_id, company_id, part)
);

-- +goose Down
DROP TABLE portfolio_fetched;
