package changes_test

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/changes"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/fake"
)

// manualClock is a Clock whose After channels fire when the test says:
// each After call is announced on waits, and fires when fire is called.
type manualClock struct {
	mu    sync.Mutex
	now   time.Time
	waits chan time.Duration
	fire  chan time.Time
}

func newManualClock(now time.Time) *manualClock {
	return &manualClock{now: now, waits: make(chan time.Duration, 1), fire: make(chan time.Time)}
}

func (m *manualClock) Now() time.Time {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.now
}

func (m *manualClock) After(d time.Duration) <-chan time.Time {
	m.mu.Lock()
	m.now = m.now.Add(d)
	m.mu.Unlock()
	m.waits <- d
	return m.fire
}

func TestPollFindsChangesRoundByRound(t *testing.T) {
	srv, _, c, _ := fakeWithReceiver(t, nil)
	ids := []string{richID, srv.CompanyIDs()[1]}
	store := changes.NewMemoryStore().(*changes.MemoryStore)
	clk := newManualClock(testStart)
	ctx := t.Context()
	type got struct {
		set changes.Set
		err error
	}
	out := make(chan got)
	go func() {
		defer close(out)
		for set, err := range changes.Poll(ctx, c, store, ids, changes.PollOptions{Every: time.Hour, Rounds: 3, Clock: clk}) {
			out <- got{set, err}
		}
	}()

	// Round 1 stores the baselines and yields nothing.
	assert.Equal(t, time.Hour, <-clk.waits)
	assert.Equal(t, 2, store.Len())
	assert.Equal(t, int64(2*registerdata.DefaultPrices().Of("GET /v1/company/{company_id}", false)), c.CreditsSpent())

	// Round 2 finds the new status.
	require.NoError(t, srv.UpdateCompany(richID, func(co *registerdata.Company) { co.Status = enums.CompanyStatusLiquidation }))
	clk.fire <- clk.Now()
	g := <-out
	require.NoError(t, g.err)
	assert.Equal(t, richID, g.set.EntityID)
	assert.Equal(t, []string{`The status changed from "active" to "liquidation".`}, sentences(g.set.Changes))
	assert.Equal(t, int64(registerdata.DefaultPrices().Of("GET /v1/company/{company_id}", false)), g.set.Credits)
	assert.Equal(t, testStart.Add(time.Hour), g.set.DetectedAt)

	// Round 3: nothing changed, nothing yielded; then Poll ends.
	assert.Equal(t, time.Hour, <-clk.waits)
	clk.fire <- clk.Now()
	_, open := <-out
	assert.False(t, open)
	assert.Equal(t, int64(6*registerdata.DefaultPrices().Of("GET /v1/company/{company_id}", false)), c.CreditsSpent())
}

func TestPollRefusesZeroIntervalAndStopsAtTheBudget(t *testing.T) {
	srv, _, _, _ := fakeWithReceiver(t, nil)
	for _, err := range changes.Poll(context.Background(), nil, nil, nil, changes.PollOptions{}) {
		require.ErrorContains(t, err, "positive PollOptions.Every")
	}
	c, err := registerdata.NewClient(registerdata.WithAPIKey(srv.APIKey), registerdata.WithBaseURL(srv.URL), registerdata.WithCreditBudget(15))
	require.NoError(t, err)
	var errs []error
	for set, err := range changes.Poll(context.Background(), c, changes.NewMemoryStore(), []string{richID, srv.CompanyIDs()[1], "../monitor"},
		changes.PollOptions{Every: time.Minute, Clock: newManualClock(testStart)}) {
		assert.Empty(t, set.Changes)
		errs = append(errs, err)
	}
	require.Len(t, errs, 1, "the budget ends polling")
	assert.True(t, errors.Is(errs[0], registerdata.ErrBudgetExceeded), errs[0])
}

func TestPollHostileIDLosesNothing(t *testing.T) {
	srv, _, c, _ := fakeWithReceiver(t, nil)
	store := changes.NewMemoryStore().(*changes.MemoryStore)
	var errs []error
	for set, err := range changes.Poll(context.Background(), c, store, []string{"../monitor", "a/b", "with space", richID},
		changes.PollOptions{Every: time.Minute, Rounds: 1, Clock: newManualClock(testStart)}) {
		require.Error(t, err)
		assert.NotEmpty(t, set.EntityID)
		errs = append(errs, err)
	}
	assert.Len(t, errs, 3)
	assert.Equal(t, 1, store.Len(), "the valid id got its baseline")
	_ = srv
}

func TestDiffOfSavedRecords(t *testing.T) {
	b, err := os.ReadFile("../testdata/company_large.json")
	require.NoError(t, err)
	cs, err := changes.Diff(b, b)
	require.NoError(t, err)
	assert.Empty(t, cs)
	_, err = changes.Diff([]byte(`{"id":"x","register":{}}`), []byte(`{"company_id":"x","owners":[]}`))
	assert.ErrorContains(t, err, "cannot compare")
	_, err = changes.Diff([]byte(`[1]`), b)
	assert.Error(t, err)
	_ = fake.ErrUnknownCompany
}

// TestDiffCurrent compares saved records (as `registerdata company ID`
// prints them) with their current version.
func TestDiffCurrent(t *testing.T) {
	srv, _, c, _ := fakeWithReceiver(t, nil)
	ctx := context.Background()
	co, err := c.GetCompany(ctx, richID, nil)
	require.NoError(t, err)
	savedCompany, err := json.Marshal(co)
	require.NoError(t, err)
	ow, err := c.GetOwners(ctx, richID, nil)
	require.NoError(t, err)
	savedOwners, err := json.Marshal(ow)
	require.NoError(t, err)

	cs, credits, err := changes.DiffCurrent(ctx, c, savedCompany)
	require.NoError(t, err)
	assert.Empty(t, cs)
	assert.Equal(t, int64(registerdata.DefaultPrices().Of("GET /v1/company/{company_id}", false)), credits)

	require.NoError(t, srv.UpdateCompany(richID, func(x *registerdata.Company) { x.Status = enums.CompanyStatusLiquidation }))
	owners := ow.Owners[1:]
	require.NoError(t, srv.SetOwners(richID, owners))
	cs, _, err = changes.DiffCurrent(ctx, c, savedCompany)
	require.NoError(t, err)
	assert.Equal(t, []string{"basic/modified/status"}, keysOf(cs))
	cs, credits, err = changes.DiffCurrent(ctx, c, savedOwners)
	require.NoError(t, err)
	assert.Equal(t, []string{"ownership/removed/owners"}, keysOf(cs))
	assert.Equal(t, int64(registerdata.DefaultPrices().Of("GET /v1/company/{company_id}/owners", false)), credits)

	_, _, err = changes.DiffCurrent(ctx, c, []byte(`{"id":"../monitor","name":{}}`))
	assert.ErrorIs(t, err, registerdata.ErrInvalidRequest)
}
