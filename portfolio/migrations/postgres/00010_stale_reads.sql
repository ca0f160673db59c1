-- +goose Up
-- portfolio_stale(what) raises the error PF409, "what changed since it
-- was read". A check on PostgreSQL reads its company's snapshot and flags
-- before its fetch, then sends its whole transaction in one round trip:
-- its statements call this where what they lock or read is not what was
-- read before, which rolls the transaction back, and the check runs
-- again as statements of its own (process_onetrip.go). The function is
-- VOLATILE, so the planner never calls it while planning a statement.
-- +goose StatementBegin
CREATE FUNCTION portfolio_stale(what TEXT) RETURNS BOOLEAN LANGUAGE plpgsql VOLATILE AS $$
BEGIN
    RAISE EXCEPTION 'portfolio: % changed since it was read', what USING ERRCODE = 'PF409';
END
$$;
-- +goose StatementEnd

-- +goose Down
DROP FUNCTION portfolio_stale(TEXT);
