package registerdata_test

import (
	"go/parser"
	"go/token"
	"reflect"
	"regexp"
	"strings"
	"testing"

	registerdata "github.com/registerdata/registerdata-go"
)

// TestPackageDocOpensWithMapByJob: the package documentation begins, right
// after its first paragraph, with a map from each job a new user has to its
// entry point, and every (*Client) method the map names exists.
func TestPackageDocOpensWithMapByJob(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "doc.go", nil, parser.ParseComments|parser.PackageClauseOnly)
	if err != nil {
		t.Fatal(err)
	}
	if f.Doc == nil {
		t.Fatal("doc.go carries no package comment")
	}
	text := f.Doc.Text()
	paras := strings.Split(text, "\n\n")
	if len(paras) < 3 || !strings.HasPrefix(paras[1], "# Where to start, by job") {
		t.Fatalf("the second paragraph is not the map by job:\n%.400s", text)
	}
	table := paras[2]
	for _, job := range []string{"look up", "search", "bulk", "match", "ownership tree", "changes", "webhooks", "the fake", "the dossier", "the portfolio"} {
		found := false
		for _, line := range strings.Split(table, "\n") {
			if strings.HasPrefix(strings.TrimSpace(line), job) {
				found = true
				if len(strings.Fields(line)) < 3 {
					t.Errorf("job %q has no entry point: %q", job, line)
				}
			}
		}
		if !found {
			t.Errorf("the map has no line for %q:\n%s", job, table)
		}
	}
	ct := reflect.TypeOf(&registerdata.Client{})
	for _, m := range regexp.MustCompile(`\(\*Client\)\.(\w+)`).FindAllStringSubmatch(table, -1) {
		if _, ok := ct.MethodByName(m[1]); !ok {
			t.Errorf("the map names (*Client).%s, which does not exist", m[1])
		}
	}
	for _, name := range []string{"portfolio.Open", "registerdatareport.Build", "fake.NewServer", "webhook.NewVerifier", "changes.Poll"} {
		if !strings.Contains(table, name) {
			t.Errorf("the map does not name %s", name)
		}
	}
}
