-- +goose Up
-- The substance of an open flag (redflags.Flag.Facts): a check whose
-- facts differ raises the flag again as new and clears its
-- acknowledgement; a reason reworded with the same facts keeps it. ''
-- for a flag recorded before facts were kept: its next check records
-- them, comparing the reasons as before.
ALTER TABLE portfolio_flags ADD COLUMN facts TEXT NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE portfolio_flags DROP COLUMN facts;
