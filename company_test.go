package registerdata

import (
	"context"
	"encoding/json"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/jarcoal/httpmock"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/registerdata/registerdata-go/enums"
)

func loadCompany(t testing.TB, name string) Company {
	t.Helper()
	b, err := os.ReadFile("testdata/" + name)
	require.NoError(t, err)
	var c Company
	require.NoError(t, json.Unmarshal(b, &c))
	return c
}

func ptr[T any](v T) *T { return &v }

func TestDecodeCompanyEveryField(t *testing.T) {
	c := loadCompany(t, "company_full.json")

	assert.Equal(t, "DE-HRB-F1103-267645", c.ID)
	assert.Equal(t, CompanyRegister{CompanyID: "DE-HRB-F1103-267645", RegisterNumber: "267645", RegisterType: enums.RegisterTypeHRB,
		RegisterCourt: "Frankfurt am Main", StartDate: ptr(NewDate(2019, time.March, 14))}, c.Register)
	require.Len(t, c.Registers, 2)
	assert.Equal(t, enums.RegisterTypeHRA, c.Registers[0].RegisterType)
	assert.Empty(t, c.Registers[0].CompanyID)
	assert.Equal(t, enums.CompanyStatusActive, c.Status)
	assert.Equal(t, CompanyName{Name: "Mainufer Analytik GmbH", LegalForm: enums.LegalFormGmbH, StartDate: NewDate(2019, 3, 14)}, c.Name)
	assert.Equal(t, enums.LegalFormEK, c.Names[0].LegalForm)
	assert.Equal(t, CompanyAddress{Street: "Hanauer Landstraße 126", City: "Frankfurt am Main", PostalCode: "60314", Country: "Deutschland",
		Extra: "c/o Technologiezentrum Ost", StartDate: NewDate(2021, 9, 1),
		FormattedValue: "Hanauer Landstraße 126, c/o Technologiezentrum Ost, 60314 Frankfurt am Main, Deutschland"}, c.Address)
	assert.Equal(t, "Offenbach am Main", c.Addresses[0].City)
	assert.Equal(t, &CompanyPurpose{Purpose: "Entwicklung und Vertrieb von Software zur Datenanalyse.", StartDate: NewDate(2019, 3, 14)}, c.Purpose)
	assert.Len(t, c.Purposes, 1)
	assert.Equal(t, &CompanyCapital{Amount: 25000.5, Currency: enums.CurrencyEUR, StartDate: NewDate(2019, 3, 14)}, c.Capital)
	assert.Equal(t, enums.CurrencyDEM, c.Capitals[0].Currency)
	assert.Equal(t, "Die Gesellschaft wird durch einen Geschäftsführer allein vertreten.", *c.RepresentationRule)
	assert.Equal(t, enums.LegalFormGmbH, c.LegalForm)
	assert.Equal(t, "529900T8BM49AURSDO55", c.LEI)
	assert.Equal(t, NewDate(2011, 6, 1), c.IncorporatedAt)
	assert.Equal(t, ptr(NewDate(2019, 2, 20)), c.NotarizedAt)
	assert.Nil(t, c.TerminatedAt)
	assert.Nil(t, c.MergedInto)
	assert.Equal(t, []IndustryCode{{Code: "62.10"}, {Code: "63.10"}}, c.IndustryCodes.WZ2025)
	assert.Equal(t, []Source{{DocumentURL: "https://documents.example/ad/267645.pdf?X-Amz-Expires=1800&X-Amz-Signature=abc"}}, c.Sources)
}

func TestDecodeRepresentatives(t *testing.T) {
	c := loadCompany(t, "company_full.json")
	require.Len(t, c.Representation, 3)

	person := c.Representation[0]
	assert.Equal(t, ptr("3f0c9a52-6d1e-4b8a-9f3e-2a7c5d8e1b40"), person.ID)
	assert.Equal(t, enums.RepresentativeTypeNaturalPerson, person.Type)
	assert.Equal(t, enums.RoleDirector, person.Role)
	assert.Equal(t, RoleDetail{Code: enums.RoleCodeDirector, LabelDE: "Geschäftsführung", LabelDEShort: "GF", LabelEN: "Managing Director", LabelENShort: "MD"}, person.RoleDetail)
	assert.Nil(t, person.EndDate)
	assert.Equal(t, ptr("einzelvertretungsberechtigt"), person.Authority)
	assert.Nil(t, person.LegalPerson)
	assert.Equal(t, &NaturalPerson{City: ptr("Frankfurt am Main"), FirstName: ptr("Katrin"), LastName: ptr("Vogelsang"), DateOfBirth: ptr(NewDate(1978, 11, 2))}, person.NaturalPerson)

	entity := c.Representation[1]
	assert.Equal(t, enums.RepresentativeTypeLegalPerson, entity.Type)
	assert.Equal(t, ptr(NewDate(2024, 12, 31)), entity.EndDate)
	assert.Nil(t, entity.Authority)
	assert.Equal(t, &LegalPerson{Name: "Rheinkontor Beteiligungen AG", City: nil, Country: "DE"}, entity.LegalPerson)
	assert.Nil(t, entity.NaturalPerson)

	unknown := c.Representation[2]
	assert.Nil(t, unknown.ID)
	assert.Equal(t, enums.RoleCode("SUPERVISORY_OBSERVER"), unknown.RoleDetail.Code, "unknown codes are kept as sent")
	assert.False(t, unknown.RoleDetail.Code.IsKnown())
	assert.Equal(t, enums.RoleCodeOther, unknown.RoleDetail.Code.Normalize())
	assert.Equal(t, &NaturalPerson{}, unknown.NaturalPerson, "all-null person decodes to nil fields")
}

func TestDecodeIndicatorsDocumentsTransactions(t *testing.T) {
	c := loadCompany(t, "company_full.json")
	require.Len(t, c.Indicators, 2)
	full := c.Indicators[0]
	assert.Equal(t, IndicatorSummary{
		Date: NewDate(2022, 12, 31), ReportID: "0b6f6a0e-1c1f-4f7e-8d52-3a9d2c4b5e61",
		BalanceSheetTotal: ptr[int64](123456789), NetIncome: ptr[int64](-2500000), Revenue: ptr[int64](987654321),
		Cash: ptr[int64](1500000), Employees: ptr[int64](42), Equity: ptr[int64](40000000), RealEstate: ptr[int64](0),
		Materials: ptr[int64](120000), PensionProvisions: nil, Salaries: ptr[int64](31000000), Taxes: ptr[int64](420000),
		Liabilities: ptr[int64](83456789), CapitalReserves: ptr[int64](5000000),
	}, full)
	sparse := c.Indicators[1]
	assert.Equal(t, int64(9007199254740993), *sparse.BalanceSheetTotal, "cents beyond 2^53 survive exactly")
	assert.Nil(t, sparse.Revenue)
	assert.Nil(t, sparse.Employees)
	latest, ok := c.LatestIndicators()
	assert.True(t, ok)
	assert.Equal(t, c.Indicators[1], latest)

	assert.Equal(t, []CompanyDocument{
		{ID: "doc-aoa-2019", Type: enums.DocumentTypeArticlesOfAssociation, Date: NewDate(2019, 3, 14), Latest: true},
		{ID: "doc-sl-2024", Type: enums.DocumentTypeShareholderList, Date: NewDate(2024, 12, 31), Latest: true},
		{ID: "doc-new-kind", Type: enums.DocumentType("annual_report"), Date: NewDate(2025, 1, 15), Latest: false},
	}, c.Documents)
	assert.False(t, c.Documents[2].Type.IsKnown())

	assert.Equal(t, Transaction{CompanyID: "DE-HRB-F1103-110022", Name: "Datenwerk Süd GmbH",
		RegistrationDate: NewDate(2023, 4, 11), AgreementDate: ptr(NewDate(2023, 2, 28))}, c.Acquisitions[0])
	assert.Equal(t, *c.Acquisitions[0].AgreementDate, *c.Acquisitions[1].AgreementDate, "same agreement date: one transaction")
	assert.Nil(t, c.AssetSpinOffs[0].AgreementDate)
	assert.Equal(t, "DE-HRB-D2601-55120", c.ProfitTransferAgreement.CompanyID)
}

func TestDecodeContactAndInsolvencies(t *testing.T) {
	c := loadCompany(t, "company_full.json")
	require.NotNil(t, c.Contact)
	assert.Equal(t, Contact{
		Email: "kontakt@mainufer-analytik.example", Phone: "+49 69 1234560", VATID: "DE123456789",
		WebsiteURL: "https://mainufer-analytik.example",
		SocialMedia: SocialMedia{
			LinkedIn: "https://linkedin.example/mainufer", Instagram: "https://instagram.example/mainufer",
			GitHub: "https://github.example/mainufer", Twitter: "https://twitter.example/mainufer",
			Facebook: "https://facebook.example/mainufer", YouTube: "https://youtube.example/mainufer",
			Xing: "https://xing.example/mainufer", TikTok: "https://tiktok.example/mainufer",
		},
	}, *c.Contact)

	require.Len(t, c.Insolvencies, 2)
	assert.Equal(t, InsolvencySummary{
		ID: "7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f", CurrentStatus: enums.InsolvencyStatusDischargeGranted,
		Court: "Amtsgericht Frankfurt am Main", CaseNumber: "810 IN 123/21",
		ProceedingKind:     ptr(enums.ProceedingKindRegularInsolvency),
		AdministrationKind: ptr(enums.AdministrationKindSelfAdministration),
		OpenedAt:           ptr(NewDate(2021, 2, 1)), ClosedAt: ptr(NewDate(2022, 8, 15)),
	}, c.Insolvencies[0])
	open := c.Insolvencies[1]
	assert.Equal(t, enums.InsolvencyStatus("court_review"), open.CurrentStatus)
	assert.False(t, open.CurrentStatus.IsKnown())
	assert.Nil(t, open.ProceedingKind)
	assert.Nil(t, open.AdministrationKind)
	assert.Nil(t, open.OpenedAt)
}

func TestDecodeMinimalCompanyHasNoNilArrays(t *testing.T) {
	c := loadCompany(t, "company_minimal.json")
	assert.Equal(t, enums.CompanyStatusLiquidation, c.Status)
	assert.Nil(t, c.Register.StartDate)
	assert.Nil(t, c.Purpose)
	assert.Nil(t, c.Capital)
	assert.Nil(t, c.Contact)
	assert.Nil(t, c.RepresentationRule)
	assert.Empty(t, c.LEI)
	assert.Equal(t, ptr(NewDate(2025, 6, 30)), c.TerminatedAt)
	assert.Equal(t, "DE-VR-B1101-5000", c.MergedInto.CompanyID)
	_, ok := c.LatestIndicators()
	assert.False(t, ok, "no indicators: no summary, and nothing to dereference")

	// names is null and insolvencies is absent in the JSON: both decode empty, not nil.
	for name, n := range map[string]bool{
		"registers": c.Registers == nil, "names": c.Names == nil, "addresses": c.Addresses == nil,
		"purposes": c.Purposes == nil, "capitals": c.Capitals == nil, "representation": c.Representation == nil,
		"indicators": c.Indicators == nil, "documents": c.Documents == nil, "acquisitions": c.Acquisitions == nil,
		"asset_spin_offs": c.AssetSpinOffs == nil, "WZ2025": c.IndustryCodes.WZ2025 == nil,
		"insolvencies": c.Insolvencies == nil, "sources": c.Sources == nil,
	} {
		assert.False(t, n, "%s is nil after decode", name)
	}
}

func TestDecodeCompanyRejectsMalformedInput(t *testing.T) {
	for name, in := range map[string]string{
		"not json":       `{"id": `,
		"wrong type":     `{"id": 42}`,
		"bad date":       `{"incorporated_at": "2021-02-30"}`,
		"date as number": `{"incorporated_at": 20210201}`,
		"cents as float": `{"indicators": [{"revenue": 12.5}]}`,
		"array expected": `{"representation": {}}`,
	} {
		t.Run(name, func(t *testing.T) {
			var c Company
			assert.Error(t, json.Unmarshal([]byte(in), &c))
		})
	}
}

func TestCompanyRoundTrip(t *testing.T) {
	c := loadCompany(t, "company_full.json")
	b, err := json.Marshal(c)
	require.NoError(t, err)
	var again Company
	require.NoError(t, json.Unmarshal(b, &again))
	assert.Equal(t, c, again)
}

func TestCurrentRepresentatives(t *testing.T) {
	c := loadCompany(t, "company_full.json")
	cur := c.CurrentRepresentatives(NewDate(2025, 1, 1))
	require.Len(t, cur, 2)
	assert.Equal(t, "Katrin Vogelsang", cur[0].Name)
	assert.Equal(t, "Jonas Brecht", cur[1].Name)
	assert.Len(t, c.CurrentRepresentatives(NewDate(2024, 6, 1)), 3)
}

func TestNormalizeMakesABuiltCompanyEncodeLikeADecodedOne(t *testing.T) {
	var c Company
	b, err := json.Marshal(c)
	require.NoError(t, err)
	assert.Contains(t, string(b), `"representation":null`)

	c.Normalize()
	b, err = json.Marshal(c)
	require.NoError(t, err)
	for _, field := range []string{"registers", "names", "addresses", "purposes", "capitals", "representation",
		"indicators", "documents", "acquisitions", "asset_spin_offs", "WZ2025", "sources"} {
		assert.Contains(t, string(b), `"`+field+`":[]`)
	}

	c.Sources = []Source{{DocumentURL: "https://x.example/doc"}}
	c.Normalize()
	assert.Len(t, c.Sources, 1, "Normalize never drops data")
}

// BenchmarkDecodeCompany decodes a ~25 KB CompanyV1 record (30
// representatives, 10 indicator years) as GetCompany does ("sdk"), beside
// the same bytes decoded into map[string]any ("map"), the baseline the SDK
// must not be slower than, and json.Unmarshal into a Company ("unmarshal"),
// the path of a user decoding a record they stored. Compare ns/op, B/op
// and allocs/op of the sub-benchmarks.
func BenchmarkDecodeCompany(b *testing.B) {
	data, err := os.ReadFile("testdata/company_large.json")
	require.NoError(b, err)

	b.Run("sdk", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(data)))
		for b.Loop() {
			var c Company
			if err := decodeBody(data, &c); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("unmarshal", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(data)))
		for b.Loop() {
			var c Company
			if err := json.Unmarshal(data, &c); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("map", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(data)))
		for b.Loop() {
			var m map[string]any
			if err := json.Unmarshal(data, &m); err != nil {
				b.Fatal(err)
			}
		}
	})
}

func TestLargeCompanyFixtureHasTheBenchmarkShape(t *testing.T) {
	data, err := os.ReadFile("testdata/company_large.json")
	require.NoError(t, err)
	var c Company
	require.NoError(t, json.Unmarshal(data, &c))
	require.InDelta(t, 25<<10, len(data), 8<<10, "about 25 KB")
	require.Len(t, c.Representation, 30)
	require.Len(t, c.Indicators, 10)
}

func TestGetCompanyRequestShape(t *testing.T) {
	c, mt := newMockClient(t, WithUserAgent("kyc-worker/3"))
	var got *http.Request
	mt.RegisterResponder("GET", "=~^https://api.test/v1/company/", func(r *http.Request) (*http.Response, error) {
		got = r
		return companyResponder(t)(r)
	})

	co, err := c.GetCompany(context.Background(), "DE-HRB-F1103-267645", &GetCompanyParams{Realtime: true, Export: true})
	require.NoError(t, err)
	assert.Equal(t, "Mainufer Analytik GmbH", co.Name.Name)

	require.NotNil(t, got)
	assert.Equal(t, "GET", got.Method)
	assert.Equal(t, "/v1/company/DE-HRB-F1103-267645", got.URL.EscapedPath())
	assert.Equal(t, "export=true&realtime=true", got.URL.RawQuery)
	assert.Equal(t, "Bearer "+testKey, got.Header.Get("Authorization"))
	assert.Equal(t, "application/json", got.Header.Get("Accept"))
	assert.Equal(t, "kyc-worker/3 registerdata-go/"+Version, got.Header.Get("User-Agent"))
	assert.Empty(t, got.Header.Get("Content-Type"), "a GET has no body")
	assert.Equal(t, int64(20), c.CreditsSpent())
}

func TestGetCompanyDefaultsSendNoQuery(t *testing.T) {
	c, mt := newMockClient(t)
	var query string
	mt.RegisterResponder("GET", "https://api.test/v1/company/DE-HRB-F1103-267645", func(r *http.Request) (*http.Response, error) {
		query = r.URL.RawQuery
		return companyResponder(t)(r)
	})
	_, err := c.GetCompany(context.Background(), "DE-HRB-F1103-267645", nil)
	require.NoError(t, err)
	assert.Empty(t, query)
	assert.Equal(t, int64(10), c.CreditsSpent())
}

func TestGetCompanyRefusesHostileIDs(t *testing.T) {
	c, mt := newMockClient(t)
	for _, id := range []string{"", " ", "../monitor", "a/b", "a b", "DE-HRB?x=1", "id#frag", "..", ".", "100%", "a\\b", "tab\tid", "nul\x00", strings.Repeat("x", 300), "\xff\xfe"} {
		_, err := c.GetCompany(context.Background(), id, nil)
		assert.ErrorIs(t, err, ErrInvalidRequest, "id %q", id)
	}
	assert.Zero(t, mt.GetTotalCallCount(), "nothing is sent for a refused id")
	assert.Zero(t, c.CreditsSpent())
}

func TestGetCompanyEscapesUnusualButValidIDs(t *testing.T) {
	c, mt := newMockClient(t)
	var path string
	mt.RegisterNoResponder(func(r *http.Request) (*http.Response, error) {
		path = r.URL.EscapedPath()
		return httpmock.NewStringResponse(404, `{"error":{"code":"not_found","message":"no such company"}}`), nil
	})
	_, err := c.GetCompany(context.Background(), "DE-HRB-Köln-1:2", nil)
	assert.ErrorIs(t, err, ErrNotFound)
	assert.Equal(t, "/v1/company/DE-HRB-K%C3%B6ln-1:2", path)
}
