package main

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/registerdata/registerdata-go/cmd/registerdata/internal/output"
	"github.com/registerdata/registerdata-go/portfolio"
	"github.com/spf13/pflag"
)

func portfolioDecisions() *command {
	return &command{
		name: "decisions", nargs: 0,
		summary: "the decisions waiting for a second person, or all of them (free)",
		help: `Lists the decisions pending approval under four eyes (--all: every
decision, applied and rejected too, oldest first): the id to approve or
reject, the kind (resolve, remove, acknowledge), what it is about with the
company's name, who proposed it and when, its state, and the note. --json
prints one JSON object a line.`,
		examples: []string{
			"registerdata portfolio decisions",
			"registerdata portfolio decisions --all --json | jq -c 'select(.state == \"rejected\")'",
		},
		setup: func(fs *pflag.FlagSet) runFunc {
			db := dbFlag(fs)
			all := fs.Bool("all", false, "every decision, not only the pending ones")
			return func(a *app, _ []string) error {
				p, err := a.openPortfolio(*db)
				if err != nil {
					return err
				}
				defer p.Close()
				state := portfolio.Pending
				if *all {
					state = portfolio.AllDecisions
				}
				return a.printDecisions(p, state)
			}
		},
	}
}

// decisionsTablePage is how many decisions "portfolio decisions" lays
// out in one table, so that memory stays bounded.
const decisionsTablePage = 500

// printDecisions prints the decisions in state, as JSON Lines or as
// tables of decisionsTablePage rows.
func (a *app) printDecisions(p *portfolio.Portfolio, state portfolio.DecisionState) error {
	tp := a.newTablePages(decisionsTablePage, output.Column{Header: "ID", Right: true, Fixed: true}, output.Column{Header: "KIND", Fixed: true},
		output.Column{Header: "SUBJECT"}, output.Column{Header: "BY"}, output.Column{Header: "AT", Fixed: true},
		output.Column{Header: "STATE", Fixed: true}, output.Column{Header: "REVIEWED BY", Optional: true, OmitEmpty: true},
		output.Column{Header: "NOTE", Prose: true, OmitEmpty: true})
	n := 0
	for d, err := range p.Decisions(a.ctx, state) {
		if err != nil {
			return err
		}
		n++
		if a.jsonOut {
			if err := a.jsonLine(d); err != nil {
				return err
			}
			continue
		}
		reviewed := ""
		if d.ReviewedBy != nil {
			reviewed = actorName(*d.ReviewedBy)
		}
		note := d.Note
		if d.ReviewNote != "" {
			note = join("; ", note, "review: "+d.ReviewNote)
		}
		if err := tp.row(strconv.FormatInt(d.ID, 10), d.Kind, decisionSubject(d), actorName(d.By), d.At.UTC().Format("2006-01-02 15:04"),
			string(d.State), reviewed, note); err != nil {
			return err
		}
	}
	if a.jsonOut {
		return nil
	}
	if err := tp.flush(); err != nil {
		return err
	}
	switch {
	case n == 0 && state == portfolio.Pending:
		_, err := fmt.Fprintln(a.stdout, "no decision is pending approval")
		return err
	case n == 0:
		_, err := fmt.Fprintln(a.stdout, "no decisions yet")
		return err
	case state == portfolio.Pending:
		_, err := fmt.Fprintf(a.stdout, "%d pending; approve one with \"registerdata portfolio approve ID\", or reject it with \"registerdata portfolio reject ID --note WHY\"\n", n)
		return err
	}
	return nil
}

// actorName is how people read who acted: the name, else the id.
func actorName(act portfolio.Actor) string {
	if act.Name != "" {
		return act.Name
	}
	return act.ID
}

// decisionSubject is what a decision is about, with the company's name:
// "C-3 → DE-HRB-F1103-267645 Löwenherz Bau GmbH".
func decisionSubject(d portfolio.Decision) string {
	switch d.Kind {
	case portfolio.KindResolve:
		if d.CompanyID == "" {
			return d.Ref + " → no register entry"
		}
		return join(" ", d.Ref+" → "+d.CompanyID, d.Name)
	case portfolio.KindAcknowledge:
		return join(" ", d.Code+" on "+d.CompanyID, d.Name)
	}
	return d.Subject()
}

func portfolioApprove() *command {
	return &command{
		name: "approve", args: "ID", nargs: 1,
		summary: "approve a pending decision of another person: it takes effect (free)",
		help: `Approves the pending decision ID ("portfolio decisions" lists them): it takes
effect now, recorded with who approved it, in the decisions and the audit
chain. Four eyes means two people: nobody approves their own decision. A
decision whose subject changed since it was proposed (the row imported with
other data, the flag's finding changed) cannot be approved: reject it and
decide again.

--as names who approves (default: the operating system's user name).`,
		examples: []string{
			"registerdata portfolio approve 7",
			`registerdata portfolio approve 7 --note "VAT id checked" --as "Ben Vogt <ben@bank.example>"`,
		},
		setup: func(fs *pflag.FlagSet) runFunc {
			db := dbFlag(fs)
			note := fs.String("note", "", "the approver's note")
			df := declareDecisionFlags(fs, false)
			return func(a *app, args []string) error {
				return a.review(*db, df, args[0], *note, true)
			}
		},
	}
}

func portfolioReject() *command {
	return &command{
		name: "reject", args: "ID", nargs: 1,
		summary: "reject a pending decision, with the reason: it never takes effect (free)",
		help: `Rejects the pending decision ID, with a note (required) saying why: it never
takes effect and stays in the record. The person who proposed it may
reject it too, withdrawing it.

--as names who rejects (default: the operating system's user name).`,
		examples: []string{
			`registerdata portfolio reject 7 --note "wrong branch: the invoice names the Hamburg company"`,
		},
		setup: func(fs *pflag.FlagSet) runFunc {
			db := dbFlag(fs)
			note := fs.String("note", "", "why the decision is rejected (required)")
			df := declareDecisionFlags(fs, false)
			return func(a *app, args []string) error {
				if blank(*note) {
					return usagef("--note is required: say why the decision is rejected")
				}
				return a.review(*db, df, args[0], *note, false)
			}
		},
	}
}

// review approves or rejects decision arg as the actor of --as.
func (a *app) review(db string, df decisionFlags, arg, note string, approve bool) error {
	id, err := strconv.ParseInt(arg, 10, 64)
	if err != nil || id < 1 {
		return usagef("%q is not a decision's id: \"registerdata portfolio decisions\" lists them", arg)
	}
	if err := checkNoteFlag(note); err != nil {
		return err
	}
	ctx, err := a.decisionContext(df)
	if err != nil {
		return err
	}
	p, err := a.openPortfolio(db)
	if err != nil {
		return err
	}
	defer p.Close()
	if approve {
		err = p.Approve(ctx, id, note)
	} else {
		err = p.Reject(ctx, id, note)
	}
	switch {
	case errors.Is(err, portfolio.ErrNotFound):
		return fmt.Errorf("%w (\"registerdata portfolio decisions\" lists the pending ones)", err)
	case err != nil:
		return err
	}
	d, err := lastDecision(ctx, p, portfolio.AllDecisions, func(d portfolio.Decision) bool { return d.ID == id })
	if err != nil {
		return err
	}
	if d == nil {
		return fmt.Errorf("decision %d was reviewed but cannot be read back: see \"registerdata portfolio decisions --all\"", id)
	}
	if a.jsonOut {
		return a.jsonLine(d)
	}
	by, _ := portfolio.ActorFrom(ctx)
	msg := fmt.Sprintf("approved decision %d, proposed by %s: %s, as %s", id, d.By, doneDecision(*d), by)
	if !approve {
		msg = fmt.Sprintf("rejected decision %d (%s), proposed by %s, as %s: it never takes effect", id, describeDecision(*d), d.By, by)
	}
	_, err = fmt.Fprintln(a.stdout, output.Clean(msg))
	return err
}
