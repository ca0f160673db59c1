package changes_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http/httptest"
	"slices"
	"sort"
	"sync"
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

const (
	richID     = "DE-HRB-F1103-267645"
	testSecret = "whsec_ZmFrZS10ZXN0LXNpZ25pbmctc2VjcmV0LTAxMjM0NQ=="
)

var testStart = time.Date(2025, 3, 3, 9, 0, 0, 0, time.UTC)

// want is a change as the tests expect it: category, kind, field.
type want struct {
	cat   enums.Preference
	kind  changes.Kind
	field string
}

func (w want) String() string { return fmt.Sprintf("%s/%s/%s", w.cat, w.kind, w.field) }

func keysOf(cs []changes.Change) []string {
	out := make([]string, 0, len(cs))
	for _, c := range cs {
		out = append(out, want{c.Category, c.Kind, c.Field}.String())
	}
	sort.Strings(out)
	return out
}

func wantKeys(ws []want) []string {
	out := make([]string, 0, len(ws))
	for _, w := range ws {
		out = append(out, w.String())
	}
	sort.Strings(out)
	return out
}

// collector is a webhook receiver keeping every event.
type collector struct {
	mu  sync.Mutex
	evs []*webhook.Event
}

func (c *collector) take() []*webhook.Event {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := c.evs
	c.evs = nil
	return out
}

// fakeWithReceiver is a fake on a manual clock delivering to h (or to a
// collector when h is nil), and an SDK client of it.
func fakeWithReceiver(t *testing.T, h func(*webhook.Verifier) (fn func(context.Context, *webhook.Event) error)) (*fake.Server, *fake.Clock, *registerdata.Client, *collector) {
	t.Helper()
	v, err := webhook.NewVerifier(testSecret)
	require.NoError(t, err)
	col := &collector{}
	fn := func(_ context.Context, ev *webhook.Event) error {
		col.mu.Lock()
		defer col.mu.Unlock()
		col.evs = append(col.evs, ev)
		return nil
	}
	if h != nil {
		fn = h(v)
	}
	rc := httptest.NewServer(webhook.Handler(v, fn))
	t.Cleanup(rc.Close)
	clk := fake.NewClock(testStart)
	srv := fake.NewServer(fake.WithClock(clk), fake.WithWebhookEndpoint(rc.URL, testSecret), fake.WithCredits(1_000_000))
	t.Cleanup(srv.Close)
	receiverURLs.Store(srv, rc.URL)
	t.Cleanup(func() { receiverURLs.Delete(srv) })
	c, err := registerdata.NewClient(registerdata.WithAPIKey(srv.APIKey), registerdata.WithBaseURL(srv.URL), registerdata.WithMaxRetries(0))
	require.NoError(t, err)
	return srv, clk, c, col
}

// receiverURLs maps each fake of fakeWithReceiver to its receiver's URL.
var receiverURLs sync.Map

func webhookURL(t *testing.T, srv *fake.Server) string {
	t.Helper()
	u, ok := receiverURLs.Load(srv)
	require.True(t, ok)
	return u.(string)
}

func roundTrip(t *testing.T, c registerdata.Company) *registerdata.Company {
	t.Helper()
	b, err := json.Marshal(c)
	require.NoError(t, err)
	var out registerdata.Company
	require.NoError(t, json.Unmarshal(b, &out))
	return &out
}

// TestCompanyDiffProperty applies random sequences of register changes to
// a company of the fake (one to three per step, through UpdateCompany),
// and checks after each step that the diff lists exactly the changes
// made, in the category the fake's monitor delivers them under, and
// nothing for a no-op, a reordering or a JSON round trip.
func TestCompanyDiffProperty(t *testing.T) {
	exercised := map[string]int{}
	defer func() {
		for _, m := range companyMutations {
			assert.Positive(t, exercised[m.name], "mutation %q never made a change", m.name)
		}
	}()
	for seed := uint64(1); seed <= 6; seed++ {
		t.Run(fmt.Sprint("seed", seed), func(t *testing.T) {
			r := rand.New(rand.NewPCG(seed, 23))
			srv, clk, c, col := fakeWithReceiver(t, nil)
			ctx := context.Background()
			_, err := c.CreateMonitor(ctx, registerdata.MonitorRequest{EntityID: richID, EntityType: enums.EntityTypeCompany,
				Preferences: enums.PreferencesFor(enums.EntityTypeCompany), UpdateFrequency: enums.UpdateFrequencyDaily})
			require.NoError(t, err)
			prev, ok := srv.Company(richID)
			require.True(t, ok)
			for step := range 25 {
				var wants []want
				var names []string
				n := 1 + r.IntN(3)
				require.NoError(t, srv.UpdateCompany(richID, func(co *registerdata.Company) {
					used := map[int]bool{}
					for range n {
						i := r.IntN(len(companyMutations))
						if used[i] {
							continue
						}
						used[i] = true
						w := companyMutations[i].apply(t, r, srv, co)
						if len(w) > 0 {
							exercised[companyMutations[i].name]++
							names = append(names, companyMutations[i].name)
						}
						wants = append(wants, w...)
					}
				}))
				next, _ := srv.Company(richID)
				got := changes.Company(&prev, &next)
				require.Equal(t, wantKeys(wants), keysOf(got), "step %d: %v", step, names)
				require.Equal(t, mirrored(got), described(changes.Company(&next, &prev)), "step %d: %v: the diff read backwards", step, names)
				for _, ch := range got {
					readable(t, ch.String())
				}

				// The fake's monitor reports the same categories.
				clk.Advance(24 * time.Hour)
				var delivered []string
				for _, ev := range col.take() {
					delivered = append(delivered, ev.Categories...)
				}
				var mine []string
				for _, ch := range got {
					if fakeDelivers(ch.Field) && !slices.Contains(mine, string(ch.Category)) {
						mine = append(mine, string(ch.Category))
					}
				}
				sort.Strings(mine)
				sort.Strings(delivered)
				assert.Equal(t, mine, delivered, "step %d: %v", step, names)

				// Nothing for a no-op, a reordering, a JSON round trip.
				require.NoError(t, srv.UpdateCompany(richID, func(*registerdata.Company) {}))
				same, _ := srv.Company(richID)
				assert.Empty(t, changes.Company(&next, &same), "no-op")
				require.NoError(t, srv.UpdateCompany(richID, func(co *registerdata.Company) { shuffled(r, co) }))
				reordered, _ := srv.Company(richID)
				assert.Empty(t, changes.Company(&next, &reordered), "reordering")
				assert.Empty(t, changes.Company(&next, roundTrip(t, reordered)), "JSON round trip")
				prev = reordered
			}
		})
	}
}

// described is each change as what it says, without its subject (the
// subject names the member as the after side has it, which a rename
// makes differ between the two directions): category, kind, field,
// before and after, sorted.
func described(cs []changes.Change) []string {
	out := make([]string, 0, len(cs))
	for _, c := range cs {
		out = append(out, fmt.Sprintf("%s/%s/%s %q -> %q", c.Category, c.Kind, c.Field, c.Before, c.After))
	}
	sort.Strings(out)
	return out
}

// mirrored is described for the reverse of cs: what was added is
// removed, before and after swap places.
func mirrored(cs []changes.Change) []string {
	rev := make([]changes.Change, len(cs))
	for i, c := range cs {
		switch c.Kind {
		case changes.Added:
			c.Kind = changes.Removed
		case changes.Removed:
			c.Kind = changes.Added
		}
		c.Before, c.After = c.After, c.Before
		rev[i] = c
	}
	return described(rev)
}

func jsonEncode(w *bytes.Buffer, v any) error { return json.NewEncoder(w).Encode(v) }

func jsonDecode(b []byte, v any) error { return json.Unmarshal(b, v) }
