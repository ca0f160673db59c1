package web

import (
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"time"

	"github.com/registerdata/registerdata-go/portfolio"
	"github.com/registerdata/registerdata-go/redflags"
)

// journalPage is how many entries one page of the journal shows (a
// variable for the tests of its paging).
var journalPage = 50

// journalFilter is what the journal page is asked for.
type journalFilter struct {
	From, To, Severity, Tag, Ref string
}

// journalData is one page of the journal.
type journalData struct {
	Filter journalFilter
	Events []portfolio.Event
	Next   string
}

// journal shows the journal filtered by period (from, to: dates),
// severity (an entry raising a flag of it), tag and ref, a page at a
// time: after is the cursor (the last Seq shown).
func (s *server) journal(w http.ResponseWriter, r *http.Request, who Principal) {
	ctx := r.Context()
	q := r.URL.Query()
	f := journalFilter{From: q.Get("from"), To: q.Get("to"), Severity: q.Get("severity"), Tag: q.Get("tag"), Ref: q.Get("ref")}
	var from, to time.Time
	var err error
	if f.From != "" {
		if from, err = time.Parse(time.DateOnly, f.From); err != nil {
			s.fail(w, r, who, "reading the journal", refuse("The date “from” must read YYYY-MM-DD, such as 2026-01-31."))
			return
		}
	}
	if f.To != "" {
		if to, err = time.Parse(time.DateOnly, f.To); err != nil {
			s.fail(w, r, who, "reading the journal", refuse("The date “to” must read YYYY-MM-DD, such as 2026-01-31."))
			return
		}
		to = to.AddDate(0, 0, 1)
	}
	if f.Severity != "" && f.Severity != string(redflags.High) && f.Severity != string(redflags.Review) {
		s.fail(w, r, who, "reading the journal", refuse("The severity must be “high” or “review”."))
		return
	}
	var after int64
	if a := q.Get("after"); a != "" {
		if after, err = strconv.ParseInt(a, 10, 64); err != nil || after < 0 {
			s.fail(w, r, who, "reading the journal", refuse("The page cursor is not a number: open the journal from its first page."))
			return
		}
	}
	if !from.IsZero() {
		start, err := s.p.CursorAt(ctx, from)
		if err != nil {
			s.fail(w, r, who, "reading the journal", err)
			return
		}
		after = max(after, start)
	}
	var tags map[string][]string
	if f.Tag != "" {
		if tags, err = s.tagsOfRefs(r); err != nil {
			s.fail(w, r, who, "reading the entries", err)
			return
		}
	}
	d := journalData{Filter: f}
	for ev, err := range s.p.Events(ctx, after) {
		if err != nil {
			s.fail(w, r, who, "reading the journal", err)
			return
		}
		if !to.IsZero() && !ev.At.Before(to) {
			break
		}
		if !f.matches(ev, tags) {
			continue
		}
		if len(d.Events) == journalPage {
			v := url.Values{}
			for k, x := range map[string]string{"from": f.From, "to": f.To, "severity": f.Severity, "tag": f.Tag, "ref": f.Ref} {
				if x != "" {
					v.Set(k, x)
				}
			}
			v.Set("after", strconv.FormatInt(d.Events[len(d.Events)-1].Seq, 10))
			d.Next = "/journal?" + v.Encode()
			break
		}
		d.Events = append(d.Events, ev)
	}
	s.render(w, r, who, "journal", "Journal", d)
}

// matches reports whether ev passes the filter's severity, tag and ref.
func (f journalFilter) matches(ev portfolio.Event, tags map[string][]string) bool {
	if f.Ref != "" && !slices.Contains(ev.Refs, f.Ref) {
		return false
	}
	if f.Tag != "" && !slices.ContainsFunc(ev.Refs, func(ref string) bool { return slices.Contains(tags[ref], f.Tag) }) {
		return false
	}
	if f.Severity != "" && !slices.ContainsFunc(ev.Raised, func(fl redflags.Flag) bool { return string(redflags.SeverityOf(fl.Code)) == f.Severity }) {
		return false
	}
	return true
}

// tagsOfRefs maps each entry's Ref to its tags.
func (s *server) tagsOfRefs(r *http.Request) (map[string][]string, error) {
	out := map[string][]string{}
	for e, err := range s.p.Entries(r.Context()) {
		if err != nil {
			return nil, err
		}
		out[e.Ref] = e.Tags
	}
	return out, nil
}
