package main

import (
	"fmt"
	"io"
	"iter"
	"strconv"
	"strings"
	"time"

	"github.com/registerdata/registerdata-go/cmd/registerdata/internal/output"
	"github.com/registerdata/registerdata-go/internal/atomicfile"
	"github.com/registerdata/registerdata-go/portfolio"
	"github.com/registerdata/registerdata-go/redflags"
	"github.com/spf13/pflag"
)

func portfolioEvents() *command {
	return &command{
		name: "events", nargs: 0,
		summary: "the journal, from a cursor: what changed, flags raised and cleared (free)",
		help: `Prints the portfolio's journal in commit order, after the entry numbered
--since (0: from the start), a block of lines per check: a heading with
the entry's number, the company's id and name, the customer refs (the
first three, and how many more) and the credits the check cost, then the
changes as sentences and the red flags raised and cleared. Pass the last
number to --since to continue, so a CRM sync or a SIEM can follow the
journal. With --follow it keeps printing new entries until Ctrl-C; while the database is
unavailable (PostgreSQL stopped or restarting) it says so on stderr, tries
again and continues after the last entry printed, none skipped or printed
twice. --company prints one company's entries only. --json prints one
JSON object a line.`,
		examples: []string{
			"registerdata portfolio events",
			"registerdata portfolio events --since 1200 --json | jq -c '{seq, company_id, sentences}'",
			"registerdata portfolio events --follow --json >> journal.jsonl",
			"registerdata portfolio events --company DE-HRB-F1103-267645",
		},
		setup: func(fs *pflag.FlagSet) runFunc {
			db := dbFlag(fs)
			since := fs.Int64("since", 0, "print the entries after this `SEQ`")
			company := fs.String("company", "", "print only the entries of the company with this `ID`")
			follow := fs.Bool("follow", false, "keep printing new entries until Ctrl-C")
			every := fs.Duration("every", 5*time.Second, "with --follow, how often to look for new entries")
			return func(a *app, _ []string) error {
				if *since < 0 {
					return usagef("--since %d: want 0 or a journal entry's number", *since)
				}
				if *every < 100*time.Millisecond {
					return usagef("--every %s: want 100ms or more", *every)
				}
				p, err := a.openPortfolio(*db)
				if err != nil {
					return err
				}
				defer p.Close()
				read := func(after int64) iter.Seq2[portfolio.Event, error] { return p.Events(a.ctx, after) }
				if *company != "" {
					read = func(after int64) iter.Seq2[portfolio.Event, error] { return p.EventsOf(a.ctx, *company, after) }
				}
				return a.followEvents(read, *since, *follow, *every, a.printEvent)
			}
		},
	}
}

// printEvent prints one journal entry: JSON on one line, or for people a
// block of lines, the entry's heading (its number, time, company with its
// name, refs, credits) and a line for each change and flag under it.
// Each piece of outside text (a name, a ref, a sentence, a reason) is
// cleaned on its own, never the block or a line the program laid out: a
// line break of the service's text never splits a line, and the block
// keeps its own. A company with many refs shows its first printedRefs
// and how many more (--json has them all).
func (a *app) printEvent(ev portfolio.Event) error {
	if a.jsonOut {
		return a.jsonLine(ev)
	}
	var b strings.Builder
	head := []string{"#" + strconv.FormatInt(ev.Seq, 10), ev.At.UTC().Format(time.RFC3339), output.Clean(companyLabel(ev.CompanyID, ev.Name))}
	if len(ev.Refs) > 0 {
		head = append(head, "refs "+refsText(ev.Refs))
	}
	if ev.EventID == "" {
		head = append(head, "baseline")
	}
	head = append(head, fmt.Sprintf("%d credits", ev.Credits))
	b.WriteString(strings.Join(head, "  "))
	b.WriteByte('\n')
	w := a.width()
	line := func(s string) {
		for _, l := range output.WrapLineAt("    "+s, w, 6) {
			b.WriteString(l)
			b.WriteByte('\n')
		}
	}
	for _, s := range ev.Sentences {
		line(output.Clean(s))
	}
	if f := ev.Failed; f != nil {
		line(fmt.Sprintf("check given up after %d attempts (the delivery came %s): %s; \"registerdata portfolio retry\" tries it again",
			f.Attempts, f.Since.UTC().Format(time.DateOnly), f.Error))
	}
	for _, f := range ev.Raised {
		line("raised " + output.Clean(f.Code) + ": " + output.Clean(f.Reason))
	}
	for _, f := range ev.Cleared {
		line("cleared " + output.Clean(f.Code))
	}
	switch {
	case len(ev.Sentences)+len(ev.Raised)+len(ev.Cleared) > 0 || ev.Failed != nil:
	case ev.EventID == "":
		line("first record kept: later checks compare with it")
	default:
		line("no changes")
	}
	_, err := io.WriteString(a.stdout, b.String())
	return err
}

// printedRefs is how many refs of a company the events' headings name.
const printedRefs = 3

// refsText is refs for a heading: each cleaned, the first printedRefs,
// then how many more ("C-1, C-2, C-3 and 9997 more").
func refsText(refs []string) string {
	first, more := head(refs, printedRefs)
	shown := make([]string, len(first)) // head may return refs itself
	for i, r := range first {
		shown[i] = output.Clean(r)
	}
	return withMore(strings.Join(shown, ", "), more)
}

func portfolioFlags() *command {
	return &command{
		name: "flags", nargs: 0,
		summary: "the open red flags, high first (free)",
		help: `Lists the red flags open on the portfolio's companies: severity (high: an
insolvency, a liquidation, a company no longer active, no managing
director; review: the others), the company with its name and the refs
naming it, the finding and its reason, since when, NEW for a flag raised in
the last --days days that the company did not bring along when it joined
the portfolio, and who acknowledged it when. A long list is printed as
tables of 500 rows each; a narrow terminal leaves out REFS and ACK before
it cuts names (--json has everything).`,
		examples: []string{
			"registerdata portfolio flags",
			"registerdata portfolio flags --days 1",
			"registerdata portfolio flags --json | jq -r 'select(.severity == \"high\" and .new) | .company_id'",
		},
		setup: func(fs *pflag.FlagSet) runFunc {
			db := dbFlag(fs)
			days := fs.Int("days", 7, "mark as NEW the flags raised in the last `N` days")
			return func(a *app, _ []string) error {
				if *days < 0 || *days > 3660 {
					return usagef("--days %d: want 0 to 3660", *days)
				}
				since := a.now().Add(-time.Duration(*days) * 24 * time.Hour)
				p, err := a.openPortfolio(*db)
				if err != nil {
					return err
				}
				defer p.Close()
				if a.jsonOut {
					for f, err := range p.Flags(a.ctx) {
						if err != nil {
							return err
						}
						if err := a.jsonLine(flagJSON(f, redflags.SeverityOf(f.Flag.Code), since)); err != nil {
							return err
						}
					}
					return nil
				}
				return a.printFlags(p, since)
			}
		},
	}
}

// flagsTablePage is how many flags "portfolio flags" lays out in one
// table: a longer list is printed as several tables, so that memory stays
// bounded however many flags are open.
const flagsTablePage = 500

// printFlags prints the open flags as tables, high severity first: one
// pass over the store per severity, flagsTablePage rows at a time. since
// is the start of the period whose flags are NEW.
func (a *app) printFlags(p *portfolio.Portfolio, since time.Time) error {
	tp := a.newTablePages(flagsTablePage, output.Column{Header: "SEVERITY", Fixed: true}, output.Column{Header: "COMPANY", Fixed: true},
		output.Column{Header: "NAME"}, output.Column{Header: "REFS", Optional: true}, output.Column{Header: "FLAG", Fixed: true},
		output.Column{Header: "SINCE", Fixed: true}, output.Column{Header: "NEW", Fixed: true, OmitEmpty: true},
		output.Column{Header: "ACK", Optional: true}, output.Column{Header: "REASON", Prose: true})
	rows := 0
	for _, sev := range []redflags.Severity{redflags.High, redflags.Review} {
		for f, err := range p.Flags(a.ctx) {
			if err != nil {
				return err
			}
			if redflags.SeverityOf(f.Flag.Code) != sev {
				continue
			}
			isNew := ""
			if f.New(since) {
				isNew = "NEW"
			}
			if err := tp.row(string(sev), f.CompanyID, f.Name, refsText(f.Refs), f.Flag.Code,
				f.Since.UTC().Format("2006-01-02"), isNew, ackCell(f), f.Flag.Reason); err != nil {
				return err
			}
			rows++
		}
	}
	if err := tp.flush(); err != nil {
		return err
	}
	if rows == 0 {
		_, err := fmt.Fprintln(a.stdout, "no open flags")
		return err
	}
	return nil
}

// ackCell is the ACK cell of a flag: "yes (Anna Richter, 2026-12-01)",
// "yes", or "" when nobody acknowledged it (or the finding changed since).
func ackCell(f portfolio.OpenFlag) string {
	if !f.Acknowledged {
		return ""
	}
	if f.AcknowledgedBy == nil {
		return "yes"
	}
	return "yes (" + actorName(*f.AcknowledgedBy) + ", " + f.AcknowledgedAt.UTC().Format("2006-01-02") + ")"
}

// flagJSON is one line of "portfolio flags --json"; since is the start
// of the period whose flags are new.
func flagJSON(f portfolio.OpenFlag, sev redflags.Severity, since time.Time) map[string]any {
	m := map[string]any{"company_id": f.CompanyID, "name": f.Name, "refs": f.Refs, "code": f.Flag.Code, "reason": f.Flag.Reason,
		"severity": sev, "since": f.Since, "inherited": f.Inherited, "new": f.New(since), "acknowledged": f.Acknowledged, "note": f.Note,
		"acknowledged_by": f.AcknowledgedBy, "acknowledged_at": nil}
	if !f.AcknowledgedAt.IsZero() {
		m["acknowledged_at"] = f.AcknowledgedAt
	}
	return m
}

func portfolioReport() *command {
	return &command{
		name: "report", nargs: 0,
		summary: "write the portfolio overview as one HTML file (free)",
		help: `Writes the portfolio overview, one self-contained HTML file: the size and
credit use, a verdict, the open flags by severity with the companies and
why, the changes of the last --days days, the rows awaiting review, and a
section per company those name. Open it in a browser or print it.`,
		examples: []string{
			"registerdata portfolio report --out overview.html",
			"registerdata portfolio report --days 30 --out month.html",
		},
		setup: func(fs *pflag.FlagSet) runFunc {
			db := dbFlag(fs)
			out := fs.String("out", "portfolio.html", "the `FILE` to write (- for stdout)")
			days := fs.Int("days", 7, "the period of recent changes, in days")
			return func(a *app, _ []string) error {
				if *days < 1 || *days > 3660 {
					return usagef("--days %d: want 1 to 3660", *days)
				}
				p, err := a.openPortfolio(*db)
				if err != nil {
					return err
				}
				defer p.Close()
				return a.writePortfolioReport(p, *out, time.Duration(*days)*24*time.Hour)
			}
		},
	}
}

// writePortfolioReport writes the overview to out, crash-safely.
func (a *app) writePortfolioReport(p *portfolio.Portfolio, out string, period time.Duration) error {
	o := portfolio.ReportOptions{Period: period}
	if out == "-" {
		return p.WriteHTMLContext(a.ctx, a.stdout, o)
	}
	err := atomicfile.WriteFrom(out, 0o644, func(w io.Writer) error { return p.WriteHTMLContext(a.ctx, w, o) })
	if err != nil {
		return err
	}
	fmt.Fprintf(a.stderr, "wrote %s\n", out)
	return nil
}
