package changes_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/changes"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/fake"
)

func roundTrip(t *testing.T, c registerdata.Company) *registerdata.Company {
	t.Helper()
	b, err := json.Marshal(c)
	require.NoError(t, err)
	var out registerdata.Company
	require.NoError(t, json.Unmarshal(b, &out))
	return &out
}

// TestCompanyDiffProperty applies random sequences of register changes to
// a company of the fake (one to three per step, through UpdateCompany),
// and checks after each step that the diff lists exactly the changes
// made, in the category the fake's monitor delivers them under, and
// nothing for a no-op, a reordering or a JSON round trip.
func TestCompanyDiffProperty(t *testing.T) {
	exercised := map[string]int{}
	defer func() {
		for _, m := range companyMutations {
			assert.Positive(t, exercised[m.name], "mutation %q never made a change", m.name)
		}
	}()
	for seed := uint64(1); seed <= 6; seed++ {
		t.Run(fmt.Sprint("seed", seed), func(t *testing.T) {
			r := rand.New(rand.NewPCG(seed, 23))
			srv, clk, c, col := fakeWithReceiver(t, nil)
			ctx := context.Background()
			_, err := c.CreateMonitor(ctx, registerdata.MonitorRequest{EntityID: richID, EntityType: enums.EntityTypeCompany,
				Preferences: enums.PreferencesFor(enums.EntityTypeCompany), UpdateFrequency: enums.UpdateFrequencyDaily})
			require.NoError(t, err)
			prev, ok := srv.Company(richID)
			require.True(t, ok)
			for step := range 25 {
				var wants []want
				var names []string
				n := 1 + r.IntN(3)
				require.NoError(t, srv.UpdateCompany(richID, func(co *registerdata.Company) {
					used := map[int]bool{}
					for range n {
						i := r.IntN(len(companyMutations))
						if used[i] {
							continue
						}
						used[i] = true
						w := companyMutations[i].apply(t, r, srv, co)
						if len(w) > 0 {
							exercised[companyMutations[i].name]++
							names = append(names, companyMutations[i].name)
						}
						wants = append(wants, w...)
					}
				}))
				next, _ := srv.Company(richID)
				got := changes.Company(&prev, &next)
				require.Equal(t, wantKeys(wants), keysOf(got), "step %d: %v", step, names)
				require.Equal(t, mirrored(got), described(changes.Company(&next, &prev)), "step %d: %v: the diff read backwards", step, names)
				for _, ch := range got {
					readable(t, ch.String())
				}

				// The fake's monitor reports the same categories.
				clk.Advance(24 * time.Hour)
				var delivered []string
				for _, ev := range col.take() {
					delivered = append(delivered, ev.Categories...)
				}
				var mine []string
				for _, ch := range got {
					if fakeDelivers(ch.Field) && !slices.Contains(mine, string(ch.Category)) {
						mine = append(mine, string(ch.Category))
					}
				}
				sort.Strings(mine)
				sort.Strings(delivered)
				assert.Equal(t, mine, delivered, "step %d: %v", step, names)

				// Nothing for a no-op, a reordering, a JSON round trip.
				require.NoError(t, srv.UpdateCompany(richID, func(*registerdata.Company) {}))
				same, _ := srv.Company(richID)
				assert.Empty(t, changes.Company(&next, &same), "no-op")
				require.NoError(t, srv.UpdateCompany(richID, func(co *registerdata.Company) { shuffled(r, co) }))
				reordered, _ := srv.Company(richID)
				assert.Empty(t, changes.Company(&next, &reordered), "reordering")
				assert.Empty(t, changes.Company(&next, roundTrip(t, reordered)), "JSON round trip")
				prev = reordered
			}
		})
	}
}

// described is each change as what it says, without its subject (the
// subject names the member as the after side has it, which a rename
// makes differ between the two directions): category, kind, field,
// before and after, sorted.
func described(cs []changes.Change) []string {
	out := make([]string, 0, len(cs))
	for _, c := range cs {
		out = append(out, fmt.Sprintf("%s/%s/%s %q -> %q", c.Category, c.Kind, c.Field, c.Before, c.After))
	}
	sort.Strings(out)
	return out
}

// mirrored is described for the reverse of cs: what was added is
// removed, before and after swap places.
func mirrored(cs []changes.Change) []string {
	rev := make([]changes.Change, len(cs))
	for i, c := range cs {
		switch c.Kind {
		case changes.Added:
			c.Kind = changes.Removed
		case changes.Removed:
			c.Kind = changes.Added
		}
		c.Before, c.After = c.After, c.Before
		rev[i] = c
	}
	return described(rev)
}

func jsonEncode(w *bytes.Buffer, v any) error { return json.NewEncoder(w).Encode(v) }

func jsonDecode(b []byte, v any) error { return json.Unmarshal(b, v) }

// mutation is one register change and the changes it must produce.
type mutation struct {
	name  string
	apply func(t *testing.T, r *rand.Rand, srv *fake.Server, c *registerdata.Company) []want
}

func uuid(r *rand.Rand) string {
	return fmt.Sprintf("%08x-%04x-4%03x-8%03x-%012x", r.Uint32(), r.Uint32()&0xffff, r.Uint32()&0xfff, r.Uint32()&0xfff, r.Uint64()&0xffffffffffff)
}

// current returns the indices of the representatives without end date
// whose category is cat.
func current(c *registerdata.Company, stake bool) []int {
	var out []int
	for i, rp := range c.Representation {
		isStake := rp.Role == enums.RoleShareholder || rp.Role == enums.RoleOwner
		if rp.EndDate == nil && isStake == stake {
			out = append(out, i)
		}
	}
	return out
}

// companyMutations change the record through UpdateCompany; apply edits
// c in place and returns what the diff must list.
var companyMutations = []mutation{
	{"rename", func(_ *testing.T, r *rand.Rand, _ *fake.Server, c *registerdata.Company) []want {
		c.Name = registerdata.CompanyName{Name: fmt.Sprintf("Umbenannt %d GmbH", r.IntN(1e6)), LegalForm: c.LegalForm, StartDate: registerdata.DateOf(testStart)}
		c.Names = append(c.Names, c.Name)
		return []want{{enums.PreferenceBasic, changes.Modified, "name"}}
	}},
	{"move", func(_ *testing.T, r *rand.Rand, _ *fake.Server, c *registerdata.Company) []want {
		c.Address = registerdata.CompanyAddress{Street: fmt.Sprintf("Neue Straße %d", r.IntN(1e6)), PostalCode: "10115", City: "Berlin", Country: "Deutschland", StartDate: registerdata.DateOf(testStart)}
		c.Addresses = append(c.Addresses, c.Address)
		return []want{{enums.PreferenceBasic, changes.Modified, "address"}}
	}},
	{"status", func(_ *testing.T, _ *rand.Rand, _ *fake.Server, c *registerdata.Company) []want {
		if c.Status == enums.CompanyStatusLiquidation {
			c.Status = enums.CompanyStatusActive
		} else {
			c.Status = enums.CompanyStatusLiquidation
		}
		return []want{{enums.PreferenceBasic, changes.Modified, "status"}}
	}},
	{"director joins", func(_ *testing.T, r *rand.Rand, _ *fake.Server, c *registerdata.Company) []want {
		c.Representation = append(c.Representation, registerdata.Representative{
			ID: ptr(uuid(r)), Name: fmt.Sprintf("Erika Beispiel %d", r.IntN(1e6)), Type: enums.RepresentativeTypeNaturalPerson,
			Role: enums.RoleDirector, RoleDetail: registerdata.RoleDetail{Code: enums.RoleCodeDirector}, StartDate: registerdata.DateOf(testStart),
			NaturalPerson: &registerdata.NaturalPerson{FirstName: ptr("Erika"), LastName: ptr("Beispiel")},
		})
		return []want{{enums.PreferenceRepresentation, changes.Added, "representation"}}
	}},
	{"shareholder joins", func(_ *testing.T, r *rand.Rand, _ *fake.Server, c *registerdata.Company) []want {
		c.Representation = append(c.Representation, registerdata.Representative{
			ID: ptr(uuid(r)), Name: fmt.Sprintf("Max Anteil %d", r.IntN(1e6)), Type: enums.RepresentativeTypeNaturalPerson,
			Role: enums.RoleShareholder, RoleDetail: registerdata.RoleDetail{Code: enums.RoleCodeShareholder}, StartDate: registerdata.DateOf(testStart),
			NaturalPerson: &registerdata.NaturalPerson{FirstName: ptr("Max"), LastName: ptr("Anteil")},
		})
		return []want{{enums.PreferenceOwnership, changes.Added, "representation"}}
	}},
	{"someone leaves", func(_ *testing.T, r *rand.Rand, _ *fake.Server, c *registerdata.Company) []want {
		stake := r.IntN(2) == 0
		idx := current(c, stake)
		if len(idx) == 0 {
			return nil
		}
		i := idx[r.IntN(len(idx))]
		c.Representation[i].EndDate = ptr(registerdata.DateOf(testStart.AddDate(1, 0, 0)))
		cat := enums.PreferenceRepresentation
		if stake {
			cat = enums.PreferenceOwnership
		}
		return []want{{cat, changes.Removed, "representation"}}
	}},
	{"authority", func(_ *testing.T, r *rand.Rand, _ *fake.Server, c *registerdata.Company) []want {
		idx := current(c, false)
		if len(idx) == 0 {
			return nil
		}
		i := idx[r.IntN(len(idx))]
		k := changes.Modified
		if c.Representation[i].Authority == nil {
			k = changes.Added
		}
		c.Representation[i].Authority = ptr(fmt.Sprintf("vertritt gemeinsam (%d)", r.IntN(1e6)))
		return []want{{enums.PreferenceRepresentation, k, "representation.authority"}}
	}},
	{"new year of figures", func(_ *testing.T, r *rand.Rand, _ *fake.Server, c *registerdata.Company) []want {
		d := registerdata.Date{Year: 1990 + len(c.Indicators) + r.IntN(5)*100, Month: 12, Day: 31}
		for _, in := range c.Indicators {
			if in.Date == d {
				return nil
			}
		}
		c.Indicators = append(c.Indicators, registerdata.IndicatorSummary{Date: d, ReportID: uuid(r), Revenue: ptr(int64(r.IntN(1e9)))})
		return []want{{enums.PreferenceFinancials, changes.Added, "indicators"}}
	}},
	{"revenue corrected", func(_ *testing.T, r *rand.Rand, _ *fake.Server, c *registerdata.Company) []want {
		if len(c.Indicators) == 0 {
			return nil
		}
		in := &c.Indicators[r.IntN(len(c.Indicators))]
		old := int64(-1)
		if in.Revenue != nil {
			old = *in.Revenue
		}
		in.Revenue = ptr(old + 1 + int64(r.IntN(1000)))
		k := changes.Modified
		if old == -1 {
			k = changes.Added
		}
		return []want{{enums.PreferenceFinancials, k, "indicators.revenue"}}
	}},
	{"document filed", func(_ *testing.T, r *rand.Rand, _ *fake.Server, c *registerdata.Company) []want {
		c.Documents = append(c.Documents, registerdata.CompanyDocument{ID: uuid(r), Type: enums.DocumentTypeShareholderList, Date: registerdata.DateOf(testStart)})
		return []want{{enums.PreferenceDocuments, changes.Added, "documents"}}
	}},
	{"lei", func(_ *testing.T, r *rand.Rand, _ *fake.Server, c *registerdata.Company) []want {
		k := changes.Modified
		if c.LEI == "" {
			k = changes.Added
		}
		c.LEI = fmt.Sprintf("5299%016d", r.Int64N(1e16))
		return []want{{enums.PreferenceBasic, k, "lei"}}
	}},
	{"capital", func(_ *testing.T, r *rand.Rand, _ *fake.Server, c *registerdata.Company) []want {
		k := changes.Modified
		if c.Capital == nil {
			k = changes.Added
		}
		c.Capital = &registerdata.CompanyCapital{Amount: float64(25000 + r.IntN(1e6)), Currency: enums.CurrencyEUR, StartDate: registerdata.DateOf(testStart)}
		c.Capitals = append(c.Capitals, *c.Capital)
		return []want{{enums.PreferenceBasic, k, "capital"}}
	}},
	{"purpose", func(_ *testing.T, r *rand.Rand, _ *fake.Server, c *registerdata.Company) []want {
		k := changes.Modified
		if c.Purpose == nil {
			k = changes.Added
		}
		c.Purpose = &registerdata.CompanyPurpose{Purpose: fmt.Sprintf("Handel mit Waren %d", r.IntN(1e6)), StartDate: registerdata.DateOf(testStart)}
		c.Purposes = append(c.Purposes, *c.Purpose)
		return []want{{enums.PreferenceBasic, k, "purpose"}}
	}},
	{"representation rule", func(_ *testing.T, r *rand.Rand, _ *fake.Server, c *registerdata.Company) []want {
		k := changes.Modified
		if c.RepresentationRule == nil {
			k = changes.Added
		}
		c.RepresentationRule = ptr(fmt.Sprintf("Regel %d", r.IntN(1e6)))
		return []want{{enums.PreferenceRepresentation, k, "representation_rule"}}
	}},
	{"industry code", func(_ *testing.T, r *rand.Rand, _ *fake.Server, c *registerdata.Company) []want {
		c.IndustryCodes.WZ2025 = append(c.IndustryCodes.WZ2025, registerdata.IndustryCode{Code: fmt.Sprintf("%02d.%02d", r.IntN(99), r.IntN(99))})
		return []want{{enums.PreferenceBasic, changes.Added, "industry_codes"}}
	}},
	{"contact email", func(_ *testing.T, r *rand.Rand, _ *fake.Server, c *registerdata.Company) []want {
		if c.Contact == nil {
			c.Contact = &registerdata.Contact{}
		}
		k := changes.Modified
		if c.Contact.Email == "" {
			k = changes.Added
		}
		c.Contact.Email = fmt.Sprintf("info%d@example.com", r.IntN(1e6))
		return []want{{enums.PreferenceBasic, k, "contact.email"}}
	}},
	{"acquisition", func(_ *testing.T, r *rand.Rand, _ *fake.Server, c *registerdata.Company) []want {
		c.Acquisitions = append(c.Acquisitions, registerdata.Transaction{CompanyID: fmt.Sprintf("DE-HRB-F1103-%d", 100000+r.IntN(800000)), Name: "Übernommen GmbH", RegistrationDate: registerdata.DateOf(testStart)})
		return []want{{enums.PreferenceBasic, changes.Added, "acquisitions"}}
	}},
	{"terminated", func(_ *testing.T, r *rand.Rand, _ *fake.Server, c *registerdata.Company) []want {
		k := changes.Modified
		if c.TerminatedAt == nil {
			k = changes.Added
		}
		c.TerminatedAt = ptr(registerdata.DateOf(testStart.AddDate(0, 0, 1+r.IntN(300))))
		return []want{{enums.PreferenceBasic, k, "terminated_at"}}
	}},
	{"legal form", func(_ *testing.T, _ *rand.Rand, _ *fake.Server, c *registerdata.Company) []want {
		if c.LegalForm == enums.LegalFormAG {
			c.LegalForm = enums.LegalFormGmbH
		} else {
			c.LegalForm = enums.LegalFormAG
		}
		return []want{{enums.PreferenceBasic, changes.Modified, "legal_form"}}
	}},
	{"register moves", func(_ *testing.T, r *rand.Rand, _ *fake.Server, c *registerdata.Company) []want {
		c.Register.RegisterCourt = fmt.Sprintf("Amtsgericht %d", r.IntN(1e6))
		c.Register.StartDate = ptr(registerdata.DateOf(testStart))
		c.Registers = append(c.Registers, c.Register)
		return []want{{enums.PreferenceBasic, changes.Modified, "register"}}
	}},
	{"old name found", func(_ *testing.T, r *rand.Rand, _ *fake.Server, c *registerdata.Company) []want {
		c.Names = append(c.Names, registerdata.CompanyName{Name: fmt.Sprintf("Vorgänger %d GmbH", r.IntN(1e6)), LegalForm: enums.LegalFormGmbH, StartDate: registerdata.Date{Year: 1990, Month: 1, Day: 1}})
		return []want{{enums.PreferenceBasic, changes.Added, "names"}}
	}},
	{"notarized", func(_ *testing.T, r *rand.Rand, _ *fake.Server, c *registerdata.Company) []want {
		k := changes.Modified
		if c.NotarizedAt == nil {
			k = changes.Added
		}
		c.NotarizedAt = ptr(registerdata.Date{Year: 1980 + r.IntN(40), Month: 1 + time.Month(r.IntN(12)), Day: 1 + r.IntN(28)})
		if c.NotarizedAt.Year == 1980 {
			c.NotarizedAt.Year = 1981
		}
		return []want{{enums.PreferenceBasic, k, "notarized_at"}}
	}},
	{"incorporated", func(_ *testing.T, _ *rand.Rand, _ *fake.Server, c *registerdata.Company) []want {
		k := changes.Modified
		if c.IncorporatedAt.IsZero() {
			k = changes.Added
		}
		c.IncorporatedAt = registerdata.DateOf(registerdata.Date{Year: 1980, Month: 1, Day: 1}.Time().AddDate(0, 0, 1+c.IncorporatedAt.Day))
		return []want{{enums.PreferenceBasic, k, "incorporated_at"}}
	}},
	{"merged", func(_ *testing.T, r *rand.Rand, _ *fake.Server, c *registerdata.Company) []want {
		k := changes.Modified
		if c.MergedInto == nil {
			k = changes.Added
		}
		c.MergedInto = &registerdata.Transaction{CompanyID: fmt.Sprintf("DE-HRB-F1103-%d", 100000+r.IntN(800000)), Name: "Aufnehmende AG", RegistrationDate: registerdata.DateOf(testStart)}
		return []want{{enums.PreferenceBasic, k, "merged_into"}}
	}},
	{"profit transfer", func(_ *testing.T, r *rand.Rand, _ *fake.Server, c *registerdata.Company) []want {
		if c.ProfitTransferAgreement != nil {
			c.ProfitTransferAgreement = nil
			return []want{{enums.PreferenceBasic, changes.Removed, "profit_transfer_agreement"}}
		}
		c.ProfitTransferAgreement = &registerdata.Transaction{CompanyID: fmt.Sprintf("DE-HRB-F1103-%d", 100000+r.IntN(800000)), Name: "Mutter GmbH", RegistrationDate: registerdata.DateOf(testStart)}
		return []want{{enums.PreferenceBasic, changes.Added, "profit_transfer_agreement"}}
	}},
	{"spin-off", func(_ *testing.T, r *rand.Rand, _ *fake.Server, c *registerdata.Company) []want {
		c.AssetSpinOffs = append(c.AssetSpinOffs, registerdata.Transaction{CompanyID: fmt.Sprintf("DE-HRB-F1103-%d", 100000+r.IntN(800000)), Name: "Abgespalten GmbH", RegistrationDate: registerdata.DateOf(testStart)})
		return []want{{enums.PreferenceBasic, changes.Added, "asset_spin_offs"}}
	}},
	{"document superseded", func(_ *testing.T, r *rand.Rand, _ *fake.Server, c *registerdata.Company) []want {
		if len(c.Documents) == 0 {
			return nil
		}
		d := &c.Documents[r.IntN(len(c.Documents))]
		d.Latest = !d.Latest
		return []want{{enums.PreferenceDocuments, changes.Modified, "documents.latest"}}
	}},
	{"entry struck out", func(_ *testing.T, r *rand.Rand, _ *fake.Server, c *registerdata.Company) []want {
		if len(c.Representation) == 0 {
			return nil
		}
		i := r.IntN(len(c.Representation))
		rp := c.Representation[i]
		for _, other := range c.Representation {
			if other.ID != nil && rp.ID != nil && *other.ID == *rp.ID && other.RoleDetail.Code == rp.RoleDetail.Code && other.StartDate != rp.StartDate {
				return nil // a repeated identity: which one left is not the test's question
			}
		}
		c.Representation = append(c.Representation[:i:i], c.Representation[i+1:]...)
		cat := enums.PreferenceRepresentation
		if rp.Role == enums.RoleShareholder || rp.Role == enums.RoleOwner {
			cat = enums.PreferenceOwnership
		}
		return []want{{cat, changes.Removed, "representation"}}
	}},
	{"insolvency filed", func(_ *testing.T, r *rand.Rand, _ *fake.Server, c *registerdata.Company) []want {
		c.Insolvencies = append(c.Insolvencies, registerdata.InsolvencySummary{ID: uuid(r), CurrentStatus: enums.InsolvencyStatusPreliminary, Court: "AG Charlottenburg", CaseNumber: fmt.Sprintf("36d IN %d/25", r.IntN(1e4))})
		return []want{{enums.PreferenceInsolvencies, changes.Added, "insolvencies"}}
	}},
	{"figures withdrawn", func(_ *testing.T, r *rand.Rand, _ *fake.Server, c *registerdata.Company) []want {
		if len(c.Indicators) == 0 {
			return nil
		}
		i := r.IntN(len(c.Indicators))
		c.Indicators = append(c.Indicators[:i:i], c.Indicators[i+1:]...)
		return []want{{enums.PreferenceFinancials, changes.Removed, "indicators"}}
	}},
	{"linkedin", func(_ *testing.T, r *rand.Rand, _ *fake.Server, c *registerdata.Company) []want {
		if c.Contact == nil {
			c.Contact = &registerdata.Contact{}
		}
		k := changes.Modified
		if c.Contact.SocialMedia.LinkedIn == "" {
			k = changes.Added
		}
		c.Contact.SocialMedia.LinkedIn = fmt.Sprintf("https://www.linkedin.com/company/x%d", r.IntN(1e6))
		return []want{{enums.PreferenceBasic, k, "contact.social_media.linkedin"}}
	}},
}

// fakeDelivers reports whether the fake's monitors report changes of
// field (see internal/monitoring/changes.go).
func fakeDelivers(field string) bool {
	head, _, _ := strings.Cut(field, ".")
	switch head {
	case "name", "address", "legal_form", "status", "representation", "indicators", "documents", "insolvencies", "owners":
		return true
	}
	return false
}

// shuffled reorders every list of c, which must change nothing.
func shuffled(r *rand.Rand, c *registerdata.Company) {
	shuffle := func(n int, swap func(i, j int)) { r.Shuffle(n, swap) }
	shuffle(len(c.Representation), func(i, j int) { c.Representation[i], c.Representation[j] = c.Representation[j], c.Representation[i] })
	shuffle(len(c.Names), func(i, j int) { c.Names[i], c.Names[j] = c.Names[j], c.Names[i] })
	shuffle(len(c.Addresses), func(i, j int) { c.Addresses[i], c.Addresses[j] = c.Addresses[j], c.Addresses[i] })
	shuffle(len(c.Capitals), func(i, j int) { c.Capitals[i], c.Capitals[j] = c.Capitals[j], c.Capitals[i] })
	shuffle(len(c.Purposes), func(i, j int) { c.Purposes[i], c.Purposes[j] = c.Purposes[j], c.Purposes[i] })
	shuffle(len(c.Registers), func(i, j int) { c.Registers[i], c.Registers[j] = c.Registers[j], c.Registers[i] })
	shuffle(len(c.Indicators), func(i, j int) { c.Indicators[i], c.Indicators[j] = c.Indicators[j], c.Indicators[i] })
	shuffle(len(c.Documents), func(i, j int) { c.Documents[i], c.Documents[j] = c.Documents[j], c.Documents[i] })
	shuffle(len(c.Insolvencies), func(i, j int) { c.Insolvencies[i], c.Insolvencies[j] = c.Insolvencies[j], c.Insolvencies[i] })
	shuffle(len(c.Acquisitions), func(i, j int) { c.Acquisitions[i], c.Acquisitions[j] = c.Acquisitions[j], c.Acquisitions[i] })
	shuffle(len(c.IndustryCodes.WZ2025), func(i, j int) {
		c.IndustryCodes.WZ2025[i], c.IndustryCodes.WZ2025[j] = c.IndustryCodes.WZ2025[j], c.IndustryCodes.WZ2025[i]
	})
}

// TestPatchRouteDiff changes a company through PATCH /_fake/companies/{id}.
func TestPatchRouteDiff(t *testing.T) {
	srv, _, _, _ := fakeWithReceiver(t, nil)
	before, _ := srv.Company(richID)
	req, err := http.NewRequest(http.MethodPatch, srv.URL+"/_fake/companies/"+richID, bytes.NewReader([]byte(`{"status":"liquidation","lei":"529900T8BM49AURSDO55"}`)))
	require.NoError(t, err)
	req.Header.Set("Content-Type", "application/merge-patch+json") // the fake's control routes take JSON only
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, http.StatusOK, resp.StatusCode)
	after, _ := srv.Company(richID)
	cs := changes.Company(&before, &after)
	require.NotEmpty(t, before.LEI)
	require.Equal(t, []string{"basic/modified/lei", "basic/modified/status"}, keysOf(cs))
	var sentences []string
	for _, ch := range cs {
		sentences = append(sentences, ch.String())
	}
	assert.ElementsMatch(t, []string{`The status changed from "active" to "liquidation".`, `The LEI changed from "` + before.LEI + `" to "529900T8BM49AURSDO55".`}, sentences)
}
