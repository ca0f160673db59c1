package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

func TestExamplePrintsSpansAndMetrics(t *testing.T) {
	var out bytes.Buffer
	if err := run(context.Background(), &out); err != nil {
		t.Fatal(err)
	}
	s := out.String()
	for _, want := range []string{
		`"Name": "GET /v1/company/{company_id}"`,
		`"Name": "GET /v1/company/{company_id}/owners"`,
		`"http.client.request.duration"`,
		`"registerdata.client.credits"`,
		`"registerdata.client.budget.refusals"`,
		`"registerdata.client.budget.remaining"`,
		"expected refusal: ",
	} {
		if !strings.Contains(s, want) {
			t.Errorf("the output lacks %s", want)
		}
	}
	if strings.Contains(s, `"Name": "GET /v1/company/DE-`) {
		t.Error("a span is named by an id")
	}
}
