package fake

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
)

func curatedForTest(t *testing.T) []registerdata.Company {
	t.Helper()
	cs, err := curatedCompanies()
	require.NoError(t, err)
	return cs
}

// usedValues collects every value of enum type T found anywhere in cs.
func usedValues[T ~string](cs []registerdata.Company) map[T]bool {
	seen := map[T]bool{}
	want := reflect.TypeFor[T]()
	var walk func(v reflect.Value)
	walk = func(v reflect.Value) {
		switch v.Kind() {
		case reflect.Pointer:
			if !v.IsNil() {
				walk(v.Elem())
			}
		case reflect.Struct:
			for i := 0; i < v.NumField(); i++ {
				walk(v.Field(i))
			}
		case reflect.Slice:
			for i := 0; i < v.Len(); i++ {
				walk(v.Index(i))
			}
		case reflect.String:
			if v.Type() == want {
				seen[T(v.String())] = true
			}
		}
	}
	walk(reflect.ValueOf(cs))
	return seen
}

// assertCovers checks that the curated data uses every value of T.
func assertCovers[T interface {
	~string
	Values() []T
}](t *testing.T, cs []registerdata.Company) {
	t.Helper()
	var zero T
	seen := usedValues[T](cs)
	for _, v := range zero.Values() {
		assert.True(t, seen[v], "%T value %q is not used by any curated company", zero, v)
	}
}

func TestCuratedDataCoversEveryEnumValue(t *testing.T) {
	cs := curatedForTest(t)
	assertCovers[enums.LegalForm](t, cs)
	assertCovers[enums.RegisterType](t, cs)
	assertCovers[enums.CompanyStatus](t, cs)
	assertCovers[enums.Currency](t, cs)
	assertCovers[enums.DocumentType](t, cs)
	assertCovers[enums.Role](t, cs)
	assertCovers[enums.RoleCode](t, cs)
	assertCovers[enums.RepresentativeType](t, cs)
	assertCovers[enums.InsolvencyStatus](t, cs)
	assertCovers[enums.ProceedingKind](t, cs)
	assertCovers[enums.AdministrationKind](t, cs)

	// Every company's own legal form, not only its history, covers the set.
	forms := map[enums.LegalForm]bool{}
	for _, c := range cs {
		forms[c.LegalForm] = true
	}
	assert.Len(t, forms, len(enums.LegalForm("").Values()))
}

// fieldUse records, per field path, whether it was seen set and seen
// null (nil pointer or empty optional).
type fieldUse struct{ set, null bool }

func walkFields(v reflect.Value, path string, use map[string]*fieldUse) {
	mark := func(set bool) {
		u := use[path]
		if u == nil {
			u = &fieldUse{}
			use[path] = u
		}
		if set {
			u.set = true
		} else {
			u.null = true
		}
	}
	switch v.Kind() {
	case reflect.Pointer:
		mark(!v.IsNil())
		if !v.IsNil() {
			walkFields(v.Elem(), path, use)
		}
	case reflect.Struct:
		if v.Type() == reflect.TypeFor[registerdata.Date]() {
			mark(!v.Interface().(registerdata.Date).IsZero())
			return
		}
		for i := 0; i < v.NumField(); i++ {
			f := v.Type().Field(i)
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			walkFields(v.Field(i), path+"."+name, use)
		}
	case reflect.Slice:
		mark(v.Len() > 0)
		for i := 0; i < v.Len(); i++ {
			walkFields(v.Index(i), path+"[]", use)
		}
	default:
		mark(!v.IsZero())
	}
}

func TestCuratedDataUsesEveryField(t *testing.T) {
	use := map[string]*fieldUse{}
	for _, c := range curatedForTest(t) {
		walkFields(reflect.ValueOf(c), "", use)
	}
	// Sources are issued per lookup, so the stored records have none.
	delete(use, ".sources")
	delete(use, ".sources[].document_url")
	require.NotEmpty(t, use)
	for path, u := range use {
		assert.True(t, u.set, "no curated company sets %s", path)
	}
	// Every nullable field is null somewhere too.
	for _, path := range []string{
		".purpose", ".capital", ".representation_rule", ".notarized_at", ".terminated_at",
		".merged_into", ".profit_transfer_agreement", ".contact", ".lei", ".insolvencies",
		".representation[].id", ".representation[].end_date", ".representation[].authority",
		".representation[].legal_person.city", ".representation[].natural_person.city",
		".representation[].natural_person.date_of_birth",
		".indicators[].revenue", ".indicators[].employees", ".indicators[].taxes",
		".insolvencies[].proceeding_kind", ".insolvencies[].administration_kind",
		".insolvencies[].opened_at", ".insolvencies[].closed_at",
		".acquisitions[].agreement_date", ".profit_transfer_agreement.agreement_date",
		".register.start_date", ".register.company_id", ".address.street", ".address.extra",
		".contact.email", ".contact.social_media.github",
	} {
		require.Contains(t, use, path)
		assert.True(t, use[path].null, "no curated company leaves %s null or empty", path)
	}
}

func TestCuratedRichCompany(t *testing.T) {
	srv, _ := newTestServer(t)
	c := do(t, "GET", srv.URL+"/v1/company/"+richID, srv.APIKey, "").company(t)

	assert.Equal(t, "Nordlicht Solartechnik GmbH", c.Name.Name)
	assert.GreaterOrEqual(t, len(c.Names), 2)
	assert.GreaterOrEqual(t, len(c.Capitals), 3, "capital history")
	assert.GreaterOrEqual(t, len(c.Indicators), 3, "several indicator years")
	current := c.CurrentRepresentatives(registerdata.NewDate(2025, 6, 2))
	assert.GreaterOrEqual(t, len(current), 4)
	assert.Greater(t, len(c.Representation), len(current), "and past ones")
	for _, r := range c.Representation {
		assert.NotEmpty(t, r.RoleDetail.LabelDE)
		assert.NotEmpty(t, r.RoleDetail.LabelEN)
		assert.Equal(t, r.RoleDetail.Code.Role(), r.Role)
	}
	assert.NotEmpty(t, c.LEI)
	require.NotNil(t, c.Contact)
	assert.NotEmpty(t, c.Contact.SocialMedia.LinkedIn)
	assert.NotNil(t, c.ProfitTransferAgreement)
	assert.NotEmpty(t, c.Acquisitions)
	assert.NotEmpty(t, c.AssetSpinOffs)
}

func TestCuratedCrossReferences(t *testing.T) {
	cs := curatedForTest(t)
	byID := map[string]registerdata.Company{}
	for _, c := range cs {
		byID[c.ID] = c
		for _, r := range c.Representation {
			assert.Equal(t, r.RoleDetail.Code.Role(), r.Role, "%s: %s", c.ID, r.Name)
		}
	}
	// A merger shows on both sides with the same dates.
	mergers := 0
	for _, c := range cs {
		if c.MergedInto == nil {
			continue
		}
		mergers++
		target, ok := byID[c.MergedInto.CompanyID]
		require.True(t, ok, "%s merged into unknown %s", c.ID, c.MergedInto.CompanyID)
		assert.Contains(t, target.Acquisitions, registerdata.Transaction{
			CompanyID: c.ID, Name: c.Name.Name, RegistrationDate: c.MergedInto.RegistrationDate, AgreementDate: c.MergedInto.AgreementDate,
		})
		assert.Equal(t, enums.CompanyStatusInactive, c.Status)
		assert.NotNil(t, c.TerminatedAt)
	}
	assert.Positive(t, mergers)

	// A person's UUID stands for one person: same name and birth date.
	people := map[string]registerdata.Representative{}
	companiesOf := map[string]map[string]bool{}
	for _, c := range cs {
		for _, r := range c.Representation {
			if r.Type != enums.RepresentativeTypeNaturalPerson || r.ID == nil {
				continue
			}
			if p, ok := people[*r.ID]; ok {
				assert.Equal(t, p.Name, r.Name, "person %s", *r.ID)
				assert.Equal(t, p.NaturalPerson.DateOfBirth, r.NaturalPerson.DateOfBirth, "person %s", *r.ID)
			}
			people[*r.ID] = r
			if companiesOf[*r.ID] == nil {
				companiesOf[*r.ID] = map[string]bool{}
			}
			companiesOf[*r.ID][c.ID] = true
		}
	}
	multi := 0
	for _, set := range companiesOf {
		if len(set) >= 2 {
			multi++
		}
	}
	assert.GreaterOrEqual(t, multi, 3, "several persons hold positions in two or three companies")
}

func TestCuratedDecodingIsStrict(t *testing.T) {
	var cs []json.RawMessage
	require.NoError(t, json.Unmarshal(companiesJSON, &cs))
	good := string(cs[0])
	for name, typo := range map[string][2]string{
		"top level": {`"legal_form"`, `"legalform"`},
		"nested":    {`"first_name"`, `"firstname"`},
		"deep":      {`"linkedin"`, `"linkdin"`},
	} {
		bad := strings.Replace(good, typo[0], typo[1], 1)
		require.NotEqual(t, good, bad, name)
		_, err := decodeCurated([]byte("[" + bad + "]"))
		assert.Error(t, err, name)
	}
	_, err := decodeCurated([]byte("[" + good + "]"))
	assert.NoError(t, err)
	_, err = decodeCurated([]byte("[" + good + "] []"))
	assert.Error(t, err, "trailing data")
	_, err = decodeCurated([]byte("[" + good + "," + good + "]"))
	assert.NoError(t, err, "duplicates are the store's concern")
}
