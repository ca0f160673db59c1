package portfolio

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"
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

// reportFlags counts the open flags by code, severity, novelty and
// acknowledgement, and reads the ones listed: the period's new flags,
// then the others by severity (unacknowledged first, the oldest first),
// the first ReportOpenFlags of them before the appendix and up to limit
// more in it.
func (p *Portfolio) reportFlags(ctx context.Context, ov *overview, limit int) error {
	since := micros(ov.Since)
	rows, err := p.db.QueryContext(ctx, p.q(`SELECT code, acknowledged, inherited, CASE WHEN inherited = 0 AND since >= $1 THEN 1 ELSE 0 END AS fresh, COUNT(*)
		FROM portfolio_flags f WHERE `+stillNamed("f")+` GROUP BY code, acknowledged, inherited, fresh ORDER BY code`), since)
	if err != nil {
		return fmt.Errorf("portfolio: report: counting the flags: %w", err)
	}
	defer rows.Close()
	byCode := map[string]*flagCode{}
	var high, review []string
	for rows.Next() {
		var code string
		var acked bool
		var inherited, fresh, n int
		if err := rows.Scan(&code, &acked, &inherited, &fresh, &n); err != nil {
			return fmt.Errorf("portfolio: report: counting the flags: %w", err)
		}
		fc := byCode[code]
		if fc == nil {
			fc = &flagCode{Code: code, Severity: redflags.SeverityOf(code)}
			byCode[code] = fc
			if fc.Severity == redflags.High {
				high = append(high, code)
			} else {
				review = append(review, code)
			}
		}
		fc.Open += n
		if fc.Severity == redflags.High {
			ov.FlagsHigh += n
		} else {
			ov.FlagsReview += n
		}
		if acked {
			fc.Acked += n
			ov.FlagsAcked += n
		} else if fc.Severity == redflags.High {
			ov.HighUnacked += n
		} else {
			ov.ReviewUnacked += n
		}
		if inherited == 1 {
			fc.Inherited += n
			ov.FlagsInherit += n
		}
		if fresh == 1 {
			fc.New += n
			ov.FlagsNew += n
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("portfolio: report: counting the flags: %w", err)
	}
	rows.Close()
	for _, code := range slices.Concat(high, review) {
		ov.FlagCodes = append(ov.FlagCodes, *byCode[code])
	}
	if len(high) > 0 {
		marks, args := placeholders(high, 1)
		err := p.db.QueryRowContext(ctx, p.q(`SELECT COUNT(DISTINCT company_id) FROM portfolio_flags f WHERE acknowledged = FALSE AND code IN (`+marks+`) AND `+stillNamed("f")), args...).Scan(&ov.HighCompanies)
		if err != nil {
			return fmt.Errorf("portfolio: report: counting the companies with high flags: %w", err)
		}
		for _, code := range high {
			if fc := byCode[code]; fc.Open > fc.Acked {
				ov.HighCodes = append(ov.HighCodes, code)
			}
		}
	}

	// The new flags, high first, the newest first within.
	newCap := min(ReportNewFlags, limit)
	for _, codes := range [][]string{high, review} {
		if len(codes) == 0 || len(ov.NewFlags) >= newCap {
			continue
		}
		fs, err := p.flagsOfCodes(ctx, codes, `f.inherited = 0 AND f.since >= $1`, `f.since DESC, f.company_id, f.code`, since, newCap-len(ov.NewFlags))
		if err != nil {
			return err
		}
		for _, f := range fs {
			ov.NewFlags = append(ov.NewFlags, flagRow{OpenFlag: f, Severity: redflags.SeverityOf(f.Flag.Code), IsNew: true})
		}
	}
	ov.NewFlagsOmitted = ov.FlagsNew - len(ov.NewFlags)

	// The other open flags: the first ReportOpenFlags before the
	// appendix, up to limit more in it.
	mainCap := min(ReportOpenFlags, limit)
	var others []flagRow
	for _, codes := range [][]string{high, review} {
		if len(codes) == 0 || len(others) >= mainCap+limit {
			continue
		}
		fs, err := p.flagsOfCodes(ctx, codes, `NOT (f.inherited = 0 AND f.since >= $1)`, `f.acknowledged, f.since, f.company_id, f.code`, since, mainCap+limit-len(others))
		if err != nil {
			return err
		}
		for _, f := range fs {
			others = append(others, flagRow{OpenFlag: f, Severity: redflags.SeverityOf(f.Flag.Code)})
		}
	}
	ov.Flags = others[:min(mainCap, len(others))]
	ov.FlagsMore = others[len(ov.Flags):]
	ov.FlagsOmitted = ov.FlagsHigh + ov.FlagsReview - ov.FlagsNew - len(others)
	for _, list := range [][]flagRow{ov.NewFlags, ov.Flags, ov.FlagsMore} {
		for i := range list {
			if list[i].Refs, list[i].RefsMore, err = p.refsHead(ctx, list[i].CompanyID); err != nil {
				return err
			}
		}
	}
	return nil
}

// refsHead is the first ReportRefs refs of the entries naming company id
// (as refsOf orders them) and how many more there are: the page reads no
// more of a company named by 10,000 entries than it shows.
func (p *Portfolio) refsHead(ctx context.Context, id string) ([]string, int, error) {
	rows, err := p.db.QueryContext(ctx, p.q(`SELECT ref, COUNT(*) OVER () FROM portfolio_entries WHERE company_id = $1 AND status = 'matched' ORDER BY ref LIMIT `+itoa(ReportRefs)), id)
	if err != nil {
		return nil, 0, fmt.Errorf("portfolio: report: reading the refs of %s: %w", id, err)
	}
	defer rows.Close()
	refs, total := []string{}, 0
	for rows.Next() {
		var r string
		if err := rows.Scan(&r, &total); err != nil {
			return nil, 0, fmt.Errorf("portfolio: report: reading the refs of %s: %w", id, err)
		}
		refs = append(refs, r)
	}
	if err := rows.Err(); err != nil {
		return nil, 0, fmt.Errorf("portfolio: report: reading the refs of %s: %w", id, err)
	}
	return refs, total - len(refs), nil
}

// flagsOfCodes reads at most limit open flags with one of codes that
// meet cond (SQL over alias f with the one parameter $1, since), in
// order.
func (p *Portfolio) flagsOfCodes(ctx context.Context, codes []string, cond, order string, since int64, limit int) ([]OpenFlag, error) {
	marks, args := placeholders(codes, 2)
	rows, err := p.db.QueryContext(ctx, p.q(flagColumns+`
		WHERE `+cond+` AND f.code IN (`+marks+`) AND `+stillNamed("f")+` ORDER BY `+order+` LIMIT `+itoa(limit)), append([]any{since}, args...)...)
	if err != nil {
		return nil, fmt.Errorf("portfolio: report: reading the flags: %w", err)
	}
	return scanFlags(rows, "portfolio: report: reading the flags")
}

// placeholders is inList numbered from first: "$2, $3" and the values.
func placeholders(values []string, first int) (string, []any) {
	marks := make([]string, len(values))
	args := make([]any, len(values))
	for i, v := range values {
		marks[i], args[i] = "$"+itoa(first+i), v
	}
	return strings.Join(marks, ", "), args
}

// baselineBatch is how many journal entries that may be first checks
// reportJournal holds before asking the store which are.
const baselineBatch = 500

// reportJournal streams the period's journal: the real changes (changes
// found, flags raised or cleared, on a check that is not the company's
// first) are listed, the newest at most ReportChanges; the first checks
// (baselines: no delivery, no change) are counted and the first limit of
// them kept for appendix A; checks that found nothing are counted. The
// entries of a company no matched entry names any more are left out (the
// credits they cost still count): the journal keeps its history.
func (p *Portfolio) reportJournal(ctx context.Context, ov *overview, limit int) error {
	since, err := p.CursorAt(ctx, ov.Since)
	if err != nil {
		return err
	}
	changeCap := min(ReportChanges, limit)
	real := func(ev Event) {
		if len(ev.Changes) == 0 && len(ev.Raised) == 0 && len(ev.Cleared) == 0 {
			ov.Quiet++
			return
		}
		ov.ChangesTotal++
		ov.Changes = append(ov.Changes, changeRowOf(ev))
		if len(ov.Changes) >= 2*changeCap {
			newest(ov.Changes)
			ov.Changes = ov.Changes[:changeCap]
		}
	}
	known := map[string]bool{}
	var batch []Event
	flush := func() error {
		if len(batch) == 0 {
			return nil
		}
		first, err := p.firstChecks(ctx, batch)
		if err != nil {
			return err
		}
		for _, ev := range batch {
			if first[ev.CompanyID] != ev.Seq {
				real(ev)
				continue
			}
			ov.BaselineTotal++
			ov.BaselineFlags += len(ev.Raised)
			if len(ov.Baselines) < limit {
				ov.Baselines = append(ov.Baselines, changeRowOf(ev))
			}
		}
		batch = batch[:0]
		return nil
	}
	for ev, err := range p.Events(ctx, since) {
		if err != nil {
			return fmt.Errorf("portfolio: report: reading the journal: %w", err)
		}
		if ev.At.Before(ov.Since) {
			continue
		}
		ov.CheckCredits += ev.Credits
		if ok, err := p.namedNow(ctx, ev.CompanyID, known); err != nil || !ok {
			if err != nil {
				return err
			}
			continue // a company no entry names any more: its history is the journal's
		}
		if ev.EventID != "" || len(ev.Changes) > 0 || len(ev.Cleared) > 0 {
			real(ev)
			continue
		}
		batch = append(batch, ev)
		if len(batch) == baselineBatch {
			if err := flush(); err != nil {
				return err
			}
		}
	}
	if err := flush(); err != nil {
		return err
	}
	newest(ov.Changes)
	ov.Changes = ov.Changes[:min(changeCap, len(ov.Changes))]
	ov.ChangesOmitted = ov.ChangesTotal - len(ov.Changes)
	ov.BaselineOmit = ov.BaselineTotal - len(ov.Baselines)
	return nil
}

// namedNow reports whether a matched entry names company id now,
// remembering the answers in known (one query per company).
func (p *Portfolio) namedNow(ctx context.Context, id string, known map[string]bool) (bool, error) {
	if ok, seen := known[id]; seen {
		return ok, nil
	}
	var n int
	if err := p.db.QueryRowContext(ctx, p.q(`SELECT COUNT(*) FROM portfolio_entries WHERE company_id = $1 AND status = 'matched'`), id).Scan(&n); err != nil {
		return false, fmt.Errorf("portfolio: report: reading the entries of %s: %w", id, err)
	}
	known[id] = n > 0
	return n > 0, nil
}

// newest sorts cs newest first (the greatest Seq first).
func newest(cs []changeRow) {
	slices.SortFunc(cs, func(a, b changeRow) int { return cmp.Compare(b.Seq, a.Seq) })
}

// firstChecks is the Seq of the first journal entry of each company of
// evs: an entry is a company's baseline when it is its first.
func (p *Portfolio) firstChecks(ctx context.Context, evs []Event) (map[string]int64, error) {
	ids := make([]string, 0, len(evs))
	var upTo int64
	for _, ev := range evs {
		ids = append(ids, ev.CompanyID)
		upTo = max(upTo, ev.Seq)
	}
	slices.Sort(ids)
	ids = slices.Compact(ids)
	marks, args := placeholders(ids, 2)
	rows, err := p.db.QueryContext(ctx, p.q(`SELECT company_id, MIN(seq) FROM portfolio_journal WHERE seq <= $1 AND company_id IN (`+marks+`) GROUP BY company_id`),
		append([]any{upTo}, args...)...)
	if err != nil {
		return nil, fmt.Errorf("portfolio: report: reading the companies' first checks: %w", err)
	}
	defer rows.Close()
	first := make(map[string]int64, len(ids))
	for rows.Next() {
		var id string
		var seq int64
		if err := rows.Scan(&id, &seq); err != nil {
			return nil, fmt.Errorf("portfolio: report: reading the companies' first checks: %w", err)
		}
		first[id] = seq
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("portfolio: report: reading the companies' first checks: %w", err)
	}
	return first, nil
}

// reportReview reads the head of the review queue: at most
// ReportReviewRows rows, each with its first ReportCandidates candidates.
func (p *Portfolio) reportReview(ctx context.Context, ov *overview, limit int) error {
	rowCap := min(ReportReviewRows, limit)
	for r, err := range p.Reviews(ctx) {
		if err != nil {
			return fmt.Errorf("portfolio: report: %w", err)
		}
		if len(ov.Review) >= rowCap {
			break
		}
		row := reviewRow{Review: r, Outcome: queueOutcome(r.Status)}
		row.Shown = r.Candidates[:min(ReportCandidates, len(r.Candidates))]
		row.More = len(r.Candidates) - len(row.Shown)
		row.Candidates = nil
		row.Row.Tags, row.TagsMore = head(r.Row.Tags, ReportRefs)
		ov.Review = append(ov.Review, row)
	}
	ov.ReviewOmitted = max(0, ov.AwaitReview-len(ov.Review))
	return nil
}

// queueOutcome says what a status of the queue means.
func queueOutcome(s Status) string {
	switch s {
	case Ambiguous:
		return "ambiguous: several companies fit, none confidently"
	case NotFound:
		return "no company found"
	case Failed:
		return "the match could not run; the next import tries again"
	case UnknownCompany:
		return "the service does not know the company id"
	case Changed:
		return "the row changed since a person resolved it"
	}
	return string(s)
}

// reportPending counts the decisions waiting for a second person and
// keeps the oldest ReportDecisions.
func (p *Portfolio) reportPending(ctx context.Context, ov *overview, limit int) error {
	pendingCap := min(ReportDecisions, limit)
	for d, err := range p.Decisions(ctx, Pending) {
		if err != nil {
			return fmt.Errorf("portfolio: report: %w", err)
		}
		ov.PendingTotal++
		if len(ov.Pending) < pendingCap {
			ov.Pending = append(ov.Pending, pendingRow{Decision: d, Subject: subjectOf(d)})
		}
	}
	ov.PendingOmitted = ov.PendingTotal - len(ov.Pending)
	return nil
}

// subjectOf is what decision d is about, in words, naming the company.
func subjectOf(d Decision) string {
	named := func(id string) string {
		if d.Name != "" && id != "" {
			return d.Name + " (" + id + ")"
		}
		return displayName(d.Name, id)
	}
	switch d.Kind {
	case KindAcknowledge:
		return "flag " + d.Code + " of " + named(d.CompanyID)
	case KindResolve:
		if d.CompanyID == "" {
			return "row " + d.Ref + " as having no register entry"
		}
		return "row " + d.Ref + " as " + named(d.CompanyID)
	case KindRemove:
		if d.Name != "" {
			return "remove row " + d.Ref + " (" + d.Name + ")"
		}
		return "remove row " + d.Ref
	}
	return d.Subject()
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
