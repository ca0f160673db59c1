package registerdata_test

import (
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/registerdata/registerdata-go"
)

// TestDefaultPricesHoldEveryOperation: the table has a price for every
// operation of api/openapi.yaml and for nothing else, and each price
// says where it comes from.
func TestDefaultPricesHoldEveryOperation(t *testing.T) {
	doc := openAPIDoc(t)
	var ops []string
	for _, path := range doc.Paths.InMatchingOrder() {
		for method := range doc.Paths.Find(path).Operations() {
			ops = append(ops, method+" "+path)
		}
	}
	sort.Strings(ops)
	p := registerdata.DefaultPrices()
	assert.Equal(t, ops, p.Routes(), "the table's routes are the contract's operations")
	for _, r := range p.Routes() {
		src := p.Source(r)
		assert.True(t, strings.HasPrefix(src, "https://") || strings.HasPrefix(src, "seed") ||
			strings.HasPrefix(src, "unpublished (DESIGN: ") || strings.HasPrefix(src, "unconfirmed"), "%s: source %q", r, src)
	}
}

// TestDocumentedPrices: the figures the service's documentation gives
// (SPEC-DOCS, section G), with the page each comes from.
func TestDocumentedPrices(t *testing.T) {
	p := registerdata.DefaultPrices()
	for _, tc := range []struct {
		route   string
		variant registerdata.PriceVariant
		credits int64
		source  string
	}{
		{"GET /v1/company/{company_id}/owners", "", 10, "https://docs.openregister.de/endpoint/company-owners"},
		{"GET /v1/company/{company_id}/owners", registerdata.VariantRealtime, 20, "https://docs.openregister.de/endpoint/company-owners"},
		{"GET /v1/company/{company_id}/ubo", "", 25, "https://docs.openregister.de/endpoint/company-ubo"},
		{"GET /v1/company/{company_id}/owners/historical", "", 25, "https://docs.openregister.de/endpoint/company-historical-owners"},
		{"POST /v1/transparenzregister/credentials", "", 0, "https://docs.openregister.de/endpoint/transparenzregister-credentials"},
		{"POST /v1/transparenzregister/extracts", registerdata.VariantSandbox, 0, "transparenzregister-extract-create"},
		{"POST /v1/transparenzregister/extracts", "", 25, "unconfirmed"},
		{"GET /v1/transparenzregister/extracts/{extract_id}", "", 0, "https://docs.openregister.de/endpoint/transparenzregister-extract-get"},
		{"GET /v1/monitor", "", 0, "monitor-list"},
		{"DELETE /v1/monitor/{entity_id}", "", 0, "https://docs.openregister.de/endpoint/monitor-delete"},
		// The seed's figures, where the documentation gives none or its
		// two copies disagree (the monitor).
		{"GET /v1/company/{company_id}", "", 10, "seed"},
		{"GET /v1/company/{company_id}", registerdata.VariantRealtime, 20, "seed"},
		{"POST /v1/search/company", "", 10, "seed"},
		{"POST /v1/search/person", "", 10, "seed"},
		{"POST /v1/monitor", "", 25, "seed"},
		{"POST /v1/monitor", registerdata.VariantDaily, 50, "seed"},
		{"POST /v1/monitor", registerdata.VariantMonthly, 25, "seed"},
		{"POST /v1/monitor", registerdata.VariantMonthlyDaily, 50, "seed"},
		// DESIGN's defaults for prices published nowhere.
		{"GET /v1/autocomplete/company", "", 0, "unpublished (DESIGN: 0)"},
		{"GET /v1/credits", "", 0, "unpublished (DESIGN: 0)"},
		{"GET /v1/company/{company_id}/financials", "", 10, "unpublished (DESIGN: 10)"},
	} {
		assert.Equal(t, tc.credits, p.OfVariant(tc.route, tc.variant), "%s %s", tc.route, tc.variant)
		assert.Contains(t, p.Source(tc.route), tc.source, tc.route)
	}
	assert.Contains(t, p.Source("POST /v1/monitor"), "disagree", "the monitor's source says its copies disagree")
	assert.EqualValues(t, 10, registerdata.UnpublishedPrice)
	assert.Equal(t, registerdata.UnpublishedPrice, int(p.Of("GET /v1/not/an/operation", false)), "a route the table does not hold")
	assert.Equal(t, "unpublished (DESIGN: 10)", p.Source("GET /v1/not/an/operation"))
}

// TestOpenAPIWritesTheTable: every operation's x-credits in
// api/openapi.yaml is its price in DefaultPrices, with its variants and
// source.
func TestOpenAPIWritesTheTable(t *testing.T) {
	doc := openAPIDoc(t)
	p := registerdata.DefaultPrices()
	for _, path := range doc.Paths.InMatchingOrder() {
		for method, op := range doc.Paths.Find(path).Operations() {
			route := method + " " + path
			raw, ok := op.Extensions["x-credits"].(map[string]any)
			if !assert.True(t, ok, "%s has no x-credits", route) {
				continue
			}
			assert.EqualValues(t, p.Of(route, false), raw["credits"], route)
			assert.Equal(t, p.Source(route), raw["source"], route)
			vs, _ := raw["variants"].(map[string]any)
			assert.Len(t, vs, len(p.Variants(route)), "%s: the variants", route)
			for _, v := range p.Variants(route) {
				assert.EqualValues(t, p.OfVariant(route, v), vs[string(v)], "%s %s", route, v)
			}
		}
	}
}

func TestPricesSet(t *testing.T) {
	const ubo = "GET /v1/company/{company_id}/ubo"
	p := registerdata.DefaultPrices()
	p.Set(ubo, 30)
	assert.EqualValues(t, 30, p.Of(ubo, false))
	assert.EqualValues(t, 30, p.Of(ubo, true), "no realtime variant: the price")
	assert.Contains(t, p.Source(ubo), "set: price 30 (before: https://docs.openregister.de/endpoint/company-ubo)")
	assert.EqualValues(t, 25, registerdata.DefaultPrices().Of(ubo, false), "DefaultPrices gives a copy: the default is unchanged")

	p.SetRealtime("GET /v1/company/{company_id}/owners", 40)
	assert.EqualValues(t, 40, p.Of("GET /v1/company/{company_id}/owners", true))
	assert.EqualValues(t, 10, p.Of("GET /v1/company/{company_id}/owners", false))

	p.Set("GET /v2/something/new", 7)
	assert.EqualValues(t, 7, p.Of("GET /v2/something/new", false), "a route the table did not hold")
	assert.Contains(t, p.Routes(), "GET /v2/something/new")
	require.NoError(t, p.Err())

	q := p.Clone()
	q.Set(ubo, 1)
	assert.EqualValues(t, 30, p.Of(ubo, false), "a clone shares nothing")
	assert.Contains(t, p.String(), "GET /v1/company/{company_id}/owners: 10, realtime 40 (")
}

func TestPricesRefuseWhatIsNoPrice(t *testing.T) {
	for name, set := range map[string]func(p *registerdata.Prices){
		"negative":      func(p *registerdata.Prices) { p.Set("GET /v1/company/{company_id}/ubo", -1) },
		"negative var":  func(p *registerdata.Prices) { p.SetRealtime("GET /v1/company/{company_id}", -5) },
		"no method":     func(p *registerdata.Prices) { p.Set("/v1/company/{company_id}/ubo", 25) },
		"no path":       func(p *registerdata.Prices) { p.Set("GET ubo", 25) },
		"empty":         func(p *registerdata.Prices) { p.Set("", 25) },
		"text in path ": func(p *registerdata.Prices) { p.Set("GET /v1/a b", 25) },
	} {
		p := registerdata.DefaultPrices()
		set(p)
		require.Error(t, p.Err(), name)
		assert.True(t, errors.Is(p.Err(), registerdata.ErrInvalidRequest), name)
		assert.EqualValues(t, 25, p.Of("GET /v1/company/{company_id}/ubo", false), "%s: a refused Set changes nothing", name)
		_, err := registerdata.NewClient(registerdata.WithAPIKey("k"), registerdata.WithPrices(p))
		assert.ErrorIs(t, err, registerdata.ErrInvalidRequest, "%s: NewClient reports it", name)
	}
	_, err := registerdata.NewClient(registerdata.WithAPIKey("k"), registerdata.WithPrices(nil))
	assert.ErrorContains(t, err, "WithPrices(nil)")
	var zero *registerdata.Prices
	assert.EqualValues(t, registerdata.UnpublishedPrice, zero.Of("GET /v1/credits", false), "a nil table: every route at the default")
	assert.Empty(t, zero.Routes())
}

// TestTheClientKeepsACopyOfItsPrices: changing a table after WithPrices
// changes neither the client nor what Client.Prices gives.
func TestTheClientKeepsACopyOfItsPrices(t *testing.T) {
	const ubo = "GET /v1/company/{company_id}/ubo"
	p := registerdata.DefaultPrices()
	p.Set(ubo, 30)
	c, err := registerdata.NewClient(registerdata.WithAPIKey("k"), registerdata.WithPrices(p))
	require.NoError(t, err)
	p.Set(ubo, 99)
	got := c.Prices()
	assert.EqualValues(t, 30, got.Of(ubo, false))
	got.Set(ubo, 1)
	assert.EqualValues(t, 30, c.Prices().Of(ubo, false))
	d, err := registerdata.NewClient(registerdata.WithAPIKey("k"))
	require.NoError(t, err)
	assert.Equal(t, registerdata.DefaultPrices().String(), d.Prices().String(), "without WithPrices: DefaultPrices")
}

// priceLike finds what names a number of credits in code: a Cost
// constant, a literal cost or charge, a literal budget per call.
var priceLike = []*regexp.Regexp{
	regexp.MustCompile(`\bCost[A-Z]\w*\s*(=|int64 =)\s*[0-9]`),
	regexp.MustCompile(`\bcost:\s*[0-9]`),
	regexp.MustCompile(`\bcharge\([^()]*,\s*[0-9]+\)`),
	regexp.MustCompile(`\bCharge\([^()]*,\s*[0-9]+\)`),
}

// TestNoPriceOutsideTheTable: no code of the repository outside
// prices.go names a number of credits, and every debit of the fake is
// a price read from its table. A price written anywhere else would drift
// from the table the day the service changes it.
func TestNoPriceOutsideTheTable(t *testing.T) {
	var bad []string
	fset := token.NewFileSet()
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if n := d.Name(); n == "testdata" || strings.HasPrefix(n, ".") && path != "." {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") || path == "prices.go" {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for i, line := range strings.Split(string(src), "\n") {
			for _, re := range priceLike {
				if re.MatchString(line) {
					bad = append(bad, path+":"+strconv.Itoa(i+1)+": "+strings.TrimSpace(line))
				}
			}
		}
		if filepath.Dir(path) != "fake" {
			return nil
		}
		f, err := parser.ParseFile(fset, path, src, 0)
		if err != nil {
			return err
		}
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			sel, ok := call.Fun.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			arg := -1
			switch {
			case sel.Sel.Name == "charge" && len(call.Args) == 3:
				arg = 2
			case sel.Sel.Name == "answerSearch" && len(call.Args) == 5:
				arg = 2
			}
			if arg >= 0 && !readsTheTable(call.Args[arg]) {
				bad = append(bad, fset.Position(call.Pos()).String()+": the fake charges what is not read from its table")
			}
			return true
		})
		return nil
	})
	require.NoError(t, err)
	assert.Empty(t, bad, "prices named outside prices.go")
}

// readsTheTable reports whether e is s.price(...) or s.priceOf(...), or
// the parameter cost of a helper whose callers pass one.
func readsTheTable(e ast.Expr) bool {
	switch e := e.(type) {
	case *ast.CallExpr:
		sel, ok := e.Fun.(*ast.SelectorExpr)
		return ok && (sel.Sel.Name == "price" || sel.Sel.Name == "priceOf")
	case *ast.Ident:
		return e.Name == "cost"
	}
	return false
}
