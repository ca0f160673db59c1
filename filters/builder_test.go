package filters

import (
	"strconv"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/registerdata/registerdata-go/enums"
)

func TestBuildTwiceGivesTheSameResult(t *testing.T) {
	b := Company().Status(enums.CompanyStatusActive).LegalForm(enums.LegalFormGmbH, enums.LegalFormAG)
	first, err := b.Build()
	require.NoError(t, err)
	second, err := b.Build()
	require.NoError(t, err)
	assert.Equal(t, first, second)
	assert.Equal(t, []Filter{
		{Field: Status, Value: "active"},
		{Field: LegalForm, Values: []string{"gmbh", "ag"}},
	}, first)
}

func TestBuildResultIsTheCallers(t *testing.T) {
	b := Company().LegalForm(enums.LegalFormGmbH, enums.LegalFormAG)
	first, err := b.Build()
	require.NoError(t, err)
	first[0].Values[0] = "changed"
	first[0].Field = "changed"
	second, err := b.Build()
	require.NoError(t, err)
	assert.Equal(t, []Filter{{Field: LegalForm, Values: []string{"gmbh", "ag"}}}, second)
}

func TestBuilderCopiesArguments(t *testing.T) {
	codes := []string{"62", "63"}
	kws := []string{"software"}
	b := Company().In(IndustryCodes, codes...).Keywords(Purpose, kws...)
	codes[0], kws[0] = "changed", "changed"
	fs, err := b.Build()
	require.NoError(t, err)
	assert.Equal(t, []Filter{
		{Field: IndustryCodes, Values: []string{"62", "63"}},
		{Field: Purpose, Keywords: []string{"software"}},
	}, fs)
}

// TestDerivedBuildersAreIndependent extends one base in two directions;
// with an append-in-place builder the second branch would overwrite the
// first one's filter in the shared backing array.
func TestDerivedBuildersAreIndependent(t *testing.T) {
	base := Company().Status(enums.CompanyStatusActive).City("Berlin").Employees(1, 9)
	small := base.Revenue(Unbounded, 1_000_000_00)
	large := base.Revenue(1_000_000_00, Unbounded)
	_ = base.HadInsolvency(true)

	want := func(last Filter) []Filter {
		return []Filter{
			{Field: Status, Value: "active"},
			{Field: City, Value: "Berlin"},
			{Field: Employees, Min: "1", Max: "9"},
			last,
		}
	}
	got, err := small.Build()
	require.NoError(t, err)
	assert.Equal(t, want(Filter{Field: Revenue, Max: "100000000"}), got)
	got, err = large.Build()
	require.NoError(t, err)
	assert.Equal(t, want(Filter{Field: Revenue, Min: "100000000"}), got)
	got, err = base.Build()
	require.NoError(t, err)
	assert.Len(t, got, 3)

	p := Person().Active(true)
	p1, p2 := p.City("Bonn"), p.City("Köln")
	got, err = p1.Build()
	require.NoError(t, err)
	assert.Equal(t, []Filter{{Field: Active, Value: "true"}, {Field: City, Value: "Bonn"}}, got)
	got, err = p2.Build()
	require.NoError(t, err)
	assert.Equal(t, []Filter{{Field: Active, Value: "true"}, {Field: City, Value: "Köln"}}, got)
}

// TestBuilderSharedBetweenGoroutines is meant for -race: goroutines
// extend and build one shared builder at the same time.
func TestBuilderSharedBetweenGoroutines(t *testing.T) {
	base := Company().Status(enums.CompanyStatusActive)
	const n = 8
	results := make([][]Filter, n)
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			results[i], errs[i] = base.Employees(int64(i), Unbounded).Build()
		}()
	}
	wg.Wait()
	for i := range n {
		require.NoError(t, errs[i])
		assert.Equal(t, []Filter{{Field: Status, Value: "active"}, {Field: Employees, Min: strconv.Itoa(i)}}, results[i])
	}
}

// BenchmarkBuild builds the 3-filter company search of the examples.
func BenchmarkBuild(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		_, err := Company().
			Status(enums.CompanyStatusActive).
			LegalForm(enums.LegalFormGmbH).
			Revenue(1_000_000_00, 5_000_000_00).
			Build()
		if err != nil {
			b.Fatal(err)
		}
	}
}
