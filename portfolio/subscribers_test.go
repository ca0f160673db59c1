package portfolio_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/registerdata/registerdata-go/portfolio"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// subscribersOf lists the subscribers of p.
func subscribersOf(t testing.TB, p *portfolio.Portfolio) []portfolio.Subscriber {
	t.Helper()
	var out []portfolio.Subscriber
	for s, err := range p.Subscribers(context.Background()) {
		require.NoError(t, err)
		out = append(out, s)
	}
	return out
}

func TestSubscribersAreAddedListedAndRemovedWithoutShowingTheirSecret(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		ctx := context.Background()
		_, c, clk := newFake(t)
		p := open(t, dsn, c, clk)
		require.NoError(t, p.AddSubscriber(ctx, portfolio.Subscriber{Name: "crm", URL: "https://crm.example/hooks", Secret: secret,
			MinSeverity: "review", Tags: []string{"supplier"}}))
		require.NoError(t, p.AddSubscriber(ctx, portfolio.Subscriber{Name: "chat", URL: "https://hooks.slack.com/services/T0/B0/XYZ"}))
		subs := subscribersOf(t, p)
		require.Len(t, subs, 2)
		assert.Equal(t, "chat", subs[0].Name)
		assert.Equal(t, "slack", subs[0].Kind())
		assert.Equal(t, "crm", subs[1].Name)
		assert.Equal(t, "webhook", subs[1].Kind())
		assert.Equal(t, []string{"supplier"}, subs[1].Tags)
		assert.Equal(t, "review", subs[1].MinSeverity)
		assert.Equal(t, secret, subs[1].Secret.Reveal(), "the secret is kept")
		assert.NotContains(t, fmt.Sprintf("%v %+v %#v %s", subs[1], subs[1], subs[1], subs[1].Secret), secret, "printing a subscriber never shows its secret")

		err := p.AddSubscriber(ctx, portfolio.Subscriber{Name: "crm", URL: "https://other.example/", Secret: secret})
		require.Error(t, err)
		assert.Contains(t, err.Error(), "exists already")
		assert.ErrorIs(t, err, portfolio.ErrInvalidSubscriber)

		require.NoError(t, p.RemoveSubscriber(ctx, "chat"))
		assert.Len(t, subscribersOf(t, p), 1)
		require.ErrorIs(t, p.RemoveSubscriber(ctx, "chat"), portfolio.ErrNoSubscriber)
	})
}

func TestASubscriberIsRefusedWhenItsURLSecretOrSeverityCannotWork(t *testing.T) {
	_, c, clk := newFake(t)
	p := open(t, sqliteDSN(t), c, clk)
	ctx := context.Background()
	for _, tc := range []struct {
		s    portfolio.Subscriber
		says string
	}{
		{portfolio.Subscriber{Name: "plain", URL: "http://crm.example/hooks", Secret: secret}, "loopback"},
		{portfolio.Subscriber{Name: "ftp", URL: "ftp://crm.example/hooks", Secret: secret}, "scheme"},
		{portfolio.Subscriber{Name: "rel", URL: "/hooks", Secret: secret}, "absolute"},
		{portfolio.Subscriber{Name: "nosecret", URL: "https://crm.example/hooks"}, "needs a secret"},
		{portfolio.Subscriber{Name: "badsecret", URL: "https://crm.example/hooks", Secret: "whsec_!!!not base64"}, "not a Standard Webhooks secret"},
		{portfolio.Subscriber{Name: "sev", URL: "https://crm.example/hooks", Secret: secret, MinSeverity: "urgent"}, "MinSeverity"},
		{portfolio.Subscriber{Name: "", URL: "https://crm.example/hooks", Secret: secret}, "name"},
		{portfolio.Subscriber{Name: "a b", URL: "https://crm.example/hooks", Secret: secret}, "character"},
		{portfolio.Subscriber{Name: "mail", URL: "mailto:risk@bank.example"}, "needs an SMTP server"},
		{portfolio.Subscriber{Name: "mail2", URL: "mailto:not an address"}, "mailto"},
		{portfolio.Subscriber{Name: "userinfo", URL: "https://u:pw@crm.example/hooks", Secret: secret}, "password"},
	} {
		err := p.AddSubscriber(ctx, tc.s)
		if assert.Error(t, err, tc.s.Name) {
			assert.Contains(t, err.Error(), tc.says, tc.s.Name)
			assert.ErrorIs(t, err, portfolio.ErrInvalidSubscriber, tc.s.Name)
			assert.NotContains(t, err.Error(), secret, "no error shows the secret")
			assert.NotContains(t, err.Error(), "pw@", "no error shows a URL's password")
		}
	}
	assert.Empty(t, subscribersOf(t, p), "nothing refused is kept")
	require.NoError(t, p.AddSubscriber(ctx, portfolio.Subscriber{Name: "relay", URL: "http://127.0.0.1:9/hooks", Secret: secret}), "http to a loopback address is allowed")
}

func TestSubscriberChangesOfAnActorAreAuditedWithoutURLOrSecret(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		_, c, clk := newFake(t)
		p := open(t, dsn, c, clk)
		ctx := portfolio.WithActor(context.Background(), portfolio.Actor{ID: "ada@bank.example", Name: "Ada Admin"})
		url := "https://crm.example/hooks/token-in-path"
		require.NoError(t, p.AddSubscriber(ctx, portfolio.Subscriber{Name: "crm", URL: url, Secret: secret}))
		n, err := p.ReplayAlerts(ctx, "crm", 0)
		require.NoError(t, err)
		require.NoError(t, p.RemoveSubscriber(ctx, "crm"))
		require.NoError(t, p.AddSubscriber(context.Background(), portfolio.Subscriber{Name: "quiet", URL: url, Secret: secret}))
		var actions []string
		for a, err := range p.Audit(ctx, 0) {
			require.NoError(t, err)
			actions = append(actions, a.Action+" "+a.Subject+" by "+a.Actor.ID)
			assert.NotContains(t, string(a.Detail), secret)
			assert.NotContains(t, string(a.Detail), "token-in-path", "the URL may hold a token: it stays out of the audit")
		}
		assert.Equal(t, []string{"subscriber-add subscriber crm by ada@bank.example", "subscriber-replay subscriber crm by ada@bank.example",
			"subscriber-remove subscriber crm by ada@bank.example"}, actions,
			"an actor's changes are audited; a program without one is not")
		require.NoError(t, p.VerifyAudit(ctx))
		assert.Zero(t, n, "nothing was journalled to replay")
	})
}

// TestDestinationShowsNoCredential: a subscriber's destination names the
// mail recipients or the webhook's scheme and host, never the path (a
// Slack or Teams URL's credential) nor a user name or password.
func TestDestinationShowsNoCredential(t *testing.T) {
	for _, c := range []struct{ url, want string }{
		{"mailto:risk@bank.example,kyc@bank.example", "risk@bank.example,kyc@bank.example"},
		{"MAILTO:risk@bank.example", "risk@bank.example"},
		{"https://hooks.slack.com/services/T000/B000/XXXXSECRET", "https://hooks.slack.com/…"},
		{"https://siem.bank.example", "https://siem.bank.example"},
		{"https://siem.bank.example/", "https://siem.bank.example"},
		{"https://user:hunter2@siem.bank.example/in", "https://siem.bank.example/…"},
		{"not a url", "(a malformed URL)"},
		{"", "(a malformed URL)"},
	} {
		got := portfolio.Subscriber{URL: c.url}.Destination()
		assert.Equal(t, c.want, got, c.url)
		assert.NotContains(t, got, "SECRET")
		assert.NotContains(t, got, "hunter2")
	}
}
