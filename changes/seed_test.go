package changes_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/changes"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/fake"
	"github.com/registerdata/registerdata-go/webhook"
)

// watched is a fake whose monitor of richID (basic and ownership)
// delivers to a Watcher reporting to a sink.
func watched(t *testing.T) (*fake.Server, *fake.Clock, *registerdata.Client, *changes.Watcher, *sink, *changes.MemoryStore) {
	t.Helper()
	sk := &sink{}
	var w *changes.Watcher
	srv, clk, c, _ := fakeWithReceiver(t, func(*webhook.Verifier) func(context.Context, *webhook.Event) error {
		return func(ctx context.Context, ev *webhook.Event) error { return w.Handle(ctx, ev) }
	})
	store := changes.NewMemoryStore().(*changes.MemoryStore)
	w = changes.NewWatcher(c, store, sk.fn)
	_, err := c.CreateMonitor(context.Background(), registerdata.MonitorRequest{EntityID: richID, EntityType: enums.EntityTypeCompany,
		Preferences: []enums.Preference{enums.PreferenceBasic, enums.PreferenceOwnership}, UpdateFrequency: enums.UpdateFrequencyDaily})
	require.NoError(t, err)
	return srv, clk, c, w, sk, store
}

// newOwner gives richID one more owner, "Stiftung Beispiel" with 1 %.
func newOwner(t *testing.T, srv *fake.Server, c *registerdata.Client) {
	t.Helper()
	owners, err := c.GetOwners(context.Background(), richID, nil)
	require.NoError(t, err)
	for i := range owners.Owners {
		if p := owners.Owners[i].PercentageShare; p != nil && *p >= 1 {
			owners.Owners[i].PercentageShare = ptr(*p - 1)
			break
		}
	}
	added := append(owners.Owners, registerdata.Owner{Name: "Stiftung Beispiel", Type: enums.RepresentativeTypeLegalPerson,
		RelationType: enums.RelationTypeShareholder, PercentageShare: ptr(1.0)})
	require.NoError(t, srv.SetOwners(richID, added))
}

// TestWatcherReportsANewOwnerAfterABasicEvent: a company first seen
// through a basic event, then an ownership event announcing a new owner:
// the ownership category is a baseline and says so, and the new owner
// the event announced is reported.
func TestWatcherReportsANewOwnerAfterABasicEvent(t *testing.T) {
	srv, clk, c, _, sk, _ := watched(t)
	require.NoError(t, srv.UpdateCompany(richID, func(co *registerdata.Company) { co.Status = enums.CompanyStatusLiquidation }))
	clk.Advance(24 * time.Hour)
	sets, _ := sk.state()
	require.Len(t, sets, 1)
	assert.True(t, sets[0].Baseline)
	assert.Equal(t, []string{liquidation}, sentences(sets[0].Changes))

	newOwner(t, srv, c)
	clk.Advance(24 * time.Hour)
	sets, _ = sk.state()
	require.Len(t, sets, 2)
	got := sets[1]
	assert.False(t, got.Baseline, "the company was known")
	assert.Equal(t, []enums.Preference{enums.PreferenceOwnership}, got.Baselines, "its owners were not")
	assert.Contains(t, sentences(got.Changes), "Stiftung Beispiel became an owner (1 %).")
	assert.Equal(t, int64(registerdata.DefaultPrices().Of("GET /v1/company/{company_id}", false)+registerdata.DefaultPrices().Of("GET /v1/company/{company_id}/owners", false)), got.Credits)

	// The owners are stored now: the next change of a share is compared.
	owners, err := c.GetOwners(context.Background(), richID, nil)
	require.NoError(t, err)
	taken := false
	for i := range owners.Owners {
		o := &owners.Owners[i]
		switch {
		case o.Name == "Stiftung Beispiel":
			o.PercentageShare = ptr(2.0)
		case !taken && o.PercentageShare != nil && *o.PercentageShare >= 1:
			o.PercentageShare, taken = ptr(*o.PercentageShare-1), true
		}
	}
	require.NoError(t, srv.SetOwners(richID, owners.Owners))
	clk.Advance(24 * time.Hour)
	sets, _ = sk.state()
	require.Len(t, sets, 3)
	assert.Empty(t, sets[2].Baselines)
	assert.Contains(t, sentences(sets[2].Changes), `The percentage share of Stiftung Beispiel changed from "1 %" to "2 %".`)
	assert.Len(t, sets[2].Changes, 2, "and the owner who gave the point")
}

const liquidation = `The status changed from "active" to "liquidation".`

// TestWatcherSeed: baselines seeded before the first event make every
// event a comparison; seeding again fetches nothing, seeding another
// category fetches only what it adds, and a seed never swallows a change.
func TestWatcherSeed(t *testing.T) {
	srv, clk, c, w, sk, store := watched(t)
	ctx := context.Background()
	spent := c.CreditsSpent()
	require.NoError(t, w.Seed(ctx, []string{richID}, enums.PreferenceBasic, enums.PreferenceOwnership))
	assert.Equal(t, int64(registerdata.DefaultPrices().Of("GET /v1/company/{company_id}", false)+registerdata.DefaultPrices().Of("GET /v1/company/{company_id}/owners", false)), c.CreditsSpent()-spent)
	assert.Equal(t, 1, store.Len())
	assert.Empty(t, sk.sets, "Seed reports nothing")

	require.NoError(t, srv.UpdateCompany(richID, func(co *registerdata.Company) { co.Status = enums.CompanyStatusLiquidation }))
	spent = c.CreditsSpent()
	require.NoError(t, w.Seed(ctx, []string{richID}, enums.PreferenceBasic, enums.PreferenceOwnership))
	assert.Zero(t, c.CreditsSpent()-spent, "seeding again fetches nothing")
	require.NoError(t, w.Seed(ctx, []string{richID}, enums.PreferenceHoldings))
	assert.Equal(t, int64(registerdata.DefaultPrices().Of("GET /v1/company/{company_id}/holdings", false)), c.CreditsSpent()-spent, "holdings add their own record")

	clk.Advance(24 * time.Hour)
	newOwner(t, srv, c)
	clk.Advance(24 * time.Hour)
	sets, _ := sk.state()
	require.Len(t, sets, 2)
	for _, s := range sets {
		assert.False(t, s.Baseline)
		assert.Empty(t, s.Baselines)
	}
	assert.Equal(t, []string{liquidation}, sentences(sets[0].Changes), "the change made after the seed, not swallowed by the second seed")
	assert.Contains(t, sentences(sets[1].Changes), "Stiftung Beispiel became an owner (1 %).")
}

// TestWatcherSeedErrors: a bad id is an error of its own, naming it, and
// the other ids are seeded; a spent budget stops at once: the ids after
// the one it refused are not looked at, not even an empty one.
func TestWatcherSeedErrors(t *testing.T) {
	srv, _, c, w, _, store := watched(t)
	ctx := context.Background()
	record := registerdata.DefaultPrices().Of("GET /v1/company/{company_id}", false)
	other := srv.CompanyIDs()[1]
	spent := c.CreditsSpent()
	err := w.Seed(ctx, []string{"../monitor", richID, "", other})
	require.Error(t, err)
	assert.ErrorIs(t, err, registerdata.ErrInvalidRequest)
	assert.ErrorContains(t, err, "../monitor")
	assert.ErrorContains(t, err, "empty id")
	assert.Equal(t, 2, store.Len(), "the good ids are seeded")
	for _, id := range []string{richID, other} {
		_, ok, err := store.Get(ctx, "changes/company/"+id)
		require.NoError(t, err)
		assert.True(t, ok, "%s is seeded", id)
	}
	assert.Equal(t, 2*record, c.CreditsSpent()-spent, "the good ids' records, and nothing for the bad ones")

	// Room for one record and a half: the second id is refused, and the
	// seed stops there.
	poor, err := registerdata.NewClient(registerdata.WithAPIKey(srv.APIKey), registerdata.WithBaseURL(srv.URL), registerdata.WithCreditBudget(record+record/2))
	require.NoError(t, err)
	poorStore := changes.NewMemoryStore().(*changes.MemoryStore)
	w2 := changes.NewWatcher(poor, poorStore, func(context.Context, changes.Set) error { return nil })
	ids := srv.CompanyIDs()[:3]
	err = w2.Seed(ctx, append(ids, ""))
	assert.ErrorIs(t, err, registerdata.ErrBudgetExceeded)
	assert.NotContains(t, err.Error(), "empty id", "the ids after the refused one are not looked at")
	assert.Equal(t, record, poor.CreditsSpent(), "stopped at the budget")
	assert.Equal(t, 1, poorStore.Len(), "the first id is seeded")
	assert.Error(t, (&changes.Watcher{}).Seed(ctx, []string{richID}))
}

// TestPollAndTheWatcherShareTheirSnapshots: a Poll round stores the
// baseline the Watcher's first event is compared with, and what the
// Watcher stored is what the next Poll round compares with.
func TestPollAndTheWatcherShareTheirSnapshots(t *testing.T) {
	srv, _, c, _ := fakeWithReceiver(t, nil)
	store := changes.NewMemoryStore()
	ctx := context.Background()
	poll := func() []changes.Set {
		var sets []changes.Set
		for set, err := range changes.Poll(ctx, c, store, []string{richID}, changes.PollOptions{Every: time.Hour, Rounds: 1}) {
			require.NoError(t, err)
			sets = append(sets, set)
		}
		return sets
	}
	require.Empty(t, poll(), "the baseline round")
	rec := &recorder{}
	w := changes.NewWatcher(c, store, rec.fn)
	require.NoError(t, srv.UpdateCompany(richID, func(co *registerdata.Company) { co.Status = enums.CompanyStatusLiquidation }))
	require.NoError(t, w.Handle(ctx, event("msg_1", enums.EntityTypeCompany, richID, enums.PreferenceBasic)))
	assert.False(t, rec.last().Baseline)
	assert.Empty(t, rec.last().Baselines)
	assert.Equal(t, []string{liquidation}, sentences(rec.last().Changes))

	require.NoError(t, srv.UpdateCompany(richID, func(co *registerdata.Company) { co.Status = enums.CompanyStatusActive }))
	sets := poll()
	require.Len(t, sets, 1)
	assert.Equal(t, []string{`The status changed from "liquidation" to "active".`}, sentences(sets[0].Changes))
}
