package searchengine

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/filters"
)

// RequestError is a search request the engine refuses: the fake answers
// it with 400 and the error's text.
type RequestError struct {
	// Msg says what is wrong with the request and how to fix it, such as
	// an unknown filter field with the known ones.
	Msg string
}

// Error returns Msg.
func (e *RequestError) Error() string { return e.Msg }

func badRequest(format string, args ...any) error {
	return &RequestError{Msg: fmt.Sprintf(format, args...)}
}

// enumSets holds the closed value sets: a value outside them is refused
// rather than silently matching nothing. Open sets (zip, industry codes)
// are not listed.
var enumSets = map[filters.Field][]string{
	filters.Status:          strs(enums.CompanyStatus.Values("")),
	filters.LegalForm:       strs(enums.LegalForm.Values("")),
	filters.RegisterType:    strs(enums.RegisterType.Values("")),
	filters.CapitalCurrency: strs(enums.Currency.Values("")),
	filters.InsolvencyStage: strs(enums.InsolvencyStatus.Values("")),
	filters.InsolvencyRisk:  {riskLow, riskMedium, riskHigh},
	filters.Roles:           strs(enums.Role.Values("")),
}

func strs[T ~string](vs []T) []string {
	out := make([]string, len(vs))
	for i, v := range vs {
		out[i] = string(v)
	}
	return out
}

// compileFilters checks fs for a search of the given scope and compiles
// each filter into a condition on t.
func (t *table[R]) compileFilters(scope filters.Scope, fs []filters.Filter) ([]*cond, error) {
	if err := filters.Validate(scope, fs); err != nil {
		return nil, &RequestError{Msg: boundedMessage(err)}
	}
	conds := make([]*cond, 0, len(fs))
	for i, f := range fs {
		c, err := t.compile(f)
		if err != nil {
			return nil, badRequest("filters[%d] %q: %v", i, f.Field, err)
		}
		conds = append(conds, c)
	}
	return conds, nil
}

// maxProblems bounds how many problems of a filter list a refusal names:
// the answer to a list of 60,000 bad filters stays small.
const maxProblems = 20

// boundedMessage joins the problems of err (a joined error from
// filters.Validate) with "; ", naming at most maxProblems of them.
func boundedMessage(err error) string {
	joined, ok := err.(interface{ Unwrap() []error })
	if !ok {
		return strings.ReplaceAll(err.Error(), "\n", "; ")
	}
	errs := joined.Unwrap()
	var b strings.Builder
	for i, e := range errs {
		if i == maxProblems {
			fmt.Fprintf(&b, "; and %d more problems", len(errs)-maxProblems)
			break
		}
		if i > 0 {
			b.WriteString("; ")
		}
		b.WriteString(e.Error())
	}
	return b.String()
}

func (t *table[R]) compile(f filters.Filter) (*cond, error) {
	ci, ok := t.byName[f.Field]
	if !ok {
		names := make([]string, len(t.cols))
		for i, c := range t.cols {
			names[i] = string(c.info.Name)
		}
		return nil, fmt.Errorf("unknown field; this search knows %s", strings.Join(names, ", "))
	}
	col := t.cols[ci]
	switch col.info.Kind {
	case filters.KindNumber, filters.KindDate:
		return t.rangeCond(ci, f)
	case filters.KindText:
		if len(f.Keywords) > 0 {
			return t.keywordCond(ci, f.Keywords), nil
		}
		wanted := make([]string, 0, len(f.Values)+1)
		for _, v := range append(slices.Clip(f.Values), f.Value) {
			if v != "" {
				wanted = append(wanted, strings.ToLower(strings.TrimSpace(v)))
			}
		}
		return t.anyOf(ci, wanted, false), nil
	}
	wanted := slices.Clone(f.Values)
	if f.Value != "" {
		wanted = append(wanted, f.Value)
	}
	if set, closed := enumSets[f.Field]; closed {
		for _, v := range wanted {
			if !slices.Contains(set, v) {
				return nil, fmt.Errorf("unknown value %q; use one of %s (case-sensitive)", v, strings.Join(set, ", "))
			}
		}
	}
	if f.Field == filters.IndustryCodes {
		for i, v := range wanted {
			wanted[i] = industryDigits(v)
		}
		return t.anyOf(ci, wanted, true), nil
	}
	return t.anyOf(ci, wanted, false), nil
}

// anyOf matches documents holding one of vs in column ci (or, with
// prefix, a value starting with one of vs).
func (t *table[R]) anyOf(ci int, vs []string, prefix bool) *cond {
	post := t.cols[ci].postings(t.alive)
	c := &cond{}
	var held []string // the values of lists, without prefix
	for _, v := range vs {
		if prefix {
			c.lists = append(c.lists, post.withPrefix(v)...)
		} else if p := post.posting(v); p != nil {
			c.lists, held = append(c.lists, p), append(held, v)
		}
	}
	for _, p := range c.lists {
		c.est += len(p.docs)
	}
	if !prefix {
		t.setDisjoint(c, ci, held)
	}
	c.match = func(r doc) bool {
		return slices.ContainsFunc(r.strsOf(ci), func(have string) bool {
			return slices.ContainsFunc(vs, func(w string) bool {
				return have == w || prefix && strings.HasPrefix(have, w)
			})
		})
	}
	return c
}

// keywordCond matches documents whose value of column ci holds every
// keyword, case-insensitively. Its candidates are the postings of the
// column's distinct values that hold every keyword, found with the
// column's n-gram index.
func (t *table[R]) keywordCond(ci int, kws []string) *cond {
	lower := make([]string, len(kws))
	for i, k := range kws {
		lower[i] = strings.ToLower(strings.TrimSpace(k))
	}
	post := t.cols[ci].postings(t.alive)
	c := &cond{}
	held := post.containing(lower)
	for _, v := range held {
		p := post.posting(v)
		c.lists = append(c.lists, p)
		c.est += len(p.docs)
	}
	t.setDisjoint(c, ci, held)
	c.match = func(r doc) bool {
		return slices.ContainsFunc(r.strsOf(ci), func(have string) bool {
			for _, k := range lower {
				if !strings.Contains(have, k) {
					return false
				}
			}
			return true
		})
	}
	return c
}

// rangeCond matches documents holding a value of column ci within the
// inclusive bounds of f; "value" is both bounds.
func (t *table[R]) rangeCond(ci int, f filters.Filter) (*cond, error) {
	parse := parseNumber
	if t.cols[ci].info.Kind == filters.KindDate {
		parse = parseDateNumber
	}
	lo, hi := math.Inf(-1), math.Inf(1)
	for _, b := range [...]struct {
		key, s string
		lo, hi bool
	}{{"value", f.Value, true, true}, {"min", f.Min, true, false}, {"max", f.Max, false, true}} {
		if b.s == "" {
			continue
		}
		v, err := parse(b.s)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", b.key, err)
		}
		if b.lo {
			lo = math.Max(lo, v)
		}
		if b.hi {
			hi = math.Min(hi, v)
		}
	}
	x := t.cols[ci].numbers(t.alive)
	c := &cond{num: x}
	if lo <= hi {
		c.a, c.b = x.span(lo, hi)
	}
	c.est = c.b - c.a
	c.match = func(r doc) bool {
		var one [1]float64
		return slices.ContainsFunc(r.numsOf(ci, &one), func(v float64) bool { return lo <= v && v <= hi })
	}
	return c, nil
}

func parseNumber(s string) (float64, error) {
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		return 0, errors.New("not a decimal number")
	}
	return v, nil
}

func parseDateNumber(s string) (float64, error) {
	d, err := registerdata.ParseDate(s)
	if err != nil {
		return 0, errors.New("not a date; write YYYY-MM-DD")
	}
	return dateNumber(d), nil
}

// dateNumber maps a date to a number that sorts like it: YYYYMMDD.
func dateNumber(d registerdata.Date) float64 {
	return float64(d.Year*10000 + int(d.Month)*100 + d.Day)
}

// industryDigits strips the dots of a WZ code: "62.01" -> "6201".
func industryDigits(code string) string { return strings.ReplaceAll(code, ".", "") }
