package main

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestCompanyDocumentsAndDocumentGet(t *testing.T) {
	r := cli(t, "--fake", "company", "documents", nordlicht).wantCode(t, 0)
	golden(t, "company_documents", r.stdout)
	r = cli(t, "--fake", "--json", "company", "documents", nordlicht).wantCode(t, 0)
	var docs []struct {
		ID string `json:"id"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &docs); err != nil || len(docs) == 0 {
		t.Fatalf("--json = %q (%v): want the documents array of the record", r.stdout, err)
	}

	r = cli(t, "--fake", "document", "get", docs[len(docs)-1].ID).wantCode(t, 0)
	if !strings.Contains(r.stdout, "ID    "+docs[len(docs)-1].ID) || !strings.Contains(r.stdout, "URL   http://127.0.0.1:") {
		t.Errorf("document get:\n%s", r.stdout)
	}
	r = cli(t, "--fake", "--json", "document", "get", docs[0].ID).wantCode(t, 0)
	var d map[string]any
	if err := json.Unmarshal([]byte(r.stdout), &d); err != nil || d["id"] != docs[0].ID || d["url"] == "" {
		t.Errorf("document get --json = %s", r.stdout)
	}
	cli(t, "--fake", "document", "get", "no-such-document").wantCode(t, exitFailed)
}

func TestCompanyDocumentsRealtime(t *testing.T) {
	r := harness{setup: fixedClock}.run(t, "--fake", "company", "documents", nordlicht, "--realtime", "current_printout").wantCode(t, 0)
	if !strings.Contains(r.stdout, "Category  current_printout") || !strings.Contains(r.stdout, "Date      2026-01-15") {
		t.Errorf("stdout:\n%s", r.stdout)
	}
	r = cli(t, "--fake", "company", "documents", nordlicht, "--realtime", "printout").wantCode(t, exitUsage)
	if !strings.Contains(r.stderr, "current_printout") {
		t.Errorf("stderr = %q: want the categories", r.stderr)
	}
}
