package portfolio_test

import (
	"net/http"
	"testing"
	"time"

	"github.com/registerdata/registerdata-go/portfolio"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestARecordThatStallsIsAnswered503AtTheIntakeBound: on PostgreSQL a
// delivery whose insert waits for another transaction (one holding the
// same webhook id) is answered 503 with a Retry-After once the intake's
// bound ends, not before it and not when the other transaction ends;
// nothing is lost: delivered again afterwards, it is recorded with its
// job.
func TestARecordThatStallsIsAnswered503AtTheIntakeBound(t *testing.T) {
	const bound = 300 * time.Millisecond
	old := portfolio.SetIntakeTimeout(bound)
	t.Cleanup(func() { portfolio.SetIntakeTimeout(old) })
	dsn := postgresDSN(t)
	_, c, clk := newFake(t)
	p := open(t, dsn, c, clk)
	db := rawDB(t, dsn)
	url, d := receiverOfAChange(t, p, "msg_stalled")

	hold, err := db.Begin()
	require.NoError(t, err)
	_, err = hold.Exec(`INSERT INTO portfolio_deliveries (event_id, entity_type, entity_id, body, received_at) VALUES ($1, 'company', $2, '{}', 1)`, d.id, nordlicht)
	require.NoError(t, err)

	answered := make(chan answer, 1)
	began := time.Now()
	go func() { answered <- postAnswer(t, url, d) }()
	var a answer
	select {
	case a = <-answered:
	case <-time.After(20 * time.Second):
		require.NoError(t, hold.Rollback())
		t.Fatal("the stalled delivery was not answered within 20 s")
	}
	waited := time.Since(began)
	require.NoError(t, hold.Rollback())
	assert.Equal(t, http.StatusServiceUnavailable, a.status, "a delivery not recorded within the bound")
	assert.NotEmpty(t, a.retryAfter)
	assert.GreaterOrEqual(t, waited, bound, "not refused before the bound")
	assert.Zero(t, count(t, db, `SELECT count(*) FROM portfolio_deliveries`), "nothing recorded")

	a = postAnswer(t, url, d)
	assert.Equal(t, http.StatusNoContent, a.status, "delivered again")
	assert.Equal(t, 1, count(t, db, `SELECT count(*) FROM portfolio_deliveries WHERE event_id = 'msg_stalled'`))
	assert.Equal(t, 1, count(t, db, `SELECT count(*) FROM river_job WHERE args->>'event_id' = 'msg_stalled'`), "with its job")
	t.Logf("refused after %v", waited.Round(time.Millisecond))
}
