package fake

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	mrand "math/rand/v2"
	"net/http"
	"sort"
	"strings"
	"sync"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
)

// Scenarios in the fake: a scenario is a named sequence of register
// events on the fake clock, played against one company of the register
// that the scenario picks, seeded, among those it fits (WithSeed: the same
// seed picks the same company and the same details). Each event changes
// the fake's real data (the company record with its history of names and
// addresses, its owners, its insolvency proceedings) as UpdateCompany,
// SetOwners and AddInsolvencyEvent do, so lookups after the event answer
// the new state, and monitors of the company collect the change and
// deliver it, signed like every delivery, at their next due check.
//
// Offsets count from the moment the server starts (the fake clock's time
// then). An event at offset 0 is applied at start, before any monitor
// exists: it is the state the scenario starts from. Later events are
// applied as the clock is advanced past them (Clock.Advance, POST
// /_fake/clock/advance), in order, each after the checks due before it
// and before the checks due after it, so a single large advance delivers
// what a series of small ones would. Scenarios lists them; the running
// one is ActiveScenario (GET /_fake/scenario).
//
// The dates an event writes (an end date, a publication date, a new
// name's start) are the fake clock's. A receiver that judges them by
// its own clock, as the portfolio's red flags judge "today", sees them in
// the future until that day comes: a managing director who left on day 3
// of the scenario is still in office for it until then.

// ErrUnknownScenario is returned (wrapped) by Listen for a WithScenario
// name that is no scenario of the fake; the error lists the known ones.
var ErrUnknownScenario = errors.New("fake: unknown scenario")

// Scenario describes one of the fake's scenarios, as Scenarios lists
// them.
type Scenario struct {
	// Name is what WithScenario and registerfake -scenario take, such as
	// "insolvency".
	Name string
	// Summary says what the scenario plays and which company it picks.
	Summary string
	// Steps are its events, in order.
	Steps []ScenarioStep
}

// ScenarioStep is one event of a scenario.
type ScenarioStep struct {
	// Offset is when the event happens, counted on the fake clock from the
	// server's start.
	Offset time.Duration
	// What says what changes in the register, and which monitor
	// categories see it.
	What string
}

// ScenarioState is the scenario a server plays: which company, since
// when, and how far it got.
type ScenarioState struct {
	// Name is the scenario's name.
	Name string `json:"name"`
	// Start is the fake-clock time offsets count from.
	Start time.Time `json:"start"`
	// CompanyID and CompanyName are the company the scenario picked.
	CompanyID   string `json:"company_id"`
	CompanyName string `json:"company_name"`
	// Steps are the events with their times and whether they happened.
	Steps []ScenarioStepState `json:"steps"`
}

// ScenarioStepState is one event of a running scenario.
type ScenarioStepState struct {
	// OffsetSeconds is the event's offset from Start, in seconds.
	OffsetSeconds int64 `json:"offset_seconds"`
	// At is when the event happens on the fake clock.
	At time.Time `json:"at"`
	// What says what the event changes.
	What string `json:"what"`
	// Done reports whether the event was applied.
	Done bool `json:"done"`
	// Error says why applying the event failed, when it did (the register
	// was changed by other means so that the event no longer fits).
	Error string `json:"error,omitempty"`
}

// Scenarios returns every scenario of the fake, sorted by name.
func Scenarios() []Scenario {
	out := make([]Scenario, 0, len(scenarioDefs))
	for _, d := range scenarioDefs {
		sc := Scenario{Name: d.name, Summary: d.summary}
		for _, st := range d.steps {
			sc.Steps = append(sc.Steps, ScenarioStep{Offset: st.offset, What: st.what})
		}
		out = append(out, sc)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// ScenarioNames returns the names of the scenarios, sorted.
func ScenarioNames() []string {
	var names []string
	for _, sc := range Scenarios() {
		names = append(names, sc.Name)
	}
	return names
}

// WithScenario makes the server play the scenario name (see Scenarios):
// at start it picks the company, applies the events at offset 0, and
// applies the later ones as its clock is advanced past them. Listen
// fails with an error wrapping ErrUnknownScenario, naming the known
// scenarios, for an unknown name (NewServer panics), and when no company
// of the register fits the scenario. A scenario's progress is not part of
// a snapshot: WithScenario and WithSnapshot do not go together.
func WithScenario(name string) Option {
	return func(c *config) { c.scenario = name }
}

// scenarioDef is a scenario: what it fits and what it does.
type scenarioDef struct {
	name, summary string
	// fits reports whether the scenario can play against c.
	fits  func(s *Server, c *registerdata.Company) bool
	steps []scenarioStepDef
}

// scenarioStepDef is one event: apply changes the register at time at.
type scenarioStepDef struct {
	offset time.Duration
	what   string
	apply  func(r *scenarioRun, at time.Time) error
}

// scenarioRun is a scenario being played by one server.
type scenarioRun struct {
	s   *Server
	def *scenarioDef
	rng *mrand.Rand // seeded: the details each event draws

	mu        sync.Mutex
	start     time.Time
	companyID string
	name      string
	next      int      // the first step not yet applied
	errs      []string // per step: why it failed
}

// scenarioCandidates is how many companies of the register, in the
// order of CompanyIDs, a scenario looks at for ones it fits.
const scenarioCandidates = 5000

// findScenario returns the scenario called name, or an error naming the
// known ones.
func findScenario(name string) (*scenarioDef, error) {
	for i := range scenarioDefs {
		if scenarioDefs[i].name == name {
			return &scenarioDefs[i], nil
		}
	}
	return nil, fmt.Errorf("%w %q: the scenarios are %s (registerfake -list-scenarios says what each does)",
		ErrUnknownScenario, name, strings.Join(ScenarioNames(), ", "))
}

// installScenario registers the scenario's clock hook and its control
// route. It comes first among the extensions, so that its hook runs
// before the monitors' checks of the same advance.
func installScenario(s *Server) {
	s.handleControl("GET /_fake/scenario", s.handleGetScenario)
	s.clock.onAdvance(func(_, to time.Time) {
		if r := extState[scenarioState](s).run; r != nil {
			r.advance(to)
		}
	})
}

// scenarioState holds the server's running scenario, nil without one.
type scenarioState struct{ run *scenarioRun }

// startScenario picks the company of the configured scenario and applies
// its events at offset 0. It runs once the extensions are installed.
func (s *Server) startScenario() error {
	if s.cfg.scenario == "" {
		return nil
	}
	def, err := findScenario(s.cfg.scenario)
	if err != nil {
		return err
	}
	if s.cfg.snapshot != nil {
		return fmt.Errorf("fake: WithScenario(%q) and WithSnapshot do not go together: a snapshot holds no scenario's progress; start the scenario on a fresh fake", s.cfg.scenario)
	}
	r := &scenarioRun{s: s, def: def, rng: scenarioRand(s.cfg.seed, s.cfg.seeded), start: s.clock.Now(), errs: make([]string, len(def.steps))}
	var fits []*registerdata.Company
	for _, id := range s.firstCompanyIDs(scenarioCandidates) {
		if c, ok := s.store.get(id); ok && def.fits(s, c) {
			fits = append(fits, c)
		}
	}
	if len(fits) == 0 {
		return fmt.Errorf("fake: scenario %q: no company of the register fits it (%s); serve the curated register or add such a company", def.name, def.summary)
	}
	c := fits[r.rng.IntN(len(fits))]
	r.companyID, r.name = c.ID, c.Name.Name
	extState[scenarioState](s).run = r
	r.advance(r.start)
	return nil
}

// firstCompanyIDs returns the first n ids in the order of CompanyIDs
// (curated, generated, added) without listing a large generated
// register whole.
func (s *Server) firstCompanyIDs(n int) []string {
	st := s.store
	st.mu.RLock()
	defer st.mu.RUnlock()
	out := make([]string, 0, n)
	out = append(out, st.ids[:min(st.curated, n)]...)
	for i := 0; i < st.generated && len(out) < n; i++ {
		out = append(out, generatedID(i))
	}
	rest := st.ids[st.curated:]
	return append(out, rest[:min(len(rest), n-len(out))]...)
}

// scenarioRand is the scenario's own random source: from the seed when
// one is given, so that the same seed picks the same company, else
// random. It is apart from the server's, so a scenario changes no other
// draw.
func scenarioRand(seed int64, seeded bool) *mrand.Rand {
	var s1, s2 uint64
	if seeded {
		sum := sha256.Sum256(binary.BigEndian.AppendUint64([]byte("registerfake scenario\n"), uint64(seed)))
		s1, s2 = binary.BigEndian.Uint64(sum[:8]), binary.BigEndian.Uint64(sum[8:16])
	} else {
		var b [16]byte
		_, _ = rand.Read(b[:])
		s1, s2 = binary.BigEndian.Uint64(b[:8]), binary.BigEndian.Uint64(b[8:])
	}
	return mrand.New(mrand.NewPCG(s1, s2))
}

// advance applies, in order, every step due at or before to: each after
// the monitors' work due before it (deliveries of earlier checks), so
// that a check between two events reports only the first. Advances are
// serialised by the clock (and the start runs before serving); r.mu only
// guards what state reads, and is not held while deliveries are sent, so
// a receiver may ask for the scenario while it is notified.
func (r *scenarioRun) advance(to time.Time) {
	for {
		r.mu.Lock()
		i := r.next
		r.mu.Unlock()
		if i == len(r.def.steps) {
			return
		}
		st := r.def.steps[i]
		at := r.start.Add(st.offset)
		if at.After(to) {
			return
		}
		if m := r.s.monitoring(); m.engine != nil && st.offset > 0 {
			m.engine.RunUntil(at)
		}
		err := st.apply(r, at)
		r.mu.Lock()
		if err != nil {
			r.errs[i] = err.Error()
		}
		r.next = i + 1
		r.mu.Unlock()
	}
}

// company returns the stored record of the scenario's company.
func (r *scenarioRun) company() (*registerdata.Company, error) {
	c, ok := r.s.store.get(r.companyID)
	if !ok {
		return nil, fmt.Errorf("%w %q", ErrUnknownCompany, r.companyID)
	}
	return c, nil
}

// update changes the scenario's company as UpdateCompany does.
func (r *scenarioRun) update(fn func(c *registerdata.Company)) error {
	return r.s.UpdateCompany(r.companyID, fn)
}

// state is the run as ActiveScenario reports it.
func (r *scenarioRun) state() ScenarioState {
	r.mu.Lock()
	defer r.mu.Unlock()
	st := ScenarioState{Name: r.def.name, Start: r.start, CompanyID: r.companyID, CompanyName: r.name}
	for i, d := range r.def.steps {
		st.Steps = append(st.Steps, ScenarioStepState{
			OffsetSeconds: int64(d.offset / time.Second), At: r.start.Add(d.offset), What: d.what,
			Done: i < r.next, Error: r.errs[i],
		})
	}
	return st
}

// ActiveScenario returns the scenario the server plays (WithScenario)
// and whether it plays one.
func (s *Server) ActiveScenario() (ScenarioState, bool) {
	r := extState[scenarioState](s).run
	if r == nil {
		return ScenarioState{}, false
	}
	return r.state(), true
}

// handleGetScenario is GET /_fake/scenario: the running scenario, or 404
// when the fake plays none.
func (s *Server) handleGetScenario(w http.ResponseWriter, _ *http.Request) {
	st, ok := s.ActiveScenario()
	if !ok {
		writeErrorf(w, http.StatusNotFound, CodeNotFound, "the fake plays no scenario: start it with -scenario NAME (one of %s)", strings.Join(ScenarioNames(), ", "))
		return
	}
	writeJSON(w, http.StatusOK, &st)
}
