-- +goose Up
-- The received webhook deliveries, one row per webhook id, are named for
-- what they are: "event" is the journal's word (portfolio_journal). The
-- rows are kept, and so is the column event_id, the delivery's webhook
-- id, which the journal's Event.EventID and portfolio_fetched name alike.
ALTER TABLE portfolio_events RENAME TO portfolio_deliveries;

-- +goose Down
ALTER TABLE portfolio_deliveries RENAME TO portfolio_events;
