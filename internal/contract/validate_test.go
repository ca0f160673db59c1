package contract

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const webhookEvent = `{"type": "monitor.change", "entity_type": "company", "entity_id": "DE-HRB-F1103-267645",
	"categories": ["basic"], "detected_at": "2025-03-01T06:00:00Z",
	"changes": [{"category": "basic", "path": "name", "before": "A GmbH", "after": "B GmbH"}, {"category": "basic", "path": "address.extra", "before": null}]}`

func TestValidateJSON(t *testing.T) {
	require.NoError(t, ValidateJSON("WebhookEvent", []byte(webhookEvent)))
	require.NoError(t, ValidateJSON("Company", []byte(company(t, nil))))

	for name, tc := range map[string]struct{ schema, doc, want string }{
		"unknown category":    {"WebhookEvent", strings.Replace(webhookEvent, `["basic"]`, `["gossip"]`, 1), `/categories/0`},
		"bad timestamp":       {"WebhookEvent", strings.Replace(webhookEvent, `2025-03-01T06:00:00Z`, `yesterday`, 1), `/detected_at`},
		"change without path": {"WebhookEvent", strings.Replace(webhookEvent, `"path": "name", `, ``, 1), `"path" is missing`},
		"not JSON":            {"Company", `{`, "not JSON"},
		"unknown schema":      {"Compnay", `{}`, `no schema "Compnay"`},
	} {
		t.Run(name, func(t *testing.T) {
			err := ValidateJSON(tc.schema, []byte(tc.doc))
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}

func TestCheckExchange(t *testing.T) {
	for _, c := range exchangeCases(t) {
		if strings.HasPrefix(c.target, "/_fake/") {
			continue // CheckExchange judges what it is given; scope is Transport's business
		}
		t.Run(c.name, func(t *testing.T) {
			req := newRequest(t, c, "http://fake.test")
			err := CheckExchange(req, c.status, c.header(), []byte(c.respBody))
			if c.want == nil {
				assert.NoError(t, err)
				return
			}
			require.Error(t, err)
			for _, w := range c.want {
				assert.Contains(t, err.Error(), w)
			}
		})
	}
}

func TestCheckExchangeRestoresTheBody(t *testing.T) {
	c := caseNamed(t, "company search")
	req := httptest.NewRequest(http.MethodPost, "/v1/search/company", strings.NewReader(c.reqBody))
	req.Header.Set("Authorization", "Bearer k")
	req.Header.Set("Content-Type", "application/json")
	require.NoError(t, CheckExchange(req, 200, c.header(), []byte(c.respBody)))

	rest, err := io.ReadAll(req.Body)
	require.NoError(t, err)
	assert.Equal(t, c.reqBody, string(rest))
}

// BenchmarkValidateJSON measures validating the company fixture alone.
func BenchmarkValidateJSON(b *testing.B) {
	doc := []byte(company(b, nil))
	b.ReportAllocs()
	for b.Loop() {
		if err := ValidateJSON("Company", doc); err != nil {
			b.Fatal(err)
		}
	}
}
