-- +goose Up
-- What each monitor of the portfolio is expected to cost each month: a
-- row per monitor and month in which something happened to it (created,
-- adopted, changed, removed), written in the same transaction as that.
--   company_id, since  the monitor: its company and portfolio_monitors.created_at
--   month              the calendar month (UTC) as yyyymm, e.g. 202506
--   anchor             when the service bills from: its monthly anniversaries
--   frequency          daily or weekly, as the monitor is checked
--   credits            what the month costs
--   monthly            what each later month costs, until the monitor's next row
--   reason             created, adopted, changed or removed
--   at                 when the row was written
CREATE TABLE portfolio_monitor_ledger (
    company_id TEXT NOT NULL,
    since      BIGINT NOT NULL,
    month      BIGINT NOT NULL,
    anchor     BIGINT NOT NULL,
    frequency  TEXT NOT NULL,
    credits    BIGINT NOT NULL,
    monthly    BIGINT NOT NULL,
    reason     TEXT NOT NULL,
    at         BIGINT NOT NULL,
    PRIMARY KEY (company_id, since, month)
);

-- +goose Down
DROP TABLE portfolio_monitor_ledger;
