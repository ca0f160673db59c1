package portfolio_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/registerdata/registerdata-go/portfolio"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestAuditSpendRecordsWhoSpentWhatAndRefusesWithoutAnActor(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		_, c, clk := newFake(t)
		p := open(t, dsn, c, clk)
		ctx := context.Background()
		require.ErrorIs(t, p.AuditSpend(ctx, "dossier", nordlicht, 55), portfolio.ErrNoActor)
		anna := portfolio.WithActor(ctx, portfolio.Actor{ID: "anna@bank.example", Name: "Anna Richter"})
		for _, bad := range []struct {
			what, id string
			credits  int64
		}{{"", nordlicht, 1}, {"dossier\x1b[2J", nordlicht, 1}, {"dossier", "", 1}, {"dossier", nordlicht, -1}} {
			assert.Error(t, p.AuditSpend(anna, bad.what, bad.id, bad.credits), "%+v", bad)
		}
		require.NoError(t, p.AuditSpend(anna, "dossier", nordlicht, 55))
		var got []portfolio.AuditEntry
		for e, err := range p.Audit(ctx, 0) {
			require.NoError(t, err)
			got = append(got, e)
		}
		require.Len(t, got, 1, "refusals write nothing")
		assert.Equal(t, "spend", got[0].Action)
		assert.Equal(t, "anna@bank.example", got[0].Actor.ID)
		var d struct {
			What      string `json:"what"`
			CompanyID string `json:"company_id"`
			Credits   int64  `json:"credits"`
		}
		require.NoError(t, json.Unmarshal(got[0].Detail, &d))
		assert.Equal(t, "dossier", d.What)
		assert.Equal(t, nordlicht, d.CompanyID)
		assert.EqualValues(t, 55, d.Credits)
		require.NoError(t, p.VerifyAudit(ctx))
	})
}
