package fake

import (
	"encoding/json"
	"flag"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
)

// largePath is the benchmark record of the root package's decode benchmark.
var largePath = filepath.Join("..", "testdata", "company_large.json")

var writeLarge = flag.Bool("write-large", false, "rewrite "+largePath)

// largeCompany builds the ~25 KB benchmark record: the rich curated
// company with 30 representatives, 10 indicator years and sources.
func largeCompany(t *testing.T) registerdata.Company {
	cs := curatedForTest(t)
	var c registerdata.Company
	for _, x := range cs {
		if x.ID == richID {
			c = x
		}
	}
	require.Equal(t, richID, c.ID)
	g := generator{src: &rand.PCG{}, personSrc: &rand.PCG{}}
	g.rng, g.personRng = rand.New(g.src), rand.New(g.personSrc)
	codes := []enums.RoleCode{enums.RoleCodeDirector, enums.RoleCodeProkuraSingle, enums.RoleCodeProkuraJoint, enums.RoleCodeShareholder}
	for k := len(c.Representation); k < 30; k++ {
		r := g.naturalPerson(g.person(1_000_000+k), codes[k%len(codes)], registerdata.NewDate(2014+k%10, time.Month(1+k%12), 1+k%28))
		if k%3 == 0 {
			end := registerdata.NewDate(2024, time.Month(1+k%12), 15)
			r.EndDate = &end
		}
		if k%2 == 0 {
			a := "einzelvertretungsberechtigt"
			r.Authority = &a
		}
		c.Representation = append(c.Representation, r)
	}
	c.Indicators = c.Indicators[:0]
	for y := 2014; y <= 2023; y++ {
		v := func(base int64) *int64 { n := base*int64(y-2010) + int64(y%7)*12345; return &n }
		c.Indicators = append(c.Indicators, registerdata.IndicatorSummary{
			Date: registerdata.NewDate(y, 12, 31), ReportID: newUUID(g.rng),
			BalanceSheetTotal: v(95_000_000), NetIncome: v(4_100_000), Revenue: v(240_000_000), Cash: v(900_000),
			Employees: v(9), Equity: v(13_000_000), RealEstate: v(14_500_000), Materials: v(120_000_000),
			PensionProvisions: v(140_000), Salaries: v(35_000_000), Taxes: v(1_700_000), Liabilities: v(64_000_000),
			CapitalReserves: v(750_000),
		})
	}
	for _, d := range append([]string{registerExtract}, "NL-GV-2021-05", "NL-GL-2021-05") {
		c.Sources = append(c.Sources, registerdata.Source{
			DocumentURL: "https://documents.example/" + c.ID + "/" + d + "?expires=1748860200&signature=3f9a0c1e5b7d2a4f6e8c0b1d3a5f7e9c2b4d6f8a0c1e3b5d7f9a2c4e6b8d0f1a",
		})
	}
	return c
}

func TestCompanyLargeFile(t *testing.T) {
	if *writeLarge {
		c := largeCompany(t)
		b, err := json.MarshalIndent(c, "", " ")
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(largePath, append(b, '\n'), 0o644))
	}
	b, err := os.ReadFile(largePath)
	require.NoError(t, err, "generate it with: go test ./fake -run TestCompanyLargeFile -write-large")
	assert.InDelta(t, 25_000, len(b), 7_000, "about 25 KB")
	c, err := decodeCompanyStrict(b)
	require.NoError(t, err)
	assert.Len(t, c.Representation, 30)
	assert.Len(t, c.Indicators, 10)
	assert.NotEmpty(t, c.Sources)
	require.NoError(t, validateCompany(&c))
}
