package portfolio_test

import (
	"context"
	"slices"
	"testing"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/fake"
	"github.com/registerdata/registerdata-go/portfolio"
	"github.com/registerdata/registerdata-go/redflags"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// companyRoute is the route of a company lookup, as the price table
// names it.
const companyRoute = "GET /v1/company/{company_id}"

// lookupPrice is what one company lookup costs.
func lookupPrice() int64 { return registerdata.DefaultPrices().Of(companyRoute, false) }

// decisions are the portfolio's decisions in state, oldest first.
func decisions(t testing.TB, p *portfolio.Portfolio, state portfolio.DecisionState) []portfolio.Decision {
	t.Helper()
	var out []portfolio.Decision
	for d, err := range p.Decisions(context.Background(), state) {
		require.NoError(t, err)
		out = append(out, d)
	}
	return out
}

// entryOf is the entry ref, and whether the portfolio has it.
func entryOf(t testing.TB, p *portfolio.Portfolio, ref string) (portfolio.Entry, bool) {
	t.Helper()
	for e, err := range p.Entries(context.Background()) {
		require.NoError(t, err)
		if e.Ref == ref {
			return e, true
		}
	}
	return portfolio.Entry{}, false
}

// mustEntry is the entry ref, which must exist.
func mustEntry(t testing.TB, p *portfolio.Portfolio, ref string) portfolio.Entry {
	t.Helper()
	e, ok := entryOf(t, p, ref)
	require.True(t, ok, "no entry %s", ref)
	return e
}

// tableRows counts the rows of the decisions and the audit tables.
func tableRows(t testing.TB, dsn string) (decided, audited int) {
	t.Helper()
	db := rawDB(t, dsn)
	return count(t, db, "SELECT COUNT(*) FROM portfolio_decisions"), count(t, db, "SELECT COUNT(*) FROM portfolio_audit")
}

// ambiguousCandidates imports the hard rows and returns the candidates of
// the ambiguous one, C-3.
func ambiguousCandidates(t testing.TB, p *portfolio.Portfolio) []registerdata.MatchCandidate {
	t.Helper()
	importAll(t, p, hardRows()[:4], portfolio.ImportOptions{})
	r, ok := reviews(t, p)["C-3"]
	require.True(t, ok, "C-3 waits for review")
	require.GreaterOrEqual(t, len(r.Candidates), 2)
	return r.Candidates
}

func TestResolveToACandidateBillsNothing(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		ctx := as(context.Background(), anna)
		srv, c, clk := newFake(t)
		p := open(t, dsn, c, clk)
		cands := ambiguousCandidates(t, p)
		pick := cands[1]
		before := spent(srv)
		require.NoError(t, p.Resolve(ctx, "C-3", pick.CompanyID, "the customer's invoice gives this address"))
		assert.Equal(t, before, spent(srv), "a candidate's name is known: nothing is looked up")

		e := mustEntry(t, p, "C-3")
		assert.Equal(t, portfolio.Matched, e.Status)
		assert.Equal(t, pick.CompanyID, e.CompanyID)
		assert.Equal(t, pick.Name, e.Name)
		assert.NotContains(t, keys(reviews(t, p)), "C-3", "a resolved entry leaves the queue")

		ds := decisions(t, p, portfolio.AllDecisions)
		require.Len(t, ds, 1)
		d := ds[0]
		assert.Equal(t, portfolio.KindResolve, d.Kind)
		assert.Equal(t, "C-3", d.Ref)
		assert.Equal(t, pick.CompanyID, d.CompanyID)
		assert.Equal(t, pick.Name, d.Name)
		assert.Equal(t, "the customer's invoice gives this address", d.Note)
		assert.Equal(t, anna, d.By)
		assert.Equal(t, start, d.At)
		assert.Equal(t, portfolio.Applied, d.State)
		assert.Nil(t, d.ReviewedBy, "without four eyes nobody reviews it")
		assert.Equal(t, ds, decisions(t, p, portfolio.Applied))
		assert.Empty(t, decisions(t, p, portfolio.Pending))
	})
}

func TestResolveToATypedIDChecksItAtTheLookupPrice(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		ctx := as(context.Background(), anna)
		srv, c, clk := newFake(t)
		p := open(t, dsn, c, clk)
		importAll(t, p, hardRows()[:4], portfolio.ImportOptions{})
		typed := srv.CompanyIDs()[5]
		for _, cand := range reviews(t, p)["C-4"].Candidates {
			require.NotEqual(t, typed, cand.CompanyID, "the typed id must not be a candidate")
		}
		co, _ := srv.Company(typed)
		before := spent(srv)
		require.NoError(t, p.Resolve(ctx, "C-4", typed, "the customer's register extract"))
		assert.Equal(t, lookupPrice(), spent(srv)-before, "one company lookup, at its price")
		e := mustEntry(t, p, "C-4")
		assert.Equal(t, portfolio.Matched, e.Status)
		assert.Equal(t, typed, e.CompanyID)
		assert.Equal(t, co.Name.Name, e.Name, "the name the lookup gave")
	})
}

func TestResolveToAnIDTheServiceDoesNotKnowRecordsNothing(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		ctx := as(context.Background(), anna)
		_, c, clk := newFake(t)
		p := open(t, dsn, c, clk)
		importAll(t, p, hardRows()[:4], portfolio.ImportOptions{})
		err := p.Resolve(ctx, "C-4", unknownID, "typed from a letter")
		require.ErrorIs(t, err, registerdata.ErrNotFound)
		assert.Contains(t, err.Error(), unknownID)

		decided, audited := tableRows(t, dsn)
		assert.Zero(t, decided, "no decision")
		assert.Zero(t, audited, "no audit entry")
		assert.Equal(t, portfolio.NotFound, mustEntry(t, p, "C-4").Status, "the entry is as it was")
		assert.Contains(t, keys(reviews(t, p)), "C-4")

		// Neither a malformed id nor an unknown Ref is recorded.
		assert.Error(t, p.Resolve(ctx, "C-4", "DE-HRB-\x00", "x"))
		assert.ErrorIs(t, p.Resolve(ctx, "C-404", nordlicht, "x"), portfolio.ErrNotFound)
		decided, audited = tableRows(t, dsn)
		assert.Zero(t, decided+audited)
	})
}

func TestResolveToNoEntryNeedsANoteAndIsNeverMatchedAgain(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		ctx := as(context.Background(), anna)
		srv, c, clk := newFake(t)
		p := open(t, dsn, c, clk)
		rs := importAll(t, p, hardRows()[:4], portfolio.ImportOptions{})
		berlin := rs[1].CompanyID
		require.NotEmpty(t, berlin)

		for _, note := range []string{"", "  \t "} {
			err := p.Resolve(ctx, "C-4", "", note)
			require.ErrorIs(t, err, portfolio.ErrNoteRequired, "%q", note)
		}
		decided, audited := tableRows(t, dsn)
		assert.Zero(t, decided+audited, "a refused decision writes nothing")

		require.NoError(t, p.Resolve(ctx, "C-4", "", "a sole trader without a register entry"))
		// C-2 matched the Berlin company; a person says the customer is
		// another one, without an entry: its monitor is not planned.
		require.NoError(t, p.Resolve(ctx, "C-2", "", "a namesake: the customer is a GbR"))
		for _, ref := range []string{"C-2", "C-4"} {
			e := mustEntry(t, p, ref)
			assert.Equal(t, portfolio.NoEntry, e.Status, ref)
			assert.Empty(t, e.CompanyID, ref)
		}
		q := reviews(t, p)
		assert.NotContains(t, keys(q), "C-4", "decided: out of the queue")
		pl, err := p.Plan(context.Background(), monitorDaily)
		require.NoError(t, err)
		assert.NotContains(t, pl.Create, berlin, "no register entry: nothing to monitor")
		assert.Equal(t, []string{nordlicht}, pl.Create)

		before := spent(srv)
		again := importAll(t, p, hardRows()[:4], portfolio.ImportOptions{})
		assert.Equal(t, portfolio.Unchanged, again[1].Status)
		assert.Equal(t, portfolio.Unchanged, again[3].Status)
		assert.Zero(t, again[1].Credits+again[3].Credits)
		assert.Equal(t, before, spent(srv), "the same rows again bill nothing")
		assert.Equal(t, portfolio.NoEntry, mustEntry(t, p, "C-2").Status, "never matched again")
		assert.Equal(t, portfolio.NoEntry, mustEntry(t, p, "C-4").Status)
	})
}

// TestResolutionStandsAcrossImports resolves an ambiguous row and imports
// the CRM's rows again: the same data keeps the person's company and
// bills nothing; other data is Changed, never matched again, keeps the
// company and its monitor and waits with both versions; the data
// decided on again leaves the queue.
func TestResolutionStandsAcrossImports(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		ctx := as(context.Background(), anna)
		srv, c, clk := newFake(t, fake.WithWebhookEndpoint("http://127.0.0.1:9/hooks", secret))
		p := open(t, dsn, c, clk)
		cands := ambiguousCandidates(t, p)
		pick := cands[len(cands)-1] // not the best: an import would never pick it
		require.NoError(t, p.Resolve(ctx, "C-3", pick.CompanyID, "the customer's contract names this court"))
		pl, err := p.Plan(ctx, monitorDaily)
		require.NoError(t, err)
		require.Contains(t, pl.Create, pick.CompanyID)
		_, err = p.Sync(ctx, pl)
		require.NoError(t, err)

		// The CRM's rows again, as they were.
		before := spent(srv)
		again := importAll(t, p, hardRows()[:4], portfolio.ImportOptions{})
		assert.Equal(t, portfolio.Unchanged, again[2].Status)
		assert.Equal(t, pick.CompanyID, again[2].CompanyID)
		assert.Equal(t, before, spent(srv), "nothing matched, nothing billed")
		e := mustEntry(t, p, "C-3")
		assert.Equal(t, pick.CompanyID, e.CompanyID, "the resolution is not overwritten by the import")
		assert.Equal(t, portfolio.Matched, e.Status)

		// The CRM changed the row: a person decides again.
		moved := hardRows()[2]
		moved.Query.City = "Hamburg"
		rs := importAll(t, p, []portfolio.Row{moved}, portfolio.ImportOptions{})
		assert.Equal(t, portfolio.Changed, rs[0].Status)
		assert.Zero(t, rs[0].Credits)
		assert.Equal(t, before, spent(srv), "a changed resolved row is not matched again")
		assert.Equal(t, pick.CompanyID, mustEntry(t, p, "C-3").CompanyID, "the company is kept")
		pl, err = p.Plan(ctx, monitorDaily)
		require.NoError(t, err)
		assert.NotContains(t, pl.Delete, pick.CompanyID, "still monitored")
		assert.Empty(t, pl.Create)
		r, ok := reviews(t, p)["C-3"]
		require.True(t, ok, "the changed row waits for review")
		assert.Equal(t, portfolio.Changed, r.Status)
		assert.Equal(t, pick.CompanyID, r.CompanyID)
		assert.Equal(t, "Hamburg", r.Row.Query.City, "the row as imported now")
		require.NotNil(t, r.Decided, "and the row the person decided on")
		assert.Empty(t, r.Decided.Query.City)
		assert.Equal(t, hardRows()[2].Query, r.Decided.Query)
		n, err := p.ReviewCount(ctx)
		require.NoError(t, err)
		assert.Equal(t, len(reviews(t, p)), n)

		// Imported again as changed: still waiting, still nothing billed.
		rs = importAll(t, p, []portfolio.Row{moved}, portfolio.ImportOptions{})
		assert.Contains(t, []portfolio.Status{portfolio.Changed, portfolio.Unchanged}, rs[0].Status)
		assert.Contains(t, keys(reviews(t, p)), "C-3")
		assert.Equal(t, before, spent(srv))

		// The CRM reverted: the decision stands as it was.
		rs = importAll(t, p, hardRows()[2:3], portfolio.ImportOptions{})
		assert.Equal(t, portfolio.Unchanged, rs[0].Status)
		assert.NotContains(t, keys(reviews(t, p)), "C-3", "back to the data decided on: out of the queue")
		assert.Equal(t, pick.CompanyID, mustEntry(t, p, "C-3").CompanyID)
		assert.Equal(t, before, spent(srv))
	})
}

// fourEyes is a portfolio under four eyes with the hard rows imported
// and a company with an open liquidation flag.
func fourEyes(t *testing.T, dsn string) (*portfolio.Portfolio, *fake.Server, []registerdata.MatchCandidate) {
	t.Helper()
	srv, c, clk := newFake(t)
	p := open(t, dsn, c, clk, portfolio.WithFourEyes())
	cands := ambiguousCandidates(t, p)
	importFlagged(t, p)
	return p, srv, cands
}

// TestFourEyesDecisionsWaitForASecondPerson proposes a resolution, a
// removal and an acknowledgement under four eyes: none takes effect
// until another person approves it; the proposer cannot.
func TestFourEyesDecisionsWaitForASecondPerson(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		bg := context.Background()
		p, _, cands := fourEyes(t, dsn)
		require.NoError(t, p.Resolve(as(bg, anna), "C-3", cands[0].CompanyID, "the address fits"))
		require.NoError(t, p.Remove(as(bg, anna), "C-4"))
		require.NoError(t, p.Acknowledge(as(bg, anna), inLiquidation, redflags.FlagLiquidation, "known; the customer pays in advance"))

		pending := decisions(t, p, portfolio.Pending)
		require.Len(t, pending, 3)
		assert.Equal(t, []string{portfolio.KindResolve, portfolio.KindRemove, portfolio.KindAcknowledge},
			[]string{pending[0].Kind, pending[1].Kind, pending[2].Kind})
		assert.Empty(t, decisions(t, p, portfolio.Applied))
		// No effect yet.
		assert.Equal(t, portfolio.Ambiguous, mustEntry(t, p, "C-3").Status)
		_, ok := entryOf(t, p, "C-4")
		assert.True(t, ok, "a pending removal removes nothing")
		f, ok := openFlag(t, p, inLiquidation, redflags.FlagLiquidation)
		require.True(t, ok)
		assert.False(t, f.Acknowledged, "a pending acknowledgement acknowledges nothing")
		q := reviews(t, p)
		require.NotNil(t, q["C-3"].Pending, "the queue shows the decision waiting")
		assert.Equal(t, pending[0].ID, q["C-3"].Pending.ID)

		// The proposer cannot approve: still pending, still no effect.
		for _, d := range pending {
			err := p.Approve(as(bg, anna), d.ID, "")
			require.ErrorIs(t, err, portfolio.ErrSelfApproval, d.Kind)
		}
		require.Len(t, decisions(t, p, portfolio.Pending), 3, "a self-approval leaves the decision pending")
		assert.Equal(t, portfolio.Ambiguous, mustEntry(t, p, "C-3").Status)
		_, ok = entryOf(t, p, "C-4")
		assert.True(t, ok)

		// Ben approves: each takes effect.
		for _, d := range pending {
			require.NoError(t, p.Approve(as(bg, ben), d.ID, "checked"), d.Kind)
		}
		e := mustEntry(t, p, "C-3")
		assert.Equal(t, portfolio.Matched, e.Status)
		assert.Equal(t, cands[0].CompanyID, e.CompanyID)
		_, ok = entryOf(t, p, "C-4")
		assert.False(t, ok, "approved: removed")
		f, _ = openFlag(t, p, inLiquidation, redflags.FlagLiquidation)
		assert.True(t, f.Acknowledged)
		require.NotNil(t, f.AcknowledgedBy)
		assert.Equal(t, anna, *f.AcknowledgedBy, "the acknowledgement is the proposer's")
		applied := decisions(t, p, portfolio.Applied)
		require.Len(t, applied, 3)
		for _, d := range applied {
			require.NotNil(t, d.ReviewedBy, d.Kind)
			assert.Equal(t, ben, *d.ReviewedBy)
			assert.Equal(t, "checked", d.ReviewNote)
			assert.Equal(t, anna, d.By)
			assert.False(t, d.ReviewedAt.IsZero())
		}
		assert.Empty(t, decisions(t, p, portfolio.Pending))
	})
}

func TestFourEyesRejectNeedsAReasonAndNeverApplies(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		bg := context.Background()
		p, _, cands := fourEyes(t, dsn)
		require.NoError(t, p.Resolve(as(bg, anna), "C-3", cands[0].CompanyID, "the address fits"))
		d := decisions(t, p, portfolio.Pending)[0]
		require.ErrorIs(t, p.Reject(as(bg, ben), d.ID, ""), portfolio.ErrNoteRequired)
		require.ErrorIs(t, p.Reject(as(bg, ben), d.ID, " \n"), portfolio.ErrNoteRequired)
		assert.Len(t, decisions(t, p, portfolio.Pending), 1, "a refused rejection leaves it pending")

		require.NoError(t, p.Reject(as(bg, ben), d.ID, "the register court does not fit"))
		rejected := decisions(t, p, portfolio.Rejected)
		require.Len(t, rejected, 1)
		assert.Equal(t, d.ID, rejected[0].ID)
		assert.Equal(t, "the register court does not fit", rejected[0].ReviewNote)
		require.NotNil(t, rejected[0].ReviewedBy)
		assert.Equal(t, ben, *rejected[0].ReviewedBy)
		assert.Equal(t, portfolio.Ambiguous, mustEntry(t, p, "C-3").Status, "a rejected decision never applies")
		assert.Empty(t, decisions(t, p, portfolio.Pending))

		// Decided on already: neither approved nor rejected again.
		require.ErrorIs(t, p.Approve(as(bg, ben), d.ID, ""), portfolio.ErrNotPending)
		require.ErrorIs(t, p.Reject(as(bg, ben), d.ID, "again"), portfolio.ErrNotPending)
		assert.Equal(t, portfolio.Ambiguous, mustEntry(t, p, "C-3").Status)

		// The subject is free again: a new proposal, approved, applies;
		// approving it twice is refused.
		require.NoError(t, p.Resolve(as(bg, anna), "C-3", cands[1].CompanyID, "second look"))
		again := decisions(t, p, portfolio.Pending)
		require.Len(t, again, 1)
		require.NoError(t, p.Approve(as(bg, ben), again[0].ID, ""))
		require.ErrorIs(t, p.Approve(as(bg, ben), again[0].ID, ""), portfolio.ErrNotPending)
		assert.Equal(t, cands[1].CompanyID, mustEntry(t, p, "C-3").CompanyID)
		require.ErrorIs(t, p.Approve(as(bg, ben), 9999, ""), portfolio.ErrNotFound)
	})
}

func TestFourEyesRefusesASecondDecisionOnAPendingSubject(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		bg := context.Background()
		p, _, cands := fourEyes(t, dsn)
		require.NoError(t, p.Resolve(as(bg, anna), "C-3", cands[0].CompanyID, "the address fits"))
		require.NoError(t, p.Acknowledge(as(bg, anna), inLiquidation, redflags.FlagLiquidation, "known"))
		decided, audited := tableRows(t, dsn)

		assert.Error(t, p.Resolve(as(bg, ben), "C-3", cands[1].CompanyID, "rather this one"))
		assert.Error(t, p.Remove(as(bg, ben), "C-3"), "a removal is a decision on the same entry")
		assert.Error(t, p.Acknowledge(as(bg, ben), inLiquidation, redflags.FlagLiquidation, "seen too"))
		d2, a2 := tableRows(t, dsn)
		assert.Equal(t, decided, d2, "no second decision is recorded")
		assert.Equal(t, audited, a2)
		// Another subject is free.
		require.NoError(t, p.Resolve(as(bg, ben), "C-4", "", "a sole trader"))
	})
}

// TestFourEyesApprovalOfAStaleDecisionIsRefused re-imports a row with
// other data between a resolution's proposal and its approval: the
// approval fails with ErrStale and the decision stays pending.
func TestFourEyesApprovalOfAStaleDecisionIsRefused(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		bg := context.Background()
		p, _, cands := fourEyes(t, dsn)
		require.NoError(t, p.Resolve(as(bg, anna), "C-3", cands[0].CompanyID, "the address fits"))
		moved := hardRows()[2]
		moved.Query.City = "Hamburg"
		importAll(t, p, []portfolio.Row{moved}, portfolio.ImportOptions{})
		after := mustEntry(t, p, "C-3")

		d := decisions(t, p, portfolio.Pending)[0]
		require.ErrorIs(t, p.Approve(as(bg, ben), d.ID, ""), portfolio.ErrStale)
		assert.Len(t, decisions(t, p, portfolio.Pending), 1, "still pending, to be rejected")
		assert.Equal(t, after, mustEntry(t, p, "C-3"), "the stale decision did not apply")
		require.NoError(t, p.Reject(as(bg, ben), d.ID, "the row changed"))
	})
}

// TestDecisionsFilterByState lists decisions in each state.
func TestDecisionsFilterByState(t *testing.T) {
	bg := context.Background()
	p, _, cands := fourEyes(t, sqliteDSN(t))
	require.NoError(t, p.Resolve(as(bg, anna), "C-3", cands[0].CompanyID, "a"))
	require.NoError(t, p.Resolve(as(bg, anna), "C-4", "", "b"))
	require.NoError(t, p.Remove(as(bg, anna), "C-1"))
	ds := decisions(t, p, portfolio.Pending)
	require.Len(t, ds, 3)
	require.NoError(t, p.Approve(as(bg, ben), ds[0].ID, ""))
	require.NoError(t, p.Reject(as(bg, ben), ds[1].ID, "no"))
	ids := func(ds []portfolio.Decision) []int64 {
		var out []int64
		for _, d := range ds {
			out = append(out, d.ID)
		}
		return out
	}
	assert.Equal(t, []int64{ds[0].ID}, ids(decisions(t, p, portfolio.Applied)))
	assert.Equal(t, []int64{ds[1].ID}, ids(decisions(t, p, portfolio.Rejected)))
	assert.Equal(t, []int64{ds[2].ID}, ids(decisions(t, p, portfolio.Pending)))
	all := ids(decisions(t, p, portfolio.AllDecisions))
	assert.Equal(t, ids(ds), all)
	assert.True(t, slices.IsSorted(all), "oldest first")
	for _, err := range p.Decisions(bg, portfolio.DecisionState("approved")) {
		assert.ErrorContains(t, err, "unknown state")
	}
}
