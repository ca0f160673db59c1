package portfolio_test

import (
	"context"
	"strings"
	"testing"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/portfolio"
	"github.com/registerdata/registerdata-go/redflags"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// inLiquidation is a curated company of the fake in liquidation, with
// two liquidators: the reason of its liquidation flag names them.
const inLiquidation = "DE-HRB-D3310-30416"

// importFlagged imports inLiquidation as L-1 and polls it (Rescreen):
// its liquidation flag is open.
func importFlagged(t testing.TB, p *portfolio.Portfolio) portfolio.OpenFlag {
	t.Helper()
	importAll(t, p, []portfolio.Row{{Ref: "L-1", CompanyID: inLiquidation}}, portfolio.ImportOptions{})
	rescreenAll(t, p)
	f, ok := openFlag(t, p, inLiquidation, redflags.FlagLiquidation)
	require.True(t, ok, "the company in liquidation has its flag")
	return f
}

// rescreenAll polls every company of p without a monitor.
func rescreenAll(t testing.TB, p *portfolio.Portfolio) {
	t.Helper()
	for _, err := range p.Rescreen(context.Background(), portfolio.RescreenOptions{MaxCredits: 100 * lookupPrice()}) {
		require.NoError(t, err)
	}
}

// openFlag is the open flag code of id, and whether it is open.
func openFlag(t testing.TB, p *portfolio.Portfolio, id, code string) (portfolio.OpenFlag, bool) {
	t.Helper()
	for f, err := range p.Flags(context.Background()) {
		require.NoError(t, err)
		if f.CompanyID == id && f.Flag.Code == code {
			return f, true
		}
	}
	return portfolio.OpenFlag{}, false
}

func TestAcknowledgeNeedsANoteAndKeepsEveryOneWithWhoAndWhen(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		bg := context.Background()
		_, c, clk := newFake(t)
		p := open(t, dsn, c, clk)
		f := importFlagged(t, p)
		assert.True(t, f.Inherited, "the first check found it: the company brought it along")
		assert.False(t, f.Acknowledged)
		assert.Nil(t, f.AcknowledgedBy)

		for _, note := range []string{"", "   "} {
			require.ErrorIs(t, p.Acknowledge(as(bg, anna), inLiquidation, redflags.FlagLiquidation, note), portfolio.ErrNoteRequired)
		}
		require.Error(t, p.Acknowledge(as(bg, anna), inLiquidation, redflags.FlagLiquidation, strings.Repeat("x", portfolio.MaxNoteLength+1)))
		require.ErrorIs(t, p.Acknowledge(as(bg, anna), inLiquidation, redflags.FlagInsolvencyOpen, "no such flag"), portfolio.ErrNotFound)
		decided, audited := tableRows(t, dsn)
		assert.Zero(t, decided+audited, "refused acknowledgements write nothing")

		clk.Advance(time.Hour)
		require.NoError(t, p.Acknowledge(as(bg, anna), inLiquidation, redflags.FlagLiquidation, "known; the customer pays in advance"))
		f, _ = openFlag(t, p, inLiquidation, redflags.FlagLiquidation)
		assert.True(t, f.Acknowledged)
		assert.Equal(t, "known; the customer pays in advance", f.Note)
		require.NotNil(t, f.AcknowledgedBy)
		assert.Equal(t, anna, *f.AcknowledgedBy)
		assert.Equal(t, start.Add(time.Hour), f.AcknowledgedAt)

		clk.Advance(time.Hour)
		require.NoError(t, p.Acknowledge(as(bg, ben), inLiquidation, redflags.FlagLiquidation, "checked again: the liquidator confirms the payment"))
		f, _ = openFlag(t, p, inLiquidation, redflags.FlagLiquidation)
		assert.True(t, f.Acknowledged)
		assert.Equal(t, "checked again: the liquidator confirms the payment", f.Note, "the flag shows the latest note")
		require.NotNil(t, f.AcknowledgedBy)
		assert.Equal(t, ben, *f.AcknowledgedBy)
		assert.Equal(t, start.Add(2*time.Hour), f.AcknowledgedAt)

		ds := decisions(t, p, portfolio.AllDecisions)
		require.Len(t, ds, 2, "the second acknowledgement keeps the first")
		for i, want := range []struct {
			by   portfolio.Actor
			note string
			at   time.Time
		}{{anna, "known; the customer pays in advance", start.Add(time.Hour)}, {ben, "checked again: the liquidator confirms the payment", start.Add(2 * time.Hour)}} {
			assert.Equal(t, portfolio.KindAcknowledge, ds[i].Kind)
			assert.Equal(t, inLiquidation, ds[i].CompanyID)
			assert.Equal(t, redflags.FlagLiquidation, ds[i].Code)
			assert.Equal(t, want.by, ds[i].By)
			assert.Equal(t, want.note, ds[i].Note)
			assert.Equal(t, want.at, ds[i].At)
			assert.Equal(t, portfolio.Applied, ds[i].State)
		}
	})
}

// TestAcknowledgementHoldsUntilTheFactsChange acknowledges a liquidation
// flag whose reason names the liquidators: a liquidator's name written in
// capitals rewords the reason (stored as the check found it) and the
// acknowledgement holds; a liquidator leaving changes the facts and
// raises the flag again, unacknowledged.
func TestAcknowledgementHoldsUntilTheFactsChange(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		bg := context.Background()
		srv, c, clk := newFake(t)
		p := open(t, dsn, c, clk)
		f := importFlagged(t, p)
		require.Contains(t, f.Flag.Reason, "Stefanie Ebner", "the reason names the liquidators")
		require.Contains(t, f.Flag.Reason, "Ralf Ebner")
		require.NoError(t, p.Acknowledge(as(bg, anna), inLiquidation, redflags.FlagLiquidation, "known"))

		setRep := func(name string, fn func(*registerdata.Representative)) {
			t.Helper()
			require.NoError(t, srv.UpdateCompany(inLiquidation, func(co *registerdata.Company) {
				for i := range co.Representation {
					if co.Representation[i].Name == name {
						fn(&co.Representation[i])
					}
				}
			}))
		}
		setRep("Stefanie Ebner", func(r *registerdata.Representative) { r.Name = "STEFANIE EBNER" })
		clk.Advance(24 * time.Hour)
		rescreenAll(t, p)
		f, ok := openFlag(t, p, inLiquidation, redflags.FlagLiquidation)
		require.True(t, ok)
		require.Contains(t, f.Flag.Reason, "STEFANIE EBNER", "the reason did change")
		assert.True(t, f.Acknowledged, "a change of case only is no new finding")

		setRep("Ralf Ebner", func(r *registerdata.Representative) {
			left := registerdata.NewDate(2025, 5, 20)
			r.EndDate = &left
		})
		clk.Advance(24 * time.Hour)
		rescreenAll(t, p)
		f, ok = openFlag(t, p, inLiquidation, redflags.FlagLiquidation)
		require.True(t, ok)
		require.NotContains(t, f.Flag.Reason, "Ralf Ebner", "the reason has the new facts")
		assert.False(t, f.Acknowledged, "new facts open the flag again")
		assert.Empty(t, f.Note, "the old acknowledgement's note went with it")
		assert.Nil(t, f.AcknowledgedBy)
		assert.Equal(t, "known", decisions(t, p, portfolio.AllDecisions)[0].Note, "the decisions keep the old acknowledgement")

		require.NoError(t, p.Acknowledge(as(bg, ben), inLiquidation, redflags.FlagLiquidation, "one liquidator left; still known"))
		f, _ = openFlag(t, p, inLiquidation, redflags.FlagLiquidation)
		assert.True(t, f.Acknowledged)
		assert.Len(t, decisions(t, p, portfolio.AllDecisions), 2)
	})
}

func TestMaterialIgnoresCaseAndSpacingOnly(t *testing.T) {
	base := "The register shows the company in liquidation (being dissolved); liquidator: Stefanie Ebner."
	for _, same := range []string{
		base,
		"the register shows the company in liquidation (being dissolved); liquidator: stefanie ebner.",
		"  The register shows  the company\tin liquidation (being dissolved);\nliquidator: STEFANIE EBNER.  ",
	} {
		assert.Equal(t, portfolio.Material(base), portfolio.Material(same), "%q", same)
	}
	for _, other := range []string{
		"The register shows the company in liquidation (being dissolved); liquidator: Stefanie Ebner, Ralf Ebner.",
		"The register shows the company in liquidation (being dissolved).",
		"The register shows the company in liquidation (being dissolved); liquidator: Stefanie Eber.",
		"The register shows the company in liquidation (being dissolved), liquidator: Stefanie Ebner.",
	} {
		assert.NotEqual(t, portfolio.Material(base), portfolio.Material(other), "%q", other)
	}
}

// TestAFlagWhoseFactsChangeIsRaisedAgain replays the audit's case: a
// reviewer acknowledged a preliminary insolvency proceeding; the register
// then shows the court's name reworded (the same facts: the
// acknowledgement holds, the reason is updated, nothing is raised), then
// the proceeding opened and a second one. The flag is raised again as
// new: journalled among the check's Raised, since the check, not
// inherited, unacknowledged, without the old note; Decisions and the
// audit chain keep the old acknowledgement.
func TestAFlagWhoseFactsChangeIsRaisedAgain(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		bg := context.Background()
		srv, c, clk := newFake(t)
		p := open(t, dsn, c, clk)
		ids := map[string]string{"11/25": "7b0e6c1a-3f2d-4e5a-9b8c-1d2e3f4a5b61", "12/25": "7b0e6c1a-3f2d-4e5a-9b8c-1d2e3f4a5b62"}
		proceeding := func(n, court string, st enums.InsolvencyStatus) registerdata.InsolvencySummary {
			return registerdata.InsolvencySummary{ID: ids[n], Court: court, CaseNumber: "73 IN " + n, CurrentStatus: st}
		}
		setProceedings := func(ps ...registerdata.InsolvencySummary) {
			t.Helper()
			require.NoError(t, srv.UpdateCompany(nordlicht, func(co *registerdata.Company) { co.Insolvencies = ps }))
		}
		setProceedings(proceeding("11/25", "Amtsgericht Charlottenburg", enums.InsolvencyStatusPreliminary))
		importAll(t, p, []portfolio.Row{{Ref: "C-1", CompanyID: nordlicht}}, portfolio.ImportOptions{})
		rescreenAll(t, p)
		f, ok := openFlag(t, p, nordlicht, redflags.FlagInsolvencyOpen)
		require.True(t, ok, "the preliminary proceeding is flagged")
		require.NotEmpty(t, f.Flag.Facts)
		require.NoError(t, p.Acknowledge(as(bg, anna), nordlicht, redflags.FlagInsolvencyOpen, "preliminary only; we deliver against prepayment"))
		last := lastSeq(t, p)

		// The same facts, reworded.
		setProceedings(proceeding("11/25", "AMTSGERICHT  CHARLOTTENBURG", enums.InsolvencyStatusPreliminary))
		clk.Advance(24 * time.Hour)
		rescreenAll(t, p)
		f, _ = openFlag(t, p, nordlicht, redflags.FlagInsolvencyOpen)
		assert.Contains(t, f.Flag.Reason, "AMTSGERICHT  CHARLOTTENBURG", "the reason is updated on each check")
		assert.True(t, f.Acknowledged, "a reworded reason keeps the acknowledgement")
		assert.Equal(t, "preliminary only; we deliver against prepayment", f.Note)
		for _, e := range events(t, p, last) {
			assert.NotContains(t, flagCodes(e.Raised), redflags.FlagInsolvencyOpen, "nothing new was found")
		}
		last = lastSeq(t, p)

		// Opened, and a second proceeding.
		setProceedings(proceeding("11/25", "Amtsgericht Charlottenburg", enums.InsolvencyStatusOpened),
			proceeding("12/25", "Amtsgericht Charlottenburg", enums.InsolvencyStatusPreliminary))
		clk.Advance(24 * time.Hour)
		rescreenAll(t, p)
		evs := events(t, p, last)
		require.Len(t, evs, 1)
		require.Equal(t, []string{redflags.FlagInsolvencyOpen}, flagCodes(evs[0].Raised), "the check's entry raises the changed finding")
		assert.Contains(t, evs[0].Raised[0].Reason, "73 IN 12/25")
		assert.NotEqual(t, f.Flag.Facts, evs[0].Raised[0].Facts)
		f, ok = openFlag(t, p, nordlicht, redflags.FlagInsolvencyOpen)
		require.True(t, ok)
		assert.False(t, f.Acknowledged, "a new finding needs a new acknowledgement")
		assert.Empty(t, f.Note)
		assert.Nil(t, f.AcknowledgedBy)
		assert.Zero(t, f.AcknowledgedAt)
		assert.False(t, f.Inherited, "raised again: news, not inherited")
		assert.Equal(t, clk.Now(), f.Since, "since the check that found the new facts")
		assert.True(t, f.New(clk.Now()))

		ds := decisions(t, p, portfolio.AllDecisions)
		require.Len(t, ds, 1, "the old acknowledgement stays in the decisions")
		assert.Equal(t, "preliminary only; we deliver against prepayment", ds[0].Note)
		var acked bool
		for _, a := range auditEntries(t, p, 0) {
			acked = acked || (a.Action == portfolio.KindAcknowledge && a.Subject == nordlicht+" "+redflags.FlagInsolvencyOpen)
		}
		assert.True(t, acked, "and in the audit chain")
		require.NoError(t, p.VerifyAudit(bg))

		require.NoError(t, p.Acknowledge(as(bg, ben), nordlicht, redflags.FlagInsolvencyOpen, "opened; the account is closed"))
		f, _ = openFlag(t, p, nordlicht, redflags.FlagInsolvencyOpen)
		assert.True(t, f.Acknowledged)
	})
}

// lastSeq is the Seq of p's last journal entry, 0 for none.
func lastSeq(t testing.TB, p *portfolio.Portfolio) int64 {
	t.Helper()
	var seq int64
	for _, e := range events(t, p, 0) {
		seq = e.Seq
	}
	return seq
}

// TestAFlagRecordedBeforeFactsKeepsItsAcknowledgement: a flag stored by a
// release that kept no facts (facts ”) is judged by its reason once:
// the same reason keeps its acknowledgement, and the check records the
// facts, which decide from then on.
func TestAFlagRecordedBeforeFactsKeepsItsAcknowledgement(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		bg := context.Background()
		_, c, clk := newFake(t)
		p := open(t, dsn, c, clk)
		f := importFlagged(t, p)
		require.NoError(t, p.Acknowledge(as(bg, anna), inLiquidation, redflags.FlagLiquidation, "known"))
		execRaw(t, rawDB(t, dsn), dsn, `UPDATE portfolio_flags SET facts = ''`)
		clk.Advance(24 * time.Hour)
		rescreenAll(t, p)
		got, ok := openFlag(t, p, inLiquidation, redflags.FlagLiquidation)
		require.True(t, ok)
		assert.True(t, got.Acknowledged, "an upgrade reopens nothing")
		assert.Equal(t, f.Flag.Facts, got.Flag.Facts, "the check recorded the facts")
	})
}
