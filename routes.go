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

// The routes the SDK's own code names, beside the calls that write their
// templates: the owner lists the tree pays for, the monitor whose variants
// Prices.Monitor reads, the history whose 202 ProcessingError describes,
// and the extract whose 429 is the 30-day quota (quotaAnswer), not a
// short rate limit.
const (
	routeOwners               = "GET /v1/company/{company_id}/owners"
	routeMonitorCreate        = "POST /v1/monitor"
	historyRoute              = "GET /v1/company/{company_id}/owners/historical"
	routeTransparencyExtracts = "POST /v1/transparenzregister/extracts"
)

// routeOf returns "METHOD template" for an escaped request path (without
// query) built by the caller of Client.Do; the SDK's own calls carry
// their template (request.route). The set of values it returns is bounded whatever the method
// and path hold, so a route is safe as a span name or a metric attribute:
//
//   - the method is one of the HTTP methods OpenTelemetry knows (GET,
//     POST, ...), or "HTTP" for any other (the span name its HTTP
//     conventions give a request of an unknown method);
//   - a path that matches a template of the service is that template;
//   - any other path (an endpoint the SDK does not model, sent with
//     Client.Do) keeps the longest start it shares with a template, with
//     that template's words and placeholders, and has every further
//     segment replaced by unknownSegment, up to maxRouteSegments segments
//     in all; a deeper path ends in restSegment.
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
	return routeMethod(method) + " " + best
}

// The placeholders of the segments of a path no template knows.
const (
	unknownSegment   = "{unknown}"
	restSegment      = "{rest}"
	maxRouteSegments = 8
)

// knownMethods are the HTTP methods OpenTelemetry's HTTP conventions name
// (http.request.method); any other is recorded as "_OTHER".
var knownMethods = map[string]bool{
	"CONNECT": true, "DELETE": true, "GET": true, "HEAD": true, "OPTIONS": true,
	"PATCH": true, "POST": true, "PUT": true, "TRACE": true, "QUERY": true,
}

// routeMethod is the method as a route names it: a known method as it
// is, any other as "HTTP".
func routeMethod(method string) string {
	if knownMethods[method] {
		return method
	}
	return "HTTP"
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

// genericRoute is the route of a path no template matches: the longest
// start of a template the path's first segments match (the template's
// own segments, so no value of the path is kept), then unknownSegment
// per further segment, at most maxRouteSegments in all.
func genericRoute(path string) string {
	var segs []string
	for p := path; p != "" && len(segs) <= maxRouteSegments; {
		var seg string
		seg, p = nextSegment(p)
		if seg != "" {
			segs = append(segs, seg)
		}
	}
	prefix, n := "", 0
	for _, t := range routeTemplates {
		if tp, tn := templatePrefix(t, segs); tn > n {
			prefix, n = tp, tn
		}
	}
	var b strings.Builder
	b.WriteString(prefix)
	for i := n; i < len(segs); i++ {
		if i == maxRouteSegments {
			b.WriteString("/" + restSegment)
			break
		}
		b.WriteString("/" + unknownSegment)
	}
	if b.Len() == 0 {
		return "/"
	}
	return b.String()
}

// templatePrefix returns the longest start of template whose segments
// match the first segments of segs, and how many segments it has.
func templatePrefix(template string, segs []string) (prefix string, n int) {
	end := 0
	for t := template; t != "" && n < len(segs) && n < maxRouteSegments; n++ {
		tseg, rest := nextSegment(t)
		if !strings.HasPrefix(tseg, "{") && tseg != segs[n] {
			break
		}
		end += len(t) - len(rest)
		t = rest
	}
	return template[:end], n
}
