package fake

import (
	"bytes"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestDocListsTheCuratedRegister: the table in the package documentation
// (doc.go) is the one CuratedRegister derives from data/companies.json,
// so it cannot drift from the data (issue 34, item 14).
func TestDocListsTheCuratedRegister(t *testing.T) {
	var table bytes.Buffer
	require.NoError(t, WriteCuratedRegister(&table, "//\t"))
	doc, err := os.ReadFile("doc.go")
	require.NoError(t, err)
	want := strings.ReplaceAll(strings.TrimRight(table.String(), "\n"), " \n", "\n")
	assert.Contains(t, string(doc), want+"\n", "doc.go's table of the curated register differs from the data; put this in its place:\n%s", want)
}

// TestCuratedRegisterDescribesEachCompany: every curated company is
// listed once, with its id and name, and what it shows names its form,
// register and status, and its insolvency when it has one.
func TestCuratedRegisterDescribesEachCompany(t *testing.T) {
	list, err := CuratedRegister()
	require.NoError(t, err)
	cs, err := curatedCompanies()
	require.NoError(t, err)
	require.Len(t, list, len(cs))
	for i, c := range cs {
		assert.Equal(t, c.ID, list[i].ID)
		assert.Equal(t, c.Name.Name, list[i].Name)
		assert.True(t, strings.HasPrefix(list[i].Shows, string(c.LegalForm)+", "+string(c.Register.RegisterType)+", "+string(c.Status)), list[i].Shows)
		if len(c.Insolvencies) > 0 {
			assert.Contains(t, list[i].Shows, "insolvency: "+string(c.Insolvencies[0].CurrentStatus))
		}
		if len(c.Names) > 1 {
			assert.Contains(t, list[i].Shows, "former name")
		}
		if c.TerminatedAt != nil {
			assert.Contains(t, list[i].Shows, "terminated")
		}
	}
}

func ExampleCuratedRegister() {
	list, err := CuratedRegister()
	if err != nil {
		panic(err)
	}
	fmt.Println(list[0].ID, list[0].Name)
	// Output: DE-HRB-F1103-267645 Nordlicht Solartechnik GmbH
}
