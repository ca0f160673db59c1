package fake

import (
	"testing"

	registerdata "github.com/registerdata/registerdata-go"
)

// BenchmarkNewServer starts and closes a fake with the curated register
// only, as `registerdata --fake` does on every run: what a start costs
// before any request needs a part of the register.
func BenchmarkNewServer(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		s := NewServer()
		s.Close()
	}
}

// BenchmarkDecodeCurated decodes, completes and checks the curated
// register: "start" as the first server of a process does once, "strict"
// as the package's tests check it.
func BenchmarkDecodeCurated(b *testing.B) {
	for _, c := range []struct {
		name   string
		decode func([]byte) ([]registerdata.Company, error)
	}{{"start", decodeEmbeddedCurated}, {"strict", decodeCurated}} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := c.decode(companiesJSON); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
