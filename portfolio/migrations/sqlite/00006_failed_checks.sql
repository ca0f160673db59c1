-- +goose Up
-- A delivery whose check the portfolio gave up on (its job failed every
-- attempt, WithJobAttempts):
--   failed_at  when it gave up (0: it did not, or RetryFailed queued it again)
--   failure    the last attempt's error
--   attempts   how many attempts were made
-- Its company's flag check_failed is raised; a later check of the company
-- that succeeds marks it processed (superseded).
ALTER TABLE portfolio_deliveries ADD COLUMN failed_at INTEGER NOT NULL DEFAULT 0;
ALTER TABLE portfolio_deliveries ADD COLUMN failure TEXT NOT NULL DEFAULT '';
ALTER TABLE portfolio_deliveries ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0;
CREATE INDEX portfolio_deliveries_failed ON portfolio_deliveries (entity_id, received_at) WHERE failed_at > 0;

-- The journal entry of a check given up says so (JSON of CheckFailure;
-- '' for every other entry).
ALTER TABLE portfolio_journal ADD COLUMN failed TEXT NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE portfolio_journal DROP COLUMN failed;
DROP INDEX portfolio_deliveries_failed;
ALTER TABLE portfolio_deliveries DROP COLUMN attempts;
ALTER TABLE portfolio_deliveries DROP COLUMN failure;
ALTER TABLE portfolio_deliveries DROP COLUMN failed_at;
