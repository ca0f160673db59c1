package web

import (
	"encoding/csv"
	"encoding/json"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/registerdata/registerdata-go/portfolio"
	"github.com/registerdata/registerdata-go/visible"
)

// auditPageSize is how many audit entries one page shows.
const auditPageSize = 100

// auditData is one page of the audit chain and its verification.
type auditData struct {
	Verified string
	Broken   bool
	Entries  []portfolio.AuditEntry
	Next     string
}

// audit shows the audit chain a page at a time (after: the last Seq
// shown) with the result of its verification.
func (s *server) audit(w http.ResponseWriter, r *http.Request, who Principal) {
	ctx := r.Context()
	var after int64
	if a := r.URL.Query().Get("after"); a != "" {
		var err error
		if after, err = strconv.ParseInt(a, 10, 64); err != nil || after < 0 {
			s.fail(w, r, who, "reading the audit trail", refuse("The page cursor is not a number: open the audit trail from its first page."))
			return
		}
	}
	d := auditData{Verified: "The chain is whole: every entry's hash follows from the one before."}
	if err := s.p.VerifyAudit(ctx); err != nil {
		d.Broken, d.Verified = true, "The chain is broken: "+err.Error()
	}
	for e, err := range s.p.Audit(ctx, after) {
		if err != nil {
			s.fail(w, r, who, "reading the audit trail", err)
			return
		}
		if len(d.Entries) == auditPageSize {
			d.Next = "/audit?after=" + strconv.FormatInt(d.Entries[len(d.Entries)-1].Seq, 10)
			break
		}
		d.Entries = append(d.Entries, e)
	}
	s.render(w, r, who, "audit", "Audit trail", d)
}

// auditCSV is the auditor's export: every entry of the chain as CSV,
// with its hash, so the chain can be checked elsewhere.
func (s *server) auditCSV(w http.ResponseWriter, r *http.Request, who Principal) {
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="audit.csv"`)
	cw := csv.NewWriter(w)
	_ = cw.Write([]string{"seq", "at", "actor_id", "actor_name", "action", "subject", "detail", "hash"})
	for e, err := range s.p.Audit(r.Context(), 0) {
		if err != nil {
			s.log.Error("web: the audit export", "err", err)
			_ = cw.Write([]string{"error", "the export stopped: the audit trail could not be read; the server log says why"})
			break
		}
		_ = cw.Write([]string{strconv.FormatInt(e.Seq, 10), e.At.UTC().Format(time.RFC3339Nano), cell(e.Actor.ID), cell(e.Actor.Name),
			e.Action, cell(e.Subject), cell(string(e.Detail)), e.Hash})
	}
	cw.Flush()
}

// cell is a CSV cell safe to open in a spreadsheet: hidden characters
// shown, and a leading =, +, - or @ quoted so it is not a formula.
func cell(s string) string {
	s = visible.Line(s)
	if s != "" && (s[0] == '=' || s[0] == '+' || s[0] == '-' || s[0] == '@') {
		return "'" + s
	}
	return s
}

// detailLines is an audit entry's detail as people read it: one
// "key: value" line per field of its JSON object, in the canonical
// (sorted) order the chain hashes; anything else as it is.
func detailLines(raw json.RawMessage) []string {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(raw, &m); err != nil || len(m) == 0 {
		if len(raw) == 0 || string(raw) == "null" || string(raw) == "{}" {
			return nil
		}
		return []string{string(raw)}
	}
	return fieldLines(m)
}

// fieldLines are the "key: value" lines of the fields of m, sorted by
// key; a field whose value is an empty string has none.
func fieldLines(m map[string]json.RawMessage) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	out := make([]string, 0, len(keys))
	for _, k := range keys {
		v := m[k]
		var str string
		if json.Unmarshal(v, &str) == nil {
			if str == "" {
				continue
			}
			out = append(out, strings.ReplaceAll(k, "_", " ")+": "+str)
			continue
		}
		out = append(out, strings.ReplaceAll(k, "_", " ")+": "+detailValue(v))
	}
	return out
}

// detailValue is a detail's value that is not a string: an actor
// ({"id", "name"}) as "Name <id>", another object as its fields, the
// rest as JSON. The object is parsed once, and once more as an actor
// when it has two fields or fewer.
func detailValue(v json.RawMessage) string {
	var m map[string]json.RawMessage
	if json.Unmarshal(v, &m) != nil || len(m) == 0 {
		return string(v)
	}
	if len(m) <= 2 {
		var a portfolio.Actor
		if json.Unmarshal(v, &a) == nil && a.ID != "" {
			return a.String()
		}
	}
	return strings.Join(fieldLines(m), ", ")
}
