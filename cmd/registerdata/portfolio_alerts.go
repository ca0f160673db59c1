package main

import (
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"strings"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/cmd/registerdata/internal/output"
	"github.com/registerdata/registerdata-go/portfolio"
	"github.com/spf13/pflag"
)

// envAlertSecret is where "portfolio alerts add" takes a webhook
// subscriber's signing secret from (or --secret-file).
const envAlertSecret = "REGISTERDATA_ALERT_SECRET"

func portfolioAlerts() *command {
	return &command{
		name: "alerts", args: "add NAME URL | list | remove NAME | test NAME | replay [NAME] --since SEQ", nargs: -1,
		summary: "the subscribers the journal is pushed to (webhooks, Slack, Teams): add, list, remove, test, replay (free)",
		help: `Manages the subscribers that "portfolio work" (and serve, and work --drain)
sends each journal entry to, once:

  add NAME URL     a webhook (https://..., or http:// to a loopback address)
                   gets each entry as JSON, signed as Standard Webhooks with
                   the secret from $` + envAlertSecret + ` or --secret-file
                   (webhook-id journal-<seq>-<NAME>); a Slack or Teams
                   incoming-webhook URL gets a short message a person reads;
                   mailto:a@x,b@y mails a high flag at once and the rest in a
                   --digest daily|weekly (SMTP from $REGISTERDATA_SMTP_HOST,
                   _PORT, _USER, _PASSWORD or _PASSWORD_FILE, _FROM, _TLS
                   starttls|tls|none).
                   --min-severity review|high and --tag limit the entries.
  list             each subscriber with its kind, filters, whether a secret
                   is set (never the secret), and how many entries were
                   sent, wait and are dead (given up after 3 days).
  remove NAME      nothing more is sent to it.
  test NAME        sends one marked test message and says what the
                   receiver answered.
  replay [NAME]    sends the entries after --since SEQ again (to NAME, or to
                   every subscriber): dead ones, lost ones, earlier ones.

A receiver may get an entry twice (a retry after its answer was lost): it
de-duplicates by webhook-id, as webhook.Handler does.`,
		examples: []string{
			"registerdata portfolio alerts add crm https://crm.example/hooks --secret-file ~/.config/registerdata/crm-secret --min-severity review --tag supplier",
			"registerdata portfolio alerts add risk-chat https://hooks.slack.com/services/T000/B000/XXXX --min-severity high",
			"registerdata portfolio alerts list",
			"registerdata portfolio alerts test crm",
			"registerdata portfolio alerts replay crm --since 1200",
		},
		setup: func(fs *pflag.FlagSet) runFunc {
			db := dbFlag(fs)
			severity := fs.String("min-severity", "", "add: send only entries raising a flag of at least this `SEVERITY` (review or high; default every entry)")
			tags := fs.StringSlice("tag", nil, "add: send only entries of companies with this `TAG` (repeat for several)")
			secretFile := fs.String("secret-file", "", "add: read the webhook's signing secret from the first line of `FILE` (default: $"+envAlertSecret+")")
			digest := fs.String("digest", "", "add: a mail subscriber's digest `PERIOD`, daily (default) or weekly")
			since := fs.Int64("since", -1, "replay: send the entries after this `SEQ` (0: all)")
			return func(a *app, args []string) error {
				if len(args) == 0 {
					return usagef("portfolio alerts: say what to do: add NAME URL, list, remove NAME, test NAME or replay [NAME] --since SEQ")
				}
				verb, rest := args[0], args[1:]
				want := map[string][2]int{"add": {2, 2}, "list": {0, 0}, "remove": {1, 1}, "test": {1, 1}, "replay": {0, 1}}
				n, ok := want[verb]
				switch {
				case !ok:
					return usagef("portfolio alerts %q: want add, list, remove, test or replay", verb)
				case len(rest) < n[0] || len(rest) > n[1]:
					return usagef("portfolio alerts %s: usage: portfolio alerts %s", verb, alertsUsage[verb])
				case verb == "replay" && *since < 0:
					return usagef("portfolio alerts replay: give --since SEQ (0: the whole journal)")
				case verb != "add" && (*severity != "" || len(*tags) > 0 || *secretFile != "" || *digest != ""):
					return usagef("--min-severity, --tag, --digest and --secret-file are for portfolio alerts add")
				}
				p, err := a.openPortfolio(*db)
				if err != nil {
					return err
				}
				defer p.Close()
				switch verb {
				case "add":
					return a.addSubscriber(p, portfolio.Subscriber{Name: rest[0], URL: rest[1], MinSeverity: *severity, Tags: *tags, Digest: *digest}, *secretFile)
				case "list":
					return a.listSubscribers(p)
				case "remove":
					if err := p.RemoveSubscriber(a.ctx, rest[0]); err != nil {
						return a.noSubscriber(err)
					}
					return a.say("removed the subscriber %s: nothing more is sent to it", rest[0])
				case "test":
					status, err := p.TestAlert(a.ctx, rest[0])
					if err != nil {
						return a.noSubscriber(err)
					}
					return a.say("%s answered %d %s to the test message", rest[0], status, http.StatusText(status))
				}
				name := ""
				if len(rest) == 1 {
					name = rest[0]
				}
				queued, err := p.ReplayAlerts(a.ctx, name, *since)
				if err != nil {
					return a.noSubscriber(err)
				}
				return a.say("queued %d alerts after entry %d: portfolio work (or work --drain) sends them", queued, *since)
			}
		},
	}
}

// alertsUsage is the usage line of each verb of "portfolio alerts".
var alertsUsage = map[string]string{
	"add": "add NAME URL [--min-severity review|high] [--tag TAG]", "list": "list",
	"remove": "remove NAME", "test": "test NAME", "replay": "replay [NAME] --since SEQ",
}

// noSubscriber makes a missing subscriber a usage error that says how to
// find the names.
func (a *app) noSubscriber(err error) error {
	if errors.Is(err, portfolio.ErrNoSubscriber) {
		return usagef("%v (registerdata portfolio alerts list)", err)
	}
	return err
}

// say prints one line for a person.
func (a *app) say(format string, args ...any) error {
	_, err := fmt.Fprintln(a.stdout, output.Clean(fmt.Sprintf(format, args...)))
	return err
}

// addSubscriber adds a subscriber; a webhook's secret comes from
// --secret-file or $REGISTERDATA_ALERT_SECRET, never from a flag's value.
func (a *app) addSubscriber(p *portfolio.Portfolio, s portfolio.Subscriber, secretFile string) error {
	name, rawURL := s.Name, s.URL
	secret := a.getenv(envAlertSecret)
	if secretFile != "" {
		f, err := os.Open(secretFile)
		if err != nil {
			return usagef("--secret-file: %w", err)
		}
		defer f.Close()
		b, err := io.ReadAll(io.LimitReader(f, maxSecretFile))
		if err != nil {
			return usagef("--secret-file %s: %w", secretFile, err)
		}
		secret, _, _ = strings.Cut(string(b), "\n")
		secret = strings.TrimSpace(secret)
		if secret == "" {
			return usagef("--secret-file %s: the first line is empty; write the secret (whsec_...) on it", secretFile)
		}
	}
	if secret != "" {
		a.addSecret(secret)
	}
	if s.Kind() == "webhook" && secret == "" {
		return usagef("the webhook subscriber %s needs a signing secret: set %s or pass --secret-file FILE (whsec_ and base64)", name, envAlertSecret)
	}
	if s.Kind() == "slack" || s.Kind() == "teams" {
		a.addSecret(urlPath(rawURL)) // a Slack or Teams URL's path is its credential
	}
	if s.Kind() != "webhook" {
		secret = "" // only webhooks are signed
	}
	s.Secret = registerdata.Secret(secret)
	if err := p.AddSubscriber(a.ctx, s); err != nil {
		return usageError{err}
	}
	return a.say("added the %s subscriber %s", s.Kind(), name)
}

// urlPath is the path of raw ("" when it has none worth hiding).
func urlPath(raw string) string {
	u, err := url.Parse(raw)
	if err != nil || len(u.Path) < 8 {
		return ""
	}
	return u.Path
}

// shownURL is a subscriber's URL as list shows it: a Slack or Teams
// URL's path is its credential, so only its host.
func shownURL(s portfolio.Subscriber) string {
	if s.Kind() == "webhook" || s.Kind() == "mail" {
		return s.URL
	}
	u, err := url.Parse(s.URL)
	if err != nil {
		return "(hidden)"
	}
	return u.Scheme + "://" + u.Host + "/…"
}

// subscriberJSON is one line of "portfolio alerts list --json".
type subscriberJSON struct {
	Name        string   `json:"name"`
	Kind        string   `json:"kind"`
	URL         string   `json:"url"`
	SecretSet   bool     `json:"secret_set"`
	MinSeverity string   `json:"min_severity"`
	Tags        []string `json:"tags"`
	Sent        int      `json:"sent"`
	Pending     int      `json:"pending"`
	Dead        int      `json:"dead"`
	LastError   string   `json:"last_error,omitempty"`
}

// listSubscribers prints the subscribers, as JSON Lines or a table.
func (a *app) listSubscribers(p *portfolio.Portfolio) error {
	t := output.NewTable(output.Column{Header: "NAME"}, output.Column{Header: "KIND", Fixed: true}, output.Column{Header: "URL"},
		output.Column{Header: "SECRET", Fixed: true}, output.Column{Header: "SEVERITY", Fixed: true}, output.Column{Header: "TAGS", OmitEmpty: true},
		output.Column{Header: "SENT", Right: true, Fixed: true}, output.Column{Header: "PENDING", Right: true, Fixed: true},
		output.Column{Header: "DEAD", Right: true, Fixed: true}, output.Column{Header: "LAST ERROR", Prose: true, OmitEmpty: true})
	n := 0
	for s, err := range p.Subscribers(a.ctx) {
		if err != nil {
			return err
		}
		n++
		if a.jsonOut {
			if err := a.jsonLine(subscriberJSON{Name: s.Name, Kind: s.Kind(), URL: shownURL(s), SecretSet: s.Secret != "", MinSeverity: s.MinSeverity,
				Tags: s.Tags, Sent: s.Sent, Pending: s.Pending, Dead: s.Dead, LastError: s.LastError}); err != nil {
				return err
			}
			continue
		}
		secret, sev := "none", s.MinSeverity
		if s.Secret != "" {
			secret = "set"
		}
		if sev == "" {
			sev = "all"
		}
		t.Row(s.Name, s.Kind(), shownURL(s), secret, sev, strings.Join(s.Tags, ","), strconv.Itoa(s.Sent), strconv.Itoa(s.Pending), strconv.Itoa(s.Dead), s.LastError)
	}
	if a.jsonOut {
		return nil
	}
	if n == 0 {
		return a.say("no subscribers: add one with registerdata portfolio alerts add NAME URL")
	}
	return a.render(t)
}

// The environment of alerts: the SMTP server of mail subscribers, and the
// workplace's address that Slack, Teams and mail alerts link to.
const (
	envSMTPHost         = "REGISTERDATA_SMTP_HOST"
	envSMTPPort         = "REGISTERDATA_SMTP_PORT"
	envSMTPUser         = "REGISTERDATA_SMTP_USER"
	envSMTPPassword     = "REGISTERDATA_SMTP_PASSWORD"
	envSMTPPasswordFile = "REGISTERDATA_SMTP_PASSWORD_FILE"
	envSMTPFrom         = "REGISTERDATA_SMTP_FROM"
	envSMTPTLS          = "REGISTERDATA_SMTP_TLS"
	envWorkplaceURL     = "REGISTERDATA_WORKPLACE_URL"
)

// alertOptions are the portfolio's options of alerts from the
// environment: WithSMTP when $REGISTERDATA_SMTP_HOST is set (its
// password from $REGISTERDATA_SMTP_PASSWORD or the file
// $REGISTERDATA_SMTP_PASSWORD_FILE names, never a flag), and
// WithWorkplaceURL.
func (a *app) alertOptions() ([]portfolio.Option, error) {
	var opts []portfolio.Option
	if u := a.getenv(envWorkplaceURL); u != "" {
		opts = append(opts, portfolio.WithWorkplaceURL(u))
	}
	host := a.getenv(envSMTPHost)
	if host == "" {
		for _, k := range []string{envSMTPUser, envSMTPPassword, envSMTPPasswordFile, envSMTPFrom} {
			if a.getenv(k) != "" {
				return nil, usagef("$%s is set but $%s is not: set the SMTP server's host too", k, envSMTPHost)
			}
		}
		return opts, nil
	}
	s := portfolio.SMTP{Host: host, User: a.getenv(envSMTPUser), From: a.getenv(envSMTPFrom), TLS: a.getenv(envSMTPTLS)}
	if s.From == "" {
		return nil, usagef("$%s is set but $%s is not: set the sender's address (alerts@example.com)", envSMTPHost, envSMTPFrom)
	}
	if v := a.getenv(envSMTPPort); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n <= 0 || n > 65535 {
			return nil, usagef("$%s=%q is not a port: give a number such as 587", envSMTPPort, v)
		}
		s.Port = n
	}
	password := a.getenv(envSMTPPassword)
	if f := a.getenv(envSMTPPasswordFile); f != "" {
		b, err := os.ReadFile(f)
		if err != nil {
			return nil, usagef("$%s: %w", envSMTPPasswordFile, err)
		}
		password, _, _ = strings.Cut(string(b), "\n")
		password = strings.TrimSpace(password)
	}
	if s.User != "" && password == "" {
		return nil, usagef("$%s is set but no password: set $%s or $%s", envSMTPUser, envSMTPPassword, envSMTPPasswordFile)
	}
	if password != "" {
		a.addSecret(password)
	}
	s.Password = registerdata.Secret(password)
	return append(opts, portfolio.WithSMTP(s)), nil
}
