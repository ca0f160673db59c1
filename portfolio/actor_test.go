package portfolio_test

import (
	"context"
	"strings"
	"testing"

	"github.com/registerdata/registerdata-go/portfolio"
	"github.com/registerdata/registerdata-go/redflags"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestDecisionsRefuseAContextWithoutAValidActor takes every kind of
// decision without an actor and with actors that are not valid (no ID,
// control characters, too long, not UTF-8): each is refused and nothing
// is written, neither a decision, nor an audit entry, nor an effect.
func TestDecisionsRefuseAContextWithoutAValidActor(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		bg := context.Background()
		_, c, clk := newFake(t)
		p := open(t, dsn, c, clk)
		cands := ambiguousCandidates(t, p)
		importFlagged(t, p)
		// A second handle under four eyes, with a decision to approve.
		p4 := open(t, dsn, c, clk, portfolio.WithFourEyes())
		require.NoError(t, p4.Resolve(as(bg, anna), "C-3", cands[0].CompanyID, "the address fits"))
		pending := decisions(t, p4, portfolio.Pending)
		require.Len(t, pending, 1)
		id := pending[0].ID
		decided, audited := tableRows(t, dsn)

		type call struct {
			name string
			do   func(ctx context.Context) error
		}
		calls := []call{
			{"Resolve", func(ctx context.Context) error { return p.Resolve(ctx, "C-4", "", "a sole trader") }},
			{"Remove", func(ctx context.Context) error { return p.Remove(ctx, "C-1") }},
			{"Acknowledge", func(ctx context.Context) error {
				return p.Acknowledge(ctx, inLiquidation, redflags.FlagLiquidation, "known")
			}},
			{"Approve", func(ctx context.Context) error { return p4.Approve(ctx, id, "fine") }},
			{"Reject", func(ctx context.Context) error { return p4.Reject(ctx, id, "not fine") }},
		}
		for _, cl := range calls {
			err := cl.do(bg)
			require.ErrorIs(t, err, portfolio.ErrNoActor, "%s without an actor", cl.name)
			assert.Contains(t, err.Error(), "WithActor", "the error says how to fix it")
		}
		bad := map[string]portfolio.Actor{
			"no ID":              {Name: "Anna Richter"},
			"a blank ID":         {ID: " \t", Name: "Anna Richter"},
			"a NUL in the ID":    {ID: "anna\x00@bank.example"},
			"a newline":          {ID: "anna@bank.example\nben@bank.example"},
			"an escape sequence": {ID: "anna@bank.example", Name: "Anna \x1b[31mRichter"},
			"DEL":                {ID: "anna@bank.example\x7f"},
			"not UTF-8":          {ID: "anna@bank.example", Name: "Anna \xff"},
			"a long ID":          {ID: strings.Repeat("a", portfolio.MaxActorLength+1)},
			"a long name":        {ID: "anna@bank.example", Name: strings.Repeat("n", portfolio.MaxActorLength+1)},
		}
		for what, a := range bad {
			for _, cl := range calls {
				err := cl.do(as(bg, a))
				require.Error(t, err, "%s by an actor with %s", cl.name, what)
				assert.NotContains(t, err.Error(), "\x1b", "the error does not carry the control characters")
			}
		}
		for _, a := range []portfolio.Actor{bad["no ID"], bad["a blank ID"]} {
			assert.ErrorIs(t, p.Remove(as(bg, a), "C-1"), portfolio.ErrNoActor, "an actor without an ID is no actor")
		}

		d2, a2 := tableRows(t, dsn)
		assert.Equal(t, decided, d2, "no decision written")
		assert.Equal(t, audited, a2, "no audit entry written")
		assert.Equal(t, portfolio.NotFound, mustEntry(t, p, "C-4").Status)
		_, ok := entryOf(t, p, "C-1")
		assert.True(t, ok, "not removed")
		f, _ := openFlag(t, p, inLiquidation, redflags.FlagLiquidation)
		assert.False(t, f.Acknowledged, "not acknowledged")
		require.Len(t, decisions(t, p, portfolio.Pending), 1, "the pending decision is neither approved nor rejected")
		assert.Equal(t, portfolio.Ambiguous, mustEntry(t, p, "C-3").Status)

		// At the limits: the longest ID and a name with umlauts are fine.
		longest := portfolio.Actor{ID: strings.Repeat("a", portfolio.MaxActorLength), Name: "Jürgen Müßig"}
		require.NoError(t, p.Remove(as(bg, longest), "C-1"))
		ds := decisions(t, p, portfolio.Applied)
		require.Len(t, ds, 1)
		assert.Equal(t, longest, ds[0].By)
	})
}

func TestActorReadsAsNameAndID(t *testing.T) {
	assert.Equal(t, "Anna Richter <anna@bank.example>", anna.String())
	assert.Equal(t, "anna@bank.example", portfolio.Actor{ID: "anna@bank.example"}.String())
	assert.Equal(t, "anna@bank.example", portfolio.Actor{ID: "anna@bank.example", Name: "anna@bank.example"}.String())

	a, ok := portfolio.ActorFrom(as(context.Background(), ben))
	assert.True(t, ok)
	assert.Equal(t, ben, a)
	_, ok = portfolio.ActorFrom(context.Background())
	assert.False(t, ok)
}

// TestDecisionWithoutANameRecordsTheID takes a decision by an actor who
// gave only an ID: the decision names the actor by the ID.
func TestDecisionWithoutANameRecordsTheID(t *testing.T) {
	_, c, clk := newFake(t)
	p := open(t, sqliteDSN(t), c, clk)
	importAll(t, p, hardRows()[:1], portfolio.ImportOptions{})
	require.NoError(t, p.Remove(as(context.Background(), portfolio.Actor{ID: "svc-crm-sync"}), "C-1"))
	ds := decisions(t, p, portfolio.AllDecisions)
	require.Len(t, ds, 1)
	assert.Equal(t, "svc-crm-sync", ds[0].By.ID)
	assert.Equal(t, "svc-crm-sync", ds[0].By.String())
}
