package portfolio_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/changes"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/fake"
	"github.com/registerdata/registerdata-go/portfolio"
	"github.com/registerdata/registerdata-go/redflags"
	"github.com/registerdata/registerdata-go/webhook"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// receiver serves p's webhook handler and points the fake's deliveries
// at it.
func receiver(t testing.TB, srv *fake.Server, clk *fake.Clock, p *portfolio.Portfolio) {
	t.Helper()
	v, err := webhook.NewVerifier(secret) // the fake signs with the wall clock
	require.NoError(t, err)
	hs := httptest.NewServer(p.Handler(v))
	t.Cleanup(hs.Close)
	require.NoError(t, srv.SetWebhookEndpoint(hs.URL+"/hooks", secret))
}

func events(t testing.TB, p *portfolio.Portfolio, since int64) []portfolio.Event {
	t.Helper()
	var out []portfolio.Event
	for e, err := range p.Events(context.Background(), since) {
		require.NoError(t, err)
		out = append(out, e)
	}
	return out
}

func flagCodes(fs []redflags.Flag) []string {
	out := []string{}
	for _, f := range fs {
		out = append(out, f.Code)
	}
	return out
}

func TestDeliveryIsJournalledWithItsChangesAndFlags(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		ctx := context.Background()
		srv, c, clk := newFake(t)
		p := open(t, dsn, c, clk)
		receiver(t, srv, clk, p)
		var importCredits int64
		for _, r := range importAll(t, p, hardRows()[:2], portfolio.ImportOptions{}) {
			importCredits += r.Credits
		}
		pl, err := p.Plan(ctx, portfolio.MonitorOptions{UpdateFrequency: enums.UpdateFrequencyDaily})
		require.NoError(t, err)
		synced, err := p.Sync(ctx, pl)
		require.NoError(t, err)
		baseline := events(t, p, 0)
		require.Len(t, baseline, 2, "one baseline entry per company")
		var last int64
		if len(baseline) > 0 {
			last = baseline[len(baseline)-1].Seq
		}
		for _, f := range baseline {
			assert.Empty(t, f.EventID)
			assert.Empty(t, f.Changes)
		}

		before := spent(srv)
		require.NoError(t, srv.UpdateCompany(nordlicht, func(co *registerdata.Company) {
			co.Status = enums.CompanyStatusLiquidation
		}))
		clk.Advance(24*time.Hour + time.Minute)
		require.Len(t, srv.Deliveries(), 1)
		assert.Equal(t, fake.DeliveryDelivered, srv.Deliveries()[0].State)
		n, err := p.Drain(ctx)
		require.NoError(t, err)
		assert.Equal(t, 1, n)

		evs := events(t, p, last)
		require.Len(t, evs, 1)
		e := evs[0]
		assert.Equal(t, nordlicht, e.CompanyID)
		assert.Equal(t, []string{"C-1"}, e.Refs)
		assert.Equal(t, srv.Deliveries()[0].ID, e.EventID)
		require.Len(t, e.Changes, 1)
		assert.Equal(t, changes.Change{Category: enums.PreferenceBasic, Kind: changes.Modified, Field: "status", Before: "active", After: "liquidation"}, e.Changes[0])
		assert.Equal(t, []string{e.Changes[0].String()}, e.Sentences)
		assert.Contains(t, flagCodes(e.Raised), redflags.FlagLiquidation)
		assert.Equal(t, spent(srv)-before, e.Credits, "the entry says what its fetch cost")
		var total int64
		for _, e := range events(t, p, 0) {
			total += e.Credits
		}
		assert.Equal(t, synced.Credits-pl.Credits+e.Credits, total, "baselines are journalled with their cost")
		assert.Equal(t, spent(srv), importCredits+pl.Credits+total, "the fake billed what the portfolio reports")

		// Open flags, acknowledged with a note.
		var open []portfolio.OpenFlag
		for f, err := range p.Flags(ctx) {
			require.NoError(t, err)
			if f.CompanyID == nordlicht {
				open = append(open, f)
			}
		}
		require.NotEmpty(t, open)
		require.NoError(t, p.Acknowledge(as(ctx, anna), nordlicht, redflags.FlagLiquidation, "called the liquidator"))
		for f, err := range p.Flags(ctx) {
			require.NoError(t, err)
			if f.CompanyID == nordlicht && f.Flag.Code == redflags.FlagLiquidation {
				assert.True(t, f.Acknowledged)
				assert.Equal(t, "called the liquidator", f.Note)
				assert.Equal(t, []string{"C-1"}, f.Refs)
			}
		}
		assert.ErrorIs(t, p.Acknowledge(as(ctx, anna), nordlicht, "no_such_flag", "a note"), portfolio.ErrNotFound)

		// The company recovers: the flag is cleared.
		require.NoError(t, srv.UpdateCompany(nordlicht, func(co *registerdata.Company) {
			co.Status = enums.CompanyStatusActive
		}))
		clk.Advance(24 * time.Hour)
		_, err = p.Drain(ctx)
		require.NoError(t, err)
		evs = events(t, p, e.Seq)
		require.Len(t, evs, 1)
		assert.Contains(t, flagCodes(evs[0].Cleared), redflags.FlagLiquidation)
		for f, err := range p.Flags(ctx) {
			require.NoError(t, err)
			assert.False(t, f.CompanyID == nordlicht && f.Flag.Code == redflags.FlagLiquidation, "cleared flags are not open")
		}
	})
}

// delivery is one signed delivery of an event.
type delivery struct {
	id   string
	body []byte
}

// post sends d signed to url and returns the status, 0 when no answer
// came (reported through t, safe from any goroutine).
func post(t testing.TB, url string, d delivery) int {
	h, err := webhook.SignedHeaders(secret, d.id, time.Now(), d.body)
	if !assert.NoError(t, err) {
		return 0
	}
	req, err := http.NewRequest(http.MethodPost, url, bytes.NewReader(d.body))
	if !assert.NoError(t, err) {
		return 0
	}
	req.Header = h
	resp, err := http.DefaultClient.Do(req)
	if !assert.NoError(t, err) {
		return 0
	}
	resp.Body.Close()
	return resp.StatusCode
}

// monitorAndRename imports ids (Refs K000, K001, ...), syncs weekly basic
// monitors for them, renames each company in the fake (name: a format
// with the company's index) and returns one delivery of each rename's
// event (ids msg_000, msg_001, ...) and the credits spent so far.
func monitorAndRename(t testing.TB, p *portfolio.Portfolio, srv *fake.Server, ids []string, name string) ([]delivery, int64) {
	t.Helper()
	ctx := context.Background()
	var rows []portfolio.Row
	for i, id := range ids {
		rows = append(rows, portfolio.Row{Ref: fmt.Sprintf("K%03d", i), CompanyID: id})
	}
	importAll(t, p, rows, portfolio.ImportOptions{})
	pl, err := p.Plan(ctx, portfolio.MonitorOptions{Preferences: []enums.Preference{enums.PreferenceBasic}})
	require.NoError(t, err)
	_, err = p.Sync(ctx, pl)
	require.NoError(t, err)
	afterSync := spent(srv)
	var ds []delivery
	for i, id := range ids {
		require.NoError(t, srv.UpdateCompany(id, func(co *registerdata.Company) { co.Name.Name = fmt.Sprintf(name, i) }))
		body, err := json.Marshal(map[string]any{"type": "monitor.change", "entity_type": "company", "entity_id": id,
			"categories": []string{"basic"}, "detected_at": start.Format(time.RFC3339)})
		require.NoError(t, err)
		ds = append(ds, delivery{id: fmt.Sprintf("msg_%03d", i), body: body})
	}
	return ds, afterSync
}
