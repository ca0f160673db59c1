package main

import (
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/registerdata/registerdata-go/cmd/registerdata/internal/output"
	"github.com/registerdata/registerdata-go/internal/spreadsheet"
	"github.com/registerdata/registerdata-go/portfolio"
	"github.com/spf13/pflag"
)

func portfolioAudit() *command {
	return &command{
		name: "audit", nargs: 0,
		summary: "the audit chain: every decision, approval and rejection, with who and when; --verify checks the chain (free)",
		help: `Prints the audit chain after the entry numbered --since (0: from the start):
for each entry its number, when, who, the action (resolve, remove,
acknowledge, approve, reject), its subject and a summary of its detail.
--json prints one JSON object a line (the whole detail and the hash), --csv
a CSV file with a header for an auditor's spreadsheet (cells a spreadsheet
would read as a formula are written as text).

Each entry's hash covers the previous entry's hash and the entry itself, so
a changed, removed or inserted row breaks the chain at that row. --verify
walks the whole chain and says "audit chain intact: N entries, last hash
H", or names the entry where it breaks and exits with status 1. Keep the
last hash an auditor saw: an intact chain cannot show entries cut off at
its end.`,
		examples: []string{
			"registerdata portfolio audit",
			"registerdata portfolio audit --csv > audit-2026-q1.csv",
			"registerdata portfolio audit --since 1200 --json >> audit.jsonl",
			"registerdata portfolio audit --verify",
		},
		setup: func(fs *pflag.FlagSet) runFunc {
			db := dbFlag(fs)
			since := fs.Int64("since", 0, "print the entries after this `SEQ`")
			asCSV := fs.Bool("csv", false, "print CSV with a header, for a spreadsheet")
			verify := fs.Bool("verify", false, "check the whole chain instead of printing it")
			return func(a *app, _ []string) error {
				switch {
				case *since < 0:
					return usagef("--since %d: want 0 or an audit entry's number", *since)
				case *asCSV && a.jsonOut:
					return usagef("--csv and --json: choose one")
				case *verify && (*asCSV || *since != 0):
					return usagef("--verify checks the whole chain: it takes neither --csv nor --since")
				}
				p, err := a.openPortfolio(*db)
				if err != nil {
					return err
				}
				defer p.Close()
				switch {
				case *verify:
					return a.verifyAudit(p)
				case *asCSV:
					return a.auditCSV(p, *since)
				}
				return a.printAudit(p, *since)
			}
		},
	}
}

// verifyAudit checks the chain and says so: the number of entries and
// the last hash, or the entry where it breaks (an error: exit status 1).
// The entries are counted before the check, so the hash reported is one
// the check covered.
func (a *app) verifyAudit(p *portfolio.Portfolio) error {
	var n int64
	last := ""
	for e, err := range p.Audit(a.ctx, 0) {
		if err != nil {
			return err
		}
		n, last = e.Seq, e.Hash
	}
	err := p.VerifyAudit(a.ctx)
	var ae *portfolio.AuditError
	switch {
	case errors.As(err, &ae):
		if a.jsonOut {
			if jerr := a.jsonLine(map[string]any{"intact": false, "seq": ae.Seq, "reason": ae.Reason}); jerr != nil {
				return jerr
			}
		}
		return err
	case err != nil:
		return err
	}
	if a.jsonOut {
		return a.jsonLine(map[string]any{"intact": true, "entries": n, "last_hash": last})
	}
	if n == 0 {
		_, err = fmt.Fprintln(a.stdout, "audit chain intact: no entries yet")
		return err
	}
	_, err = fmt.Fprintf(a.stdout, "audit chain intact: %d entries, last hash %s\n", n, last)
	return err
}

// auditTablePage is how many entries "portfolio audit" lays out in one
// table, so that memory stays bounded however long the chain.
const auditTablePage = 500

// printAudit prints the entries after since, as JSON Lines or as tables.
func (a *app) printAudit(p *portfolio.Portfolio, since int64) error {
	tp := a.newTablePages(auditTablePage, output.Column{Header: "SEQ", Right: true, Fixed: true}, output.Column{Header: "AT", Fixed: true},
		output.Column{Header: "ACTOR"}, output.Column{Header: "ACTION", Fixed: true}, output.Column{Header: "SUBJECT"},
		output.Column{Header: "DETAIL", Prose: true})
	n := 0
	for e, err := range p.Audit(a.ctx, since) {
		if err != nil {
			return err
		}
		n++
		if a.jsonOut {
			if err := a.jsonLine(e); err != nil {
				return err
			}
			continue
		}
		if err := tp.row(strconv.FormatInt(e.Seq, 10), e.At.UTC().Format("2006-01-02 15:04:05"), actorName(e.Actor), e.Action, e.Subject, auditSummary(e.Detail)); err != nil {
			return err
		}
	}
	if a.jsonOut {
		return nil
	}
	if err := tp.flush(); err != nil {
		return err
	}
	if n == 0 {
		_, err := fmt.Fprintln(a.stdout, "no audit entries")
		return err
	}
	return nil
}

// auditCSV writes the entries after since as CSV with a header; every
// cell goes through spreadsheet.Inert, like every CSV of the project.
func (a *app) auditCSV(p *portfolio.Portfolio, since int64) error {
	w := csv.NewWriter(a.stdout)
	row := func(cells ...string) error {
		for i, c := range cells {
			cells[i] = spreadsheet.Inert(c)
		}
		return w.Write(cells)
	}
	if err := row("seq", "at", "actor_id", "actor_name", "action", "subject", "detail", "hash"); err != nil {
		return err
	}
	for e, err := range p.Audit(a.ctx, since) {
		if err != nil {
			w.Flush()
			return err
		}
		if err := row(strconv.FormatInt(e.Seq, 10), e.At.UTC().Format(time.RFC3339Nano), e.Actor.ID, actorName(e.Actor),
			e.Action, e.Subject, string(e.Detail), e.Hash); err != nil {
			return err
		}
	}
	w.Flush()
	return w.Error()
}

// auditSummary is an audit entry's detail on one line for people: the
// decision and its state, the company with its name, the flag, who
// proposed it, the note; other fields by name (the row as it stood is
// left to --json and --csv).
func auditSummary(detail json.RawMessage) string {
	var m map[string]any
	if json.Unmarshal(detail, &m) != nil {
		return strings.TrimSpace(string(detail))
	}
	str := func(k string) string {
		v, ok := m[k]
		delete(m, k)
		if !ok || v == nil {
			return ""
		}
		switch v := v.(type) {
		case string:
			return v
		case float64:
			return strconv.FormatFloat(v, 'f', -1, 64)
		case map[string]any: // an actor
			id, _ := v["id"].(string)
			name, _ := v["name"].(string)
			return portfolio.Actor{ID: id, Name: name}.String()
		}
		b, _ := json.Marshal(v)
		return string(b)
	}
	var parts []string
	add := func(s string) {
		if s != "" {
			parts = append(parts, s)
		}
	}
	decision, kind, state := str("decision"), str("kind"), str("state")
	delete(m, "ref") // the subject
	company, name := str("company_id"), str("name")
	if company != "" {
		add("company " + companyLabel(company, name))
	} else if name != "" {
		add(name)
	}
	if code := str("code"); code != "" {
		add(join(": ", "flag "+code, str("reason")))
	}
	if s := str("subject"); s != "" { // an approval's or a rejection's decision
		add(join(" ", kind, s))
	}
	if by := str("proposed_by"); by != "" {
		add("proposed by " + by)
	}
	add(state)
	if note := str("note"); note != "" {
		add("note: " + note)
	}
	if decision != "" {
		add("decision " + decision)
	}
	delete(m, "row")
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		add(k + " " + str(k))
	}
	return strings.Join(parts, "; ")
}
