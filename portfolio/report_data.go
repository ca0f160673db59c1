package portfolio

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/registerdata/registerdata-go/redflags"
)

// ReportOptions tune the overview WriteHTMLContext writes.
type ReportOptions struct {
	// Period is how far back "recent changes" reach; 0 means 7 days.
	Period time.Duration
	// MaxRows bounds each list of the overview (flags, changes, rows
	// awaiting review); what is left out is counted. 0 means 500.
	MaxRows int
	// Title heads the page; "" means "Portfolio overview".
	Title string
}

// DefaultReportPeriod and DefaultReportRows are ReportOptions' defaults.
const (
	DefaultReportPeriod = 7 * 24 * time.Hour
	DefaultReportRows   = 500
)

// overview is what the page shows, gathered with bounded memory: counts
// over the whole portfolio, and at most MaxRows items per list.
type overview struct {
	Title       string
	GeneratedAt time.Time
	Since       time.Time // start of the period of recent changes

	Entries      int
	ByStatus     map[Status]int
	Matched      int
	AwaitReview  int // Ambiguous and NotFound entries
	Monitored    int
	ImportCredit int64 // credits spent resolving the entries
	CheckCredits int64 // credits of the journal's checks in the period
	JournalTotal int64 // journal entries in all

	Flags        []flagRow // High first, then Review; oldest first within
	FlagsHigh    int
	FlagsReview  int
	FlagsAcked   int
	FlagsOmitted int

	Changes        []Event // the period's journal entries with changes or flags, newest first
	ChangesOmitted int

	Review        []Entry // Ambiguous and NotFound entries, by Ref
	ReviewOmitted int

	Companies        []companyRow // every company named in the lists above, by name
	CompaniesOmitted int
}

// flagRow is an open flag with its severity and the company's name.
type flagRow struct {
	OpenFlag
	Severity redflags.Severity
	Name     string
}

// companyRow is one company's section: its entries, open flags and the
// period's changes.
type companyRow struct {
	ID      string
	Name    string
	Refs    []string
	Flags   []flagRow
	Changes []Event
}

func (o ReportOptions) resolved() ReportOptions {
	if o.Period <= 0 {
		o.Period = DefaultReportPeriod
	}
	if o.MaxRows <= 0 {
		o.MaxRows = DefaultReportRows
	}
	if o.Title == "" {
		o.Title = "Portfolio overview"
	}
	return o
}

// gather reads the overview from the store: the entries, the open flags
// and the period's journal, each streamed, so memory is bounded by
// MaxRows and not by the size of the portfolio.
func (p *Portfolio) gather(ctx context.Context, o ReportOptions) (*overview, error) {
	now := p.cfg.now().UTC()
	ov := &overview{Title: o.Title, GeneratedAt: now, Since: now.Add(-o.Period), ByStatus: map[Status]int{}}
	names := map[string]string{}
	refs := map[string][]string{}
	for e, err := range p.Entries(ctx) {
		if err != nil {
			return nil, fmt.Errorf("portfolio: report: reading the entries: %w", err)
		}
		ov.Entries++
		ov.ByStatus[e.Status]++
		if e.Status == Ambiguous || e.Status == NotFound {
			if len(ov.Review) < o.MaxRows {
				ov.Review = append(ov.Review, e)
			} else {
				ov.ReviewOmitted++
			}
		}
		if e.CompanyID != "" && e.Name != "" {
			names[e.CompanyID] = e.Name
		}
	}
	ov.Matched, ov.AwaitReview = ov.ByStatus[Matched], ov.ByStatus[Ambiguous]+ov.ByStatus[NotFound]
	if err := p.reportTotals(ctx, ov); err != nil {
		return nil, err
	}
	for f, err := range p.Flags(ctx) {
		if err != nil {
			return nil, fmt.Errorf("portfolio: report: reading the flags: %w", err)
		}
		sev := redflags.SeverityOf(f.Flag.Code)
		if sev == redflags.High {
			ov.FlagsHigh++
		} else {
			ov.FlagsReview++
		}
		if f.Acknowledged {
			ov.FlagsAcked++
		}
		if len(ov.Flags) >= o.MaxRows {
			ov.FlagsOmitted++
			continue
		}
		ov.Flags = append(ov.Flags, flagRow{OpenFlag: f, Severity: sev, Name: names[f.CompanyID]})
		refs[f.CompanyID] = f.Refs
	}
	slices.SortStableFunc(ov.Flags, func(a, b flagRow) int {
		return cmp.Or(cmp.Compare(a.Severity.Rank(), b.Severity.Rank()), a.Since.Compare(b.Since), cmp.Compare(a.CompanyID, b.CompanyID))
	})
	since, err := p.CursorAt(ctx, ov.Since)
	if err != nil {
		return nil, err
	}
	for ev, err := range p.Events(ctx, since) {
		if err != nil {
			return nil, fmt.Errorf("portfolio: report: reading the journal: %w", err)
		}
		if ev.At.Before(ov.Since) {
			continue
		}
		ov.CheckCredits += ev.Credits
		if len(ev.Changes) == 0 && len(ev.Raised) == 0 && len(ev.Cleared) == 0 {
			continue
		}
		if len(ov.Changes) >= o.MaxRows {
			ov.Changes = ov.Changes[1:] // keep the newest
			ov.ChangesOmitted++
		}
		ov.Changes = append(ov.Changes, ev)
		refs[ev.CompanyID] = ev.Refs
	}
	slices.Reverse(ov.Changes)
	ov.Companies, ov.CompaniesOmitted = companySections(ov, names, refs, o.MaxRows)
	return ov, nil
}

// companySections groups the flags and changes shown by company.
func companySections(ov *overview, names map[string]string, refs map[string][]string, limit int) ([]companyRow, int) {
	byID := map[string]*companyRow{}
	row := func(id string) *companyRow {
		r := byID[id]
		if r == nil {
			r = &companyRow{ID: id, Name: names[id], Refs: refs[id]}
			byID[id] = r
		}
		return r
	}
	for _, f := range ov.Flags {
		r := row(f.CompanyID)
		r.Flags = append(r.Flags, f)
	}
	for _, ev := range ov.Changes {
		r := row(ev.CompanyID)
		r.Changes = append(r.Changes, ev)
	}
	out := make([]companyRow, 0, len(byID))
	for _, r := range byID {
		out = append(out, *r)
	}
	slices.SortFunc(out, func(a, b companyRow) int {
		return cmp.Or(cmp.Compare(displayName(a.Name, a.ID), displayName(b.Name, b.ID)), cmp.Compare(a.ID, b.ID))
	})
	omitted := 0
	if len(out) > limit {
		omitted = len(out) - limit
		out = out[:limit]
	}
	return out, omitted
}

// reportTotals reads the counts that need no list: monitored companies,
// import credits, journal size.
func (p *Portfolio) reportTotals(ctx context.Context, ov *overview) error {
	row := p.db.QueryRowContext(ctx, p.q(`SELECT
		(SELECT COUNT(*) FROM portfolio_monitors),
		(SELECT COALESCE(SUM(credits), 0) FROM portfolio_entries),
		(SELECT COUNT(*) FROM portfolio_journal)`))
	if err := row.Scan(&ov.Monitored, &ov.ImportCredit, &ov.JournalTotal); err != nil {
		return fmt.Errorf("portfolio: report: reading the totals: %w", err)
	}
	return nil
}

// displayName is a company's name, or its id while the name is unknown.
func displayName(name, id string) string {
	if name != "" {
		return name
	}
	return id
}
