package portfolio

import (
	"cmp"
	"context"
	"fmt"
	"maps"
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

// gather reads the overview from the store: counts in the database, and
// only the items each list shows (at most MaxRows), so memory and the
// number of queries are bounded by MaxRows and not by the size of the
// portfolio. The period's journal is streamed.
func (p *Portfolio) gather(ctx context.Context, o ReportOptions) (*overview, error) {
	now := p.cfg.now().UTC()
	ov := &overview{Title: o.Title, GeneratedAt: now, Since: now.Add(-o.Period), ByStatus: map[Status]int{}}
	if err := p.reportEntries(ctx, ov, o.MaxRows); err != nil {
		return nil, err
	}
	if err := p.reportTotals(ctx, ov); err != nil {
		return nil, err
	}
	if err := p.reportFlags(ctx, ov, o.MaxRows); err != nil {
		return nil, err
	}
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
	}
	slices.Reverse(ov.Changes)
	refs := map[string][]string{}
	for _, f := range ov.Flags {
		refs[f.CompanyID] = f.Refs
	}
	for _, ev := range ov.Changes {
		refs[ev.CompanyID] = ev.Refs
	}
	names, err := p.namesOf(ctx, slices.Collect(maps.Keys(refs)))
	if err != nil {
		return nil, err
	}
	for i := range ov.Flags {
		ov.Flags[i].Name = names[ov.Flags[i].CompanyID]
	}
	ov.Companies, ov.CompaniesOmitted = companySections(ov, names, refs, o.MaxRows)
	return ov, nil
}

// reportEntries counts the entries by status and reads the first limit
// of those awaiting review (Ambiguous and NotFound), by Ref.
func (p *Portfolio) reportEntries(ctx context.Context, ov *overview, limit int) error {
	rows, err := p.db.QueryContext(ctx, `SELECT status, COUNT(*) FROM portfolio_entries GROUP BY status`)
	if err != nil {
		return fmt.Errorf("portfolio: report: counting the entries: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var st Status
		var n int
		if err := rows.Scan(&st, &n); err != nil {
			return fmt.Errorf("portfolio: report: counting the entries: %w", err)
		}
		ov.ByStatus[st] += n
		ov.Entries += n
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("portfolio: report: counting the entries: %w", err)
	}
	ov.Matched, ov.AwaitReview = ov.ByStatus[Matched], ov.ByStatus[Ambiguous]+ov.ByStatus[NotFound]
	ov.Review, err = p.entriesWhere(ctx, `status IN ('ambiguous', 'none')`, limit)
	if err != nil {
		return fmt.Errorf("portfolio: report: reading the rows awaiting review: %w", err)
	}
	ov.ReviewOmitted = ov.AwaitReview - len(ov.Review)
	return nil
}

// reportFlags counts the open flags by severity and reads the limit
// shown: high ones first, the oldest first within a severity.
func (p *Portfolio) reportFlags(ctx context.Context, ov *overview, limit int) error {
	rows, err := p.db.QueryContext(ctx, `SELECT code, acknowledged, COUNT(*) FROM portfolio_flags GROUP BY code, acknowledged ORDER BY code`)
	if err != nil {
		return fmt.Errorf("portfolio: report: counting the flags: %w", err)
	}
	defer rows.Close()
	var high, review []string
	for rows.Next() {
		var code string
		var acked bool
		var n int
		if err := rows.Scan(&code, &acked, &n); err != nil {
			return fmt.Errorf("portfolio: report: counting the flags: %w", err)
		}
		switch redflags.SeverityOf(code) {
		case redflags.High:
			ov.FlagsHigh += n
			if !slices.Contains(high, code) {
				high = append(high, code)
			}
		default:
			ov.FlagsReview += n
			if !slices.Contains(review, code) {
				review = append(review, code)
			}
		}
		if acked {
			ov.FlagsAcked += n
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("portfolio: report: counting the flags: %w", err)
	}
	for _, codes := range [][]string{high, review} {
		if len(codes) == 0 || len(ov.Flags) >= limit {
			continue
		}
		fs, err := p.flagsOfCodes(ctx, codes, limit-len(ov.Flags))
		if err != nil {
			return err
		}
		for _, f := range fs {
			if f.Refs, err = p.refsOf(ctx, p.db, f.CompanyID); err != nil {
				return err
			}
			ov.Flags = append(ov.Flags, flagRow{OpenFlag: f, Severity: redflags.SeverityOf(f.Flag.Code)})
		}
	}
	ov.FlagsOmitted = ov.FlagsHigh + ov.FlagsReview - len(ov.Flags)
	return nil
}

// flagsOfCodes reads at most limit open flags with one of codes, the
// oldest first.
func (p *Portfolio) flagsOfCodes(ctx context.Context, codes []string, limit int) ([]OpenFlag, error) {
	marks, args := inList(codes)
	rows, err := p.db.QueryContext(ctx, p.q(flagColumns+`
		WHERE f.code IN (`+marks+`) ORDER BY f.since, f.company_id, f.code LIMIT `+itoa(limit)), args...)
	if err != nil {
		return nil, fmt.Errorf("portfolio: report: reading the flags: %w", err)
	}
	return scanFlags(rows, "portfolio: report: reading the flags")
}

// namesOf are the names the entries give the companies ids (the entry
// with the greatest Ref wins), read a page at a time.
func (p *Portfolio) namesOf(ctx context.Context, ids []string) (map[string]string, error) {
	names := make(map[string]string, len(ids))
	slices.Sort(ids)
	for page := range slices.Chunk(ids, entriesPage) {
		marks, args := inList(page)
		rows, err := p.db.QueryContext(ctx, p.q(`SELECT company_id, name FROM portfolio_entries
			WHERE company_id IN (`+marks+`) AND name <> '' ORDER BY ref`), args...)
		if err != nil {
			return nil, fmt.Errorf("portfolio: report: reading the companies' names: %w", err)
		}
		for rows.Next() {
			var id, name string
			if err := rows.Scan(&id, &name); err != nil {
				rows.Close()
				return nil, fmt.Errorf("portfolio: report: reading the companies' names: %w", err)
			}
			names[id] = name
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, fmt.Errorf("portfolio: report: reading the companies' names: %w", err)
		}
	}
	return names, nil
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
