package fake

import (
	"errors"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
)

func TestUpdateCompany(t *testing.T) {
	srv, _ := newTestServer(t)
	type change struct{ before, after registerdata.Company }
	var seen []change
	srv.observe(func(b, a registerdata.Company) { seen = append(seen, change{b, a}) })

	require.NoError(t, srv.UpdateCompany(richID, func(c *registerdata.Company) {
		c.Status = enums.CompanyStatusLiquidation
		c.Representation = append(c.Representation, registerdata.Representative{
			Name: "Greta Sommer", Type: enums.RepresentativeTypeNaturalPerson,
			RoleDetail: registerdata.RoleDetail{Code: enums.RoleCodeLiquidator},
			StartDate:  registerdata.NewDate(2025, 6, 1), NaturalPerson: &registerdata.NaturalPerson{},
		})
	}))
	c, _ := srv.Company(richID)
	assert.Equal(t, enums.CompanyStatusLiquidation, c.Status)
	added := c.Representation[len(c.Representation)-1]
	assert.Equal(t, enums.RoleLiquidator, added.Role, "role filled from the code")
	assert.Equal(t, RoleDetail(enums.RoleCodeLiquidator), added.RoleDetail, "labels filled from the table")

	require.Len(t, seen, 1)
	assert.Equal(t, enums.CompanyStatusActive, seen[0].before.Status)
	assert.Equal(t, enums.CompanyStatusLiquidation, seen[0].after.Status)
	assert.Len(t, seen[0].after.Representation, len(seen[0].before.Representation)+1)
}

func TestUpdateCompanyErrorsChangeNothing(t *testing.T) {
	srv, _ := newTestServer(t)
	calls := 0
	srv.observe(func(registerdata.Company, registerdata.Company) { calls++ })
	before, _ := srv.Company(richID)

	err := srv.UpdateCompany("DE-HRB-F1103-000000", func(*registerdata.Company) {})
	assert.True(t, errors.Is(err, ErrUnknownCompany), "got %v", err)

	for name, fn := range map[string]func(*registerdata.Company){
		"id changed":       func(c *registerdata.Company) { c.ID = "DE-HRB-F1103-1" },
		"unknown status":   func(c *registerdata.Company) { c.Status = "dormant" },
		"empty name":       func(c *registerdata.Company) { c.Name.Name = "" },
		"invalid date":     func(c *registerdata.Company) { c.IncorporatedAt = registerdata.NewDate(2024, 2, 30) },
		"bad currency":     func(c *registerdata.Company) { c.Capital.Currency = "CHF" },
		"negative capital": func(c *registerdata.Company) { c.Capital.Amount = -1 },
		"bad lei type":     func(c *registerdata.Company) { c.Documents[0].Type = "memo" },
		"bad transaction":  func(c *registerdata.Company) { c.Acquisitions[0].CompanyID = "a/b" },
		"legal person country": func(c *registerdata.Company) {
			for i := range c.Representation {
				if c.Representation[i].LegalPerson != nil {
					c.Representation[i].LegalPerson.Country = "Germany"
				}
			}
		},
	} {
		err := srv.UpdateCompany(richID, fn)
		assert.Error(t, err, name)
		after, _ := srv.Company(richID)
		assert.Equal(t, before, after, name)
	}
	assert.Zero(t, calls, "no observer call for a refused change")
}

func TestUpdateCompanyAllowsNewRoleCodes(t *testing.T) {
	srv, _ := newTestServer(t)
	require.NoError(t, srv.UpdateCompany(richID, func(c *registerdata.Company) {
		c.Representation[0].RoleDetail.Code = "SUPERVISORY_BOARD_OBSERVER"
	}))
	r := do(t, "GET", srv.URL+"/v1/company/"+richID, srv.APIKey, "")
	assert.Contains(t, string(r.body), `"code":"SUPERVISORY_BOARD_OBSERVER"`)
}

func TestUpdateCompanyDoesNotAlias(t *testing.T) {
	srv, _ := newTestServer(t)
	var kept *registerdata.Company
	require.NoError(t, srv.UpdateCompany(richID, func(c *registerdata.Company) { kept = c }))
	kept.Representation[0].Name = "changed behind the store's back"
	c, _ := srv.Company(richID)
	assert.NotEqual(t, kept.Representation[0].Name, c.Representation[0].Name)

	got, _ := srv.Company(richID)
	got.Indicators[0].Revenue = nil
	again, _ := srv.Company(richID)
	assert.Equal(t, c.Indicators, again.Indicators, "Company returns a copy")
}

func TestAddCompany(t *testing.T) {
	srv, _ := newTestServer(t)
	var seen []registerdata.Company
	srv.observe(func(b, a registerdata.Company) {
		assert.Empty(t, b.ID, "an addition has a zero before")
		seen = append(seen, a)
	})
	c := registerdata.Company{
		ID:             "DE-HRB-H1101-42",
		Register:       registerdata.CompanyRegister{RegisterNumber: "42", RegisterType: enums.RegisterTypeHRB, RegisterCourt: "Bremen"},
		Status:         enums.CompanyStatusActive,
		Name:           registerdata.CompanyName{Name: "Weserblick Test GmbH", StartDate: registerdata.NewDate(2025, 1, 2)},
		LegalForm:      enums.LegalFormGmbH,
		Address:        registerdata.CompanyAddress{City: "Bremen", Country: "Deutschland", StartDate: registerdata.NewDate(2025, 1, 2)},
		IncorporatedAt: registerdata.NewDate(2025, 1, 2),
	}
	require.NoError(t, srv.AddCompany(c))
	require.Len(t, seen, 1)
	assert.Equal(t, "Bremen, Deutschland", seen[0].Address.FormattedValue, "completed")
	assert.Equal(t, []registerdata.CompanyName{{Name: "Weserblick Test GmbH", LegalForm: enums.LegalFormGmbH, StartDate: registerdata.NewDate(2025, 1, 2)}}, seen[0].Names)

	got := do(t, "GET", srv.URL+"/v1/company/DE-HRB-H1101-42", srv.APIKey, "").company(t)
	assert.Equal(t, "Weserblick Test GmbH", got.Name.Name)
	assert.Contains(t, srv.CompanyIDs(), "DE-HRB-H1101-42")

	assert.Error(t, srv.AddCompany(c), "duplicate id")
	c.ID = "not an id"
	assert.Error(t, srv.AddCompany(c))
	assert.Len(t, seen, 1)
}

func TestObserversSeeChangesInOrder(t *testing.T) {
	srv, _ := newTestServer(t)
	var mu sync.Mutex
	var counts []int
	srv.observe(func(_, a registerdata.Company) {
		mu.Lock()
		defer mu.Unlock()
		counts = append(counts, len(a.Documents))
	})
	var wg sync.WaitGroup
	for i := 0; i < 20; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			assert.NoError(t, srv.UpdateCompany(richID, func(c *registerdata.Company) {
				c.Documents = append(c.Documents, registerdata.CompanyDocument{
					ID: "X", Type: enums.DocumentTypeShareholderList, Date: registerdata.NewDate(2025, 1, 1),
				})
			}))
		}()
	}
	wg.Wait()
	base, _ := srv.Company(richID)
	require.Len(t, counts, 20)
	for i, n := range counts {
		assert.Equal(t, len(base.Documents)-20+i+1, n, "change %d sees every earlier one", i)
	}
}
