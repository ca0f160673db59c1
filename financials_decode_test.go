package registerdata_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"reflect"
	"runtime"
	"testing"
	"time"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
)

// rowBomb is a financials answer of about size bytes whose report rows
// hold a nested list of empty rows: each two bytes of it ("{},") decode
// into a whole ReportRow.
func rowBomb(size int) []byte {
	head := `{"indicators":[],"reports":[{"report_id":"r","aktiva":{"rows":[{"name":"A","children":[{"name":"B","children":[`
	tail := `]}]}]}}]}`
	var b bytes.Buffer
	b.WriteString(head)
	for n := 0; b.Len() < size-len(tail)-3; n++ {
		if n > 0 {
			b.WriteByte(',')
		}
		b.WriteString("{}")
	}
	b.WriteString(tail)
	return b.Bytes()
}

// TestFinancialsDecodeStopsAtTheBudget: an answer the size cap admits
// whose rows would decode into far more than the decoding budget is
// refused as too costly, in the one pass of the decoder (there is no
// estimate beforehand), and decoding allocates little more than the
// budget before it stops.
func TestFinancialsDecodeStopsAtTheBudget(t *testing.T) {
	body := rowBomb(registerdata.MaxResponseBytes / 2) // 4M rows, 300 MiB decoded
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(body)
	}))
	t.Cleanup(srv.Close)
	c, err := registerdata.NewClient(registerdata.WithAPIKey("k"), registerdata.WithBaseURL(srv.URL), registerdata.WithMaxRetries(0))
	require.NoError(t, err)
	_, err = c.GetFinancials(context.Background(), "DE-HRB-F1103-267645")
	var re *registerdata.ResponseError
	require.True(t, errors.As(err, &re), "%v", err)
	assert.Equal(t, "the body is too costly to decode", re.Reason)
	assert.Contains(t, re.Err.Error(), "more than 24 MiB")

	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	err = registerdata.DecodeAnswer(body, new(registerdata.Financials))
	runtime.ReadMemStats(&after)
	require.Error(t, err)
	spent := after.TotalAlloc - before.TotalAlloc
	assert.Less(t, spent, uint64(26<<20), "decoding allocated %.1f MiB", float64(spent)/(1<<20))
}

// TestFinancialsDecodeWithinTheBudget: a large answer below the budget
// decodes in full, as encoding/json decodes it.
func TestFinancialsDecodeWithinTheBudget(t *testing.T) {
	body := rowBomb(40 << 10) // 13,000 rows: 1 MiB decoded
	var f registerdata.Financials
	require.NoError(t, registerdata.DecodeAnswer(body, &f))
	require.Len(t, f.Reports, 1)
	assert.Greater(t, len(f.Reports[0].Aktiva.Rows[0].Children[0].Children), 13_000)
	plain := reflect.New(plainType(reflect.TypeOf(f), map[reflect.Type]reflect.Type{})).Interface()
	require.NoError(t, json.Unmarshal(body, plain))
	assert.Equal(t, emptyAsNull(t, &f), emptyAsNull(t, plain))
}

// BenchmarkFinancialsDecodeRatio decodes the fake's financials answer
// (41 KB, four reports with their row trees) with the client's decoder
// and with encoding/json into the same structs stripped of their methods
// (the official client decodes with encoding/json), turn about in one
// loop, and reports the client's time as a fraction of encoding/json's
// (x-encoding/json).
func BenchmarkFinancialsDecodeRatio(b *testing.B) {
	body := decodeBenchBodies(b)["getCompanyFinancials"]
	if p := os.Getenv("REGISTERDATA_FINANCIALS_BODY"); p != "" {
		var err error
		if body, err = os.ReadFile(p); err != nil {
			b.Fatal(err)
		}
	}
	plain := plainType(reflect.TypeFor[registerdata.Financials](), map[reflect.Type]reflect.Type{})
	b.ReportAllocs()
	b.SetBytes(int64(len(body)))
	var sdk, std time.Duration
	for b.Loop() {
		t0 := time.Now()
		if err := registerdata.DecodeAnswer(body, new(registerdata.Financials)); err != nil {
			b.Fatal(err)
		}
		t1 := time.Now()
		if err := json.Unmarshal(body, reflect.New(plain).Interface()); err != nil {
			b.Fatal(err)
		}
		sdk, std = sdk+t1.Sub(t0), std+time.Since(t1)
	}
	b.ReportMetric(float64(sdk)/float64(std), "x-encoding/json")
	b.ReportMetric(float64(sdk.Nanoseconds())/float64(b.N), "sdk-ns/op")
}

// TestFinancialsDecodeSharesRepeatedNames: the names that repeat in the
// row trees of an answer (each report has the same rows) are one string
// each, not a copy per row.
func TestFinancialsDecodeSharesRepeatedNames(t *testing.T) {
	names := []string{"Anlagevermögen", "B. Umlaufvermögen", "Summe Aktiva", "Kassenbestand, Guthaben bei Kreditinstituten"}
	var b bytes.Buffer
	b.WriteString(`{"reports":[`)
	for r := range 6 {
		if r > 0 {
			b.WriteByte(',')
		}
		b.WriteString(`{"aktiva":{"rows":[`)
		for i, n := range names {
			if i > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, `{"name":%q,"children":[{"name":%q}]}`, n, names[(i+r)%len(names)])
		}
		b.WriteString(`]}}`)
	}
	b.WriteString(`]}`)
	var f registerdata.Financials
	require.NoError(t, registerdata.DecodeAnswer(b.Bytes(), &f))
	first := map[string]*byte{}
	rows := 0
	for _, r := range f.Reports {
		for _, row := range r.Aktiva.Rows {
			for _, x := range append([]registerdata.ReportRow{row}, row.Children...) {
				rows++
				if p, ok := first[x.Name]; ok {
					assert.Same(t, p, unsafe.StringData(x.Name), "%q is a copy", x.Name)
				} else {
					first[x.Name] = unsafe.StringData(x.Name)
				}
			}
		}
	}
	assert.Equal(t, 48, rows)
	assert.Len(t, first, len(names))
}
