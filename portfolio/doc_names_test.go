package portfolio_test

import (
	"context"
	"encoding/json"
	"iter"
	"net/http"
	"testing"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/changes"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/portfolio"
	"github.com/registerdata/registerdata-go/redflags"
	"github.com/registerdata/registerdata-go/webhook"
)

// TestNamesAsDesignFixesThem spells the names DESIGN.md fixes for the
// portfolio: it fails to compile when one drifts.
func TestNamesAsDesignFixesThem(t *testing.T) {
	var (
		open     func(context.Context, string, *registerdata.Client, ...portfolio.Option) (*portfolio.Portfolio, error) = portfolio.Open
		p        *portfolio.Portfolio
		_        = registerdata.BatchOptions{}
		row      = portfolio.Row{Ref: "", CompanyID: "", Query: registerdata.MatchQuery{}, Tags: []string{}}
		opts     = portfolio.ImportOptions{Match: nil, Batch: registerdata.BatchOptions{}}
		res      = portfolio.ImportResult{Row: row, Status: portfolio.Matched, CompanyID: "", Score: 0, Credits: 0, Err: nil}
		statuses = []portfolio.Status{portfolio.Matched, portfolio.Ambiguous, portfolio.NotFound, portfolio.Unchanged, portfolio.Failed}
		entry    = portfolio.Entry{Ref: "", CompanyID: "", Name: "", Status: portfolio.Matched, Score: 0, Tags: nil, AddedAt: time.Time{}}
		mo       = portfolio.MonitorOptions{Preferences: []enums.Preference{enums.PreferenceBasic}, UpdateFrequency: enums.UpdateFrequencyDaily}
		plan     = portfolio.Plan{Create: nil, Delete: nil, Credits: 0}
		sr       = portfolio.SyncResult{Created: 0, Deleted: 0, Credits: 0}
		ev       = portfolio.Event{Seq: 0, CompanyID: "", Refs: nil, EventID: "", Changes: []changes.Change{}, Raised: []redflags.Flag{}, Cleared: nil, At: time.Time{}, Credits: 0}
		of       = portfolio.OpenFlag{CompanyID: "", Refs: nil, Flag: redflags.Flag{}, Since: time.Time{}, Acknowledged: false, Note: ""}
		ro       = portfolio.RescreenOptions{MaxCredits: 500}
	)
	_ = []any{open, res, statuses, entry, plan, sr, ev, of}
	if p == nil {
		return // only the signatures below are checked
	}
	ctx := context.Background()
	var rows iter.Seq2[portfolio.Row, error]
	var _ iter.Seq2[portfolio.ImportResult, error] = p.Import(ctx, rows, opts)
	var _ iter.Seq2[portfolio.Entry, error] = p.Entries(ctx)
	var _ error = p.Remove(ctx, "")
	plan, _ = p.Plan(ctx, mo)
	var _, _ = p.Sync(ctx, plan)
	var _ http.Handler = p.Handler((*webhook.Verifier)(nil))
	var _ error = p.Work(ctx)
	var _, _ = p.Drain(ctx)
	var _ iter.Seq2[portfolio.Event, error] = p.Events(ctx, int64(0))
	var _ iter.Seq2[portfolio.OpenFlag, error] = p.Flags(ctx)
	var _ error = p.Acknowledge(ctx, "", "", "")
	var _ iter.Seq2[portfolio.Event, error] = p.Rescreen(ctx, ro)
	var _ error = p.Close()
	var _ []redflags.Flag = redflags.Evaluate(redflags.Input{}, registerdata.Date{})
}

// TestDecisionNamesAsDesignFixesThem spells the names DESIGN.md's round 5
// fixes for decisions and the audit chain: it fails to compile when one
// drifts.
func TestDecisionNamesAsDesignFixesThem(t *testing.T) {
	var (
		actor                                                          = portfolio.Actor{ID: "anna@bank.example", Name: "Anna Richter"}
		withAct func(context.Context, portfolio.Actor) context.Context = portfolio.WithActor
		noActor error                                                  = portfolio.ErrNoActor
		four    portfolio.Option                                       = portfolio.WithFourEyes()
		review                                                         = portfolio.Review{Ref: "", Row: portfolio.Row{}, Status: portfolio.Ambiguous,
			Candidates: []registerdata.MatchCandidate{}, Reasons: []string{}, Since: time.Time{}}
		states   = []portfolio.DecisionState{portfolio.Pending, portfolio.Applied, portfolio.Rejected, portfolio.AllDecisions}
		decision = portfolio.Decision{ID: int64(0), Kind: "resolve", Ref: "", CompanyID: "", Code: "", Note: "", By: actor, At: time.Time{},
			State: portfolio.Pending, ReviewedBy: (*portfolio.Actor)(nil), ReviewNote: ""}
		selfApproval error = portfolio.ErrSelfApproval
		entry              = portfolio.AuditEntry{Seq: int64(0), At: time.Time{}, Actor: actor, Action: "", Subject: "", Detail: json.RawMessage(nil), Hash: ""}
	)
	_ = []any{withAct, noActor, four, review, states, decision, selfApproval, entry}
	var p *portfolio.Portfolio
	if p == nil {
		return // only the signatures below are checked
	}
	ctx := context.Background()
	var _ iter.Seq2[portfolio.Review, error] = p.Reviews(ctx)
	var _ error = p.Resolve(ctx, "", "", "")
	var _ error = p.Remove(ctx, "")
	var _ error = p.Acknowledge(ctx, "", "", "")
	var _ iter.Seq2[portfolio.Decision, error] = p.Decisions(ctx, portfolio.Pending)
	var _ error = p.Approve(ctx, int64(0), "")
	var _ error = p.Reject(ctx, int64(0), "")
	var _ iter.Seq2[portfolio.AuditEntry, error] = p.Audit(ctx, int64(0))
	var _ error = p.VerifyAudit(ctx)
}
