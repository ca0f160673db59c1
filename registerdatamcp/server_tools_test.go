package registerdatamcp_test

import (
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/registerdata/registerdata-go/registerdatamcp"
)

var update = flag.Bool("update", false, "rewrite testdata/tools.golden.json")

var readTools = []string{
	"get_beneficial_owners", "get_company", "get_company_holdings", "get_credits", "get_document",
	"get_financials", "get_insolvency", "get_owners", "get_ownership_history", "get_ownership_tree", "get_person",
	"get_person_holdings", "list_monitors", "match_company", "search_companies", "search_insolvencies",
	"search_persons",
}

func TestToolList(t *testing.T) {
	for _, write := range []bool{false, true} {
		cs, _, _ := session(t, registerdatamcp.Options{AllowWrite: write})
		got := tools(t, cs)
		want := append([]string(nil), readTools...)
		if write {
			want = append(want, "create_monitor", "delete_monitor")
		}
		sort.Strings(want)
		var have []string
		for n := range got {
			have = append(have, n)
		}
		sort.Strings(have)
		if strings.Join(have, ",") != strings.Join(want, ",") {
			t.Fatalf("AllowWrite=%v: tools\n%v\nwant\n%v", write, have, want)
		}
		for n, tool := range got {
			if len(tool.Description) < 60 {
				t.Errorf("%s: description %q is too short to act on", n, tool.Description)
			}
			in := resolve(t, n, "input", tool.InputSchema)
			if in.Schema().Type != "object" {
				t.Errorf("%s: input schema type %q, want object", n, in.Schema().Type)
			}
			if tool.OutputSchema == nil {
				t.Errorf("%s: no output schema", n)
				continue
			}
			resolve(t, n, "output", tool.OutputSchema)
		}
		if write {
			checkGolden(t, got)
		}
	}
}

// checkGolden compares the tool list and schemas with the golden file,
// so that a change to what agents see is deliberate (go test -update).
func checkGolden(t *testing.T, got map[string]*mcp.Tool) {
	t.Helper()
	list := make([]*mcp.Tool, 0, len(got))
	for _, tool := range got {
		list = append(list, tool)
	}
	sort.Slice(list, func(i, j int) bool { return list[i].Name < list[j].Name })
	b, err := json.MarshalIndent(list, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	b = append(b, '\n')
	path := filepath.Join("testdata", "tools.golden.json")
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to write it)", err)
	}
	if string(want) != string(b) {
		t.Errorf("the tool list or a schema changed; if that is deliberate, run go test -update and commit %s", path)
	}
}
