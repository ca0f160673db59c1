package fake

import (
	"context"
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/filters"
)

const (
	exHolding  = "DE-HRB-F1103-500001"
	exSoftware = "DE-HRB-F1103-500002"
	exBau      = "DE-HRB-D2601-500003"
	exAnna     = "6a1f0c2e-3b4d-4e5f-8a9b-0c1d2e3f4a51"
	exBen      = "7b2a1d3f-4c5e-4f6a-9b0c-1d2e3f4a5b62"
	exCase     = "0c4f8e2a-1b3d-4c5e-9f7a-2b4d6e8f0a13"
	exampleDir = "testdata/example-register"
)

// exampleFS is the example register as a MapFS, to change in tests.
func exampleFS(t *testing.T) fstest.MapFS {
	t.Helper()
	out := fstest.MapFS{}
	require.NoError(t, fsWalk(os.DirFS(exampleDir), out))
	return out
}

func fsWalk(src fs.FS, out fstest.MapFS) error {
	return fs.WalkDir(src, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(src, p)
		out[p] = &fstest.MapFile{Data: b}
		return err
	})
}

// TestExampleRegisterLoads loads the example register alone and checks
// what the fake derives from it: lookups answer the files, search finds
// the companies and persons, holdings are the inverse of owners,
// beneficial owners are computed, the proceeding agrees with the
// company's summary, financials and the search's financial filters agree.
func TestExampleRegisterLoads(t *testing.T) {
	srv, _ := newTestServer(t, WithData(os.DirFS(exampleDir)), WithoutCurated())
	c := newSDKClient(t, srv)
	ctx := context.Background()
	assert.Equal(t, []string{exHolding, exSoftware, exBau}, srv.CompanyIDs())

	for _, id := range srv.CompanyIDs() {
		got, err := c.GetCompany(ctx, id, nil)
		require.NoError(t, err)
		assert.Equal(t, id, got.ID)
	}
	res, err := c.SearchCompanies(ctx, registerdata.CompanySearchRequest{Query: "beispiel"})
	require.NoError(t, err)
	assert.Equal(t, 3, res.Pagination.TotalResults)

	owners, err := c.GetOwners(ctx, exSoftware, nil)
	require.NoError(t, err)
	require.Len(t, owners.Owners, 2)
	assert.Equal(t, exHolding, *owners.Owners[0].ID)
	holdings, err := c.GetCompanyHoldings(ctx, exHolding)
	require.NoError(t, err)
	require.Len(t, holdings.Holdings, 1, "holdings are the inverse of owners")
	assert.Equal(t, exSoftware, holdings.Holdings[0].CompanyID)
	ubo, err := c.GetBeneficialOwners(ctx, exSoftware)
	require.NoError(t, err)
	var uboIDs []string
	for _, b := range ubo.Owners {
		if b.ID != nil {
			uboIDs = append(uboIDs, *b.ID)
		}
	}
	assert.Contains(t, uboIDs, exAnna, "Anna Beispiel holds 75 %% through the holding")

	ben, err := c.GetPerson(ctx, exBen)
	require.NoError(t, err)
	require.NotNil(t, ben.DateOfBirth, "the persons file adds the date of birth the representation lacks")
	assert.Equal(t, "1986-11-02", ben.DateOfBirth.String())
	assert.Len(t, ben.ManagementPositions, 2)
	people, err := c.SearchPersons(ctx, registerdata.PersonSearchRequest{Query: "muster"})
	require.NoError(t, err)
	require.Len(t, people.Results, 1)
	assert.Equal(t, *ben.DateOfBirth, *people.Results[0].DateOfBirth)

	proc, err := c.GetInsolvency(ctx, exCase)
	require.NoError(t, err)
	var file registerdata.Insolvency
	readJSONFile(t, exampleDir+"/insolvencies/"+exCase+".json", &file)
	assert.Equal(t, file, *proc, "the proceeding is served as loaded")
	bau, err := c.GetCompany(ctx, exBau, nil)
	require.NoError(t, err)
	assert.Equal(t, proc.CurrentStatus, bau.Insolvencies[0].CurrentStatus)

	fin, err := c.GetFinancials(ctx, exHolding)
	require.NoError(t, err)
	var finFile registerdata.Financials
	readJSONFile(t, exampleDir+"/financials/"+exHolding+".json", &finFile)
	require.Equal(t, len(finFile.Reports), len(fin.Reports))
	assert.Equal(t, finFile.Indicators, fin.Indicators)
	ebitda := fin.Indicators[0].EBITDA
	require.NotNil(t, ebitda)
	byFigure, err := c.SearchCompanies(ctx, registerdata.CompanySearchRequest{Filters: []filters.Filter{{Field: filters.EBITDA, Value: jsonNumber(*ebitda)}}})
	require.NoError(t, err)
	require.Len(t, byFigure.Results, 1, "the search's extended indicators read the loaded financials")
	assert.Equal(t, exHolding, byFigure.Results[0].CompanyID)
}

func jsonNumber(n int64) string { b, _ := json.Marshal(n); return string(b) }

func readJSONFile(t *testing.T, path string, v any) {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(b, v))
}

// TestDataMixesWithTheCuratedRegister: without WithoutCurated the data
// is added to the curated register, and a data company with a curated id
// replaces it.
func TestDataMixesWithTheCuratedRegister(t *testing.T) {
	fsys := exampleFS(t)
	nordlicht, ok := NewServer().Company(richID)
	require.True(t, ok)
	nordlicht.Name.Name = "Nordlicht aus Daten GmbH"
	nordlicht.Names[len(nordlicht.Names)-1].Name = nordlicht.Name.Name
	b, err := json.Marshal(nordlicht)
	require.NoError(t, err)
	fsys["companies/"+richID+".json"] = &fstest.MapFile{Data: b}

	srv, _ := newTestServer(t, WithData(fsys))
	ids := srv.CompanyIDs()
	assert.Contains(t, ids, exHolding)
	assert.Contains(t, ids, "DE-HRB-D2601-198433", "curated companies stay")
	got, _ := srv.Company(richID)
	assert.Equal(t, "Nordlicht aus Daten GmbH", got.Name.Name)
	assert.Equal(t, 1, strings.Count(strings.Join(ids, " "), richID))
}

// TestDataLoadingErrors: each kind of mistake fails with the file, the
// JSON path and what is wrong.
func TestDataLoadingErrors(t *testing.T) {
	co := "companies/" + exHolding + ".json"
	replace := func(file, old, new string) func(fstest.MapFS) {
		return func(fsys fstest.MapFS) {
			fsys[file] = &fstest.MapFile{Data: []byte(strings.Replace(string(fsys[file].Data), old, new, 1))}
		}
	}
	cases := []struct {
		name   string
		change func(fstest.MapFS)
		file   string
		want   []string
	}{
		{"not JSON", replace(co, `"acquisitions": [],`, `"acquisitions": [,`), co, []string{"line 2, column", "not valid JSON"}},
		{"empty file", func(f fstest.MapFS) { f[co] = &fstest.MapFile{} }, co, []string{"empty"}},
		{"unknown key", replace(co, `"first_name": "Anna"`, `"frist_name": "Anna"`), co, []string{"$.representation[0].natural_person", `unknown key "frist_name"`}},
		{"wrong kind", replace(co, `"amount": 25000`, `"amount": "25000"`), co, []string{"$.capital.amount", "where a number belongs"}},
		{"unknown enum value", replace(co, `"status": "active"`, `"status": "alive"`), co, []string{"$.status", `"alive"`}},
		{"invalid date", replace(co, `"incorporated_at": "`, `"incorporated_at": "31.12.`), co, []string{"$.incorporated_at", "not valid"}},
		{"missing required field", replace(co, `"name": "Beispiel Holding GmbH",`, `"name": "",`), co, []string{"$.name.name", "required"}},
		{"file named after another id", func(f fstest.MapFS) { f["companies/DE-HRB-F1103-999999.json"] = f[co]; delete(f, co) },
			"companies/DE-HRB-F1103-999999.json", []string{"$.id", "name the file " + exHolding + ".json"}},
		{"trailing data", replace(co, "\n}", "\n} {}"), co, []string{"data after the JSON document"}},
		{"defined twice", func(f fstest.MapFS) {
			f["companies.jsonl"] = &fstest.MapFile{Data: append(append([]byte{}, f["companies.jsonl"].Data...), compact(t, f[co].Data)...)}
		}, "companies.jsonl line 2", []string{"$.id", "defined in " + co + " already"}},
		{"bad line of a JSON Lines file", func(f fstest.MapFS) {
			f["companies.jsonl"] = &fstest.MapFile{Data: append(append([]byte{}, f["companies.jsonl"].Data...), "\n{\"id\": 1}\n"...)}
		}, "companies.jsonl line 3", []string{"$.id", "where a string belongs"}},
		{"unknown entry", func(f fstest.MapFS) { f["people/x.json"] = &fstest.MapFile{Data: []byte("{}")} }, "people", []string{"companies/", "persons.jsonl"}},
		{"owners of an unknown company", func(f fstest.MapFS) {
			f["owners/DE-HRB-F1103-777777.json"] = &fstest.MapFile{Data: []byte(`{"company_id": "DE-HRB-F1103-777777", "best_available": false, "owners": []}`)}
		}, "owners/DE-HRB-F1103-777777.json", []string{"$.company_id", "not in the register", "companies/DE-HRB-F1103-777777.json"}},
		{"owners over 100 %", replace("owners/"+exSoftware+".json", `"percentage_share": 25`, `"percentage_share": 50`),
			"owners/" + exSoftware + ".json", []string{"$.owners", "125 %"}},
		{"person's birth date disagrees", replace("persons/"+exBen+".json", `"date_of_birth": "1986-11-02"`, `"date_of_birth": "1986-11-03"`),
			"persons/" + exBen + ".json", []string{"$.date_of_birth", "1986-11-03"}},
		{"person's position unknown", replace("persons/"+exBen+".json", `"role": "DIRECTOR"`, `"role": "PROKURA"`),
			"persons/" + exBen + ".json", []string{"$.management_positions[0]", exSoftware}},
		{"person at a company not in the register", replace("persons/"+exBen+".json", `"register_id": "`+exBau+`"`, `"register_id": "DE-HRB-F1103-123456"`),
			"persons/" + exBen + ".json", []string{"$.management_positions[1].register_id", "not in the register"}},
		{"financials disagree with the record", func(f fstest.MapFS) {
			var fin map[string]any
			file := "financials/" + exHolding + ".json"
			require.NoError(t, json.Unmarshal(f[file].Data, &fin))
			fin["indicators"].([]any)[0].(map[string]any)["revenue"] = 1
			b, _ := json.Marshal(fin)
			f[file] = &fstest.MapFile{Data: b}
		}, "financials/" + exHolding + ".json", []string{"$.indicators[0].revenue", "must agree"}},
		{"proceeding disagrees with the summary", replace("insolvencies/"+exCase+".json", `"current_status": "opened"`, `"current_status": "lifted"`),
			"insolvencies/" + exCase + ".json", []string{"$.current_status", "lifted", exBau}},
		{"proceeding of a company without the entry", replace("insolvencies/"+exCase+".json", `"company_id": "`+exBau+`"`, `"company_id": "`+exHolding+`"`),
			"insolvencies/" + exCase + ".json", []string{"$.id", exHolding, "lists no proceeding"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			fsys := exampleFS(t)
			tc.change(fsys)
			_, err := Listen("127.0.0.1:0", WithData(fsys), WithoutCurated())
			require.Error(t, err)
			var de *DataError
			require.True(t, errors.As(err, &de), "%v", err)
			assert.Equal(t, tc.file, de.File, "%v", err)
			for _, w := range tc.want {
				assert.Contains(t, err.Error(), w)
			}
		})
	}
}

func compact(t *testing.T, b []byte) []byte {
	var v any
	require.NoError(t, json.Unmarshal(b, &v))
	out, err := json.Marshal(v)
	require.NoError(t, err)
	return append(out, '\n')
}
