package portfolio

import (
	"net/url"
	"regexp"
	"slices"
	"strings"
)

// dsnMask is what RedactDSN puts where a password was.
const dsnMask = "xxxxx"

// RedactDSN returns dsn with every password it carries replaced by
// "xxxxx", in each form a PostgreSQL DSN can carry one (pgx accepts them
// all), and the rest kept, so that a message still says which database
// it means:
//
//   - the URL's user information: postgres://user:PASSWORD@host/db;
//   - a query parameter: postgres://user@host/db?password=PASSWORD (and
//     sslpassword, in any spelling of the key);
//   - the keyword/value form: host=h password=PASSWORD, quoted
//     password='PASS WORD' with its backslash escapes.
//
// A DSN malformed enough that its parts are ambiguous (an unencoded '@'
// or '/' in a password) is masked generously: more of it than the
// password may be hidden, never less. A "sqlite:PATH" DSN carries no
// password and is returned as it is. A password in $PGPASSWORD or a
// .pgpass file never is in the DSN, and the portfolio never writes it.
//
// Every error Open returns, and the CLI's messages, show a DSN only
// through RedactDSN.
func RedactDSN(dsn string) string {
	spans := passwordSpans(dsn)
	if len(spans) == 0 {
		return dsn
	}
	var b strings.Builder
	at := 0
	for _, s := range spans {
		b.WriteString(dsn[at:s.from])
		b.WriteString(dsnMask)
		at = s.to
	}
	b.WriteString(dsn[at:])
	return b.String()
}

// DSNSecrets returns the passwords dsn carries (those RedactDSN masks),
// each as written and as decoded (percent-escapes, backslash escapes),
// for a caller that searches its own output for them, as the CLI does
// with every secret it holds. It returns nil for a DSN without one.
func DSNSecrets(dsn string) []string {
	var out []string
	add := func(s string) {
		if s != "" && !contains(out, s) {
			out = append(out, s)
		}
	}
	for _, s := range passwordSpans(dsn) {
		raw := dsn[s.from:s.to]
		add(raw)
		if s.url {
			if v, err := url.PathUnescape(raw); err == nil {
				add(v)
			}
			if v, err := url.QueryUnescape(raw); err == nil {
				add(v)
			}
		} else {
			add(unescapeKeywordValue(raw))
		}
	}
	return out
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

// span is the place of a password in a DSN: dsn[from:to], in a URL
// (percent-encoded) or a keyword/value form (backslash-escaped).
type span struct {
	from, to int
	url      bool
}

// passwordSpans finds the passwords in dsn, in order, not overlapping.
func passwordSpans(dsn string) []span {
	switch {
	case strings.HasPrefix(dsn, "sqlite:"):
		return nil
	case strings.Contains(dsn, "://"):
		return urlPasswordSpans(dsn)
	case strings.Contains(dsn, "="):
		return keywordPasswordSpans(dsn)
	}
	return brokenURLSpans(dsn, 0)
}

// urlPasswordSpans finds the passwords of a URL DSN: the user
// information's (pgx's reading: the user information ends at the first
// '@' before any '/', the password starts after its first ':'), and the
// values of query parameters whose key names a password.
func urlPasswordSpans(dsn string) []span {
	base := strings.Index(dsn, "://") + 3
	p := dsn[base:]
	var spans []span
	first, last := strings.IndexAny(p, "@/"), strings.LastIndexByte(p, '@')
	switch {
	case last < 0:
	case p[first] == '@' && first == last:
		if c := strings.IndexByte(p[:first], ':'); c >= 0 && c+1 < first {
			spans = append(spans, span{from: base + c + 1, to: base + first, url: true})
		}
	default:
		// Several '@', or one after a '/': an unencoded '@', '/' or '?'
		// in a password leaves its end ambiguous. Everything from the
		// first ':' to the last '@' is masked.
		if c := strings.IndexByte(p[:last], ':'); c >= 0 && c+1 < last {
			spans = append(spans, span{from: base + c + 1, to: base + last, url: true})
		}
	}
	// Every parameter after a '?' or '&', wherever it is: a query that
	// an ambiguous user information hides is searched too.
	for i := base; i < len(dsn); i++ {
		if dsn[i] != '?' && dsn[i] != '&' {
			continue
		}
		pair := dsn[i+1:]
		if e := strings.IndexByte(pair, '&'); e >= 0 {
			pair = pair[:e]
		}
		key, value, ok := strings.Cut(pair, "=")
		if k, err := url.QueryUnescape(key); err == nil {
			key = k
		}
		if ok && value != "" && namesPassword(key) {
			from := i + 1 + strings.IndexByte(pair, '=') + 1
			spans = append(spans, span{from: from, to: from + len(value), url: true})
		}
	}
	return merge(spans)
}

// merge sorts spans and joins those that overlap or touch.
func merge(spans []span) []span {
	slices.SortFunc(spans, func(a, b span) int { return a.from - b.from })
	var out []span
	for _, s := range spans {
		if n := len(out); n > 0 && s.from <= out[n-1].to {
			out[n-1].to = max(out[n-1].to, s.to)
			continue
		}
		out = append(out, s)
	}
	return out
}

// namesPassword reports whether a DSN's key is a password's (password,
// sslpassword, in any case): its value is a secret.
func namesPassword(key string) bool {
	return strings.Contains(strings.ToLower(strings.TrimSpace(key)), "password")
}

// keywordPasswordSpans finds the passwords of a keyword/value DSN
// (host=h password=secret, password = 'a b\'c'), read as pgx and libpq
// read it; an unterminated quote hides the rest of the DSN.
func keywordPasswordSpans(dsn string) []span {
	var spans []span
	i := 0
	for i < len(dsn) {
		eq := strings.IndexByte(dsn[i:], '=')
		if eq < 0 {
			break
		}
		fields := strings.Fields(dsn[i : i+eq])
		key := ""
		if len(fields) > 0 {
			key = fields[len(fields)-1]
		}
		j := i + eq + 1
		for j < len(dsn) && isSpace(dsn[j]) {
			j++
		}
		from, to := j, j
		if j < len(dsn) && dsn[j] == '\'' {
			from = j + 1
			to = from
			for to < len(dsn) && dsn[to] != '\'' {
				if dsn[to] == '\\' {
					to++
				}
				to++
			}
			to = min(to, len(dsn))
			i = min(to+1, len(dsn))
		} else {
			for to < len(dsn) && !isSpace(dsn[to]) {
				if dsn[to] == '\\' {
					to++
				}
				to++
			}
			to = min(to, len(dsn))
			i = to
		}
		if namesPassword(key) && to > from {
			spans = append(spans, span{from: from, to: to})
		}
	}
	return spans
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'
}

// unescapeKeywordValue undoes the backslash escapes of a keyword/value
// DSN's value.
func unescapeKeywordValue(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) {
			i++
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// brokenUserinfo is a user information in a DSN that is no URL (a
// mistyped scheme such as "postgres:/u:secret@h"): ":...@".
var brokenUserinfo = regexp.MustCompile(`:[^@]*@`)

// brokenURLSpans masks whatever looks like ":password@" in dsn[at:].
func brokenURLSpans(dsn string, at int) []span {
	var spans []span
	for _, m := range brokenUserinfo.FindAllStringIndex(dsn[at:], -1) {
		if m[1]-m[0] > 2 {
			spans = append(spans, span{from: at + m[0] + 1, to: at + m[1] - 1, url: true})
		}
	}
	return spans
}

// minScrub is the length from which a DSN's password is searched for in
// the text of an error (see hideDSNSecrets): a shorter one would replace
// pieces of words.
const minScrub = 3

// hideDSNSecrets returns err with every password of dsn replaced in its
// text by "xxxxx" (errors.Is and errors.As still see err): what a
// driver's error quotes of the DSN never shows its password.
func hideDSNSecrets(dsn string, err error) error {
	if err == nil {
		return nil
	}
	msg := err.Error()
	hidden := msg
	secrets := DSNSecrets(dsn)
	// Longest first, so that a form containing another is replaced whole.
	for i := 1; i < len(secrets); i++ {
		for j := i; j > 0 && len(secrets[j]) > len(secrets[j-1]); j-- {
			secrets[j], secrets[j-1] = secrets[j-1], secrets[j]
		}
	}
	for _, s := range secrets {
		if len(s) >= minScrub {
			hidden = strings.ReplaceAll(hidden, s, dsnMask)
		}
	}
	if hidden == msg {
		return err
	}
	return &redactedError{msg: hidden, err: err}
}

// redactedError is an error whose text had a password taken out.
type redactedError struct {
	msg string
	err error
}

func (e *redactedError) Error() string { return e.msg }
func (e *redactedError) Unwrap() error { return e.err }
