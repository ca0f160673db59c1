package portfolio

import (
	"encoding/json"
	"strconv"
	"strings"
	"sync"
	"time"
)

// q returns query for the portfolio's engine: queries are written with
// PostgreSQL's $1, $2, ...; SQLite reads them as ?1, ?2, ...
func (p *Portfolio) q(query string) string {
	if p.engine == enginePostgres {
		return query
	}
	return sqliteQueries.get(query)
}

// queryCache holds the SQLite spelling of each query.
type queryCache struct{ m sync.Map }

var sqliteQueries queryCache

func (c *queryCache) get(query string) string {
	if v, ok := c.m.Load(query); ok {
		return v.(string)
	}
	var b strings.Builder
	for i := 0; i < len(query); i++ {
		if query[i] == '$' && i+1 < len(query) && query[i+1] >= '0' && query[i+1] <= '9' {
			b.WriteByte('?')
			continue
		}
		b.WriteByte(query[i])
	}
	s := b.String()
	c.m.Store(query, s)
	return s
}

// micros is t as Unix microseconds, the store's time format.
func micros(t time.Time) int64 { return t.UnixMicro() }

// fromMicros is the time of Unix microseconds us, in UTC.
func fromMicros(us int64) time.Time { return time.UnixMicro(us).UTC() }

// mustJSON encodes v, which is always one of the store's own types.
func mustJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return "null"
	}
	return string(b)
}

// itoa is strconv.Itoa, for building queries.
func itoa(n int) string { return strconv.Itoa(n) }

// inList is the placeholders of an IN list of values ("$1, $2, ...") and
// the values as query arguments.
func inList(values []string) (string, []any) {
	var b strings.Builder
	args := make([]any, len(values))
	for i, v := range values {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString("$" + itoa(i+1))
		args[i] = v
	}
	return b.String(), args
}
