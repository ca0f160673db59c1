package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"unicode"

	"github.com/registerdata/registerdata-go/redflags"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// upperKeys are the keys of v, at any depth, with an upper-case letter,
// each with its path.
func upperKeys(path string, v any) []string {
	var bad []string
	switch v := v.(type) {
	case map[string]any:
		for k, x := range v {
			if strings.IndexFunc(k, unicode.IsUpper) >= 0 {
				bad = append(bad, path+"."+k)
			}
			bad = append(bad, upperKeys(path+"."+k, x)...)
		}
	case []any:
		for _, x := range v {
			bad = append(bad, upperKeys(path+"[]", x)...)
		}
	}
	return bad
}

// TestPortfolioJSONKeysAreSnakeCase runs every portfolio command that
// prints JSON, with --json, over a portfolio that has each kind of thing
// (entries in review, a company the service does not know, journal
// entries, an acknowledged flag, pending, applied and rejected
// decisions): every line is a JSON object and no key, at any depth, has
// an upper-case letter.
func TestPortfolioJSONKeysAreSnakeCase(t *testing.T) {
	require.Equal(t, []string{".a[].B"}, upperKeys("", map[string]any{"a": []any{map[string]any{"B": 1, "c_d": 2}}}))
	e := newPortfolioEnv(t)
	in := filepath.Join(t.TempDir(), "customers.csv")
	writeFile(t, in, portfolioCustomers+"U-1,,,DE-HRB-F1103-990001,\nC-1,,,DE-HRB-F1103-267645,\n")
	require.NoError(t, e.srv.SetWebhookEndpoint("http://127.0.0.1:9/hooks", portfolioSecret))
	cand := func() string {
		return e.reviews(t)["C-3"]["candidates"].([]any)[0].(map[string]any)["company_id"].(string)
	}
	const id = "DE-HRB-F1103-267645"
	steps := []struct {
		args  []string
		code  int
		setup func()
	}{
		{args: []string{"import", "--in", in}, code: exitFailed}, // C-1 repeated
		{args: []string{"review"}},
		{args: []string{"plan"}},
		{args: []string{"sync"}},
		{args: []string{"events"}},
		{args: []string{"ack", id, redflags.FlagLiquidation, "--note", "called", "--as", "Anna Richter <anna@bank.example>"}, setup: func() {
			_, err := e.sqlDB(t).Exec(`INSERT INTO portfolio_flags (company_id, code, reason, since) VALUES (?, ?, 'in liquidation', 0)`, id, redflags.FlagLiquidation)
			require.NoError(t, err)
		}},
		{args: []string{"flags"}},
		{args: []string{"resolve", "C-3", "", "--four-eyes", "--as", "anna"}},
		{args: []string{"review"}},
		{args: []string{"approve", "2", "--as", "ben"}},
		{args: []string{"resolve", "C-4", "--no-entry", "--note", "sole trader", "--as", "anna"}},
		{args: []string{"remove", "C-5", "--four-eyes", "--as", "anna"}},
		{args: []string{"decisions"}},
		{args: []string{"reject", "4", "--note", "still a customer", "--as", "ben"}},
		{args: []string{"decisions", "--all"}},
		{args: []string{"audit"}},
		{args: []string{"audit", "--verify"}},
	}
	for _, s := range steps {
		if s.setup != nil {
			s.setup()
		}
		args := append([]string{"portfolio"}, s.args...)
		if args[1] == "resolve" && args[3] == "" {
			args[3] = cand()
		}
		r := e.h.run(t, append(args, "--json")...).wantCode(t, s.code)
		out := strings.TrimSpace(r.stdout)
		require.NotEmpty(t, out, "%v prints JSON", args)
		for _, line := range strings.Split(out, "\n") {
			var v map[string]any
			require.NoError(t, json.Unmarshal([]byte(line), &v), "%v: line %q", args, line)
			assert.Empty(t, upperKeys("", v), "%v: keys with upper case in %s", args, line)
		}
	}
}
