package main

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/registerdata/registerdata-go/cmd/registerdata/internal/output"
	"github.com/registerdata/registerdata-go/portfolio"
	"github.com/spf13/pflag"
)

// decisionHelp is the part of every deciding command's help that says
// who decides and what four eyes does.
const decisionHelp = `The decision is recorded with who took it (--as; default: the operating
system's user name) in the decisions ("portfolio decisions") and the audit
chain ("portfolio audit"). Under four eyes it waits until another person
approves it ("portfolio approve ID"): --four-eyes, or
$REGISTERDATA_FOUR_EYES=1, which a team sets as its policy in the
environment of everyone who decides.`

func portfolioResolve() *command {
	return &command{
		name: "resolve", args: "REF COMPANY_ID | REF --no-entry --note WHY", nargs: -1,
		summary: "settle an entry of the review queue: its company, or no register entry (free; a typed id is checked at a company lookup's price)",
		help: `Settles the entry REF of the review queue ("portfolio review") to
COMPANY_ID, one of its candidates or an id found elsewhere (an id that is
not a candidate is checked with a company lookup first: an id the service
does not know is refused and nothing is recorded). With --no-entry (and a
--note saying why) the customer has no register entry: the entry is kept,
never monitored, and never matched again. A resolution stands: importing
the same row again keeps it and bills nothing; a changed row comes back to
the queue with both versions.

` + decisionHelp,
		examples: []string{
			`registerdata portfolio resolve C-3 DE-HRB-F1103-267645 --note "same VAT id as the invoice"`,
			`registerdata portfolio resolve C-4 --no-entry --note "a sole trader, not in the register"`,
			`registerdata portfolio resolve C-3 DE-HRB-F1103-267645 --as "Anna Richter <anna@bank.example>" --four-eyes`,
		},
		setup: func(fs *pflag.FlagSet) runFunc {
			db := dbFlag(fs)
			note := fs.String("note", "", "why; required with --no-entry")
			noEntry := fs.Bool("no-entry", false, "the customer has no register entry (give no COMPANY_ID)")
			df := declareDecisionFlags(fs, true)
			return func(a *app, args []string) error {
				companyID := ""
				switch {
				case *noEntry && len(args) != 1:
					return usagef("resolve --no-entry takes REF alone, got %d argument(s)", len(args))
				case !*noEntry && len(args) != 2:
					return usagef("resolve takes REF COMPANY_ID (or REF --no-entry --note WHY), got %d argument(s): run 'registerdata portfolio resolve --help' for examples", len(args))
				case *noEntry && blank(*note):
					return usagef("--no-entry needs --note saying why the customer has no register entry")
				case len(args) == 2:
					companyID = args[1]
				}
				if err := checkNoteFlag(*note); err != nil {
					return err
				}
				ref := args[0]
				return a.decide(*db, df, portfolio.Decision{Kind: portfolio.KindResolve, Ref: ref, CompanyID: companyID},
					func(ctx context.Context, p *portfolio.Portfolio) error {
						err := p.Resolve(ctx, ref, companyID, *note)
						if errors.Is(err, portfolio.ErrNotFound) {
							return fmt.Errorf("%w (list the queue with \"registerdata portfolio review\")", err)
						}
						return err
					})
			}
		},
	}
}

func portfolioRemove() *command {
	return &command{
		name: "remove", args: "REF", nargs: 1,
		summary: "take an entry out of the portfolio (free)",
		help: `Takes the entry REF out of the portfolio; the audit chain keeps the row as
it stood. Its company stays monitored until the next "portfolio sync"
("portfolio plan" lists the monitor to delete when no other entry names
the company).

` + decisionHelp,
		examples: []string{
			"registerdata portfolio remove C-5",
			`registerdata portfolio remove C-5 --as "Anna Richter <anna@bank.example>" --four-eyes`,
		},
		setup: func(fs *pflag.FlagSet) runFunc {
			db := dbFlag(fs)
			df := declareDecisionFlags(fs, true)
			return func(a *app, args []string) error {
				ref := args[0]
				return a.decide(*db, df, portfolio.Decision{Kind: portfolio.KindRemove, Ref: ref},
					func(ctx context.Context, p *portfolio.Portfolio) error { return p.Remove(ctx, ref) })
			}
		},
	}
}

func portfolioAck() *command {
	return &command{
		name: "ack", args: "COMPANY_ID FLAG", nargs: 2,
		summary: "acknowledge an open red flag, with a note (free)",
		help: `Marks a company's open red flag as seen by a reviewer, with a note
(required) that says what was done. Each acknowledgement is kept with who
and when; a second one never overwrites the first. The acknowledgement
holds while the finding's facts do: a reason reworded keeps it; other
facts (another insolvency stage or proceeding, another owner abroad, a
later overdue year) raise the flag again as new, and it needs a new
acknowledgement, as it does when it is cleared and raised again later.

` + decisionHelp,
		examples: []string{
			`registerdata portfolio ack DE-HRB-F1103-267645 liquidation --note "called the liquidator; payments stopped"`,
			`registerdata portfolio ack DE-HRB-F1103-267645 liquidation --note "checked" --as anna@bank.example`,
		},
		setup: func(fs *pflag.FlagSet) runFunc {
			db := dbFlag(fs)
			note := fs.String("note", "", "what the reviewer found or did (required)")
			df := declareDecisionFlags(fs, true)
			return func(a *app, args []string) error {
				if blank(*note) {
					return usagef("--note is required: say what you found or did about the flag")
				}
				if err := checkNoteFlag(*note); err != nil {
					return err
				}
				id, code := args[0], args[1]
				return a.decide(*db, df, portfolio.Decision{Kind: portfolio.KindAcknowledge, CompanyID: id, Code: code},
					func(ctx context.Context, p *portfolio.Portfolio) error {
						if err := p.Acknowledge(ctx, id, code, *note); err != nil {
							return fmt.Errorf("%w (list the open flags with \"registerdata portfolio flags\")", err)
						}
						return nil
					})
			}
		},
	}
}

// blank reports whether s holds nothing but spaces.
func blank(s string) bool { return strings.TrimSpace(s) == "" }

// checkNoteFlag refuses a --note the portfolio cannot keep.
func checkNoteFlag(note string) error {
	if len(note) > portfolio.MaxNoteLength {
		return usagef("--note is %d bytes: at most %d", len(note), portfolio.MaxNoteLength)
	}
	return nil
}

// decide opens the portfolio for the decision flags and takes a decision
// with run, as the actor of --as, then says what was done: the decision
// applied, or that it is pending approval under four eyes. want names
// the decision (its kind and subject), to find it afterwards.
func (a *app) decide(db string, df decisionFlags, want portfolio.Decision, run func(context.Context, *portfolio.Portfolio) error) error {
	ctx, err := a.decisionContext(df)
	if err != nil {
		return err
	}
	opts, err := a.portfolioOptions(df)
	if err != nil {
		return err
	}
	open := a.openPortfolio
	if want.Kind == portfolio.KindResolve {
		open = a.openPortfolioCalling // a typed id is looked up
	}
	p, err := open(db, opts...)
	if err != nil {
		return err
	}
	defer p.Close()
	if err := run(ctx, p); err != nil {
		return err
	}
	by, _ := portfolio.ActorFrom(ctx)
	state := portfolio.Applied
	if len(opts) > 0 {
		state = portfolio.Pending
	}
	d, err := lastDecision(ctx, p, state, func(d portfolio.Decision) bool {
		return d.Kind == want.Kind && d.Subject() == want.Subject() && d.By.ID == by.ID
	})
	if err != nil {
		return err
	}
	if d == nil { // taken, but not found again: say what is known
		want.By, want.State = by, state
		d = &want
	}
	if a.jsonOut {
		return a.jsonLine(d)
	}
	var msg string
	switch {
	case d.State == portfolio.Pending:
		msg = fmt.Sprintf("decision %d is pending approval: %s, proposed by %s; another person approves it with \"registerdata portfolio approve %d\" or rejects it with \"registerdata portfolio reject %d --note WHY\"",
			d.ID, describeDecision(*d), d.By, d.ID, d.ID)
	default:
		msg = fmt.Sprintf("%s, as %s (decision %d)", doneDecision(*d), d.By, d.ID)
	}
	_, err = fmt.Fprintln(a.stdout, output.Clean(msg))
	return err
}

// lastDecision is the newest decision in state that match accepts, or
// nil.
func lastDecision(ctx context.Context, p *portfolio.Portfolio, state portfolio.DecisionState, match func(portfolio.Decision) bool) (*portfolio.Decision, error) {
	var found *portfolio.Decision
	for d, err := range p.Decisions(ctx, state) {
		if err != nil {
			return nil, err
		}
		if match(d) {
			found = &d
		}
	}
	return found, nil
}

// companyLabel is a company id with its name beside it, when known.
func companyLabel(id, name string) string {
	if name == "" {
		return id
	}
	return id + " (" + name + ")"
}

// describeDecision says what d does, as a proposal: "resolve C-3 to
// DE-HRB-F1103-267645 (Löwenherz Bau GmbH)".
func describeDecision(d portfolio.Decision) string {
	switch d.Kind {
	case portfolio.KindResolve:
		if d.CompanyID == "" {
			return fmt.Sprintf("resolve %s to \"no register entry\"", d.Ref)
		}
		return fmt.Sprintf("resolve %s to %s", d.Ref, companyLabel(d.CompanyID, d.Name))
	case portfolio.KindRemove:
		return "remove " + d.Ref
	case portfolio.KindAcknowledge:
		return fmt.Sprintf("acknowledge %s on %s", d.Code, companyLabel(d.CompanyID, d.Name))
	}
	return d.Kind + " " + d.Subject()
}

// doneDecision says what d did, once applied: "resolved C-3 to ...".
func doneDecision(d portfolio.Decision) string {
	switch d.Kind {
	case portfolio.KindResolve:
		if d.CompanyID == "" {
			return fmt.Sprintf("resolved %s to \"no register entry\"", d.Ref)
		}
		return fmt.Sprintf("resolved %s to %s", d.Ref, companyLabel(d.CompanyID, d.Name))
	case portfolio.KindRemove:
		return "removed " + d.Ref + " from the portfolio"
	case portfolio.KindAcknowledge:
		return fmt.Sprintf("acknowledged %s on %s", d.Code, companyLabel(d.CompanyID, d.Name))
	}
	return d.Kind + " " + d.Subject()
}
