package registerdata_test

import (
	"context"
	"iter"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/fake"
	"github.com/registerdata/registerdata-go/filters"
)

// TestDesignInsolvencyAndTransparencyNames uses the names DESIGN.md
// "Round 2" fixes for insolvency proceedings and the Transparenzregister,
// with the types it gives them: renaming or retyping one breaks the build.
func TestDesignInsolvencyAndTransparencyNames(t *testing.T) {
	ctx := context.Background()
	clk := fake.NewClock(time.Date(2026, 1, 5, 8, 0, 0, 0, time.UTC))
	srv := fake.NewServer(fake.WithClock(clk))
	defer srv.Close()
	c, err := registerdata.NewClient(registerdata.WithAPIKey(srv.APIKey), registerdata.WithBaseURL(srv.URL))
	require.NoError(t, err)

	var fs []filters.Filter
	fs, err = filters.Insolvency().Build()
	require.NoError(t, err)
	var ir *registerdata.InsolvencySearchResponse
	ir, err = c.SearchInsolvencies(ctx, registerdata.InsolvencySearchRequest{Query: "", Filters: fs, Pagination: registerdata.PageRequest{}})
	require.NoError(t, err)
	var results []registerdata.InsolvencySearchResult = ir.Results
	var _ registerdata.Pagination = ir.Pagination
	require.NotEmpty(t, results)
	var seq iter.Seq2[registerdata.InsolvencySearchResult, error] = c.SearchInsolvenciesSeq(ctx, registerdata.InsolvencySearchRequest{}, registerdata.MaxPages(1))
	for _, err := range seq {
		require.NoError(t, err)
	}

	var ins *registerdata.Insolvency
	ins, err = c.GetInsolvency(ctx, results[0].ID)
	require.NoError(t, err)
	var (
		_      string                         = ins.ID
		_      string                         = ins.CaseNumber
		_      string                         = ins.Court
		_      string                         = ins.DebtorName
		_      enums.InsolvencyStatus         = ins.CurrentStatus
		_      *string                        = ins.CompanyID
		events []registerdata.InsolvencyEvent = ins.Events
	)
	require.NotEmpty(t, events)
	var (
		_ string                     = events[0].ID
		_ enums.InsolvencyEventType  = events[0].EventType
		_ enums.InsolvencyReportType = events[0].ReportType
		_ registerdata.Date          = events[0].PublishedAt
		_ string                     = events[0].Summary
		_ *time.Time                 = events[0].EffectiveAt
		_ *enums.DebtorKind          = ins.DebtorKind
	)
	var add func(string, registerdata.InsolvencyEvent) error = srv.AddInsolvencyEvent
	require.NoError(t, add(ins.ID, registerdata.InsolvencyEvent{EventType: enums.InsolvencyEventTypeOther}))

	err = c.SetTransparencyCredentials(ctx, registerdata.TransparencyCredentials{Username: "kyc@example.de", Password: "correct-horse-battery", Name: ""})
	require.NoError(t, err)
	var ex *registerdata.TransparencyExtract
	ex, err = c.RequestTransparencyExtract(ctx, registerdata.TransparencyExtractRequest{CompanyID: "DE-HRB-F1103-267645", CredentialName: ""})
	require.NoError(t, err)
	var status enums.ExtractStatus = ex.Status
	assert.Equal(t, enums.ExtractStatusProcessing, status)
	ex, err = c.GetTransparencyExtract(ctx, ex.ID)
	require.NoError(t, err)
	clk.Advance(fake.TransparencyExtractDelay)
	ex, err = c.WaitTransparencyExtract(ctx, ex.ID)
	require.NoError(t, err)
	assert.Equal(t, enums.ExtractStatusCompleted, ex.Status)
}
