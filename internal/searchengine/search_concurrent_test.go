package searchengine

import (
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/filters"
	"github.com/stretchr/testify/require"
)

// TestSearchRunsWhileAnotherSearchHoldsTheIndex: a search must not wait
// for other searches. The test holds the read lock as a search under way
// does; with an exclusive lock the search below would never return.
func TestSearchRunsWhileAnotherSearchHoldsTheIndex(t *testing.T) {
	e := New(fixedDay)
	e.Load(generate(200))
	e.mu.RLock()
	defer e.mu.RUnlock()
	done := make(chan error)
	go func() {
		_, err := e.SearchCompanies(registerdata.CompanySearchRequest{Query: "nord"})
		done <- err
	}()
	require.NoError(t, <-done)
}

// TestConcurrentSearchesAndUpdates runs searches of every index path in
// parallel with changes (run it with -race), then checks the final index
// against a plain scan.
func TestConcurrentSearchesAndUpdates(t *testing.T) {
	cs := generate(2000)
	e := New(fixedDay)
	e.Load(slices.Clone(cs))
	reqs := []registerdata.CompanySearchRequest{
		{Filters: []filters.Filter{{Field: filters.Status, Value: "active"}}, Pagination: registerdata.PageRequest{Page: 30, PerPage: 20}},
		{Filters: []filters.Filter{{Field: filters.Revenue, Min: "400000", Max: "26214400000"}}},
		{Filters: []filters.Filter{{Field: filters.RegisterNumber, Keywords: []string{"101"}}}, Pagination: registerdata.PageRequest{Page: 3}},
		{Filters: []filters.Filter{{Field: filters.Address, Keywords: []string{"haupt"}}}, Query: "bau"},
	}
	var wg sync.WaitGroup
	stop := make(chan struct{})
	for w := range 3 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := w; ; k++ {
				select {
				case <-stop:
					return
				default:
				}
				if _, err := e.SearchCompanies(reqs[k%len(reqs)]); err != nil {
					t.Error(err)
					return
				}
				if _, err := e.SearchPersons(registerdata.PersonSearchRequest{Query: "m"}); err != nil {
					t.Error(err)
					return
				}
			}
		}()
	}
	for i := 0; i < len(cs); i += 13 {
		before := cs[i]
		after := before
		after.Name.Name = fmt.Sprintf("Aaa Neu %d", i)
		after.Register.RegisterNumber = fmt.Sprint(101000 + i)
		cs[i] = after
		e.Update(before, after)
	}
	close(stop)
	wg.Wait()
	req := reqs[2]
	want := expectedIDs(cs, func(c *registerdata.Company) bool { return containsAll(c.Register.RegisterNumber, "101") })
	require.Equal(t, want, allPages(t, e, req, 50))
}

func containsAll(s string, kws ...string) bool {
	for _, k := range kws {
		if !strings.Contains(strings.ToLower(s), k) {
			return false
		}
	}
	return true
}
