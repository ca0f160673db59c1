package portfolio_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/portfolio"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestImportHostileRowsFailAloneAndLoseNothing(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		_, c, clk := newFake(t)
		p := open(t, dsn, c, clk)
		tags := make([]string, portfolio.MaxTags+1)
		for i := range tags {
			tags[i] = "t"
		}
		rows := []portfolio.Row{
			{Ref: "ok-1", CompanyID: nordlicht},
			{Ref: "formula", Query: registerdata.MatchQuery{Name: `=HYPERLINK("http://evil.example","x")`, City: "+cmd|' /C calc'!A0"}},
			{Ref: "huge", Query: registerdata.MatchQuery{Name: strings.Repeat("A", 100_000)}},
			{Ref: "bad\xffutf8", CompanyID: nordlicht},
			{Ref: strings.Repeat("r", portfolio.MaxRefLength+1), CompanyID: nordlicht},
			{Ref: "tags", CompanyID: nordlicht, Tags: tags},
			{Ref: "path", CompanyID: "../../v1/monitor"},
			{Ref: "empty"},
			{Ref: "ok-2", Query: registerdata.MatchQuery{Name: "Löwenherz Bau GmbH", City: "Berlin"}},
		}
		rs := importAll(t, p, rows, portfolio.ImportOptions{})
		require.Len(t, rs, len(rows))
		assert.Equal(t, portfolio.Matched, rs[0].Status)
		assert.NotEqual(t, portfolio.Failed, rs[1].Status, "formula text is a name like any other, stored inert")
		for i := 2; i <= 7; i++ {
			assert.Equal(t, portfolio.Failed, rs[i].Status, rows[i].Ref)
			assert.ErrorIs(t, rs[i].Err, portfolio.ErrInvalidRow, rows[i].Ref)
			assert.Less(t, len(rs[i].Err.Error()), 400, "the error quotes no huge field")
		}
		assert.Equal(t, portfolio.Matched, rs[8].Status, "rows after bad ones are imported")
		var refs []string
		for e, err := range p.Entries(context.Background()) {
			require.NoError(t, err)
			refs = append(refs, e.Ref)
		}
		assert.Equal(t, []string{"formula", "ok-1", "ok-2"}, refs)

		// An input that fails half-way stops the import with its error;
		// what came before is kept.
		broken := func(yield func(portfolio.Row, error) bool) {
			_ = yield(portfolio.Row{Ref: "ok-3", CompanyID: nordlicht}, nil) && yield(portfolio.Row{}, errors.New("line 2: bad quoting"))
		}
		var stop error
		for _, err := range p.Import(context.Background(), broken, portfolio.ImportOptions{}) {
			stop = err
		}
		assert.ErrorContains(t, stop, "line 2: bad quoting")
	})
}
