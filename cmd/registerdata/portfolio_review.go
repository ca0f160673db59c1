package main

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/cmd/registerdata/internal/output"
	"github.com/registerdata/registerdata-go/portfolio"
	"github.com/spf13/pflag"
)

func portfolioReview() *command {
	return &command{
		name: "review", nargs: 0,
		summary: "the review queue: rows no match settled, companies the service does not know, rows changed since a person resolved them (free)",
		help: `Lists the entries that wait for a person, a block each: the ref and why it
waits (ambiguous: several companies fit; none: no company fits; failed: the
match could not run; unknown_company: the service does not know the id the
row names; changed: the row a person resolved came back with other data),
what the customer wrote (both versions for a changed row), what happened,
and the candidates the match found, each with its register entry, city,
score and reasons (every candidate that fits, and the best --candidates of
the others, 3 unless said; --json has them all). A decision pending approval under four eyes is shown under its
entry. Settle an entry with "portfolio resolve". --json prints one JSON
object a line.`,
		examples: []string{
			"registerdata portfolio review",
			"registerdata portfolio review --json | jq -c '{ref, status, best: .candidates[0].company_id}'",
		},
		setup: func(fs *pflag.FlagSet) runFunc {
			db := dbFlag(fs)
			shown := fs.Int("candidates", 3, "show at most `N` candidates of each entry (the best first)")
			return func(a *app, _ []string) error {
				if *shown < 0 || *shown > 100 {
					return usagef("--candidates %d: want 0 to 100", *shown)
				}
				p, err := a.openPortfolio(*db)
				if err != nil {
					return err
				}
				defer p.Close()
				n := 0
				for r, err := range p.Reviews(a.ctx) {
					if err != nil {
						return err
					}
					n++
					if a.jsonOut {
						err = a.jsonLine(reviewJSONOf(r))
					} else {
						err = a.printReview(r, *shown)
					}
					if err != nil {
						return err
					}
				}
				if a.jsonOut {
					return nil
				}
				if n == 0 {
					_, err = fmt.Fprintln(a.stdout, "the review queue is empty")
					return err
				}
				_, err = fmt.Fprintf(a.stdout, "%d %s awaiting review; settle one with\n  registerdata portfolio resolve REF COMPANY_ID\n  registerdata portfolio resolve REF --no-entry --note WHY\n",
					n, nounFor(n, "entry", "entries"))
				return err
			}
		},
	}
}

// nounFor is one when n is 1, else many.
func nounFor(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// printReview prints one entry of the queue as a block: a heading line,
// then its fields, aligned and wrapped to the width (80 columns read
// well), and an empty line.
func (a *app) printReview(r portfolio.Review, shown int) error {
	var b strings.Builder
	head := []string{output.Clean(r.Ref), string(r.Status)}
	if !r.Since.IsZero() {
		head = append(head, "waiting since "+r.Since.UTC().Format("2006-01-02 15:04"))
	}
	b.WriteString(strings.Join(head, "  "))
	b.WriteByte('\n')
	var pr output.Profile
	if r.Decided != nil {
		pr.Field("resolved on", rowText(*r.Decided))
		pr.Field("now reads", rowText(r.Row))
	} else {
		pr.Field("customer wrote", rowText(r.Row))
	}
	switch r.Status {
	case portfolio.Changed:
		pr.Field("company", companyLabel(r.CompanyID, r.Name)+" (as resolved)")
	case portfolio.UnknownCompany:
		pr.Field("company", companyLabel(r.CompanyID, r.Name))
	}
	pr.Field("what happened", strings.Join(r.Reasons, "; "))
	for i, c := range r.Candidates {
		// Every candidate that fits is shown, however many: a reviewer
		// choosing among them must see them all.
		if i >= shown && c.Score < registerdata.DefaultMatchMinScore {
			pr.Field("", fmt.Sprintf("%d more %s (--candidates %d)", len(r.Candidates)-shown, nounFor(len(r.Candidates)-shown, "candidate", "candidates"), len(r.Candidates)))
			break
		}
		pr.Field("candidate "+strconv.Itoa(i+1), companyLabel(c.CompanyID, c.Name))
		pr.Field("", join("; ", registerText(c.Result), cityOf(c.Result), "score "+strconv.FormatFloat(c.Score, 'f', 2, 64)))
		pr.Field("", strings.Join(c.Reasons, "; "))
	}
	if len(r.Candidates) == 0 && (r.Status == portfolio.Ambiguous || r.Status == portfolio.NotFound) {
		pr.Field("candidates", "none")
	}
	if d := r.Pending; d != nil {
		pr.Field("pending", fmt.Sprintf("decision %d: %s, proposed by %s on %s; approve it with \"registerdata portfolio approve %d\"",
			d.ID, describeDecision(*d), d.By, d.At.UTC().Format("2006-01-02"), d.ID))
	}
	var body strings.Builder
	if err := pr.Render(&body, max(a.width()-2, 40)); err != nil {
		return err
	}
	for _, l := range strings.SplitAfter(body.String(), "\n") {
		if l != "" {
			b.WriteString("  " + l)
		}
	}
	b.WriteByte('\n')
	_, err := io.WriteString(a.stdout, b.String())
	return err
}

// rowText is what the customer wrote, on one line: the name, the place,
// the street, the identifiers and the tags.
func rowText(r portfolio.Row) string {
	q := r.Query
	parts := []string{q.Name, join(" ", q.PostalCode, q.City), q.Street}
	add := func(label, v string) {
		if v != "" {
			parts = append(parts, label+" "+v)
		}
	}
	add("company id", r.CompanyID)
	add("register", q.Register)
	add("VAT id", q.VATID)
	add("LEI", q.LEI)
	add("website", q.Website)
	if len(r.Tags) > 0 {
		parts = append(parts, "tags "+strings.Join(r.Tags, ", "))
	}
	if s := join("; ", parts...); s != "" {
		return s
	}
	return "(nothing but the ref)"
}

// registerText is a candidate's register entry: "HRB 267645 at
// Charlottenburg (Berlin)".
func registerText(s registerdata.CompanySearchResult) string {
	reg := join(" ", string(s.RegisterType), s.RegisterNumber)
	if s.RegisterCourt != "" {
		return join(" at ", reg, s.RegisterCourt)
	}
	return reg
}

// cityOf is the city of a candidate's registered address.
func cityOf(s registerdata.CompanySearchResult) string {
	if s.Address == nil {
		return ""
	}
	return s.Address.City
}

// reviewJSON is one line of "portfolio review --json".
type reviewJSON struct {
	Ref        string              `json:"ref"`
	Status     portfolio.Status    `json:"status"`
	Row        portfolio.Row       `json:"row"`
	CompanyID  string              `json:"company_id,omitempty"`
	Name       string              `json:"name,omitempty"`
	Reasons    []string            `json:"reasons"`
	Candidates []candidateJSON     `json:"candidates"`
	Decided    *portfolio.Row      `json:"decided,omitempty"`
	Pending    *portfolio.Decision `json:"pending,omitempty"`
	Since      time.Time           `json:"since"`
}

// candidateJSON is a match candidate in "portfolio review --json".
type candidateJSON struct {
	CompanyID      string   `json:"company_id"`
	Name           string   `json:"name"`
	Score          float64  `json:"score"`
	Reasons        []string `json:"reasons"`
	RegisterCourt  string   `json:"register_court,omitempty"`
	RegisterType   string   `json:"register_type,omitempty"`
	RegisterNumber string   `json:"register_number,omitempty"`
	City           string   `json:"city,omitempty"`
	LegalForm      string   `json:"legal_form,omitempty"`
	Active         bool     `json:"active"`
}

func reviewJSONOf(r portfolio.Review) reviewJSON {
	out := reviewJSON{Ref: r.Ref, Status: r.Status, Row: r.Row, CompanyID: r.CompanyID, Name: r.Name, Reasons: r.Reasons,
		Candidates: make([]candidateJSON, 0, len(r.Candidates)), Decided: r.Decided, Pending: r.Pending, Since: r.Since}
	if out.Reasons == nil {
		out.Reasons = []string{}
	}
	for _, c := range r.Candidates {
		reasons := c.Reasons
		if reasons == nil {
			reasons = []string{}
		}
		out.Candidates = append(out.Candidates, candidateJSON{CompanyID: c.CompanyID, Name: c.Name, Score: c.Score, Reasons: reasons,
			RegisterCourt: c.Result.RegisterCourt, RegisterType: string(c.Result.RegisterType), RegisterNumber: c.Result.RegisterNumber,
			City: cityOf(c.Result), LegalForm: string(c.Result.LegalForm), Active: c.Result.Active})
	}
	return out
}
