package portfolio_test

import (
	"context"
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/fake"
	"github.com/registerdata/registerdata-go/portfolio"
	"github.com/registerdata/registerdata-go/webhook"
)

// printer is an Observer that prints what it is told (a service logs it
// and counts it: registerdata's "portfolio serve" does both).
type printer struct{}

func (printer) ObserveDelivery(_ context.Context, d portfolio.DeliveryObservation) {
	fmt.Println("delivery", d.CompanyID, d.Outcome, d.Status)
}

func (printer) ObserveJob(_ context.Context, j portfolio.JobObservation) {
	fmt.Println("job", j.CompanyName, j.CompanyID, j.Outcome, j.Credits, "credits")
}

func (printer) ObserveAlert(_ context.Context, a portfolio.AlertObservation) {
	fmt.Println("alert", a.Subscriber, a.Sent)
}

// WithObserver tells a service's logs and metrics of each delivery the
// Handler answers and each check a worker runs; QueueStats says what
// waits in the queue.
func ExampleWithObserver() {
	ctx := context.Background()
	clock := fake.NewClock(time.Date(2025, 6, 2, 9, 0, 0, 0, time.UTC))
	srv := fake.NewServer(fake.WithClock(clock))
	defer srv.Close()
	c, err := registerdata.NewClient(registerdata.WithAPIKey(srv.APIKey), registerdata.WithBaseURL(srv.URL))
	if err != nil {
		panic(err)
	}
	dir, err := os.MkdirTemp("", "portfolio")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)
	p, err := portfolio.Open(ctx, "sqlite:"+filepath.Join(dir, "portfolio.db"), c, portfolio.WithClock(clock.Now), portfolio.WithObserver(printer{}))
	if err != nil {
		panic(err)
	}
	defer p.Close()
	const secret = "whsec_ZXhhbXBsZS1zaWduaW5nLXNlY3JldC0wMTIzNDU2Nzg5"
	v, err := webhook.NewVerifier(secret)
	if err != nil {
		panic(err)
	}
	hooks := httptest.NewServer(p.Handler(v))
	defer hooks.Close()
	if err := srv.SetWebhookEndpoint(hooks.URL, secret); err != nil {
		panic(err)
	}
	rows := func(yield func(portfolio.Row, error) bool) {
		yield(portfolio.Row{Ref: "K-1001", CompanyID: "DE-HRB-F1103-267645"}, nil)
	}
	for _, err := range p.Import(ctx, rows, portfolio.ImportOptions{}) {
		if err != nil {
			panic(err)
		}
	}
	plan, err := p.Plan(ctx, portfolio.MonitorOptions{Preferences: []enums.Preference{enums.PreferenceBasic}, UpdateFrequency: enums.UpdateFrequencyDaily})
	if err != nil {
		panic(err)
	}
	if _, err := p.Sync(ctx, plan); err != nil {
		panic(err)
	}
	if err := srv.UpdateCompany("DE-HRB-F1103-267645", func(co *registerdata.Company) {
		co.Status = enums.CompanyStatusLiquidation
	}); err != nil {
		panic(err)
	}
	clock.Advance(25 * time.Hour) // the daily check finds the change and delivers it
	stats, err := p.QueueStats(ctx)
	if err != nil {
		panic(err)
	}
	fmt.Println("queued:", stats[0].Kind, stats[0].Available)
	if _, err := p.Drain(ctx); err != nil {
		panic(err)
	}
	// Output:
	// delivery DE-HRB-F1103-267645 received 204
	// queued: delivery 1
	// job Nordlicht Solartechnik GmbH DE-HRB-F1103-267645 done 10 credits
}
