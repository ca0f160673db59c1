package portfolio

import (
	"context"
	"fmt"
)

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
