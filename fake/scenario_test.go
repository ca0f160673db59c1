package fake

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/webhook"
)

// allPreferences are the company categories a scenario's monitor
// watches in these tests.
var allPreferences = []enums.Preference{enums.PreferenceBasic, enums.PreferenceRepresentation, enums.PreferenceOwnership,
	enums.PreferenceFinancials, enums.PreferenceDocuments, enums.PreferenceInsolvencies}

// scenarioSetup is a fake playing a scenario on a manual clock, a
// verifying receiver, and a weekly monitor of the scenario's company
// created at the start.
type scenarioSetup struct {
	monitorSetup
	state ScenarioState
	start registerdata.Company // the company's record at the start
}

func newScenarioSetup(t *testing.T, name string, seed int64) scenarioSetup {
	t.Helper()
	s := newMonitorSetup(t, WithScenario(name), WithSeed(seed))
	st, ok := s.srv.ActiveScenario()
	require.True(t, ok)
	s.monitor(t, companyMonitor(st.CompanyID, allPreferences...))
	start, _ := s.srv.Company(st.CompanyID)
	return scenarioSetup{monitorSetup: s, state: st, start: start}
}

// paths are the categories and paths of an event's changes, "category path".
func paths(ev *webhook.Event) []string {
	var out []string
	for _, c := range ev.Changes {
		out = append(out, c.Category+" "+c.Path)
	}
	return out
}

// lastOffset is the offset of the scenario's last step.
func lastOffset(st ScenarioState) time.Duration {
	return time.Duration(st.Steps[len(st.Steps)-1].OffsetSeconds) * time.Second
}

func TestScenariosDeliverTheirEventsSignedAndInOrder(t *testing.T) {
	ctx := context.Background()
	cases := map[string]struct {
		want   func(st ScenarioState, srv *Server) [][]string // per delivery, the changes
		events func(t *testing.T, got [][]string)             // instead of want
		check  func(t *testing.T, s scenarioSetup)
	}{
		"insolvency": {
			want: func(st ScenarioState, srv *Server) [][]string {
				id := scenarioInsolvencyID(t, srv, st)
				p, _ := srv.Insolvency(id)
				ev := func(typ enums.InsolvencyEventType) string {
					for _, e := range p.Events {
						if e.EventType == typ {
							return "insolvencies /insolvencies/" + id + "/events/" + e.ID
						}
					}
					return "no event " + string(typ)
				}
				sum := "insolvencies /insolvencies/" + id
				return [][]string{{sum}, {sum, ev(enums.InsolvencyEventTypeProceedingsOpened)},
					{sum, ev(enums.InsolvencyEventTypeMassInsufficiencyNotified)}, {sum, ev(enums.InsolvencyEventTypeProceedingsDiscontinued)}}
			},
			check: func(t *testing.T, s scenarioSetup) {
				c, err := s.client.GetCompany(ctx, s.state.CompanyID, nil)
				require.NoError(t, err)
				require.Len(t, c.Insolvencies, 1)
				assert.Equal(t, enums.InsolvencyStatusDiscontinued, c.Insolvencies[0].CurrentStatus)
				assert.NotNil(t, c.Insolvencies[0].ClosedAt)
				p, err := s.client.GetInsolvency(ctx, c.Insolvencies[0].ID)
				require.NoError(t, err)
				var types []enums.InsolvencyEventType
				for _, e := range p.Events {
					types = append(types, e.EventType)
				}
				assert.Equal(t, []enums.InsolvencyEventType{enums.InsolvencyEventTypePreliminaryMeasures, enums.InsolvencyEventTypeProceedingsOpened,
					enums.InsolvencyEventTypeMassInsufficiencyNotified, enums.InsolvencyEventTypeProceedingsDiscontinued}, types)
				assert.NotNil(t, p.AdministratorName, "opened: an administrator")
			},
		},
		"director-leaves": {
			want: func(st ScenarioState, srv *Server) [][]string {
				c, _ := srv.Company(st.CompanyID)
				for _, r := range c.Representation {
					if scenarioRole(r) == enums.RoleDirector {
						return [][]string{{"representation /representation/" + *r.ID + "/" + string(r.RoleDetail.Code)}}
					}
				}
				return [][]string{{"no director"}}
			},
			check: func(t *testing.T, s scenarioSetup) {
				c, err := s.client.GetCompany(ctx, s.state.CompanyID, nil)
				require.NoError(t, err)
				assert.Empty(t, currentDirectors(c), "no managing director in office")
			},
		},
		"owner-abroad": {
			events: func(t *testing.T, got [][]string) {
				require.Len(t, got, 1, "one shareholder list")
				require.NotEmpty(t, got[0])
				for _, c := range got[0] {
					assert.True(t, strings.HasPrefix(c, "ownership /owners/"), c)
				}
			},
			check: func(t *testing.T, s scenarioSetup) {
				o, err := s.client.GetOwners(ctx, s.state.CompanyID, nil)
				require.NoError(t, err)
				var abroad []string
				sum := 0.0
				for _, ow := range o.Owners {
					if ow.LegalPerson != nil && ow.LegalPerson.Country != "DE" {
						abroad = append(abroad, ow.Name)
						assert.Equal(t, 60.0, *ow.PercentageShare)
					}
					sum += *ow.PercentageShare
				}
				assert.Len(t, abroad, 1)
				assert.LessOrEqual(t, sum, 100.0)
			},
		},
		"liquidation": {
			events: func(t *testing.T, got [][]string) {
				require.Len(t, got, 2)
				assert.Contains(t, got[0], "basic /status")
				assert.Contains(t, got[0], "basic /name")
				assert.Contains(t, strings.Join(got[0], ","), "representation /representation/")
				assert.Equal(t, []string{"basic /status"}, got[1])
			},
			check: func(t *testing.T, s scenarioSetup) {
				c, err := s.client.GetCompany(ctx, s.state.CompanyID, nil)
				require.NoError(t, err)
				assert.Equal(t, enums.CompanyStatusInactive, c.Status)
				assert.NotNil(t, c.TerminatedAt)
				assert.True(t, strings.HasSuffix(c.Name.Name, " i.L."), c.Name.Name)
				assert.Equal(t, s.state.CompanyName, c.Names[len(c.Names)-2].Name, "the former name stays in the history")
				assert.Empty(t, currentDirectors(c))
			},
		},
		"rename-move": {
			want: func(ScenarioState, *Server) [][]string { return [][]string{{"basic /name"}, {"basic /address"}} },
			check: func(t *testing.T, s scenarioSetup) {
				c, err := s.client.GetCompany(ctx, s.state.CompanyID, nil)
				require.NoError(t, err)
				assert.NotEqual(t, s.state.CompanyName, c.Name.Name)
				assert.Equal(t, c.Name, c.Names[len(c.Names)-1])
				assert.Equal(t, c.Address, c.Addresses[len(c.Addresses)-1])
				assert.NotEqual(t, s.start.Address.City, c.Address.City)
			},
		},
		"accounts-overdue": {
			want: func(st ScenarioState, srv *Server) [][]string {
				c, _ := srv.Company(st.CompanyID)
				return [][]string{{"financials /indicators/" + c.Indicators[latestIndicator(&c)].Date.String()}}
			},
			check: func(t *testing.T, s scenarioSetup) {
				c, err := s.client.GetCompany(ctx, s.state.CompanyID, nil)
				require.NoError(t, err)
				latest := c.Indicators[latestIndicator(c)].Date
				assert.Equal(t, testStart.Year()-3, latest.Time().Year(), "dated back four years, one filed late")
				f, err := s.client.GetFinancials(ctx, s.state.CompanyID)
				require.NoError(t, err)
				assert.Len(t, f.Reports, len(c.Indicators), "the reports follow the indicators")
			},
		},
	}
	require.ElementsMatch(t, ScenarioNames(), keys(cases), "every scenario is tested")
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			s := newScenarioSetup(t, name, 1)
			for _, st := range s.state.Steps[1:] {
				assert.False(t, st.Done)
			}
			s.clk.Advance(lastOffset(s.state) + week)
			st, _ := s.srv.ActiveScenario()
			for _, step := range st.Steps {
				assert.True(t, step.Done, step.What)
				assert.Empty(t, step.Error, step.What)
			}
			evs := s.rc.events() // accepted by webhook.Handler: signed with the secret
			require.NotEmpty(t, evs)
			require.Equal(t, len(evs), len(s.rc.calls()), "every delivery verified on its first attempt")
			var got [][]string
			for i, ev := range evs {
				assert.Equal(t, s.state.CompanyID, ev.EntityID)
				if i > 0 {
					assert.True(t, evs[i-1].DetectedAt.Before(ev.DetectedAt), "in order")
				}
				got = append(got, paths(ev))
			}
			if tc.want != nil {
				assert.Equal(t, tc.want(st, s.srv), got)
			} else {
				tc.events(t, got)
			}
			tc.check(t, s)
		})
	}
}

func keys[V any](m map[string]V) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

// scenarioInsolvencyID is the proceeding the insolvency scenario opened.
func scenarioInsolvencyID(t *testing.T, srv *Server, st ScenarioState) string {
	t.Helper()
	c, ok := srv.Company(st.CompanyID)
	require.True(t, ok)
	require.Len(t, c.Insolvencies, 1)
	return c.Insolvencies[0].ID
}

func TestScenarioStepsWaitForTheirTime(t *testing.T) {
	s := newScenarioSetup(t, "rename-move", 1)
	s.clk.Advance(4*scenarioDay - time.Second)
	c, _ := s.srv.Company(s.state.CompanyID)
	assert.Equal(t, s.state.CompanyName, c.Name.Name, "not renamed before its offset")
	s.clk.Advance(time.Second)
	c, _ = s.srv.Company(s.state.CompanyID)
	assert.NotEqual(t, s.state.CompanyName, c.Name.Name, "renamed at its offset")
	assert.Empty(t, s.rc.calls(), "delivered at the monitor's check, not at the event")
	s.clk.Advance(3 * scenarioDay)
	require.Len(t, s.rc.events(), 1)
	assert.Equal(t, testStart.Add(week), s.rc.events()[0].DetectedAt)
}

func TestScenarioSameSeedSameCompanyAndDetails(t *testing.T) {
	run := func(seed int64) (ScenarioState, registerdata.Company) {
		srv, clk := newTestServer(t, WithScenario("rename-move"), WithSeed(seed))
		clk.Advance(30 * scenarioDay)
		st, _ := srv.ActiveScenario()
		c, _ := srv.Company(st.CompanyID)
		return st, c
	}
	a, ca := run(7)
	b, cb := run(7)
	assert.Equal(t, a, b)
	assert.Equal(t, ca, cb, "the same new name and seat")
	picked := map[string]bool{}
	for seed := range int64(20) {
		st, _ := run(seed)
		picked[st.CompanyID] = true
	}
	assert.Greater(t, len(picked), 1, "the seed picks among the companies that fit")
}

func TestUnknownScenarioNamesTheKnownOnes(t *testing.T) {
	_, err := Listen("127.0.0.1:0", WithScenario("bankrupcy"))
	require.Error(t, err)
	assert.True(t, errors.Is(err, ErrUnknownScenario))
	for _, n := range ScenarioNames() {
		assert.Contains(t, err.Error(), n)
	}
	assert.Contains(t, err.Error(), `"bankrupcy"`)
}

func TestScenarioNeedsAFittingCompany(t *testing.T) {
	_, err := Listen("127.0.0.1:0", WithScenario("insolvency"), WithoutCurated())
	require.Error(t, err)
	assert.Contains(t, err.Error(), "no company of the register fits it")
}

func TestScenarioControlRoute(t *testing.T) {
	srv, _ := newTestServer(t, WithScenario("director-leaves"), WithSeed(3))
	res, err := http.Get(srv.URL + "/_fake/scenario")
	require.NoError(t, err)
	defer res.Body.Close()
	require.Equal(t, http.StatusOK, res.StatusCode)
	var st ScenarioState
	require.NoError(t, json.NewDecoder(res.Body).Decode(&st))
	want, _ := srv.ActiveScenario()
	assert.Equal(t, want.CompanyID, st.CompanyID)
	assert.Equal(t, "director-leaves", st.Name)
	require.Len(t, st.Steps, 1)
	assert.Equal(t, int64(3*24*3600), st.Steps[0].OffsetSeconds)

	plain, _ := newTestServer(t)
	res2, err := http.Get(plain.URL + "/_fake/scenario")
	require.NoError(t, err)
	defer res2.Body.Close()
	body, _ := io.ReadAll(res2.Body)
	assert.Equal(t, http.StatusNotFound, res2.StatusCode)
	assert.Contains(t, string(body), "-scenario NAME")
}

func TestScenariosListEveryStepWithItsOffset(t *testing.T) {
	for _, sc := range Scenarios() {
		require.NotEmpty(t, sc.Steps, sc.Name)
		assert.NotEmpty(t, sc.Summary, sc.Name)
		for i, st := range sc.Steps {
			assert.NotEmpty(t, st.What)
			if i > 0 {
				assert.Greater(t, st.Offset, sc.Steps[i-1].Offset, "%s: steps in time order", sc.Name)
			}
		}
	}
}

func TestScenarioPicksAmongTheFirstCompaniesOfALargeRegister(t *testing.T) {
	srv, _ := newTestServer(t, WithGenerated(20_000), WithoutCurated(), WithScenario("rename-move"), WithSeed(5))
	st, ok := srv.ActiveScenario()
	require.True(t, ok)
	assert.Equal(t, srv.CompanyIDs()[:scenarioCandidates], srv.firstCompanyIDs(scenarioCandidates))
	assert.Contains(t, srv.CompanyIDs()[:scenarioCandidates], st.CompanyID)
}
