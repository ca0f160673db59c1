package fake

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/internal/monitoring"
)

// Snapshots save and restore the whole state of a fake: the register with
// every change (companies, owners with their shareholder-list history,
// loaded financials and proceedings, added insolvency events), the
// accounts with their credits, plans and usage, the monitors with their
// schedules and pending changes, the deliveries with their attempts and
// retry schedule, the Transparenzregister logins (hashed, as the fake
// keeps them) and extracts, the pending faults and latency, the clock,
// and the random source and signing key (so ids go on as they would have
// and presigned addresses stay valid).
//
// A snapshot holds the fake's API keys (its accounts are kept by key)
// and the hashes of Transparenzregister logins: treat it as test data of
// the fake, not as a place for real keys. Not saved: the webhook signing
// secret (give it again with
// WithWebhookEndpoint or registerfake -webhook-secret; the endpoint
// address is kept), the rate limiters (they start full), and the request
// inspector's recordings.
//
// The format is JSON with "format": "registerfake-snapshot" and a
// "version" (SnapshotVersion). A snapshot of a version this fake does not
// know fails to load with an error saying which versions it reads.

// SnapshotVersion is the version of the snapshot format Snapshot writes.
// WithSnapshot reads this version; an older format that cannot be read
// fails with an error naming both.
const SnapshotVersion = 1

// snapshotFormat marks a snapshot file.
const snapshotFormat = "registerfake-snapshot"

// snapshot is the JSON of a snapshot.
type snapshot struct {
	Format       string                 `json:"format"`
	Version      int                    `json:"version"`
	SavedAt      time.Time              `json:"saved_at"` // wall time, for people
	Clock        snapClock              `json:"clock"`
	Random       []byte                 `json:"random"`
	SigningKey   []byte                 `json:"signing_key"`
	Requests     uint64                 `json:"requests"`
	Register     snapRegister           `json:"register"`
	Accounts     map[string]snapAccount `json:"accounts"`
	Webhook      string                 `json:"webhook_url,omitempty"`
	Monitoring   monitoring.State       `json:"monitoring"`
	Insolvency   snapInsolvency         `json:"insolvency"`
	Transparency snapTransparency       `json:"transparency"`
	Faults       []faultJSON            `json:"faults"`
	Latency      [2]time.Duration       `json:"latency"`
}

type snapClock struct {
	Manual bool          `json:"manual"`
	Now    time.Time     `json:"now,omitzero"`
	Offset time.Duration `json:"offset,omitempty"`
}

type snapRegister struct {
	Curated     []registerdata.Company             `json:"curated"` // loaded at start, as they are now
	Generated   int                                `json:"generated"`
	Changed     []registerdata.Company             `json:"changed_generated"`
	Added       []registerdata.Company             `json:"added"`
	Owners      map[string][]snapShareList         `json:"owners"`
	Financials  map[string]registerdata.Financials `json:"financials"`
	Proceedings map[string]registerdata.Insolvency `json:"proceedings"`
}

type snapShareList struct {
	ID     string               `json:"id"`
	Date   time.Time            `json:"date"`
	Owners []registerdata.Owner `json:"owners"`
}

type snapAccount struct {
	Credits    int64 `json:"credits"`
	Monitoring bool  `json:"monitoring"`
	// Transparency is the Transparenzregister access; "": enabled.
	Transparency TransparencyAccess `json:"transparency,omitempty"`
	Created      time.Time          `json:"created"`
	Paid         bool               `json:"paid,omitempty"`
	Start        time.Time          `json:"period_start,omitzero"`
	Used         int64              `json:"used"`
	Overage      int64              `json:"overage,omitempty"`
}

type snapPersonCase struct {
	Name    string                         `json:"name"`
	Kind    string                         `json:"kind"`
	Person  *string                        `json:"person_id,omitempty"`
	City    *string                        `json:"city,omitempty"`
	Summary registerdata.InsolvencySummary `json:"summary"`
}

type snapInsolvency struct {
	Persons map[string]snapPersonCase                 `json:"persons"`
	Frozen  map[string]registerdata.InsolvencySummary `json:"frozen"`
	Added   map[string][]registerdata.InsolvencyEvent `json:"added"`
	Seq     int                                       `json:"seq"`
}

type snapExtract struct {
	Key       string                            `json:"key"`
	CompanyID *string                           `json:"company_id,omitempty"`
	EKRN      string                            `json:"ekrn"`
	Submitted time.Time                         `json:"submitted"`
	View      *registerdata.TransparencyExtract `json:"view,omitempty"`
	// Login is the hash of the login the extract was requested with, and
	// LoginLocked whether that login is locked; absent for sandbox extracts.
	Login       []byte `json:"login,omitempty"`
	LoginLocked bool   `json:"login_locked,omitempty"`
}

type snapTransparency struct {
	Logins   map[string]map[string][]byte   `json:"logins"`           // key -> name -> hash of username and password
	Locked   map[string][]string            `json:"locked,omitempty"` // key -> names of locked logins
	Extracts map[string]snapExtract         `json:"extracts"`
	Outcomes map[string]TransparencyOutcome `json:"outcomes"`
	Seq      int                            `json:"seq"`
}

// Snapshot writes the fake's whole state to w (see the snapshot notes
// above), to restore it with WithSnapshot or registerfake -snapshot. Take
// it while no request changes the fake: a change during the snapshot may
// be in it or not.
func (s *Server) Snapshot(w io.Writer) error {
	snap, err := s.takeSnapshot()
	if err != nil {
		return err
	}
	bw := bufio.NewWriterSize(w, 1<<16)
	enc := json.NewEncoder(bw)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(snap); err != nil {
		return fmt.Errorf("fake: writing the snapshot: %w", err)
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("fake: writing the snapshot: %w", err)
	}
	return nil
}

// handleSnapshot is GET /_fake/snapshot: the snapshot as a download.
func (s *Server) handleSnapshot(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Content-Disposition", `attachment; filename="registerfake-snapshot.json"`)
	_ = s.Snapshot(w) // a failure after the first byte can only cut the body short
}

func (s *Server) takeSnapshot() (*snapshot, error) {
	snap := &snapshot{Format: snapshotFormat, Version: SnapshotVersion, SavedAt: time.Now().UTC(),
		Random: s.random.state(), SigningKey: slices.Clone(s.signingKey), Requests: s.requests.Load()}
	s.clock.mu.Lock()
	snap.Clock = snapClock{Manual: s.clock.manual, Now: s.clock.now, Offset: s.clock.offset}
	s.clock.mu.Unlock()

	st := s.store
	st.mu.RLock()
	for _, id := range st.ids[:st.curated] {
		snap.Register.Curated = append(snap.Register.Curated, *st.byID[id])
	}
	for _, id := range st.ids[st.curated:] {
		snap.Register.Added = append(snap.Register.Added, *st.byID[id])
	}
	for id, c := range st.byID {
		if _, listed := st.pos[id]; !listed {
			snap.Register.Changed = append(snap.Register.Changed, *c)
		}
	}
	snap.Register.Generated = st.generated
	st.mu.RUnlock()
	slices.SortFunc(snap.Register.Changed, func(a, b registerdata.Company) int { return strings.Compare(a.ID, b.ID) })

	own, err := s.ownership()
	if err != nil {
		return nil, err
	}
	own.mu.RLock()
	snap.Register.Owners = make(map[string][]snapShareList, len(own.lists))
	for id, lists := range own.lists {
		for _, l := range lists {
			snap.Register.Owners[id] = append(snap.Register.Owners[id], snapShareList{ID: l.id, Date: l.date, Owners: l.owners})
		}
	}
	own.mu.RUnlock()
	d := s.data()
	d.mu.RLock()
	snap.Register.Financials, snap.Register.Proceedings = d.financials, d.proceedings
	d.mu.RUnlock()

	snap.Accounts = s.accounts.export()
	m := s.monitoring()
	m.mu.Lock()
	snap.Webhook = m.endpoint
	m.mu.Unlock()
	snap.Monitoring = m.engine.Export()
	snap.Insolvency = s.insolvencies().export()
	snap.Transparency = s.transparency().export()
	for _, f := range s.PendingFaults() {
		snap.Faults = append(snap.Faults, f.wire())
	}
	least, most := s.faults.latency()
	snap.Latency = [2]time.Duration{least, most}
	return snap, nil
}

// WithSnapshot starts the fake from a snapshot written by Snapshot (or
// GET /_fake/snapshot, registerfake -snapshot): it answers every
// endpoint as the saved fake did. The snapshot's register, accounts,
// clock and state replace what WithData, WithGenerated, WithCredits and
// WithSeed would give; WithAPIKey, WithWebhookEndpoint (whose secret is
// not saved), WithRateLimit and the other options still apply. When
// WithClock is given, that clock is set to the snapshot's time.
//
// The snapshot is read when the server is made: NewServer panics and
// Listen fails when it is not a snapshot, or of a version this fake does
// not read, with an error saying so.
func WithSnapshot(r io.Reader) Option {
	return func(c *config) { c.snapshot = r }
}

// readSnapshot decodes and checks a snapshot.
func readSnapshot(r io.Reader) (*snapshot, error) {
	var head struct {
		Format  string `json:"format"`
		Version int    `json:"version"`
	}
	raw, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("fake: reading the snapshot: %w", err)
	}
	if err := json.Unmarshal(raw, &head); err != nil || head.Format != snapshotFormat {
		return nil, errors.New(`fake: this is not a registerfake snapshot (no "format": "registerfake-snapshot"): write one with Snapshot, GET /_fake/snapshot or registerfake -snapshot`)
	}
	if head.Version != SnapshotVersion {
		return nil, fmt.Errorf("fake: the snapshot is of format version %d; this fake reads version %d: restore it with the fake that wrote it, take a new snapshot", head.Version, SnapshotVersion)
	}
	snap := &snapshot{}
	if err := json.Unmarshal(raw, snap); err != nil {
		return nil, fmt.Errorf("fake: the snapshot is damaged: %s", jsonProblem(err))
	}
	if err := snap.check(); err != nil {
		return nil, fmt.Errorf("fake: the snapshot is refused, it holds state the fake's controls would refuse: %w", err)
	}
	return snap, nil
}
