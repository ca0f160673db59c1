package portfolio_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/portfolio"
	"github.com/registerdata/registerdata-go/redflags"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// pagedCompanies is how many companies the paging test stores: more than
// a page of every paged reader (Events reads 1,000 journal entries at a
// time; Entries, Flags and Rescreen's re-evaluation 500).
const pagedCompanies = 1001

// TestPagedReadersReadEveryPage stores more companies than a page holds,
// each a matched entry with a stored record of a company in liquidation
// whose flag is not raised yet: Rescreen's re-evaluation raises every
// one (a journal entry each), and Entries, Flags and Events read them
// all, across their pages, each once and in order.
func TestPagedReadersReadEveryPage(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		ctx := context.Background()
		_, c, clk := newFake(t)
		p := open(t, dsn, c, clk)
		db := rawDB(t, dsn)
		tx, err := db.Begin()
		require.NoError(t, err)
		ids := make([]string, pagedCompanies)
		for i := range ids {
			ids[i] = fmt.Sprintf("DE-HRB-P%04d-%06d", i, i)
			co := registerdata.Company{ID: ids[i], LegalForm: enums.LegalFormGmbH, Status: enums.CompanyStatusLiquidation}
			co.Name.Name = fmt.Sprintf("Paged %04d GmbH", i)
			data, err := json.Marshal(map[string]any{"company": co})
			require.NoError(t, err)
			q := `INSERT INTO portfolio_entries (ref, company_id, name, status, fingerprint, added_at, updated_at) VALUES ($1, $2, $3, 'matched', $4, 1, 1)`
			if strings.HasPrefix(dsn, "sqlite:") {
				q = dollarArg.ReplaceAllString(q, "?")
			}
			ref := fmt.Sprintf("R%04d", i)
			_, err = tx.Exec(q, ref, ids[i], co.Name.Name, ref)
			require.NoError(t, err)
			q = `INSERT INTO portfolio_snapshots (company_id, data, fetched_at) VALUES ($1, $2, 1)`
			if strings.HasPrefix(dsn, "sqlite:") {
				q = dollarArg.ReplaceAllString(q, "?")
			}
			_, err = tx.Exec(q, ids[i], string(data))
			require.NoError(t, err)
		}
		require.NoError(t, tx.Commit())

		var judged []string
		for e, err := range p.Rescreen(ctx, portfolio.RescreenOptions{}) {
			require.NoError(t, err)
			assert.Contains(t, flagCodes(e.Raised), redflags.FlagLiquidation, e.CompanyID)
			judged = append(judged, e.CompanyID)
		}
		assert.Equal(t, ids, judged, "Rescreen judges every stored company again, once")

		var refs []string
		for e, err := range p.Entries(ctx) {
			require.NoError(t, err)
			refs = append(refs, e.Ref)
		}
		require.Equal(t, pagedCompanies, len(refs), "Entries reads every entry")
		assert.Equal(t, "R0000", refs[0])
		assert.Equal(t, fmt.Sprintf("R%04d", pagedCompanies-1), refs[len(refs)-1])

		var flagged []string
		for f, err := range p.Flags(ctx) {
			require.NoError(t, err)
			if f.Flag.Code == redflags.FlagLiquidation {
				flagged = append(flagged, f.CompanyID)
			}
		}
		assert.Equal(t, ids, flagged, "Flags reads every open flag")

		var journalled []string
		var last int64
		for e, err := range p.Events(ctx, 0) {
			require.NoError(t, err)
			assert.Greater(t, e.Seq, last, "in commit order")
			last = e.Seq
			journalled = append(journalled, e.CompanyID)
		}
		assert.Equal(t, ids, journalled, "Events reads every journal entry")
	})
}
