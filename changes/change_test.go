package changes_test

import (
	"fmt"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/changes"
	"github.com/registerdata/registerdata-go/enums"
)

func day(y int, m time.Month, d int) registerdata.Date {
	return registerdata.Date{Year: y, Month: m, Day: d}
}

// TestSentencesReadWell: each kind of change, found by the diffs in real
// records, reads as a person would write it.
func TestSentencesReadWell(t *testing.T) {
	rudower := registerdata.CompanyAddress{Street: "Rudower Chaussee 29", PostalCode: "12489", City: "Berlin", Country: "Deutschland",
		FormattedValue: "Rudower Chaussee 29, 12489 Berlin, Deutschland"}
	moabit := rudower // changed through parts, the formatted value left behind
	moabit.Street, moabit.PostalCode = "Alt-Moabit 101", "10559"
	proc := registerdata.InsolvencySummary{ID: "ins-1", CaseNumber: "36n IN 1234/26", Court: "Amtsgericht Charlottenburg", CurrentStatus: enums.InsolvencyStatusPreliminary}
	opened := proc
	opened.CurrentStatus, opened.OpenedAt = enums.InsolvencyStatusOpened, ptr(day(2026, 3, 5))
	dir := director()
	withAuthority := director()
	withAuthority.Authority = ptr("einzelvertretungsberechtigt")
	doc := registerdata.CompanyDocument{ID: "doc-1", Type: enums.DocumentTypeShareholderList, Date: day(2025, 3, 4), Latest: true}
	superseded := doc
	superseded.Latest = false
	figures := registerdata.IndicatorSummary{Date: day(2024, 12, 31), ReportID: "r1", Revenue: ptr(int64(100)), Employees: ptr(int64(12))}

	for _, tc := range []struct {
		name          string
		before, after registerdata.Company
		want          []string
	}{
		{"move", registerdata.Company{Address: rudower}, registerdata.Company{Address: moabit},
			[]string{"The company moved from Rudower Chaussee 29, 12489 Berlin to Alt-Moabit 101, 10559 Berlin."}},
		{"move abroad", registerdata.Company{Address: rudower}, registerdata.Company{Address: registerdata.CompanyAddress{Street: "Kärntner Ring 5", PostalCode: "1010", City: "Wien", Country: "Österreich"}},
			[]string{"The company moved from Rudower Chaussee 29, 12489 Berlin to Kärntner Ring 5, 1010 Wien, Österreich."}},
		{"insolvency filed", registerdata.Company{}, registerdata.Company{Insolvencies: []registerdata.InsolvencySummary{proc}},
			[]string{"Insolvency proceeding 36n IN 1234/26 at Amtsgericht Charlottenburg was filed (status preliminary)."}},
		{"insolvency opened", registerdata.Company{Insolvencies: []registerdata.InsolvencySummary{proc}}, registerdata.Company{Insolvencies: []registerdata.InsolvencySummary{opened}},
			[]string{`The status of insolvency proceeding 36n IN 1234/26 at Amtsgericht Charlottenburg changed from "preliminary" to "opened".`,
				"Insolvency proceeding 36n IN 1234/26 opened at Amtsgericht Charlottenburg on 2026-03-05."}},
		{"director joins", registerdata.Company{}, registerdata.Company{Representation: []registerdata.Representative{dir}},
			[]string{"Erika Beispiel (Managing Director) joined the representation (since 2019-01-02)."}},
		{"director struck out", registerdata.Company{Representation: []registerdata.Representative{dir}}, registerdata.Company{},
			[]string{"Erika Beispiel (Managing Director) left the representation (since 2019-01-02)."}},
		{"authority", registerdata.Company{Representation: []registerdata.Representative{dir}}, registerdata.Company{Representation: []registerdata.Representative{withAuthority}},
			[]string{`The authority of Erika Beispiel (Managing Director) was set to "einzelvertretungsberechtigt".`}},
		{"document filed", registerdata.Company{}, registerdata.Company{Documents: []registerdata.CompanyDocument{doc}},
			[]string{"Shareholder list of 2025-03-04 was filed."}},
		{"document superseded", registerdata.Company{Documents: []registerdata.CompanyDocument{doc}}, registerdata.Company{Documents: []registerdata.CompanyDocument{superseded}},
			[]string{"Shareholder list of 2025-03-04 is no longer the latest version."}},
		{"figures", registerdata.Company{}, registerdata.Company{Indicators: []registerdata.IndicatorSummary{figures}},
			[]string{"Financial figures for 2024-12-31 were published (revenue 1.00 EUR, employees 12)."}},
		{"terminated", registerdata.Company{}, registerdata.Company{TerminatedAt: ptr(day(2026, 1, 31))},
			[]string{"The company was terminated on 2026-01-31."}},
		{"merged", registerdata.Company{}, registerdata.Company{MergedInto: &registerdata.Transaction{Name: "Aufnehmende AG", CompanyID: "DE-HRB-F1103-1", RegistrationDate: day(2026, 1, 31)}},
			[]string{"The company merged into Aufnehmende AG (DE-HRB-F1103-1), registered 2026-01-31."}},
		{"incorporated", registerdata.Company{IncorporatedAt: day(2014, 9, 2)}, registerdata.Company{IncorporatedAt: day(2014, 9, 3)},
			[]string{`The date of incorporation changed from "2014-09-02" to "2014-09-03".`}},
		{"lei removed", registerdata.Company{LEI: "529900T8BM49AURSDO55"}, registerdata.Company{},
			[]string{`The LEI was removed (it was "529900T8BM49AURSDO55").`}},
		{"linkedin", registerdata.Company{}, registerdata.Company{Contact: &registerdata.Contact{SocialMedia: registerdata.SocialMedia{LinkedIn: "https://www.linkedin.com/company/x"}}},
			[]string{`The LinkedIn profile was set to "https://www.linkedin.com/company/x".`}},
		{"status", registerdata.Company{Status: enums.CompanyStatusActive}, registerdata.Company{Status: enums.CompanyStatusLiquidation},
			[]string{`The status changed from "active" to "liquidation".`}},
	} {
		got := sentences(changes.Company(&tc.before, &tc.after))
		assert.Equal(t, tc.want, got, tc.name)
	}

	owners := func(os ...registerdata.Owner) *registerdata.Owners {
		return &registerdata.Owners{CompanyID: richID, Owners: os}
	}
	holding := registerdata.Owner{Name: "Beispiel Holding GmbH", Type: enums.RepresentativeTypeLegalPerson, PercentageShare: ptr(20.0)}
	more := holding
	more.PercentageShare = ptr(30.0)
	assert.Equal(t, []string{"Beispiel Holding GmbH became an owner (20 %)."}, sentences(changes.Owners(owners(), owners(holding))))
	assert.Equal(t, []string{`The percentage share of Beispiel Holding GmbH changed from "20 %" to "30 %".`}, sentences(changes.Owners(owners(holding), owners(more))))
	assert.Equal(t, []string{"Beispiel Holding GmbH is no longer an owner (was 20 %)."}, sentences(changes.Owners(owners(holding), owners())))

	pos := registerdata.ManagementPosition{Role: "DIRECTOR", CompanyName: "Beispiel GmbH", RegisterID: richID, StartDate: day(2019, 1, 2)}
	ended := pos
	ended.EndDate = ptr(day(2025, 3, 4))
	person := func(ps ...registerdata.ManagementPosition) *registerdata.Person {
		return &registerdata.Person{ID: "p", ManagementPositions: ps}
	}
	assert.Equal(t, []string{"Director at Beispiel GmbH (" + richID + ") began (since 2019-01-02)."}, sentences(changes.Person(person(), person(pos))))
	assert.Equal(t, []string{"Director at Beispiel GmbH (" + richID + ") ended (until 2025-03-04)."}, sentences(changes.Person(person(pos), person(ended))))

	stake := registerdata.Holding{Name: "Tochter GmbH", CompanyID: "DE-HRB-F1103-2", RelationType: enums.RelationTypeShareholder, PercentageShare: ptr(0.1)}
	hs := func(h ...registerdata.Holding) *registerdata.Holdings {
		return &registerdata.Holdings{CompanyID: richID, Holdings: h}
	}
	assert.Equal(t, []string{"Tochter GmbH (DE-HRB-F1103-2, shareholder) became a holding (10 %)."}, sentences(changes.Holdings(hs(), hs(stake))))

	in := registerdata.Insolvency{ID: "ins-1", CaseNumber: "36n IN 1234/26", Court: "Amtsgericht Charlottenburg"}
	withAdmin := in
	withAdmin.AdministratorName = ptr("Dr. Anna Verwalter")
	assert.Equal(t, []string{`The administrator of insolvency proceeding 36n IN 1234/26 at Amtsgericht Charlottenburg was set to "Dr. Anna Verwalter".`},
		sentences(changes.Insolvency(&in, &withAdmin)))
}

// readable fails the test when a sentence shows the marks of a dump: an
// empty field ("extra ,", "born ,"), empty brackets or quotes, a code
// with underscores, doubled spaces.
func readable(t *testing.T, s string) {
	t.Helper()
	for _, bad := range []string{" ,", ", ,", "()", "( ", `""`, "  ", "_", "extra", "postal code", "formatted"} {
		if strings.Contains(s, bad) {
			t.Errorf("%q contains %q", s, bad)
		}
	}
}

const (
	richID     = "DE-HRB-F1103-267645"
	testSecret = "whsec_ZmFrZS10ZXN0LXNpZ25pbmctc2VjcmV0LTAxMjM0NQ=="
)

var testStart = time.Date(2025, 3, 3, 9, 0, 0, 0, time.UTC)

// want is a change as the tests expect it: category, kind, field.
type want struct {
	cat   enums.Preference
	kind  changes.Kind
	field string
}

func (w want) String() string { return fmt.Sprintf("%s/%s/%s", w.cat, w.kind, w.field) }

func keysOf(cs []changes.Change) []string {
	out := make([]string, 0, len(cs))
	for _, c := range cs {
		out = append(out, want{c.Category, c.Kind, c.Field}.String())
	}
	sort.Strings(out)
	return out
}

func wantKeys(ws []want) []string {
	out := make([]string, 0, len(ws))
	for _, w := range ws {
		out = append(out, w.String())
	}
	sort.Strings(out)
	return out
}

func ptr[T any](v T) *T { return &v }
