package portfolio

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/redflags"
)

// ReportOptions tune the overview WriteHTMLContext writes.
type ReportOptions struct {
	// Period is how far back "this period" reaches: the changes, the new
	// flags, the companies that joined; 0 means 7 days.
	Period time.Duration
	// MaxRows bounds each list of the overview (changes, flags, rows
	// awaiting review, decisions, the appendices); what is left out is
	// counted. 0 means 500. The lists before the appendices are shorter
	// still (see the constants of WriteHTMLContext).
	MaxRows int
	// Title heads the page; "" means "Portfolio overview".
	Title string
}

// DefaultReportPeriod and DefaultReportRows are ReportOptions' defaults.
const (
	DefaultReportPeriod = 7 * 24 * time.Hour
	DefaultReportRows   = 500
)

// The caps of the lists before the appendices, so that the part a person
// reads first stays a few pages long whatever the size of the portfolio;
// ReportOptions.MaxRows lowers them further. What is left out is counted
// and says where to find it.
const (
	// ReportChanges is how many of the period's real changes are listed
	// (the newest).
	ReportChanges = 50
	// ReportNewFlags is how many of the period's new flags are listed.
	ReportNewFlags = 50
	// ReportOpenFlags is how many of the other open flags are listed
	// before appendix B takes over.
	ReportOpenFlags = 10
	// ReportReviewRows is how many rows of the review queue are listed.
	ReportReviewRows = 20
	// ReportCandidates is how many candidates each row of the queue
	// shows.
	ReportCandidates = 2
	// ReportDecisions is how many pending decisions are listed.
	ReportDecisions = 25
	// ReportRefs is how many of the refs naming a company are listed
	// wherever the page names it (and how many tags of a row awaiting
	// review); the rest are counted: "C-1, C-2, C-3 and 9997 more".
	ReportRefs = 3
	// ReportSentences is how many sentences of one change are listed;
	// the rest are counted.
	ReportSentences = 10
)

// overview is what the page shows, gathered with bounded memory: counts
// over the whole portfolio, and a capped number of items per list.
type overview struct {
	Title       string
	GeneratedAt time.Time
	Since       time.Time // start of the period

	Entries      int
	ByStatus     map[Status]int
	Matched      int
	AwaitReview  int // the review queue (ReviewCount)
	Monitored    int
	ImportCredit int64 // credits spent resolving the entries
	MonitorMonth int64 // what the monitor ledger expects the monitors to cost this month
	CheckCredits int64 // credits of the journal's checks in the period
	JournalTotal int64 // journal entries in all
	DeadAlerts   int   // alerts given up (alerts_report.go)

	FlagsHigh     int // open high flags
	FlagsReview   int // open review flags
	FlagsAcked    int
	FlagsNew      int // raised in the period, not inherited
	FlagsInherit  int
	HighUnacked   int      // high flags nobody acknowledged
	HighCompanies int      // companies with such a flag
	HighCodes     []string // their codes
	ReviewUnacked int      // review flags nobody acknowledged
	FlagCodes     []flagCode

	NewFlags        []flagRow // the period's new flags, high first, newest first within
	NewFlagsOmitted int
	Flags           []flagRow // the other open flags, by severity: unacknowledged first, oldest first
	FlagsMore       []flagRow // the open flags after Flags: appendix B
	FlagsOmitted    int       // open flags in neither list

	Changes        []changeRow // the period's real changes, newest first
	ChangesTotal   int
	ChangesOmitted int
	Baselines      []changeRow // the period's first checks, in order: appendix A
	BaselineTotal  int
	BaselineFlags  int // flags the first checks raised (inherited)
	BaselineOmit   int
	Quiet          int // checks of the period that found nothing

	Review        []reviewRow
	ReviewOmitted int

	Pending        []pendingRow
	PendingTotal   int
	PendingOmitted int

	Companies        []companyRow // the companies of Changes and NewFlags, by name: appendix C
	CompaniesOmitted int
}

// flagCode counts the open flags of one code.
type flagCode struct {
	Code                        string
	Severity                    redflags.Severity
	Open, New, Inherited, Acked int
}

// flagRow is an open flag with its severity; Refs holds the first
// ReportRefs refs of the company.
type flagRow struct {
	OpenFlag
	RefsMore int // refs of the company not listed
	Severity redflags.Severity
	IsNew    bool
	Linked   bool // the company has a section in appendix C
}

// changeRow is a journal entry as the page lists it: Refs holds its first
// ReportRefs refs, Sentences its first ReportSentences sentences.
type changeRow struct {
	Event
	RefsMore      int  // refs not listed
	SentencesMore int  // sentences not listed
	Linked        bool // the company has a section in appendix C
}

// changeRowOf is ev as the page lists it, its lists cut.
func changeRowOf(ev Event) changeRow {
	r := changeRow{Event: ev}
	r.Refs, r.RefsMore = head(ev.Refs, ReportRefs)
	r.Sentences, r.SentencesMore = head(ev.Sentences, ReportSentences)
	return r
}

// head is the first n items of s (a copy, so that the rest can be
// freed) and how many were left out.
func head[T any](s []T, n int) ([]T, int) {
	if len(s) <= n {
		return s, 0
	}
	return slices.Clone(s[:n]), len(s) - n
}

// reviewRow is a row of the review queue with the candidates shown; the
// row's Tags hold its first ReportRefs tags.
type reviewRow struct {
	Review
	Shown    []registerdata.MatchCandidate
	More     int // candidates not shown
	TagsMore int // tags not listed
	Outcome  string
}

// pendingRow is a decision waiting for a second person.
type pendingRow struct {
	Decision
	Subject string // what it is about, in words, with the company's name
}

// companyRow is one company's section: its entries, the flags and the
// period's changes the page lists.
type companyRow struct {
	ID       string
	Name     string
	Refs     []string // the first ReportRefs
	RefsMore int      // refs not listed
	Flags    []flagRow
	Changes  []changeRow
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
// only the items each list shows, so memory is bounded by the caps and
// not by the size of the portfolio. The journal, the queue and the
// decisions are read a page at a time through their iterators.
func (p *Portfolio) gather(ctx context.Context, o ReportOptions) (*overview, error) {
	now := p.cfg.now().UTC()
	ov := &overview{Title: o.Title, GeneratedAt: now, Since: now.Add(-o.Period), ByStatus: map[Status]int{}}
	steps := []func() error{
		func() error { return p.reportEntries(ctx, ov) },
		func() error { return p.reportTotals(ctx, ov) },
		func() error { return p.reportFlags(ctx, ov, o.MaxRows) },
		func() error { return p.reportJournal(ctx, ov, o.MaxRows) },
		func() error { return p.reportReview(ctx, ov, o.MaxRows) },
		func() error { return p.reportPending(ctx, ov, o.MaxRows) },
	}
	for _, step := range steps {
		if err := step(); err != nil {
			return nil, err
		}
	}
	ov.Companies, ov.CompaniesOmitted = companySections(ov, o.MaxRows)
	linked := make(map[string]bool, len(ov.Companies))
	for _, c := range ov.Companies {
		linked[c.ID] = true
	}
	for _, list := range [][]flagRow{ov.NewFlags, ov.Flags, ov.FlagsMore} {
		for i := range list {
			list[i].Linked = linked[list[i].CompanyID]
		}
	}
	for i := range ov.Changes {
		ov.Changes[i].Linked = linked[ov.Changes[i].CompanyID]
	}
	return ov, nil
}

// reportEntries counts the entries by status and the review queue.
func (p *Portfolio) reportEntries(ctx context.Context, ov *overview) error {
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
	ov.Matched = ov.ByStatus[Matched]
	ov.AwaitReview, err = p.ReviewCount(ctx)
	return err
}

// companySections groups the changes and new flags listed by company,
// for appendix C.
func companySections(ov *overview, limit int) ([]companyRow, int) {
	byID := map[string]*companyRow{}
	row := func(id, name string, refs []string, more int) *companyRow {
		r := byID[id]
		if r == nil {
			r = &companyRow{ID: id, Name: name, Refs: refs, RefsMore: more}
			byID[id] = r
		}
		if r.Name == "" {
			r.Name = name
		}
		return r
	}
	for _, f := range ov.NewFlags {
		r := row(f.CompanyID, f.Name, f.Refs, f.RefsMore)
		r.Flags = append(r.Flags, f)
	}
	for _, ev := range ov.Changes {
		r := row(ev.CompanyID, ev.Name, ev.Refs, ev.RefsMore)
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
// import credits, journal size, and what the monitors cost this month.
func (p *Portfolio) reportTotals(ctx context.Context, ov *overview) error {
	row := p.db.QueryRowContext(ctx, p.q(`SELECT
		(SELECT COUNT(*) FROM portfolio_monitors),
		(SELECT COALESCE(SUM(credits), 0) FROM portfolio_entries),
		(SELECT COUNT(*) FROM portfolio_journal)`))
	if err := row.Scan(&ov.Monitored, &ov.ImportCredit, &ov.JournalTotal); err != nil {
		return fmt.Errorf("portfolio: report: reading the totals: %w", err)
	}
	if err := p.reportAlerts(ctx, ov); err != nil {
		return err
	}
	m, err := p.monthCosts(ctx, ov.GeneratedAt)
	ov.MonitorMonth = m.Credits
	return err
}

// displayName is a company's name, or its id while the name is unknown.
func displayName(name, id string) string {
	if name != "" {
		return name
	}
	return id
}
