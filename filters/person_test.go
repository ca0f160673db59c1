package filters

import (
	"testing"
	"time"

	"github.com/registerdata/registerdata-go/enums"
)

func TestPersonHelpersWire(t *testing.T) {
	tests := []struct {
		name string
		b    PersonBuilder
		want string
	}{
		{"no filters", Person(), `[]`},
		{"zero value", PersonBuilder{}, `[]`},
		{"name", Person().Name("Erika Mustermann"), `[{"field":"name","value":"Erika Mustermann"}]`},
		{"city", Person().City("München"), `[{"field":"city","value":"München"}]`},
		{"born between", Person().DateOfBirthBetween(day(1960, 1, 1), day(1969, 12, 31)),
			`[{"field":"date_of_birth","min":"1960-01-01","max":"1969-12-31"}]`},
		{"born since", Person().DateOfBirthBetween(day(1990, 5, 17), time.Time{}), `[{"field":"date_of_birth","min":"1990-05-17"}]`},
		{"born until", Person().DateOfBirthBetween(time.Time{}, day(1950, 1, 1)), `[{"field":"date_of_birth","max":"1950-01-01"}]`},
		{"active", Person().Active(true), `[{"field":"active","value":"true"}]`},
		{"inactive", Person().Active(false), `[{"field":"active","value":"false"}]`},
		{"one role", Person().Roles(enums.RoleDirector), `[{"field":"roles","value":"DIRECTOR"}]`},
		{"roles", Person().Roles(enums.RoleDirector, enums.RoleProkura), `[{"field":"roles","values":["DIRECTOR","PROKURA"]}]`},
		{"company count", Person().CompanyCount(3, Unbounded), `[{"field":"company_count","min":"3"}]`},
		{"management positions", Person().ManagementPositions(1, 2), `[{"field":"management_positions","min":"1","max":"2"}]`},
		{"eq", Person().Eq(City, "Bonn"), `[{"field":"city","value":"Bonn"}]`},
		{"in", Person().In(Roles, "OWNER", "PARTNER"), `[{"field":"roles","values":["OWNER","PARTNER"]}]`},
		{"between", Person().Between(CompanyCount, "2", "5"), `[{"field":"company_count","min":"2","max":"5"}]`},
		{"at least", Person().AtLeast(DateOfBirth, "1980-01-01"), `[{"field":"date_of_birth","min":"1980-01-01"}]`},
		{"at most", Person().AtMost(ManagementPositions, "0"), `[{"field":"management_positions","max":"0"}]`},
		{"keywords", Person().Keywords(Name, "mustermann"), `[{"field":"name","keywords":["mustermann"]}]`},
		{"three filters", Person().Name("Max Mustermann").City("Berlin").Active(true),
			`[{"field":"name","value":"Max Mustermann"},{"field":"city","value":"Berlin"},{"field":"active","value":"true"}]`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { assertWire(t, tt.b, tt.want) })
	}
}

func TestPersonHelpersReportBadInput(t *testing.T) {
	tests := []struct {
		name string
		b    PersonBuilder
		want []string
	}{
		{"company field", Person().AtLeast(Revenue, "1"),
			[]string{`filters[0] "revenue": a company search field, not available in a person search; build company filters with filters.Company()`}},
		{"no roles", Person().Roles(),
			[]string{`filters[0] "roles": "values" is empty; give at least one entry or leave the key out`}},
		{"count reversed", Person().CompanyCount(4, 3),
			[]string{`filters[0] "company_count": min "4" is greater than max "3"; swap them`}},
		{"births reversed", Person().DateOfBirthBetween(day(1990, 1, 1), day(1980, 1, 1)),
			[]string{`filters[0] "date_of_birth": min "1990-01-01" is greater than max "1980-01-01"; swap them`}},
		{"bad flag", Person().Eq(Active, "yes"),
			[]string{`filters[0] "active": value "yes" is not a boolean; use "true" or "false"`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { assertBuildErrors(t, tt.b, tt.want) })
	}
}
