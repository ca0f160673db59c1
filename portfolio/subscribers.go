package portfolio

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"iter"
	"net"
	"net/url"
	"strings"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/redflags"
	"github.com/registerdata/registerdata-go/webhook"
)

// Subscriber is a receiver of the portfolio's journal (alerts out): Work
// and Drain send it each journal entry at or above MinSeverity (and, when
// it has Tags, of a company with one of them), once.
type Subscriber struct {
	// Name names the subscriber: unique, used in the webhook-id
	// ("journal-<seq>-<name>") and by RemoveSubscriber.
	Name string
	// URL is where the entries go: https://..., or http:// to a loopback
	// address only (tests, a local relay). A Slack
	// (https://hooks.slack.com/...) or Microsoft Teams incoming-webhook
	// URL gets a short message a person reads; any other URL gets each
	// entry as JSON, signed as Standard Webhooks.
	URL string
	// Secret is the Standard Webhooks secret ("whsec_...") the bodies are
	// signed with: required for a webhook, unused by Slack and Teams. It
	// never prints (registerdata.Secret).
	Secret registerdata.Secret
	// MinSeverity is the least an entry must raise to be sent: "" every
	// entry (changes without flags too), "review" an entry raising any
	// flag, "high" an entry raising a high flag (redflags.SeverityOf).
	MinSeverity string
	// Tags, when not empty, limit the entries to companies whose
	// portfolio entries carry one of them.
	Tags []string
	// Digest is a mail subscriber's period: "daily" (the default) or
	// "weekly". Its entries raising a high flag are mailed at once, the
	// others in one mail after the period (UTC days, weeks from Monday).
	Digest string
	// CreatedAt is when the subscriber was added (set by AddSubscriber).
	CreatedAt time.Time
	// Sent, Pending and Dead count the entries sent to it, waiting (or
	// being retried) and given up (after 3 days of failures; replayable
	// with ReplayAlerts). Filled by Subscribers.
	Sent, Pending, Dead int
	// LastError is what the receiver answered to the last failed try of
	// an entry not sent yet or dead ("" when none failed).
	LastError string
}

// The kinds of subscriber, chosen by the URL.
const (
	kindWebhook = "webhook"
	kindSlack   = "slack"
	kindTeams   = "teams"
	kindMail    = "mail"
)

// Kind is how the subscriber's entries are sent, from its URL: "slack",
// "teams", "mail" or "webhook".
func (s Subscriber) Kind() string { return kindOf(s.URL) }

func kindOf(raw string) string {
	if strings.HasPrefix(strings.ToLower(raw), "mailto:") {
		return kindMail
	}
	u, err := url.Parse(raw)
	if err != nil {
		return kindWebhook
	}
	host := strings.ToLower(u.Hostname())
	switch {
	case host == "hooks.slack.com":
		return kindSlack
	case strings.HasSuffix(host, ".webhook.office.com"), strings.HasSuffix(host, ".logic.azure.com"),
		strings.HasSuffix(host, ".environment.api.powerplatform.com"):
		return kindTeams
	}
	return kindWebhook
}

// ErrNoSubscriber is the error of RemoveSubscriber and ReplayAlerts for a
// name no subscriber has.
var ErrNoSubscriber = errors.New("portfolio: no such subscriber")

// subscriberName limits names to what reads well in a webhook-id.
func checkSubscriberName(name string) error {
	if name == "" || len(name) > 64 {
		return fmt.Errorf("portfolio: a subscriber needs a name of 1 to 64 characters (got %d): name it after its receiver, e.g. \"crm\"", len(name))
	}
	for _, r := range name {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_' || r == '.') {
			return fmt.Errorf("portfolio: the subscriber name %q has the character %q: use letters, digits, '-', '_' and '.' only", name, r)
		}
	}
	return nil
}

// checkSubscriberURL refuses a URL the portfolio would not send to.
func checkSubscriberURL(raw string) error {
	if kindOf(raw) == kindMail {
		return checkMailto(raw)
	}
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" {
		return fmt.Errorf("portfolio: the subscriber URL %q is not an absolute URL: give https://host/path", redactURL(raw))
	}
	switch u.Scheme {
	case "https":
	case "http":
		if !loopback(u.Hostname()) {
			return fmt.Errorf("portfolio: the subscriber URL %s is plain http to %s: use https, or http to a loopback address (127.0.0.1, ::1, localhost) only", redactURL(raw), u.Hostname())
		}
	default:
		return fmt.Errorf("portfolio: the subscriber URL %s has the scheme %q: use https (or http to a loopback address)", redactURL(raw), u.Scheme)
	}
	if u.User != nil {
		return errors.New("portfolio: the subscriber URL carries a user name or password: put the secret in Secret instead")
	}
	return nil
}

// loopback reports whether host is a loopback address or localhost.
func loopback(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// Destination is where s's alerts go, as a page or a log may show it:
// the recipients of a mailto: URL; the scheme and host of a webhook URL,
// its path left out (the path of a Slack or Teams URL is its
// credential), or "(a malformed URL)".
func (s Subscriber) Destination() string {
	if len(s.URL) >= len("mailto:") && strings.EqualFold(s.URL[:len("mailto:")], "mailto:") {
		return s.URL[len("mailto:"):]
	}
	return redactURL(s.URL)
}

// redactURL is a URL as messages show it: scheme and host, since the
// path of a Slack or Teams URL is its credential.
func redactURL(raw string) string {
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" {
		return "(a malformed URL)"
	}
	if u.Path == "" || u.Path == "/" {
		return u.Scheme + "://" + u.Host
	}
	return u.Scheme + "://" + u.Host + "/…"
}

// checkMinSeverity refuses a severity no entry has.
func checkMinSeverity(s string) error {
	switch s {
	case "", string(redflags.Review), string(redflags.High):
		return nil
	}
	return fmt.Errorf("portfolio: the subscriber's MinSeverity %q is none of \"\" (every entry), %q, %q", s, redflags.Review, redflags.High)
}

// AddSubscriber adds s; its entries are those journalled from now on
// (ReplayAlerts sends earlier ones). A name taken already is refused:
// remove the subscriber first to change it. When ctx carries an actor
// (WithActor), the addition is an audit entry, in the same transaction.
func (p *Portfolio) AddSubscriber(ctx context.Context, s Subscriber) error {
	if err := p.checkSubscriber(&s); err != nil {
		return refusedSubscriber{err}
	}
	tags := normTags(s.Tags)
	return p.inTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, p.q(`INSERT INTO portfolio_subscribers (name, url, secret, min_severity, tags, digest, created_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (name) DO NOTHING`),
			s.Name, s.URL, s.Secret.Reveal(), s.MinSeverity, mustJSON(tags), s.Digest, micros(p.cfg.now()))
		if err != nil {
			return fmt.Errorf("portfolio: adding the subscriber %q: %w", s.Name, err)
		}
		if n, err := res.RowsAffected(); err == nil && n == 0 {
			return refusedSubscriber{fmt.Errorf("portfolio: a subscriber named %q exists already: remove it first (RemoveSubscriber) or pick another name", s.Name)}
		}
		return p.auditSubscriber(ctx, tx, "subscriber-add", s.Name, map[string]any{
			"subscriber": s.Name, "kind": kindOf(s.URL), "min_severity": s.MinSeverity, "tags": tags})
	})
}

// checkSubscriber says what keeps sub from working, or nil; it fills in
// the default digest of a mail subscriber.
func (p *Portfolio) checkSubscriber(sub *Subscriber) error {
	if err := checkSubscriberName(sub.Name); err != nil {
		return err
	}
	if err := checkSubscriberURL(sub.URL); err != nil {
		return err
	}
	if err := checkMinSeverity(sub.MinSeverity); err != nil {
		return err
	}
	if kindOf(sub.URL) == kindMail {
		if p.cfg.smtp == nil {
			return fmt.Errorf("portfolio: the mail subscriber %q needs an SMTP server: open the portfolio WithSMTP (the CLI: $%s and the other SMTP settings)", sub.Name, "REGISTERDATA_SMTP_HOST")
		}
		switch sub.Digest {
		case "":
			sub.Digest = digestDaily
		case digestDaily, digestWeekly:
		default:
			return fmt.Errorf("portfolio: the digest %q of the mail subscriber %q is neither %q nor %q", sub.Digest, sub.Name, digestDaily, digestWeekly)
		}
	} else {
		sub.Digest = ""
	}
	if kindOf(sub.URL) == kindWebhook {
		if sub.Secret == "" {
			return fmt.Errorf("portfolio: the webhook subscriber %q needs a secret to sign its deliveries: give one (\"whsec_\" and base64, as a receiver's webhook.NewVerifier takes)", sub.Name)
		}
		if _, err := webhook.NewVerifier(sub.Secret.Reveal()); err != nil {
			return fmt.Errorf("portfolio: the secret of the subscriber %q is not a Standard Webhooks secret: give \"whsec_\" followed by base64", sub.Name)
		}
	}
	return nil
}

// ErrInvalidSubscriber is wrapped by the error of AddSubscriber for a
// subscriber it refuses (a name, URL, secret, severity or digest that
// cannot work, or a name taken already): its message says what to fix.
var ErrInvalidSubscriber = errors.New("portfolio: the subscriber is refused")

// refusedSubscriber is a refusal of AddSubscriber: its own words, and
// errors.Is ErrInvalidSubscriber.
type refusedSubscriber struct{ err error }

func (e refusedSubscriber) Error() string        { return e.err.Error() }
func (e refusedSubscriber) Is(target error) bool { return target == ErrInvalidSubscriber }

// auditSubscriber records a change of the subscribers in the audit
// chain, in tx, when ctx carries an actor (WithActor): the workplace and
// the CLI always give one; a program without one changes them unrecorded,
// as before the audit existed. The detail holds no URL and no secret.
func (p *Portfolio) auditSubscriber(ctx context.Context, tx *sql.Tx, action, name string, detail any) error {
	if _, ok := ActorFrom(ctx); !ok {
		return nil
	}
	a, err := actorOf(ctx, "changing the subscribers")
	if err != nil {
		return err
	}
	_, err = p.writeAudit(ctx, tx, a, action, "subscriber "+name, detail)
	return err
}

// RemoveSubscriber removes the subscriber name: nothing more is sent to
// it, its pending entries included. errors.Is(err, ErrNoSubscriber) when
// there is none of that name. When ctx carries an actor, the removal is
// an audit entry, in the same transaction.
func (p *Portfolio) RemoveSubscriber(ctx context.Context, name string) error {
	return p.inTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, p.q(`DELETE FROM portfolio_subscribers WHERE name = $1`), name)
		if err != nil {
			return fmt.Errorf("portfolio: removing the subscriber %q: %w", name, err)
		}
		if n, err := res.RowsAffected(); err == nil && n == 0 {
			return fmt.Errorf("%w named %q: list them with Subscribers", ErrNoSubscriber, name)
		}
		if _, err := tx.ExecContext(ctx, p.q(`DELETE FROM portfolio_alerts WHERE subscriber = $1`), name); err != nil {
			return fmt.Errorf("portfolio: removing the alerts of the subscriber %q: %w", name, err)
		}
		return p.auditSubscriber(ctx, tx, "subscriber-remove", name, map[string]string{"subscriber": name})
	})
}

// Subscribers yields the subscribers by name, with how many entries were
// sent to each, wait and are dead. The second value is non-nil when
// reading fails; the loop ends after it.
func (p *Portfolio) Subscribers(ctx context.Context) iter.Seq2[Subscriber, error] {
	return func(yield func(Subscriber, error) bool) {
		subs, err := p.subscribers(ctx, p.db)
		if err == nil {
			err = p.countAlerts(ctx, subs)
		}
		if err != nil {
			yield(Subscriber{}, err)
			return
		}
		for _, s := range subs {
			if !yield(s, nil) {
				return
			}
		}
	}
}

// subscribers reads every subscriber, by name.
func (p *Portfolio) subscribers(ctx context.Context, q queryer) ([]Subscriber, error) {
	rows, err := q.QueryContext(ctx, `SELECT name, url, secret, min_severity, tags, digest, created_at FROM portfolio_subscribers ORDER BY name`)
	if err != nil {
		return nil, fmt.Errorf("portfolio: reading the subscribers: %w", err)
	}
	defer rows.Close()
	var out []Subscriber
	for rows.Next() {
		var s Subscriber
		var secret, tags string
		var created int64
		if err := rows.Scan(&s.Name, &s.URL, &secret, &s.MinSeverity, &tags, &s.Digest, &created); err != nil {
			return nil, fmt.Errorf("portfolio: reading the subscribers: %w", err)
		}
		s.Secret, s.Tags, s.CreatedAt = registerdata.Secret(secret), decodeTags(tags), fromMicros(created)
		out = append(out, s)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("portfolio: reading the subscribers: %w", err)
	}
	return out, nil
}

// countAlerts fills the counts and last errors of subs.
func (p *Portfolio) countAlerts(ctx context.Context, subs []Subscriber) error {
	rows, err := p.db.QueryContext(ctx, `SELECT subscriber, state, count(*), MAX(error) FROM portfolio_alerts GROUP BY subscriber, state`)
	if err != nil {
		return fmt.Errorf("portfolio: counting the alerts: %w", err)
	}
	defer rows.Close()
	at := make(map[string]*Subscriber, len(subs))
	for i := range subs {
		at[subs[i].Name] = &subs[i]
	}
	for rows.Next() {
		var name, state, lastErr string
		var n int
		if err := rows.Scan(&name, &state, &n, &lastErr); err != nil {
			return fmt.Errorf("portfolio: counting the alerts: %w", err)
		}
		s := at[name]
		if s == nil {
			continue
		}
		switch state {
		case alertSent:
			s.Sent = n
		case alertPending, alertDigest:
			s.Pending += n
		case alertDead:
			s.Dead = n
		}
		if state != alertSent && lastErr != "" && (s.LastError == "" || state == alertDead) {
			s.LastError = lastErr
		}
	}
	return rows.Err()
}
