package web

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"testing"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/portfolio"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// matrixRefs is how many queue entries the role matrix decides on: one
// per cell of a POST route.
const matrixRefs = 40

// policy is who may do what, written apart from the server's route
// table: viewers read, reviewers decide, approvers approve others'
// decisions, admins manage users and subscribers. The matrix judges the
// server by it, so a route whose role changes in the table fails here.
var policy = map[string]Role{
	"GET /{$}": Viewer, "GET /queue": Viewer, "GET /queue/item": Viewer, "GET /flags": Viewer,
	"GET /company": Viewer, "POST /company/dossier": Reviewer, "GET /journal": Viewer, "GET /approvals": Viewer, "GET /audit": Viewer, "GET /audit.csv": Viewer,
	"POST /queue/resolve": Reviewer, "POST /flags/acknowledge": Reviewer,
	"POST /approvals/approve": Approver, "POST /approvals/reject": Approver,
	"GET /users": Admin, "POST /users/role": Admin, "POST /users/remove": Admin,
	"GET /subscribers": Admin, "POST /subscribers/add": Admin, "POST /subscribers/remove": Admin, "POST /subscribers/replay": Admin,
}

// TestEveryRouteIsAllowedExactlyWhereTheRoleSays runs every route of
// the workplace as every role, each in four ways: with the person's own
// session, with no session, from another origin, and as a form made for
// another person replayed with this person's session. A request is
// allowed exactly where the role allows it (and then acts as the
// session's person, whatever the form says); a refused one changes
// nothing: the audit gains no entry.
func TestEveryRouteIsAllowedExactlyWhereTheRoleSays(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		ctx := context.Background()
		rows := defaultRows()
		for i := range matrixRefs {
			rows = append(rows, portfolio.Row{Ref: fmt.Sprintf("Q-%02d", i), Query: registerdata.MatchQuery{Name: fmt.Sprintf("Quxbarfoo Zzyzx Unbekannt %d GmbH", i), City: "Kassel"}})
		}
		f := newFixture(t, dsn, rows, portfolio.WithFourEyes())
		// Pending decisions for the approvers' cells, proposed by a reviewer.
		var pending []int64
		for i := range matrixRefs {
			ref := fmt.Sprintf("Q-%02d", i)
			require.NoError(t, f.p.Resolve(portfolio.WithActor(ctx, portfolio.Actor{ID: reviewer.ID, Name: reviewer.Name}), ref, "", "no such company"))
		}
		for d, err := range f.p.Decisions(ctx, portfolio.Pending) {
			require.NoError(t, err)
			pending = append(pending, d.ID)
		}
		require.Len(t, pending, matrixRefs)
		nextPending := 0
		takePending := func() string { nextPending++; return strconv.FormatInt(pending[nextPending-1], 10) }
		// Fresh queue entries for the resolve cells: the Q rows are pending
		// now, so the resolve cells decide on entries imported for them.
		nextRef := 0
		var fresh []portfolio.Row
		for i := range matrixRefs {
			fresh = append(fresh, portfolio.Row{Ref: fmt.Sprintf("R-%02d", i), Query: registerdata.MatchQuery{Name: fmt.Sprintf("Quxbarfoo Yyzx Fremd %d GmbH", i), City: "Kassel"}})
		}
		for r, err := range f.p.Import(ctx, func(yield func(portfolio.Row, error) bool) {
			for _, r := range fresh {
				if !yield(r, nil) {
					return
				}
			}
		}, portfolio.ImportOptions{}) {
			require.NoError(t, err)
			require.NoError(t, r.Err)
		}
		takeRef := func() string { nextRef++; return fmt.Sprintf("R-%02d", nextRef-1) }
		// Acknowledge cells: each acknowledges the flag once; under four
		// eyes that is a pending decision, and a flag takes one at a time,
		// so each allowed cell is approved at once to free the flag.
		// Users for the admin's cells: one whose role changes, one to
		// remove per cell.
		addUser(t, f.p, "spare-role", Viewer, annaPassword)
		spare := 0
		for i := range 20 {
			addUser(t, f.p, fmt.Sprintf("spare-%02d", i), Viewer, annaPassword)
		}
		// Subscribers for the admin's cells: one to replay, one to remove
		// per cell, each added without an actor (no audit entry), and a
		// new name per added one.
		const subSecret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
		require.NoError(t, f.p.AddSubscriber(ctx, portfolio.Subscriber{Name: "keep", URL: "https://crm.example/hooks", Secret: subSecret}))
		for i := range 20 {
			require.NoError(t, f.p.AddSubscriber(ctx, portfolio.Subscriber{Name: fmt.Sprintf("spare-%02d", i), URL: "https://crm.example/hooks", Secret: subSecret}))
		}
		spareSub, newSub := 0, 0
		roles := []string{"reviewer", "viewer"}
		forms := map[string]func() url.Values{
			"POST /users/role": func() url.Values {
				spare++
				return url.Values{"id": {"spare-role"}, "role": {roles[spare%2]}}
			},
			"POST /users/remove": func() url.Values {
				spare++
				return url.Values{"id": {fmt.Sprintf("spare-%02d", spare%20)}}
			},
			"POST /queue/resolve": func() url.Values {
				return url.Values{"ref": {takeRef()}, "choice": {"none"}, "note": {"not in the register"}}
			},
			"POST /flags/acknowledge": func() url.Values {
				return url.Values{"company_id": {inLiquidation}, "code": {"liquidation"}, "note": {"known, in talks"}}
			},
			"POST /subscribers/add": func() url.Values {
				newSub++
				return url.Values{"name": {fmt.Sprintf("new-%02d", newSub)}, "url": {"https://crm.example/new"}, "secret": {subSecret}, "min_severity": {"review"}}
			},
			"POST /subscribers/remove": func() url.Values {
				spareSub++
				return url.Values{"name": {fmt.Sprintf("spare-%02d", spareSub%20)}}
			},
			"POST /company/dossier":    func() url.Values { return url.Values{"id": {nordlicht}, "confirm": {"yes"}} },
			"POST /subscribers/replay": func() url.Values { return url.Values{"name": {"keep"}, "since": {"0"}} },
			"POST /approvals/approve":  func() url.Values { return url.Values{"id": {takePending()}, "note": {"checked"}} },
			"POST /approvals/reject":   func() url.Values { return url.Values{"id": {takePending()}, "note": {"wrong company"}} },
		}
		gets := map[string]string{"GET /queue/item": "?ref=C-3", "GET /company": "?id=" + inLiquidation}
		cells, allowedCells := 0, 0
		require.Len(t, (&server{}).routes(), len(policy), "every route has its row in the policy")
		for _, rt := range (&server{}).routes() {
			need, ok := policy[rt.pattern]
			require.True(t, ok, "%s has no row in the policy: add who may use it", rt.pattern)
			method, path, _ := cutPattern(rt.pattern)
			for _, who := range people {
				for _, mode := range []string{"own session", "no session", "another origin", "replayed form of another user"} {
					cells++
					name := fmt.Sprintf("%s as %s (%s), %s", rt.pattern, who.Name, who.Role, mode)
					sessionOf := who
					if mode == "no session" {
						sessionOf = Principal{}
					}
					c := f.client(t, sessionOf)
					want := mode != "no session" && who.Role.Allows(need)
					before := f.auditLen(t)
					var status int
					var body string
					if method == http.MethodGet {
						status, body = f.get(t, c, path+gets[rt.pattern])
						if mode == "no session" {
							assert.Equal(t, http.StatusSeeOther, status, name)
						}
					} else {
						form := forms[rt.pattern]()
						origin := ""
						switch mode {
						case "another origin":
							origin = "https://evil.example"
							want = false
						case "replayed form of another user":
							form.Set("actor_id", reviewer2.ID) // whatever the form says, the session decides
						}
						status, body = f.post(t, c, origin, path, form)
					}
					after := f.auditLen(t)
					if want {
						allowedCells++
						assert.Contains(t, []int{http.StatusOK, http.StatusSeeOther}, status, "%s: allowed: %s", name, body)
						if method == http.MethodPost {
							require.Equal(t, before+1, after, "%s: an allowed decision is one audit entry", name)
							last := lastAudit(t, f.p)
							assert.Equal(t, who.ID, last.Actor.ID, "%s: the session's person acts", name)
							if rt.pattern == "POST /flags/acknowledge" {
								approveLast(t, f.p, who)
							}
						}
					} else {
						assert.Contains(t, []int{http.StatusUnauthorized, http.StatusForbidden, http.StatusSeeOther}, status, "%s: refused: %s", name, body)
						assert.Equal(t, before, after, "%s: a refused request changes nothing", name)
					}
				}
			}
		}
		t.Logf("role matrix: %d routes x %d people x 4 ways = %d cells, %d allowed", len((&server{}).routes()), len(people), cells, allowedCells)
	})
}

// cutPattern splits a mux pattern into its method and path.
func cutPattern(p string) (method, path string, ok bool) {
	for i := range len(p) {
		if p[i] == ' ' {
			path = p[i+1:]
			if path == "/{$}" {
				path = "/"
			}
			return p[:i], path, true
		}
	}
	return "", p, false
}

// approveLast approves the newest pending decision as someone other
// than its proposer.
func approveLast(t testing.TB, p *portfolio.Portfolio, proposer Principal) {
	t.Helper()
	ctx := context.Background()
	var id int64
	for d, err := range p.Decisions(ctx, portfolio.Pending) {
		require.NoError(t, err)
		if d.By.ID == proposer.ID && d.Kind == portfolio.KindAcknowledge {
			id = d.ID
		}
	}
	require.NotZero(t, id)
	other := portfolio.Actor{ID: "audit-helper@bank.example", Name: "Helper"}
	require.NoError(t, p.Approve(portfolio.WithActor(ctx, other), id, "freeing the flag for the next cell"))
}
