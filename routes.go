package registerdata

import "strings"

// routeTemplates are the path templates of the service's operations, as
// api/openapi.yaml writes them. A call's route (CallInfo.Route, the
// SDK's log records) is its method and the template its path matches, so
// that no id ever becomes part of a name a tracing or metrics backend
// groups by.
var routeTemplates = []string{
	"/v1/company/{company_id}",
	"/v1/company/{company_id}/financials",
	"/v1/company/{company_id}/owners",
	"/v1/company/{company_id}/owners/historical",
	"/v1/company/{company_id}/ubo",
	"/v1/company/{company_id}/holdings",
	"/v0/company/{company_id}/contact",
	"/v1/search/company",
	"/v1/search/person",
	"/v1/search/insolvency",
	"/v0/search/lookup",
	"/v1/autocomplete/company",
	"/v1/monitor",
	"/v1/monitor/{entity_id}",
	"/v1/document",
	"/v1/document/{document_id}",
	"/v1/credits",
	"/v1/person/{person_id}",
	"/v1/person/{person_id}/holdings",
	"/v1/insolvency/{insolvency_id}",
	"/v1/transparenzregister/credentials",
	"/v1/transparenzregister/extracts",
	"/v1/transparenzregister/extracts/{extract_id}",
}

// routeOf returns "METHOD template" for an escaped request path (without
// query). A path no template matches (an endpoint the SDK does not model,
// sent with Client.Do) keeps its version segment ("v1") and its plain
// lower-case words, and has every other segment replaced by "{id}"
// ("/v1/things/{id}/parts"), so ids still never reach the route.
func routeOf(method, path string) string {
	best, bestLiterals := "", -1
	for _, t := range routeTemplates {
		if n, ok := matchTemplate(t, path); ok && n > bestLiterals {
			best, bestLiterals = t, n
		}
	}
	if best == "" {
		best = genericRoute(path)
	}
	return method + " " + best
}

// matchTemplate reports whether path matches template segment by
// segment ("{...}" matches any non-empty segment), and how many literal
// segments matched.
func matchTemplate(template, path string) (literals int, ok bool) {
	for {
		if template == "" || path == "" {
			return literals, template == "" && path == ""
		}
		tseg, trest := nextSegment(template)
		pseg, prest := nextSegment(path)
		switch {
		case strings.HasPrefix(tseg, "{"):
			if pseg == "" {
				return 0, false
			}
		case tseg == pseg:
			literals++
		default:
			return 0, false
		}
		template, path = trest, prest
	}
}

// nextSegment splits "/a/b" into "a" and "/b".
func nextSegment(p string) (seg, rest string) {
	p = strings.TrimPrefix(p, "/")
	if i := strings.IndexByte(p, '/'); i >= 0 {
		return p[:i], p[i:]
	}
	return p, ""
}

// genericRoute is the route of a path no template matches.
func genericRoute(path string) string {
	var b strings.Builder
	for i, p := 0, path; p != ""; i++ {
		var seg string
		seg, p = nextSegment(p)
		if seg == "" {
			continue
		}
		b.WriteByte('/')
		if isPlainWord(seg) || (i == 0 && isVersion(seg)) {
			b.WriteString(seg)
		} else {
			b.WriteString("{id}")
		}
	}
	if b.Len() == 0 {
		return "/"
	}
	return b.String()
}

// isPlainWord reports whether seg is a word of a path template rather
// than a value: lower-case letters and underscores, at most 32 bytes.
func isPlainWord(seg string) bool {
	if seg == "" || len(seg) > 32 {
		return false
	}
	for i := 0; i < len(seg); i++ {
		if c := seg[i]; (c < 'a' || c > 'z') && c != '_' {
			return false
		}
	}
	return true
}

// isVersion reports whether seg is a version segment such as "v1".
func isVersion(seg string) bool {
	if len(seg) < 2 || len(seg) > 4 || seg[0] != 'v' {
		return false
	}
	for i := 1; i < len(seg); i++ {
		if seg[i] < '0' || seg[i] > '9' {
			return false
		}
	}
	return true
}
