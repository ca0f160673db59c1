package changes

import (
	"strings"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
)

// Insolvency returns the changes from before to after, two snapshots of
// one insolvency proceeding (GetInsolvency), all in category
// insolvencies: its status, dates and administrator, and each event
// published since (matched by id, whatever their order). A nil snapshot
// is an empty proceeding.
func Insolvency(before, after *registerdata.Insolvency) []Change {
	var b, a registerdata.Insolvency
	if before != nil {
		b = *before
	}
	if after != nil {
		a = *after
	}
	const cat = enums.PreferenceInsolvencies
	subj := "insolvency proceeding " + join(" at ", a.CaseNumber, a.Court)
	if a.CaseNumber == "" && a.Court == "" {
		subj = "insolvency proceeding " + a.ID
	}
	d := &differ{}
	d.add(cat, "insolvency.current_status", subj, string(b.CurrentStatus), string(a.CurrentStatus))
	d.add(cat, "insolvency.opened_at", subj, showDatePtr(b.OpenedAt), showDatePtr(a.OpenedAt))
	d.add(cat, "insolvency.closed_at", subj, showDatePtr(b.ClosedAt), showDatePtr(a.ClosedAt))
	d.add(cat, "insolvency.administrator_name", subj, showStr(b.AdministratorName), showStr(a.AdministratorName))
	d.add(cat, "insolvency.claims_filing_deadline", subj, showDatePtr(b.ClaimsFilingDeadline), showDatePtr(a.ClaimsFilingDeadline))
	key := func(e *registerdata.InsolvencyEvent) string { return e.ID }
	same := func(x, y *registerdata.InsolvencyEvent) bool {
		return x.ID == y.ID && x.EventType == y.EventType && x.PublishedAt == y.PublishedAt && x.Summary == y.Summary
	}
	pair(b.Events, a.Events, key, same, func(be, ae *registerdata.InsolvencyEvent) {
		switch {
		case be == nil:
			d.change(Change{Category: cat, Kind: Added, Field: "insolvency.events", Subject: eventSubject(ae, subj), After: ae.Summary})
		case ae == nil:
			d.change(Change{Category: cat, Kind: Removed, Field: "insolvency.events", Subject: eventSubject(be, subj), Before: be.Summary})
		case !same(be, ae):
			d.modified(cat, "insolvency.events", eventSubject(ae, subj), join(": ", string(be.EventType), be.Summary), join(": ", string(ae.EventType), ae.Summary))
		}
	})
	return d.out
}

func eventSubject(e *registerdata.InsolvencyEvent, proceeding string) string {
	return join(" ", "event \""+strings.ReplaceAll(string(e.EventType), "_", " ")+"\"", "of "+showDate(e.PublishedAt), "in "+proceeding)
}
