package portfolio_test

import (
	"context"
	"strings"
	"testing"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
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

// TestAcknowledgementHoldsUntilTheFindingChangesMaterially acknowledges
// a liquidation flag whose reason names the liquidators: a liquidator's
// name written in capitals changes the reason's case only and the
// acknowledgement holds; a liquidator leaving changes the facts and opens
// the flag again.
func TestAcknowledgementHoldsUntilTheFindingChangesMaterially(t *testing.T) {
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
		assert.Equal(t, "known", f.Note, "the last note is kept for the reviewer")

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
