package main

import (
	"strings"
	"testing"
)

func TestCompanyTree(t *testing.T) {
	r := cli(t, "--fake", "company", "tree", nordlicht).wantCode(t, 0)
	golden(t, "company_tree", r.stdout)
	if r.stderr != "cost: 40 credits on the fake\n" {
		t.Errorf("stderr = %q: want one owner lookup per company and one lookup of its name", r.stderr)
	}
	r = cli(t, "--fake", "company", "tree", nordlicht, "--budget", "25").wantCode(t, exitFailed)
	golden(t, "company_tree_budget", r.stdout)
	if !strings.Contains(r.stderr, "credit budget exceeded") || !strings.Contains(r.stderr, "cost: 20 credits (budget 25, 5 left)") {
		t.Errorf("stderr = %q", r.stderr)
	}
	r = cli(t, "--fake", "--json", "company", "tree", nordlicht, "--depth", "1").wantCode(t, 0)
	if n := strings.Count(r.stdout, "\n"); n != 1 || !strings.HasPrefix(r.stdout, `{"company_id":"`+nordlicht) {
		t.Errorf("--json --depth 1 = %q: want the one owner list", r.stdout)
	}
	r = cli(t, "--fake", "--json", "company", "tree", nordlicht).wantCode(t, 0)
	if n := strings.Count(r.stdout, "\n"); n != 3 {
		t.Errorf("--json printed %d lines, want the 3 owner lists fetched", n)
	}
	cli(t, "--fake", "company", "tree", nordlicht, "--depth", "0").wantCode(t, exitUsage)
}
