package fake

import (
	"testing"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/filters"
)

// BenchmarkSearchInsolvencies measures one filtered insolvency search over
// the proceedings of 10,000 generated companies (about 3 % have one): the
// search scans and builds every proceeding.
func BenchmarkSearchInsolvencies(b *testing.B) {
	srv := NewServer(WithGenerated(10_000))
	defer srv.Close()
	fs, err := filters.Insolvency().Open(true).Keywords(filters.Court, "amtsgericht").Build()
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		if _, err := srv.searchInsolvencies("", fs, registerdata.PageRequest{PerPage: 10}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(srv.InsolvencyIDs())), "proceedings")
}

// BenchmarkInsolvency measures building one proceeding from the register.
func BenchmarkInsolvency(b *testing.B) {
	srv := NewServer()
	defer srv.Close()
	id := srv.InsolvencyIDs()[0]
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		if _, ok := srv.Insolvency(id); !ok {
			b.Fatal("missing")
		}
	}
}
