package registerdata_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"reflect"
	"sort"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/fake"
)

// lastBody records the body of the last answer a client received.
type lastBody struct {
	mu   sync.Mutex
	body []byte
}

func (l *lastBody) RoundTrip(r *http.Request) (*http.Response, error) {
	resp, err := http.DefaultTransport.RoundTrip(r)
	if err != nil {
		return nil, err
	}
	b, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil {
		return nil, err
	}
	l.mu.Lock()
	l.body = b
	l.mu.Unlock()
	resp.Body = io.NopCloser(bytes.NewReader(b))
	return resp, nil
}

// decodeTargets is the type each operation's answer decodes into.
var decodeTargets = map[string]func() any{
	"getCompany":                 func() any { return new(registerdata.Company) },
	"searchCompanies":            func() any { return new(registerdata.CompanySearchResponse) },
	"searchPersons":              func() any { return new(registerdata.PersonSearchResponse) },
	"createMonitor":              func() any { return new(registerdata.Monitor) },
	"listMonitors":               func() any { return new(registerdata.MonitorList) },
	"getCompanyFinancials":       func() any { return new(registerdata.Financials) },
	"getDocumentCached":          func() any { return new(registerdata.Document) },
	"getDocumentRealtime":        func() any { return new(registerdata.RealtimeDocument) },
	"getCompanyContact":          func() any { return new(registerdata.ContactDetails) },
	"lookupCompanyByURL":         func() any { return new(registerdata.URLLookup) },
	"autocompleteCompaniesV1":    func() any { return new(registerdata.AutocompleteResponse) },
	"getCreditsV1":               func() any { return new(registerdata.CreditUsage) },
	"getCompanyOwners":           func() any { return new(registerdata.Owners) },
	"getCompanyUbos":             func() any { return new(registerdata.BeneficialOwners) },
	"getCompanyOwnersHistorical": func() any { return new(registerdata.HistoricalOwners) },
	"getCompanyHoldings":         func() any { return new(registerdata.Holdings) },
	"getPerson":                  func() any { return new(registerdata.Person) },
	"getPersonHoldings":          func() any { return new(registerdata.Holdings) },
	"getInsolvency":              func() any { return new(registerdata.Insolvency) },
	"searchInsolvencies":         func() any { return new(registerdata.InsolvencySearchResponse) },
	"requestTransparencyExtract": func() any { return new(registerdata.TransparencyExtract) },
	"getTransparencyExtract":     func() any { return new(registerdata.TransparencyExtract) },
}

// plainType is t with every method stripped, down through its fields:
// the same fields under the same JSON names, decoded by encoding/json
// alone ("plain json.Unmarshal into the same structs"). Types without
// JSON field tags (Date, time.Time) are kept: they are values decoded
// from strings, not records.
func plainType(t reflect.Type, seen map[reflect.Type]reflect.Type) reflect.Type {
	if p, ok := seen[t]; ok {
		return p
	}
	switch t.Kind() {
	case reflect.Pointer:
		return reflect.PointerTo(plainType(t.Elem(), seen))
	case reflect.Slice:
		return reflect.SliceOf(plainType(t.Elem(), seen))
	case reflect.Map:
		return reflect.MapOf(t.Key(), plainType(t.Elem(), seen))
	case reflect.Struct:
		tagged := false
		for i := 0; i < t.NumField(); i++ {
			_, has := t.Field(i).Tag.Lookup("json")
			tagged = tagged || has
		}
		if !tagged {
			return t // a value decoded from a scalar (Date), not a record
		}
		seen[t] = t // a type that contains itself keeps its own type there
		var fields []reflect.StructField
		for i := 0; i < t.NumField(); i++ {
			f := t.Field(i)
			if !f.IsExported() {
				continue
			}
			if t.PkgPath() != "github.com/registerdata/registerdata-go" {
				return t // time.Time and the like
			}
			f.Type = plainType(f.Type, seen)
			f.Index, f.Offset = nil, 0
			fields = append(fields, f)
		}
		p := reflect.StructOf(fields)
		seen[t] = p
		return p
	}
	return t
}

// decodeBenchBodies fetches one answer of every operation from the fake.
func decodeBenchBodies(tb testing.TB) map[string][]byte {
	tb.Helper()
	clk := fake.NewClock(time.Date(2026, 4, 15, 9, 30, 0, 0, time.UTC))
	srv := fake.NewServer(fake.WithClock(clk))
	tb.Cleanup(srv.Close)
	srv.SetMonitoringPlan(srv.APIKey, true)
	require.NoError(tb, srv.SetWebhookEndpoint("http://127.0.0.1:9/hooks", "whsec_MTIzNDU2Nzg5MDEyMzQ1Njc4OTAxMjM0NTY3ODkwMTI="))
	rec := &lastBody{}
	c, err := registerdata.NewClient(registerdata.WithAPIKey(srv.APIKey), registerdata.WithBaseURL(srv.URL),
		registerdata.WithHTTPClient(&http.Client{Transport: rec}), registerdata.WithMaxRetries(0))
	require.NoError(tb, err)
	ctx := context.Background()

	co, _ := srv.Company(knownCompany)
	ids := map[string]string{}
	for _, r := range co.Representation {
		if r.ID != nil && len(*r.ID) == 36 {
			ids["getPerson"], ids["getPersonHoldings"] = *r.ID, *r.ID
		}
	}
	if len(co.Documents) > 0 {
		ids["getDocumentCached"] = co.Documents[0].ID
	}
	if ins := srv.InsolvencyIDs(); len(ins) > 0 {
		ids["getInsolvency"] = ins[0]
	}
	require.NoError(tb, c.SetTransparencyCredentials(ctx, registerdata.TransparencyCredentials{Username: "kyc@example.de", Password: "correct-horse-battery"}))
	ex, err := c.RequestTransparencyExtract(ctx, registerdata.TransparencyExtractRequest{CompanyID: knownCompany})
	require.NoError(tb, err)
	clk.Advance(10 * time.Minute)
	ids["getTransparencyExtract"] = ex.ID

	bodies := map[string][]byte{}
	names := make([]string, 0, len(decodeTargets))
	for name := range decodeTargets {
		names = append(names, name)
	}
	sort.Strings(names) // createMonitor before listMonitors
	for _, name := range names {
		op := hostileOps[name]
		var err error
		switch {
		case name == "lookupCompanyByURL":
			site := ""
			for _, id := range srv.CompanyIDs() {
				if other, _ := srv.Company(id); other.Contact != nil && other.Contact.WebsiteURL != "" {
					site = other.Contact.WebsiteURL
					break
				}
			}
			_, err = c.LookupCompanyByURL(ctx, site)
		case op.id != nil:
			id, ok := ids[name]
			if !ok {
				id = knownCompany
			}
			err = op.id(ctx, c, id)
		default:
			err = op.call(ctx, c)
		}
		require.NoError(tb, err, name)
		bodies[name] = bytes.Clone(rec.body)
	}
	return bodies
}

// BenchmarkDecode decodes one answer of every operation (taken from the
// fake) as the client does ("sdk": the decoding-cost check and the
// type's decoder) and with plain json.Unmarshal into the same structs
// stripped of their methods ("plain"). Compare ns/op, B/op and allocs/op
// of each pair: no "sdk" may be slower than its "plain".
func BenchmarkDecode(b *testing.B) {
	bodies := decodeBenchBodies(b)
	names := make([]string, 0, len(bodies))
	for name := range bodies {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		body, target := bodies[name], decodeTargets[name]
		plain := plainType(reflect.TypeOf(target()).Elem(), map[reflect.Type]reflect.Type{})
		b.Run(name+"/sdk", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(body)))
			for b.Loop() {
				if err := registerdata.DecodeAnswer(body, target()); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(name+"/plain", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(body)))
			for b.Loop() {
				if err := json.Unmarshal(body, reflect.New(plain).Interface()); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestDecodeBenchBodiesDecodePlainly: every body of BenchmarkDecode
// decodes both ways, so the benchmark compares like with like.
func TestDecodeBenchBodiesDecodePlainly(t *testing.T) {
	for name, body := range decodeBenchBodies(t) {
		target := decodeTargets[name]
		require.NoError(t, registerdata.DecodeAnswer(body, target()), name)
		plain := plainType(reflect.TypeOf(target()).Elem(), map[reflect.Type]reflect.Type{})
		require.NoError(t, json.Unmarshal(body, reflect.New(plain).Interface()), "%s: %s", name, body)
	}
}

// TestDecodersMatchPlainDecoding: on one answer of every operation (from
// the fake), the client's decoder gives what plain json.Unmarshal into
// the same structs gives, up to the lists and maps it makes empty where
// the answer has null or nothing.
func TestDecodersMatchPlainDecoding(t *testing.T) {
	t.Parallel() // CPU-bound and self-contained: runs beside the other parallel tests
	for name, body := range decodeBenchBodies(t) {
		target := decodeTargets[name]
		sdk := target()
		require.NoError(t, registerdata.DecodeAnswer(body, sdk), name)
		plain := reflect.New(plainType(reflect.TypeOf(sdk).Elem(), map[reflect.Type]reflect.Type{})).Interface()
		require.NoError(t, json.Unmarshal(body, plain), name)
		assert.Equal(t, emptyAsNull(t, sdk), emptyAsNull(t, plain), "%s: %s", name, body)
	}
}

// emptyAsNull encodes v and reads it back as a tree in which empty lists
// and objects are null.
func emptyAsNull(t *testing.T, v any) any {
	b, err := json.Marshal(v)
	require.NoError(t, err)
	var tree any
	require.NoError(t, json.Unmarshal(b, &tree))
	var walk func(any) any
	walk = func(x any) any {
		switch x := x.(type) {
		case []any:
			if len(x) == 0 {
				return nil
			}
			for i := range x {
				x[i] = walk(x[i])
			}
		case map[string]any:
			if len(x) == 0 {
				return nil
			}
			for k := range x {
				x[k] = walk(x[k])
			}
		}
		return x
	}
	return walk(tree)
}
