package portfolio_test

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/fake"
	"github.com/registerdata/registerdata-go/portfolio"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestPlanListsItsCompaniesInByteOrderWhateverTheCollation: on a
// PostgreSQL database whose collation orders the company ids otherwise
// than their bytes (ICU's numeric ordering: register number 30112 before
// 267645), Plan's lists are still in byte order, as on SQLite.
func TestPlanListsItsCompaniesInByteOrderWhateverTheCollation(t *testing.T) {
	dsn := postgresDSNWith(t, "TEMPLATE template0 LOCALE_PROVIDER icu ICU_LOCALE 'und-u-kn-true' LOCALE 'C'")
	srv, c, clk := newFake(t, fake.WithGenerated(40))
	p := open(t, dsn, c, clk)
	var rows []portfolio.Row
	for i, id := range srv.CompanyIDs() {
		rows = append(rows, portfolio.Row{Ref: fmt.Sprintf("R%03d", i), CompanyID: id})
	}
	importAll(t, p, rows, portfolio.ImportOptions{})

	db := rawDB(t, dsn)
	var stored []string
	rs, err := db.Query(`SELECT DISTINCT company_id FROM portfolio_entries WHERE status = 'matched' ORDER BY company_id`)
	require.NoError(t, err)
	for rs.Next() {
		var id string
		require.NoError(t, rs.Scan(&id))
		stored = append(stored, id)
	}
	require.NoError(t, rs.Err())
	require.Greater(t, len(stored), 10)
	require.False(t, slices.IsSorted(stored), "the database's collation orders the ids otherwise than their bytes")

	pl, err := p.Plan(context.Background(), portfolio.MonitorOptions{Preferences: []enums.Preference{enums.PreferenceBasic}, UpdateFrequency: enums.UpdateFrequencyDaily})
	require.NoError(t, err)
	assert.ElementsMatch(t, stored, pl.Create)
	assert.True(t, slices.IsSorted(pl.Create), "Plan.Create in byte order: %v", pl.Create)
}
