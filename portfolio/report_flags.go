package portfolio

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/registerdata/registerdata-go/redflags"
)

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
