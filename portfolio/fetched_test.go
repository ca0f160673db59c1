package portfolio_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"syscall"
	"testing"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/portfolio"
	"github.com/registerdata/registerdata-go/webhook"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestFetchedOnceAcrossAKill: a worker process killed with SIGKILL after
// its job fetched (and paid for) the company's record and owners, before
// the journal entry was committed; a second worker takes the job over,
// reuses the recorded answers, and journals the event once: the fake
// billed the fetch once, and the journal says what it cost.
func TestFetchedOnceAcrossAKill(t *testing.T) {
	t.Parallel() // most of it is the wait for River to rescue the killed job
	if testing.Short() {
		t.Skip("starts worker processes")
	}
	engines(t, func(t *testing.T, dsn string) {
		ctx := context.Background()
		srv, c, clk := newFake(t)
		p := open(t, dsn, c, clk)
		id := srv.CompanyIDs()[0]
		require.NoError(t, srv.SetOwners(id, []registerdata.Owner{{Name: "Brightwater Systems Inc.", Type: enums.RepresentativeTypeLegalPerson,
			RelationType: enums.RelationTypeShareholder, NominalShare: 25000, PercentageShare: ptr(100.0),
			LegalPerson: &registerdata.OwnerLegalPerson{Name: "Brightwater Systems Inc.", Country: "US"}}}))
		importAll(t, p, []portfolio.Row{{Ref: "KILL-1", CompanyID: id}}, portfolio.ImportOptions{})
		v, err := webhook.NewVerifier(secret)
		require.NoError(t, err)
		hs := httptest.NewServer(p.Handler(v))
		defer hs.Close()
		body, err := json.Marshal(map[string]any{"type": "monitor.change", "entity_type": "company", "entity_id": id,
			"categories": []string{"basic", "ownership"}})
		require.NoError(t, err)
		require.Equal(t, http.StatusNoContent, post(t, hs.URL, delivery{id: "msg_kill", body: body}))
		before := spent(srv)
		db := rawDB(t, dsn)

		a, out := startWorkerAt(t, dsn, srv.URL, srv.APIKey, workerHaltEnv+"=1")
		line, err := out.ReadString('\n')
		require.NoError(t, err)
		require.Equal(t, "fetched msg_kill\n", line)
		require.NoError(t, a.Process.Signal(syscall.SIGKILL))
		_ = a.Wait()
		paid := spent(srv) - before
		assert.EqualValues(t, registerdata.DefaultPrices().Of("GET /v1/company/{company_id}", false)+registerdata.DefaultPrices().Of("GET /v1/company/{company_id}/owners", false), paid, "the killed worker paid the record and the owners")
		assert.Equal(t, 2, count(t, db, `SELECT count(*) FROM portfolio_fetched WHERE event_id = 'msg_kill'`), "its answers are recorded")
		assert.Equal(t, 0, count(t, db, `SELECT count(*) FROM portfolio_journal WHERE event_id = 'msg_kill'`), "killed before the journal entry")

		b, _ := startWorkerAt(t, dsn, srv.URL, srv.APIKey)
		waitForProcessed(t, db, 2*time.Minute)
		require.NoError(t, b.Process.Signal(syscall.SIGTERM))
		require.NoError(t, b.Wait())

		assert.Equal(t, paid, spent(srv)-before, "the second worker paid nothing: the fetch was billed once")
		assert.Equal(t, 0, count(t, db, `SELECT count(*) FROM portfolio_fetched`), "the journal's commit cleared the recorded answers")
		n := 0
		for e, err := range p.Events(ctx, 0) {
			require.NoError(t, err)
			if e.EventID != "msg_kill" {
				continue
			}
			n++
			assert.Equal(t, paid, e.Credits, "the entry carries what the fetch cost")
		}
		assert.Equal(t, 1, n, "the event is journalled once")
	})
}
