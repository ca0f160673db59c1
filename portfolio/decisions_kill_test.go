package portfolio_test

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/fake"
	"github.com/registerdata/registerdata-go/portfolio"
	"github.com/registerdata/registerdata-go/redflags"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// decideRun is how many decisions a decision process of the kill test
// takes before it ends.
const decideRun = 30

// runDecide is the body of a decision process of the kill test: it
// settles the decisions a killed run left pending (approved by Ben, or
// rejected when stale), then takes decideRun decisions in a loop over
// the entries and the open flags: acknowledgements and resolutions by
// Anna, and resolutions under four eyes that Ben approves. It prints a
// line per decision taken.
func runDecide(dsn string) int {
	ctx := context.Background()
	fail := func(err error) int {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	c, err := registerdata.NewClient(registerdata.WithAPIKey(os.Getenv(workerKeyEnv)), registerdata.WithBaseURL(os.Getenv(workerURLEnv)),
		registerdata.WithHTTPClient(&http.Client{}), registerdata.WithRetryWait(time.Millisecond, 2*time.Millisecond, time.Minute))
	if err != nil {
		return fail(err)
	}
	p, err := portfolio.Open(ctx, dsn, c)
	if err != nil {
		return fail(err)
	}
	defer p.Close()
	p4, err := portfolio.Open(ctx, dsn, c, portfolio.WithFourEyes())
	if err != nil {
		return fail(err)
	}
	defer p4.Close()
	annaCtx, benCtx := portfolio.WithActor(ctx, anna), portfolio.WithActor(ctx, ben)

	settle := func() error {
		var pending []portfolio.Decision
		for d, err := range p4.Decisions(ctx, portfolio.Pending) {
			if err != nil {
				return err
			}
			pending = append(pending, d)
		}
		for _, d := range pending {
			err := p4.Approve(benCtx, d.ID, "approved after a restart")
			if errors.Is(err, portfolio.ErrStale) {
				err = p4.Reject(benCtx, d.ID, "stale after a restart")
			}
			if err != nil {
				return err
			}
		}
		return nil
	}
	if err := settle(); err != nil {
		return fail(err)
	}
	var entries []portfolio.Entry
	for e, err := range p.Entries(ctx) {
		if err != nil {
			return fail(err)
		}
		entries = append(entries, e)
	}
	var flags []portfolio.OpenFlag
	for f, err := range p.Flags(ctx) {
		if err != nil {
			return fail(err)
		}
		flags = append(flags, f)
	}
	if len(entries) == 0 || len(flags) == 0 {
		return fail(errors.New("nothing to decide on"))
	}
	rng := rand.New(rand.NewPCG(uint64(os.Getpid()), uint64(time.Now().UnixNano())))
	for i := range decideRun {
		e, f := entries[rng.IntN(len(entries))], flags[rng.IntN(len(flags))]
		note := fmt.Sprintf("decision %d of process %d", i, os.Getpid())
		var err error
		switch i % 3 {
		case 0:
			err = p.Acknowledge(annaCtx, f.CompanyID, f.Flag.Code, note)
		case 1:
			err = p.Resolve(annaCtx, e.Ref, e.CompanyID, note)
		case 2:
			if err = p4.Resolve(annaCtx, e.Ref, e.CompanyID, note); err == nil {
				err = settle()
			}
		}
		if err != nil {
			return fail(err)
		}
		fmt.Println("decided", i)
	}
	return 0
}

// killCompaniesInLiquidation puts n active GmbHs of srv in liquidation
// and returns their ids.
func killCompaniesInLiquidation(t *testing.T, srv *fake.Server, n int) []string {
	t.Helper()
	var ids []string
	for _, id := range srv.CompanyIDs() {
		co, _ := srv.Company(id)
		if co.LegalForm != enums.LegalFormGmbH || co.Status != enums.CompanyStatusActive || co.TerminatedAt != nil {
			continue
		}
		require.NoError(t, srv.UpdateCompany(id, func(co *registerdata.Company) { co.Status = enums.CompanyStatusLiquidation }))
		if ids = append(ids, id); len(ids) == n {
			return ids
		}
	}
	t.Fatalf("the fake has fewer than %d active GmbHs", n)
	return nil
}

// TestDecisionsKilledAtRandomPointsKeepTheAuditWhole kills a process
// taking decisions with SIGKILL at 30 and more seeded random points,
// restarting it each time: after every kill and at the end the audit
// chain verifies, every decision has exactly its audit entries (one for
// its proposal, one for its review) and every entry its decision, and
// every effect in the tables (an acknowledged flag, a resolved entry) is
// the one of the latest applied decision on it.
func TestDecisionsKilledAtRandomPointsKeepTheAuditWhole(t *testing.T) {
	if testing.Short() {
		t.Skip("starts decision processes")
	}
	engines(t, func(t *testing.T, dsn string) {
		const minKills = 30
		seed := uint64(20261202)
		rng := rand.New(rand.NewPCG(seed, seed))
		srv, c, clk := newFake(t, fake.WithGenerated(60))
		ids := killCompaniesInLiquidation(t, srv, 12)
		p := open(t, dsn, c, clk)
		var rows []portfolio.Row
		for i, id := range ids {
			rows = append(rows, portfolio.Row{Ref: fmt.Sprintf("D%02d", i), CompanyID: id})
		}
		importAll(t, p, rows, portfolio.ImportOptions{})
		rescreenAll(t, p)
		flags := 0
		for f, err := range p.Flags(context.Background()) {
			require.NoError(t, err)
			if f.Flag.Code == redflags.FlagLiquidation {
				flags++
			}
		}
		require.Equal(t, len(ids), flags, "each company in liquidation has its flag")
		db := rawDB(t, dsn)

		began := time.Now()
		kills, done, lines := 0, false, 0
		for !done {
			cmd, r, stderr := startChild(t, decideDSNEnv+"="+dsn, workerURLEnv+"="+srv.URL, workerKeyEnv+"="+srv.APIKey)
			// Kill after a random number of decisions (0: while opening or
			// settling) and a random part of the next one: the process
			// goes on while the test reads its lines.
			after := rng.IntN(6)
			strike := time.Duration(rng.IntN(8000)) * time.Microsecond
			if kills >= minKills {
				after = -1
			}
			seen := 0
			for after < 0 || seen < after {
				if _, err := r.ReadString('\n'); err != nil {
					break // the process ended
				}
				seen++
			}
			lines += seen
			if after >= 0 {
				<-time.After(strike)
				_ = cmd.Process.Kill()
			}
			err := cmd.Wait()
			switch {
			case err == nil:
				done = true
			case cmd.ProcessState.String() == "signal: killed":
				kills++
			default:
				t.Fatalf("the decision process failed: %v: %s", err, stderr.String())
			}
			settled(t, db, dsn)
			checkDecisionsAndAudit(t, p, db, kills)
			require.Less(t, time.Since(began), 20*time.Second, "the kill test takes too long")
		}
		assert.GreaterOrEqual(t, kills, minKills)
		ds := decisions(t, p, portfolio.AllDecisions)
		assert.Empty(t, decisions(t, p, portfolio.Pending), "the last run settled what the kills left pending")
		t.Logf("%d kills in %v; %d decisions, %d audit entries, %d decisions seen taken before a kill or the end", kills, time.Since(began).Round(time.Millisecond),
			len(ds), len(auditEntries(t, p, 0)), lines)
		assert.GreaterOrEqual(t, len(ds), decideRun, "the last run took its decisions")
	})
}

// settled waits until no transaction of a killed process is still open
// at the database: PostgreSQL finishes a COMMIT it received after the
// client died (SQLite has no server to do so).
func settled(t *testing.T, db *sql.DB, dsn string) {
	t.Helper()
	if strings.HasPrefix(dsn, "sqlite:") {
		return
	}
	waitFor(t, "the killed process's transactions to end", 10*time.Second, func() bool {
		return count(t, db, `SELECT COUNT(*) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()
			AND state IN ('active', 'idle in transaction', 'idle in transaction (aborted)')`) == 0
	})
}

// checkDecisionsAndAudit checks that the decisions, the audit chain and
// the effects in the tables agree.
func checkDecisionsAndAudit(t *testing.T, p *portfolio.Portfolio, db *sql.DB, kills int) {
	t.Helper()
	require.NoError(t, p.VerifyAudit(context.Background()), "after %d kills", kills)
	byID := map[int64]portfolio.Decision{}
	for _, d := range decisions(t, p, portfolio.AllDecisions) {
		byID[d.ID] = d
	}
	proposals, reviews := map[int64]int{}, map[int64]string{}
	for _, e := range auditEntries(t, p, 0) {
		var det struct {
			Decision int64 `json:"decision"`
		}
		require.NoError(t, json.Unmarshal(e.Detail, &det))
		d, ok := byID[det.Decision]
		require.True(t, ok, "audit entry %d names decision %d, which does not exist (after %d kills)", e.Seq, det.Decision, kills)
		switch e.Action {
		case "approve", "reject":
			_, twice := reviews[d.ID]
			require.False(t, twice, "decision %d reviewed twice", d.ID)
			reviews[d.ID] = e.Action
		default:
			require.Equal(t, d.Kind, e.Action, "entry %d", e.Seq)
			proposals[d.ID]++
		}
	}
	// The latest applied decision on each subject.
	latestResolve, latestAck := map[string]int64{}, map[string]int64{}
	for id, d := range byID {
		require.Equal(t, 1, proposals[id], "decision %d has one audit entry for itself (after %d kills)", id, kills)
		switch d.State {
		case portfolio.Pending:
			assert.Empty(t, reviews[id], "pending decision %d has no review entry", id)
		case portfolio.Applied:
			if d.ReviewedBy != nil {
				assert.Equal(t, "approve", reviews[id], "approved decision %d has its approval entry", id)
			} else {
				assert.Empty(t, reviews[id])
			}
			switch d.Kind {
			case portfolio.KindResolve:
				latestResolve[d.Ref] = max(latestResolve[d.Ref], id)
			case portfolio.KindAcknowledge:
				k := d.CompanyID + " " + d.Code
				latestAck[k] = max(latestAck[k], id)
			}
		case portfolio.Rejected:
			assert.Equal(t, "reject", reviews[id], "rejected decision %d has its rejection entry", id)
		}
	}
	// Every effect is its decision's, and every applied decision's effect
	// is there.
	rows, err := db.Query(`SELECT company_id, code, acknowledged, ack_decision FROM portfolio_flags`)
	require.NoError(t, err)
	gotAck := map[string]int64{}
	for rows.Next() {
		var id, code string
		var acked bool
		var dec int64
		require.NoError(t, rows.Scan(&id, &code, &acked, &dec))
		if acked {
			d, ok := byID[dec]
			require.True(t, ok, "the flag %s %s is acknowledged by decision %d, which does not exist", id, code, dec)
			require.Equal(t, portfolio.Applied, d.State, "the flag %s %s is acknowledged by decision %d, which is %s", id, code, dec, d.State)
			gotAck[id+" "+code] = dec
		}
	}
	require.NoError(t, rows.Err())
	rows.Close()
	assert.Equal(t, latestAck, gotAck, "each acknowledged flag has its latest applied acknowledgement, and only those")
	rows, err = db.Query(`SELECT ref, decision_id FROM portfolio_entries WHERE decision_id <> 0`)
	require.NoError(t, err)
	gotResolve := map[string]int64{}
	for rows.Next() {
		var ref string
		var dec int64
		require.NoError(t, rows.Scan(&ref, &dec))
		gotResolve[ref] = dec
	}
	require.NoError(t, rows.Err())
	rows.Close()
	assert.Equal(t, latestResolve, gotResolve, "each resolved entry has its latest applied resolution, and only those")
}
