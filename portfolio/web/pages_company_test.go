package web

import (
	"context"
	"html"
	"net/http"
	"testing"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/portfolio"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestTheCompanyPageShowsTheStoredRegisterDataAtNoCost(t *testing.T) {
	f := newFixture(t, sqliteDSNFor(t), nil)
	co, ok := f.srv.Company(nordlicht)
	require.True(t, ok)
	reps := co.CurrentRepresentatives(registerdata.DateOf(start))
	require.NotEmpty(t, reps, "the test needs a company with a representative")
	c := f.client(t, viewer)
	before := f.srv.Credits(f.srv.APIKey)

	status, body := f.get(t, c, "/company?id="+nordlicht)
	require.Equal(t, http.StatusOK, status, body)
	body = html.UnescapeString(body)
	assert.Contains(t, body, "Register data")
	assert.Contains(t, body, co.Register.RegisterNumber)
	assert.Contains(t, body, co.Register.RegisterCourt)
	assert.Contains(t, body, co.Address.City)
	assert.Contains(t, body, reps[0].Name, "the representatives of today")
	assert.Equal(t, before, f.srv.Credits(f.srv.APIKey), "the page costs nothing")
}

// otherCompany is a company of the fake the fixture does not import.
const otherCompany = "DE-HRB-F1103-301122"

func TestTheCompanyPageSaysWhenNoCheckStoredTheRegisterData(t *testing.T) {
	f := newFixture(t, sqliteDSNFor(t), nil)
	for r, err := range f.p.Import(context.Background(), func(yield func(portfolio.Row, error) bool) {
		yield(portfolio.Row{Ref: "L-2", CompanyID: otherCompany}, nil)
	}, portfolio.ImportOptions{}) {
		require.NoError(t, err)
		require.NoError(t, r.Err)
	}
	status, body := f.get(t, f.client(t, viewer), "/company?id="+otherCompany)
	require.Equal(t, http.StatusOK, status, body)
	assert.Contains(t, body, "No check has stored the register data yet")
	assert.Contains(t, body, "L-2", "the entry is shown all the same")
}
