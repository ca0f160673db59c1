package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/registerdata/registerdata-go/portfolio/web"
	"github.com/spf13/pflag"
)

// envOIDCSecret holds the OIDC client secret of "portfolio web".
const envOIDCSecret = "REGISTERDATA_OIDC_CLIENT_SECRET"

// webLimits are the workplace server's timeouts: pages read more than a
// webhook, so writes may take longer.
var webLimits = serverLimits{
	header: 5 * time.Second, read: 15 * time.Second, write: 60 * time.Second, idle: 120 * time.Second,
	maxHeaderBytes: 16 << 10,
}

// webFlags are the flags of "portfolio web".
type webFlags struct {
	db, addr, cert, key        *string
	behindProxy, fourEyes      *bool
	issuer, clientID, redirect *string
	secretFile, roles          *string
	dossierCredits             *int64
}

func portfolioWeb() *command {
	return &command{
		name: "web", nargs: 0, billable: true,
		summary: "serve the reviewers' workplace in a browser: queue, flags, journal, approvals, audit",
		help: `Serves the workplace on --addr (default 127.0.0.1:8080, this machine
only): a sign-in form at /login (fields username and password; accounts
from "portfolio users add"), and behind it the overview, the review queue
(a typed company id shows its price and is confirmed before the paid
lookup), the flags, the companies, the journal, the pending approvals and
the audit trail with its CSV export. Each page and action checks the role
of the person signed in (viewer reads, reviewer decides, approver approves
others' decisions, admin manages users and alert subscribers); every
decision is recorded under their name. A company's page shows its register
data as the last check stored it, at no cost, and offers its KYC dossier:
the most it spends (--dossier-credits) is shown and confirmed first, and
the spend is recorded in the audit trail. GET /healthz answers 200 while
the database answers, else 503; GET /metrics answers the queue's depth and
age and the credits this process spent, in Prometheus's text format (the
metrics are those of "portfolio serve --help"); neither needs a sign-in.

With --tls-cert and --tls-key it serves HTTPS and marks the session cookie
Secure. With --behind-proxy it trusts the proxy's X-Forwarded-For and
X-Forwarded-Host headers (and marks the cookie Secure: the proxy speaks
TLS to the browser); without it those headers are ignored.

Single sign-on: --oidc-issuer, --oidc-client-id and --oidc-redirect-url,
with the client secret from $` + envOIDCSecret + ` or
--oidc-client-secret-file (never a flag's value). Stop it with Ctrl-C.`,
		examples: []string{
			"registerdata portfolio web",
			"registerdata portfolio web --db postgres://kyc@db:5432/kyc --addr 127.0.0.1:9000 --behind-proxy",
			"REGISTERDATA_OIDC_CLIENT_SECRET=... registerdata portfolio web --oidc-issuer https://id.bank.example --oidc-client-id workplace --oidc-redirect-url https://kyc.bank.example/auth/callback --behind-proxy",
		},
		setup: func(fs *pflag.FlagSet) runFunc {
			f := webFlags{
				db:             dbFlag(fs),
				addr:           fs.String("addr", defaultListenAddr, "the `address` to listen on (\":8080\": every interface)"),
				cert:           fs.String("tls-cert", "", "serve HTTPS with the certificate in `FILE` (PEM; with --tls-key)"),
				key:            fs.String("tls-key", "", "the private key of --tls-cert in `FILE` (PEM)"),
				behindProxy:    fs.Bool("behind-proxy", false, "trust the X-Forwarded-For and X-Forwarded-Host headers of a TLS proxy in front"),
				fourEyes:       fs.Bool("four-eyes", false, "decisions wait until another person approves them; also $"+envFourEyes+"=1"),
				issuer:         fs.String("oidc-issuer", "", "sign in through the OpenID Connect provider at `URL` instead of local accounts"),
				clientID:       fs.String("oidc-client-id", "", "the workplace's client `id` at the provider"),
				redirect:       fs.String("oidc-redirect-url", "", "the `URL` the provider sends people back to: this server's /auth/callback"),
				secretFile:     fs.String("oidc-client-secret-file", "", "read the client secret from the first line of `FILE` (default: $"+envOIDCSecret+")"),
				roles:          fs.String("oidc-roles", "", "the roles of people's first sign-in, as `SUBJECT_OR_EMAIL=ROLE,...` (default: viewer; an admin's change stands)"),
				dossierCredits: fs.Int64("dossier-credits", web.DefaultDossierCredits, "the most one dossier opened from a company's page spends, in `CREDITS` (shown and confirmed first)"),
			}
			return func(a *app, _ []string) error { return a.serveWeb(f) }
		},
	}
}

// webAuth is the sign-in the flags ask for: OIDC with --oidc-issuer,
// else local accounts.
func (a *app) webAuth(f webFlags) (web.Auth, error) {
	if *f.issuer == "" {
		if *f.clientID != "" || *f.redirect != "" || *f.secretFile != "" || *f.roles != "" {
			return nil, usagef("--oidc-client-id, --oidc-redirect-url, --oidc-client-secret-file and --oidc-roles need --oidc-issuer")
		}
		return web.LocalAccounts(), nil
	}
	if *f.clientID == "" || *f.redirect == "" {
		return nil, usagef("--oidc-issuer needs --oidc-client-id and --oidc-redirect-url (this server's /auth/callback)")
	}
	secret := a.getenv(envOIDCSecret)
	if *f.secretFile != "" {
		b, err := readSecretLine(*f.secretFile)
		if err != nil {
			return nil, err
		}
		secret = b
	}
	if secret == "" {
		return nil, usagef("the OIDC client secret is missing: set $%s or pass --oidc-client-secret-file", envOIDCSecret)
	}
	var opts []web.OIDCOption
	if *f.roles != "" {
		roles, err := web.ParseRoles(*f.roles)
		if err != nil {
			return nil, usagef("--oidc-roles: %w", err)
		}
		opts = append(opts, web.WithRoles(roles))
	}
	return web.OIDC(*f.issuer, *f.clientID, secret, *f.redirect, opts...), nil
}

// readSecretLine is the first line of the file at path; its errors never
// hold the file's content.
func readSecretLine(path string) (string, error) {
	fh, err := os.Open(path)
	if err != nil {
		return "", usagef("--oidc-client-secret-file: %w", err)
	}
	defer fh.Close()
	line, err := bufio.NewReader(io.LimitReader(fh, maxSecretFile)).ReadString('\n')
	if err != nil && !errors.Is(err, io.EOF) {
		return "", usagef("--oidc-client-secret-file %s: reading it: %w", path, err)
	}
	if line = strings.TrimSpace(line); line == "" {
		return "", usagef("--oidc-client-secret-file %s: its first line is empty: write the client secret there", path)
	}
	return line, nil
}

// serveWeb serves the workplace until the command's context ends.
func (a *app) serveWeb(f webFlags) error {
	if (*f.cert == "") != (*f.key == "") {
		return usagef("--tls-cert and --tls-key go together: give both, or neither")
	}
	auth, err := a.webAuth(f)
	if err != nil {
		return err
	}
	opts, err := a.portfolioOptions(decisionFlags{fourEyes: f.fourEyes})
	if err != nil {
		return err
	}
	p, err := a.openPortfolioCalling(*f.db, opts...)
	if err != nil {
		return err
	}
	defer p.Close()
	if *f.dossierCredits < 1 {
		return usagef("--dossier-credits %d: want 1 or more credits", *f.dossierCredits)
	}
	c, err := a.api()
	if err != nil {
		return err
	}
	logger := slog.New(slog.NewTextHandler(a.stderr, nil))
	h, err := web.New(p, web.Options{Auth: auth, SecureCookies: *f.cert != "" || *f.behindProxy, BehindProxy: *f.behindProxy, Logger: logger,
		Prices: c.Prices(), Dossier: webDossier(c), DossierCredits: *f.dossierCredits})
	if err != nil {
		return err
	}
	m, err := newPortfolioMetrics(logger)
	if err != nil {
		return err
	}
	m.ready(p, a.client)
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", m.handler)
	mux.Handle("/", h)
	l, err := a.listenTCP("--addr", *f.addr)
	if err != nil {
		return err
	}
	srv := webhookServer(mux, webLimits)
	scheme := "http"
	if *f.cert != "" {
		scheme = "https"
	}
	fmt.Fprintf(a.stderr, "serving the workplace on %s://%s/ (Ctrl-C to stop)\n", scheme, l.Addr())
	return stopped(serveWebUntilDone(a.ctx, srv, l, *f.cert, *f.key))
}

// serveWebUntilDone serves srv on l (HTTPS with cert and key) until ctx
// ends, then shuts it down.
func serveWebUntilDone(ctx context.Context, srv *http.Server, l net.Listener, cert, key string) error {
	if cert == "" {
		return serveUntilDone(ctx, srv, l)
	}
	err := runUntilDone(ctx, srv, func() error { return srv.ServeTLS(l, cert, key) })
	if err != nil {
		return fmt.Errorf("serving HTTPS with --tls-cert %s: %w", cert, err)
	}
	return nil
}
