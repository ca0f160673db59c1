package portfolio_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/fake"
	"github.com/registerdata/registerdata-go/portfolio"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// killCompanies is how many generated companies the kill test's fake has;
// killRows names them (by name and city, every third by id), with the
// hard cases.
const killCompanies = 120

func killRows() []portfolio.Row {
	srv := fake.NewServer(fake.WithGenerated(killCompanies), fake.WithHardCases())
	defer srv.Close()
	var rows []portfolio.Row
	for i, id := range srv.CompanyIDs() {
		if i >= killCompanies {
			break
		}
		co, _ := srv.Company(id)
		if i%3 == 0 {
			rows = append(rows, portfolio.Row{Ref: fmt.Sprintf("K%04d", i), CompanyID: id})
		} else {
			rows = append(rows, portfolio.Row{Ref: fmt.Sprintf("K%04d", i), Query: registerdata.MatchQuery{Name: co.Name.Name, City: co.Address.City}})
		}
		if i%4 == 1 {
			// A register reference alone: only a paid search finds it, so
			// the fake's books show what a kill bills again.
			ref := registerdata.RegisterReference{Type: co.Register.RegisterType, Number: co.Register.RegisterNumber, Court: co.Register.RegisterCourt}
			rows = append(rows, portfolio.Row{Ref: fmt.Sprintf("R%04d", i), Query: registerdata.MatchQuery{Register: ref.String()}})
		}
	}
	return append(rows, hardRows()[1:4]...)
}

type entryKey struct {
	ref, id string
	status  portfolio.Status
	score   float64
}

func entryKeys(t *testing.T, p *portfolio.Portfolio) []entryKey {
	var out []entryKey
	for e, err := range p.Entries(context.Background()) {
		require.NoError(t, err)
		out = append(out, entryKey{e.Ref, e.CompanyID, e.Status, e.Score})
	}
	return out
}

// TestImportKilledAtRandomPointsResumes kills an import process with
// SIGKILL at 50 and more seeded random points, restarting it each time:
// the portfolio ends as an uninterrupted import leaves it, and the fake
// billed no more than the matches that were in flight at the kills.
func TestImportKilledAtRandomPointsResumes(t *testing.T) {
	if testing.Short() {
		t.Skip("starts import processes")
	}
	const minKills = 50
	seed := uint64(20261127)
	rng := rand.New(rand.NewPCG(seed, seed))

	// The reference: one uninterrupted import.
	refSrv, refC, clk := newFake(t, fake.WithGenerated(killCompanies))
	ref := open(t, sqliteDSN(t), refC, clk)
	importAll(t, ref, killRows(), portfolio.ImportOptions{})
	want := entryKeys(t, ref)
	wantBilled := spent(refSrv)
	require.Positive(t, wantBilled, "the rows must include paid matches, or the billing check below checks nothing")

	srv, c, _ := newFake(t, fake.WithGenerated(killCompanies))
	dsn := sqliteDSN(t)
	kills, done := 0, false
	for !done {
		cmd, r, stderr := startChild(t, importDSNEnv+"="+dsn, workerURLEnv+"="+srv.URL, workerKeyEnv+"="+srv.APIKey)
		// Kill after a random number of results (0: while opening), as
		// long as the minimum of kills is not reached.
		after := rng.IntN(4)
		if kills >= minKills {
			after = -1
		}
		lines := 0
		for after < 0 || lines < after {
			if _, err := r.ReadString('\n'); err != nil {
				break // the import ended
			}
			lines++
		}
		if after >= 0 && cmd.ProcessState == nil {
			_ = cmd.Process.Kill()
		}
		err := cmd.Wait()
		switch {
		case err == nil:
			done = true
		case cmd.ProcessState.Sys() != nil && cmd.ProcessState.String() == "signal: killed":
			kills++
		default:
			t.Fatalf("the import process failed: %v: %s", err, stderr.String())
		}
		require.Less(t, kills, 1000, "the import makes no progress")
	}
	assert.GreaterOrEqual(t, kills, minKills)
	p := open(t, dsn, c, clk)
	assert.Equal(t, want, entryKeys(t, p), "the killed import ends as the uninterrupted one")
	extra := spent(srv) - wantBilled
	t.Logf("%d kills; billed %d credits, the uninterrupted import %d (%d for matches in flight at the kills)", kills, spent(srv), wantBilled, extra)
	assert.GreaterOrEqual(t, extra, int64(0))
	assert.LessOrEqual(t, extra, int64(kills)*registerdata.DefaultMatchMaxCredits, "at most the match in flight is billed again per kill")
}
