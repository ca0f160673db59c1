package monitoring

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
)

// summary is the category and path of each change, for comparisons.
func summary(cs []Change) []string {
	out := []string{}
	for _, c := range cs {
		out = append(out, string(c.Category)+" "+c.Path)
	}
	return out
}

func ptr[T any](v T) *T { return &v }

func TestCompanyChangesByCategory(t *testing.T) {
	base := company(t, companyA, "Alpha GmbH")
	cases := []struct {
		name   string
		change func(*registerdata.Company)
		want   []string
	}{
		{"nothing", func(*registerdata.Company) {}, []string{}},
		{"name", func(c *registerdata.Company) { c.Name.Name = "Alpha Neu GmbH" }, []string{"basic /name"}},
		{"address", func(c *registerdata.Company) { c.Address.City = "Hamburg" }, []string{"basic /address"}},
		{"legal form", func(c *registerdata.Company) { c.LegalForm = enums.LegalFormAG }, []string{"basic /legal_form"}},
		{"status", func(c *registerdata.Company) { c.Status = enums.CompanyStatusLiquidation }, []string{"basic /status"}},
		{"purpose is no preference", func(c *registerdata.Company) { c.Purpose = &registerdata.CompanyPurpose{Purpose: "Software"} }, []string{}},
		{"new director", func(c *registerdata.Company) {
			c.Representation = append(c.Representation, person(enums.RoleCodeDirector))
		}, []string{"representation /representation/" + personP + "/DIRECTOR"}},
		{"prokura without id keys by name", func(c *registerdata.Company) {
			c.Representation = append(c.Representation, rep("", "Max Muster", enums.RoleCodeProkuraJoint, enums.RepresentativeTypeNaturalPerson))
		}, []string{"representation /representation/Max Muster/PROKURA_JOINT"}},
		{"new shareholder", func(c *registerdata.Company) {
			c.Representation = append(c.Representation, rep(companyB, "Beta GmbH", enums.RoleCodeShareholder, enums.RepresentativeTypeLegalPerson))
		}, []string{"ownership /representation/" + companyB + "/SHAREHOLDER"}},
		{"unknown role code", func(c *registerdata.Company) {
			r := person("SUPERVISORY_OBSERVER")
			r.Role = ""
			c.Representation = append(c.Representation, r)
		}, []string{"representation /representation/" + personP + "/SUPERVISORY_OBSERVER"}},
		{"accounts filed", func(c *registerdata.Company) {
			c.Indicators = append(c.Indicators, registerdata.IndicatorSummary{Date: registerdata.NewDate(2024, 12, 31), ReportID: "r1", Revenue: ptr(int64(1e9))})
		}, []string{"financials /indicators/2024-12-31"}},
		{"document", func(c *registerdata.Company) {
			c.Documents = append(c.Documents, registerdata.CompanyDocument{ID: "doc-1", Type: enums.DocumentTypeShareholderList, Date: registerdata.NewDate(2025, 1, 2), Latest: true})
		}, []string{"documents /documents/doc-1"}},
		{"insolvency", func(c *registerdata.Company) {
			c.Insolvencies = append(c.Insolvencies, registerdata.InsolvencySummary{ID: "ins-1", CurrentStatus: enums.InsolvencyStatusPreliminary, Court: "AG Berlin", CaseNumber: "36a IN 1/25"})
		}, []string{"insolvencies /insolvencies/ins-1"}},
		{"several at once, each reported", func(c *registerdata.Company) {
			c.Status = enums.CompanyStatusInactive
			c.Name.Name = "Alpha i.L. GmbH"
		}, []string{"basic /name", "basic /status"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			after := clone(t, base)
			c.change(&after)
			assert.Equal(t, c.want, summary(companyChanges(base, after)))
		})
	}
}

func TestCompanyChangesValues(t *testing.T) {
	before := company(t, companyA, "Alpha GmbH")
	after := clone(t, before)
	after.Status = enums.CompanyStatusLiquidation
	after.Documents = append(after.Documents, registerdata.CompanyDocument{ID: "d", Type: enums.DocumentTypeSampleProtocol, Date: registerdata.NewDate(2025, 2, 3)})
	cs := companyChanges(before, after)
	require.Len(t, cs, 2)
	assert.JSONEq(t, `"active"`, string(cs[0].Before))
	assert.JSONEq(t, `"liquidation"`, string(cs[0].After))
	assert.JSONEq(t, `null`, string(cs[1].Before))
	assert.JSONEq(t, `{"id":"d","type":"sample_protocol","date":"2025-02-03","latest":false}`, string(cs[1].After))

	removed := clone(t, after)
	removed.Documents = nil
	cs = companyChanges(after, removed)
	require.Len(t, cs, 1)
	assert.JSONEq(t, `null`, string(cs[0].After), "a removed entry is null afterwards")
}

func TestNewCompanyReportsBasicsFromNull(t *testing.T) {
	cs := companyChanges(registerdata.Company{}, company(t, companyA, "Alpha GmbH"))
	assert.Equal(t, []string{"basic /name", "basic /address", "basic /legal_form", "basic /status"}, summary(cs))
	for _, c := range cs {
		assert.JSONEq(t, `null`, string(c.Before))
	}
}

func TestInvolvementChangesForAPerson(t *testing.T) {
	x := company(t, companyB, "Beta GmbH")
	with := func(rs ...registerdata.Representative) registerdata.Company {
		c := clone(t, x)
		c.Representation = append(c.Representation, rs...)
		return c
	}
	pre := "/companies/" + companyB
	cases := []struct {
		name          string
		before, after registerdata.Company
		want          []string
	}{
		{"becomes director", x, with(person(enums.RoleCodeDirector)), []string{"management_positions " + pre + "/representation/DIRECTOR"}},
		{"becomes board member", x, with(person(enums.RoleCodeExecutive)), []string{"management_positions " + pre + "/representation/EXECUTIVE"}},
		{"becomes liquidator", x, with(person(enums.RoleCodeLiquidator)), []string{"management_positions " + pre + "/representation/LIQUIDATOR"}},
		{"buys a stake", x, with(person(enums.RoleCodeShareholder)), []string{"holdings " + pre + "/representation/SHAREHOLDER"}},
		{"becomes owner", x, with(person(enums.RoleCodeOwner)), []string{"holdings " + pre + "/representation/OWNER"}},
		{"prokura is neither", x, with(person(enums.RoleCodeProkura)), []string{}},
		{"someone else", x, with(rep("7d0a0b57-0000-4000-8000-000000000000", "Other", enums.RoleCodeDirector, enums.RepresentativeTypeNaturalPerson)), []string{}},
		{"leaves", with(person(enums.RoleCodeDirector)), x, []string{"management_positions " + pre + "/representation/DIRECTOR"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cs := involvementChanges(enums.EntityTypePerson, personP, c.before, c.after)
			assert.Equal(t, c.want, summary(cs))
			for _, ch := range cs {
				assert.False(t, ch.daily, "changes to an existing company wait for the monthly check")
			}
		})
	}
}

func TestInvolvementInsolvencyOfARepresentedCompany(t *testing.T) {
	insolvent := func(c registerdata.Company) registerdata.Company {
		c = clone(t, c)
		c.Insolvencies = append(c.Insolvencies, registerdata.InsolvencySummary{ID: "ins-9", CurrentStatus: enums.InsolvencyStatusOpened, Court: "AG", CaseNumber: "1"})
		return c
	}
	x := company(t, companyB, "Beta GmbH")
	x.Representation = append(x.Representation, person(enums.RoleCodeProkura))
	assert.Equal(t, []string{"insolvencies /companies/" + companyB + "/insolvencies/ins-9"},
		summary(involvementChanges(enums.EntityTypePerson, personP, x, insolvent(x))), "any open role counts")

	ended := clone(t, x)
	ended.Representation[0].EndDate = ptr(registerdata.NewDate(2024, 6, 30))
	assert.Empty(t, involvementChanges(enums.EntityTypePerson, personP, ended, insolvent(ended)), "a role that ended does not")
}

func TestInvolvementInANewCompanyIsDaily(t *testing.T) {
	x := company(t, companyB, "Beta GmbH")
	x.Representation = append(x.Representation, person(enums.RoleCodeDirector), person(enums.RoleCodeShareholder))
	cs := involvementChanges(enums.EntityTypePerson, personP, registerdata.Company{}, x)
	require.Equal(t, []string{
		"management_positions /companies/" + companyB + "/representation/DIRECTOR",
		"holdings /companies/" + companyB + "/representation/SHAREHOLDER",
	}, summary(cs))
	for _, c := range cs {
		assert.True(t, c.daily)
	}
}

func TestInvolvementChangesForACompany(t *testing.T) {
	x := company(t, companyB, "Beta GmbH")
	after := clone(t, x)
	after.Representation = append(after.Representation,
		rep(companyA, "Alpha GmbH", enums.RoleCodeShareholder, enums.RepresentativeTypeLegalPerson),
		rep(companyA, "Alpha GmbH", enums.RoleCodePersonalLiableDirector, enums.RepresentativeTypeLegalPerson))
	assert.Equal(t, []string{
		"holdings /companies/" + companyB + "/representation/PERSONAL_LIABLE_DIRECTOR",
		"holdings /companies/" + companyB + "/representation/SHAREHOLDER",
	}, summary(involvementChanges(enums.EntityTypeCompany, companyA, x, after)))
	assert.Empty(t, involvementChanges(enums.EntityTypeCompany, companyB, x, after), "a company's own record is not a holding")
}

func TestRepeatedKeysAreToldApart(t *testing.T) {
	before := company(t, companyA, "Alpha GmbH")
	first, second := person(enums.RoleCodeDirector), person(enums.RoleCodeDirector)
	second.StartDate = registerdata.NewDate(2023, 5, 1)
	before.Representation = append(before.Representation, first, second)
	after := clone(t, before)
	after.Representation[1].EndDate = ptr(registerdata.NewDate(2025, 1, 31))
	assert.Equal(t, []string{"representation /representation/" + personP + "/DIRECTOR#2"}, summary(companyChanges(before, after)),
		"the second term of the same role is its own entry")
}

// benchCompany is a company of realistic size: 12 representatives, 5
// years of indicators, 6 documents.
func benchCompany(b *testing.B) registerdata.Company {
	c := company(b, companyA, "Alpha GmbH")
	for i := range 12 {
		code := []enums.RoleCode{enums.RoleCodeDirector, enums.RoleCodeShareholder, enums.RoleCodeProkura}[i%3]
		c.Representation = append(c.Representation, rep(fmt.Sprintf("p-%02d", i), fmt.Sprintf("Person %d", i), code, enums.RepresentativeTypeNaturalPerson))
	}
	for y := range 5 {
		c.Indicators = append(c.Indicators, registerdata.IndicatorSummary{Date: registerdata.NewDate(2020+y, 12, 31), ReportID: "r", Revenue: ptr(int64(1e9 + y))})
	}
	for i := range 6 {
		c.Documents = append(c.Documents, registerdata.CompanyDocument{ID: fmt.Sprintf("d%d", i), Type: enums.DocumentTypeShareholderList, Date: registerdata.NewDate(2020, 1, 1+i)})
	}
	return c
}

// BenchmarkCompanyChanges classifies a rename of a realistic record.
func BenchmarkCompanyChanges(b *testing.B) {
	before := benchCompany(b)
	after := before
	after.Name.Name = "Alpha Neu GmbH"
	b.ReportAllocs()
	for b.Loop() {
		if len(companyChanges(before, after)) != 1 {
			b.Fatal("want one change")
		}
	}
}
