package portfolio_test

import (
	"bytes"
	"context"
	"testing"
	"time"

	"github.com/registerdata/registerdata-go/portfolio"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestTheReportShowsTheDeadAlerts(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		ctx := context.Background()
		_, c, clk := newFake(t)
		p := open(t, dsn, c, clk)
		r := newAlertReceiver(t, clk)
		r.fail["/crm"] = 1 << 30
		require.NoError(t, p.AddSubscriber(ctx, portfolio.Subscriber{Name: "crm", URL: r.url + "/crm", Secret: secret}))
		importAll(t, p, []portfolio.Row{{Ref: "C-1", CompanyID: nordlicht}}, portfolio.ImportOptions{})
		e, err := p.Rejudge(ctx, nordlicht)
		require.NoError(t, err)
		var buf bytes.Buffer
		require.NoError(t, p.WriteHTML(&buf))
		assert.NotContains(t, buf.String(), `data-count="dead-alerts"`, "no dead alert, no line")

		clk.Advance(73 * time.Hour)
		require.Error(t, p.RunAlertJob(ctx, e.Seq, "crm"))
		buf.Reset()
		require.NoError(t, p.WriteHTML(&buf))
		assert.Contains(t, buf.String(), `data-count="dead-alerts" title="given up after 3 days: registerdata portfolio alerts list, then alerts replay">1</dd>`)
	})
}
