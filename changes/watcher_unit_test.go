package changes_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/changes"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/webhook"
)

func event(id string, t enums.EntityType, entity string, cats ...enums.Preference) *webhook.Event {
	ev := &webhook.Event{ID: id, Type: webhook.EventTypeMonitorChange, EntityType: t, EntityID: entity, DetectedAt: testStart}
	for _, c := range cats {
		ev.Categories = append(ev.Categories, string(c))
	}
	return ev
}

// recorder keeps every Set the callback saw, failed calls included.
type recorder struct {
	mu   sync.Mutex
	all  []changes.Set
	fail error
}

func (r *recorder) fn(_ context.Context, s changes.Set) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.all = append(r.all, s)
	return r.fail
}

func (r *recorder) last() changes.Set {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.all[len(r.all)-1]
}

func TestWatcherCallbackErrorKeepsTheOldSnapshot(t *testing.T) {
	srv, _, c, _ := fakeWithReceiver(t, nil)
	store := changes.NewMemoryStore().(*changes.MemoryStore)
	rec := &recorder{}
	w := changes.NewWatcher(c, store, rec.fn)
	ctx := context.Background()
	require.NoError(t, w.Handle(ctx, event("msg_1", enums.EntityTypeCompany, richID, enums.PreferenceBasic)))
	assert.True(t, rec.last().Baseline)
	assert.Equal(t, "msg_1", rec.last().EventID)
	baseline, ok, _ := store.Get(ctx, "changes/company/"+richID)
	require.True(t, ok)

	require.NoError(t, srv.UpdateCompany(richID, func(co *registerdata.Company) { co.Status = enums.CompanyStatusLiquidation }))
	rec.fail = errors.New("downstream unavailable")
	err := w.Handle(ctx, event("msg_2", enums.EntityTypeCompany, richID, enums.PreferenceBasic))
	require.ErrorContains(t, err, "downstream unavailable")
	failed := rec.last()
	kept, _, _ := store.Get(ctx, "changes/company/"+richID)
	assert.Equal(t, string(baseline), string(kept), "the failed callback left the old snapshot")

	rec.fail = nil
	require.NoError(t, w.Handle(ctx, event("msg_2", enums.EntityTypeCompany, richID, enums.PreferenceBasic)))
	again := rec.last()
	assert.Equal(t, sentences(failed.Changes), sentences(again.Changes), "the redelivery computes the same changes")
	assert.Equal(t, []string{`The status changed from "active" to "liquidation".`}, sentences(again.Changes))
	require.NoError(t, w.Handle(ctx, event("msg_3", enums.EntityTypeCompany, richID, enums.PreferenceBasic)))
	assert.Empty(t, rec.last().Changes, "stored after the success: nothing new")
}

func TestWatcherFetchesWhatTheCategoriesNeed(t *testing.T) {
	srv, _, c, _ := fakeWithReceiver(t, nil)
	co, _ := srv.Company(richID)
	var person string
	for _, r := range co.Representation {
		if r.ID != nil && r.Type == enums.RepresentativeTypeNaturalPerson {
			person = *r.ID
			break
		}
	}
	require.NotEmpty(t, person)
	rec := &recorder{}
	w := changes.NewWatcher(c, changes.NewMemoryStore(), rec.fn)
	for i, tc := range []struct {
		t       enums.EntityType
		id      string
		cats    []enums.Preference
		credits int64
	}{
		{enums.EntityTypeCompany, richID, []enums.Preference{enums.PreferenceBasic, enums.PreferenceRepresentation}, registerdata.DefaultPrices().Of("GET /v1/company/{company_id}", false)},
		{enums.EntityTypeCompany, richID, []enums.Preference{enums.PreferenceOwnership}, registerdata.DefaultPrices().Of("GET /v1/company/{company_id}", false) + registerdata.DefaultPrices().Of("GET /v1/company/{company_id}/owners", false)},
		{enums.EntityTypeCompany, richID, []enums.Preference{enums.PreferenceHoldings}, registerdata.DefaultPrices().Of("GET /v1/company/{company_id}/holdings", false)},
		{enums.EntityTypeCompany, richID, []enums.Preference{"unknown-category"}, registerdata.DefaultPrices().Of("GET /v1/company/{company_id}", false)},
		{enums.EntityTypePerson, person, []enums.Preference{enums.PreferenceManagementPositions}, registerdata.DefaultPrices().Of("GET /v1/person/{person_id}", false)},
		{enums.EntityTypePerson, person, []enums.Preference{enums.PreferenceHoldings}, registerdata.DefaultPrices().Of("GET /v1/person/{person_id}", false) + registerdata.DefaultPrices().Of("GET /v1/person/{person_id}/holdings", false)},
	} {
		spent := c.CreditsSpent()
		require.NoError(t, w.Handle(context.Background(), event(fmt.Sprint("msg_", i), tc.t, tc.id, tc.cats...)), "%v", tc.cats)
		assert.Equal(t, tc.credits, rec.last().Credits, "%s %v", tc.t, tc.cats)
		assert.Equal(t, tc.credits, c.CreditsSpent()-spent, "%s %v", tc.t, tc.cats)
		assert.Empty(t, rec.last().Changes)
		assert.Equal(t, i == 0 || i == 4, rec.last().Baseline, "the first event of an entity is its baseline")
	}

	// Owners and holdings join the snapshot: a new owner is found.
	owners, err := c.GetOwners(context.Background(), richID, nil)
	require.NoError(t, err)
	for i := range owners.Owners {
		if p := owners.Owners[i].PercentageShare; p != nil && *p >= 1 {
			owners.Owners[i].PercentageShare = ptr(*p - 1)
			break
		}
	}
	added := append(owners.Owners, registerdata.Owner{Name: "Stiftung Beispiel", Type: enums.RepresentativeTypeLegalPerson, RelationType: enums.RelationTypeShareholder, PercentageShare: ptr(1.0)})
	require.NoError(t, srv.SetOwners(richID, added))
	require.NoError(t, w.Handle(context.Background(), event("msg_owner", enums.EntityTypeCompany, richID, enums.PreferenceOwnership)))
	assert.Contains(t, sentences(rec.last().Changes), "Stiftung Beispiel became an owner (1 %).")
}

func TestWatcherReportsAPersonsInsolvencyFromTheEvent(t *testing.T) {
	srv, _, c, _ := fakeWithReceiver(t, nil)
	co, _ := srv.Company(richID)
	var person string
	for _, r := range co.Representation {
		if r.ID != nil && r.Type == enums.RepresentativeTypeNaturalPerson {
			person = *r.ID
			break
		}
	}
	rec := &recorder{}
	w := changes.NewWatcher(c, changes.NewMemoryStore(), rec.fn)
	ev := event("msg_p", enums.EntityTypePerson, person, enums.PreferenceInsolvencies)
	ev.Changes = []webhook.Change{{Category: "insolvencies", Path: "/insolvencies/x/events/y", Before: json.RawMessage("null"), After: json.RawMessage(`{"event_type": "proceedings_opened"}`)}}
	require.NoError(t, w.Handle(context.Background(), ev))
	got := rec.last()
	require.Len(t, got.Changes, 1)
	assert.Equal(t, changes.Change{Category: enums.PreferenceInsolvencies, Kind: changes.Added, Field: "insolvencies/x/events/y", After: `{"event_type":"proceedings_opened"}`}, got.Changes[0])
}

func TestWatcherRefusesBadEventsAndLosesNothing(t *testing.T) {
	_, _, c, _ := fakeWithReceiver(t, nil)
	store := changes.NewMemoryStore().(*changes.MemoryStore)
	rec := &recorder{}
	w := changes.NewWatcher(c, store, rec.fn)
	ctx := context.Background()
	assert.Error(t, w.Handle(ctx, nil))
	assert.ErrorContains(t, w.Handle(ctx, event("m", "fund", richID)), "neither company nor person")
	assert.ErrorContains(t, w.Handle(ctx, event("m", enums.EntityTypeCompany, "")), "no entity id")
	for _, id := range []string{"../monitor", "a/b", "with space"} {
		assert.ErrorIs(t, w.Handle(ctx, event("m", enums.EntityTypeCompany, id)), registerdata.ErrInvalidRequest, id)
	}
	assert.ErrorIs(t, w.Handle(ctx, event("m", enums.EntityTypePerson, "not-a-uuid")), registerdata.ErrInvalidRequest)
	other := event("m", enums.EntityTypeCompany, richID)
	other.Type = "account.updated"
	assert.NoError(t, w.Handle(ctx, other), "another event type is acknowledged")
	assert.Empty(t, rec.all)
	assert.Zero(t, store.Len())
	assert.Error(t, (&changes.Watcher{}).Handle(ctx, other))

	require.NoError(t, store.Set(ctx, "changes/company/"+richID, []byte("{not json")))
	assert.ErrorContains(t, w.Handle(ctx, event("m", enums.EntityTypeCompany, richID)), "delete it to start from a new baseline")
	assert.Empty(t, rec.all)
}

func TestWatcherRefusesACachingClient(t *testing.T) {
	srv, _, _, _ := fakeWithReceiver(t, nil)
	c, err := registerdata.NewClient(registerdata.WithAPIKey(srv.APIKey), registerdata.WithBaseURL(srv.URL),
		registerdata.WithCache(registerdata.NewMemoryCache(100, time.Hour)))
	require.NoError(t, err)
	rec := &recorder{}
	w := changes.NewWatcher(c, changes.NewMemoryStore(), rec.fn)
	require.NoError(t, w.Handle(context.Background(), event("m1", enums.EntityTypeCompany, richID)))
	assert.ErrorContains(t, w.Handle(context.Background(), event("m2", enums.EntityTypeCompany, richID)), "without a cache")
}

// TestWatcherConcurrentEvents: events of several entities at once each
// get the credits of their own fetches.
func TestWatcherConcurrentEvents(t *testing.T) {
	srv, _, c, _ := fakeWithReceiver(t, nil)
	ids := srv.CompanyIDs()[:4]
	rec := &recorder{}
	w := changes.NewWatcher(c, changes.NewMemoryStore(), rec.fn)
	var wg sync.WaitGroup
	for i := range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			assert.NoError(t, w.Handle(context.Background(), event(fmt.Sprint("m", i), enums.EntityTypeCompany, ids[i%len(ids)], enums.PreferenceOwnership)))
		}()
	}
	wg.Wait()
	require.Len(t, rec.all, 16)
	var total int64
	baselines := 0
	for _, s := range rec.all {
		total += s.Credits
		if s.Baseline {
			baselines++
		}
		assert.Empty(t, s.Changes)
	}
	assert.Equal(t, len(ids), baselines, "one baseline per entity: events of one entity run one at a time")
	assert.Equal(t, c.CreditsSpent(), total)
}

// applyThenFail is a Store whose Set applies the value and then answers
// with an error, as a Redis reply that timed out; once.
type applyThenFail struct {
	changes.Store
	failNext bool
}

func (s *applyThenFail) Set(ctx context.Context, key string, value []byte) error {
	if err := s.Store.Set(ctx, key, value); err != nil {
		return err
	}
	if s.failNext {
		s.failNext = false
		return errors.New("i/o timeout")
	}
	return nil
}

// TestWatcherRedeliveryAfterAWriteOfUnknownOutcome: the store applied the
// new snapshot but answered with an error; the redelivery of the event
// yields the same changes under the same event id, fetching nothing, and
// the next event is compared with the stored snapshot.
func TestWatcherRedeliveryAfterAWriteOfUnknownOutcome(t *testing.T) {
	srv, _, c, _ := fakeWithReceiver(t, nil)
	store := &applyThenFail{Store: changes.NewMemoryStore()}
	rec := &recorder{}
	w := changes.NewWatcher(c, store, rec.fn)
	ctx := context.Background()
	require.NoError(t, w.Handle(ctx, event("msg_1", enums.EntityTypeCompany, richID, enums.PreferenceBasic)))

	require.NoError(t, srv.UpdateCompany(richID, func(co *registerdata.Company) { co.Status = enums.CompanyStatusLiquidation }))
	store.failNext = true
	require.ErrorContains(t, w.Handle(ctx, event("msg_2", enums.EntityTypeCompany, richID, enums.PreferenceBasic)), "i/o timeout")
	first := rec.last()
	require.Equal(t, []string{`The status changed from "active" to "liquidation".`}, sentences(first.Changes))

	spent := c.CreditsSpent()
	require.NoError(t, w.Handle(ctx, event("msg_2", enums.EntityTypeCompany, richID, enums.PreferenceBasic)))
	again := rec.last()
	assert.Equal(t, "msg_2", again.EventID)
	assert.Equal(t, first.Changes, again.Changes, "the same changes")
	assert.Equal(t, first.DetectedAt, again.DetectedAt)
	assert.Zero(t, again.Credits)
	assert.Zero(t, c.CreditsSpent()-spent, "nothing fetched for the redelivery")

	require.NoError(t, w.Handle(ctx, event("msg_3", enums.EntityTypeCompany, richID, enums.PreferenceBasic)))
	assert.Empty(t, rec.last().Changes, "the next event compares with the stored snapshot")
	require.NoError(t, srv.UpdateCompany(richID, func(co *registerdata.Company) { co.Status = enums.CompanyStatusActive }))
	require.NoError(t, w.Handle(ctx, event("msg_2", enums.EntityTypeCompany, richID, enums.PreferenceBasic)))
	assert.Equal(t, []string{`The status changed from "liquidation" to "active".`}, sentences(rec.last().Changes),
		"an old event id delivered after a newer event is a new check")
}
