package fake

import (
	"testing"
)

// BenchmarkOwnershipOfGeneratedRegister measures the derived owners,
// beneficial owners and person holdings of a register of 20,000
// generated companies (holdings scan the whole register).
func BenchmarkOwnershipOfGeneratedRegister(b *testing.B) {
	s := NewServer(WithGenerated(20_000))
	defer s.Close()
	ids := s.CompanyIDs()
	persons := s.Persons()
	b.Run("owners", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			c, _ := s.store.get(ids[i%len(ids)])
			if _, err := s.currentOwners(c); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("ubo", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			if _, err := s.beneficialOwners(ids[i%len(ids)]); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("person holdings", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			if _, err := s.holdingsOf(persons[i%len(persons)]); err != nil {
				b.Fatal(err)
			}
		}
	})
}
