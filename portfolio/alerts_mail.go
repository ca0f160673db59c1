package portfolio

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net"
	"net/mail"
	"strconv"
	"strings"
	"time"
	"unicode"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
	gomail "github.com/wneessen/go-mail"
)

// SMTP is the mail server that mail subscribers ("mailto:") are sent
// through (WithSMTP).
type SMTP struct {
	// Host and Port are the server's (Port 0: 587, or 465 with TLS "tls").
	Host string
	Port int
	// User and Password log in (PLAIN); no User: no login. The password
	// never prints (registerdata.Secret) and is in no error or log line.
	User     string
	Password registerdata.Secret
	// From is the sender's address.
	From string
	// TLS is "starttls" (the default: required), "tls" (TLS from the
	// first byte), or "none", allowed to a loopback host only (tests, a
	// local relay).
	TLS string
}

// WithSMTP sets the mail server of mail subscribers; without it a
// "mailto:" subscriber is refused.
func WithSMTP(s SMTP) Option {
	return func(c *config) { c.smtp = &s }
}

// The digests' periods.
const (
	digestDaily  = "daily"
	digestWeekly = "weekly"
)

// alertDigest is the state of an alert that waits for its digest.
const alertDigest = "digest"

// checkMailto refuses a mailto: URL without valid recipients.
func checkMailto(raw string) error {
	if _, err := mailRecipients(raw); err != nil {
		return err
	}
	return nil
}

// mailRecipients are the addresses of a mailto: URL.
func mailRecipients(raw string) ([]string, error) {
	list := raw[len("mailto:"):]
	if i := strings.IndexByte(list, '?'); i >= 0 {
		list = list[:i]
	}
	addrs, err := mail.ParseAddressList(strings.ReplaceAll(list, "%40", "@"))
	if err != nil || len(addrs) == 0 {
		return nil, fmt.Errorf("portfolio: the mailto URL %q names no valid recipient: give mailto:name@example.com (several separated by commas)", clipText(raw, 200))
	}
	out := make([]string, len(addrs))
	for i, a := range addrs {
		out[i] = a.Address
	}
	return out, nil
}

// period is the digest period of subscriber s that t falls in: its start
// and end.
func period(digest string, t time.Time) (time.Time, time.Time) {
	t = t.UTC()
	day := time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)
	if digest == digestWeekly {
		start := day.AddDate(0, 0, -((int(day.Weekday()) + 6) % 7)) // Monday
		return start, start.AddDate(0, 0, 7)
	}
	return day, day.AddDate(0, 0, 1)
}

// digestArgs is the job of one subscriber's digest of one period.
type digestArgs struct {
	Subscriber string `json:"subscriber"`
	Start      int64  `json:"start"` // the period's start, Unix microseconds
}

// Kind names the job kind in River's table.
func (digestArgs) Kind() string { return "registerdata_portfolio_digest" }

// InsertOpts puts the job in the alerts' queue, once per subscriber and
// period while it waits; after it ran, a replay queues it again.
func (digestArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: alertQueue, MaxAttempts: alertMaxAttempts, UniqueOpts: river.UniqueOpts{ByArgs: true,
		ByState: []rivertype.JobState{rivertype.JobStateAvailable, rivertype.JobStatePending, rivertype.JobStateRunning,
			rivertype.JobStateRetryable, rivertype.JobStateScheduled}}}
}

// digestJob is the job that sends the digest of s's period holding e,
// when the period ends.
func (p *Portfolio) digestJob(s *Subscriber, e *Event) river.InsertManyParams {
	start, end := period(s.Digest, e.At)
	wait := max(end.Sub(p.cfg.now()), 0)
	return river.InsertManyParams{Args: digestArgs{Subscriber: s.Name, Start: micros(start)},
		InsertOpts: &river.InsertOpts{ScheduledAt: time.Now().Add(wait)}}
}

// digestWorker runs the jobs of digests.
type digestWorker struct {
	river.WorkerDefaults[digestArgs]
	p *Portfolio
}

// Work sends one digest.
func (w *digestWorker) Work(ctx context.Context, job *river.Job[digestArgs]) error {
	return w.p.runDigest(ctx, job.Args.Subscriber, fromMicros(job.Args.Start), job.Attempt >= job.MaxAttempts)
}

// NextRetry backs off as an alert does.
func (w *digestWorker) NextRetry(job *river.Job[digestArgs]) time.Time {
	return (&alertWorker{}).NextRetry(&river.Job[alertArgs]{JobRow: job.JobRow})
}

// runDigest mails subscriber name the entries of its period from start
// that wait for the digest, and marks them sent (dead after 3 days of
// failures).
func (p *Portfolio) runDigest(ctx context.Context, name string, start time.Time, last bool) error {
	subs, err := p.subscribers(ctx, p.db)
	if err != nil {
		return err
	}
	var s *Subscriber
	for i := range subs {
		if subs[i].Name == name {
			s = &subs[i]
		}
	}
	if s == nil {
		return nil // removed
	}
	_, end := period(s.Digest, start)
	rows, err := p.db.QueryContext(ctx, p.q(`SELECT a.seq FROM portfolio_alerts a JOIN portfolio_journal j ON j.seq = a.seq
		WHERE a.subscriber = $1 AND a.state = $2 AND j.at >= $3 AND j.at < $4 ORDER BY a.seq`), name, alertDigest, micros(start), micros(end))
	if err != nil {
		return fmt.Errorf("portfolio: reading the digest of %q: %w", name, err)
	}
	var seqs []int64
	for rows.Next() {
		var seq int64
		if err := rows.Scan(&seq); err != nil {
			rows.Close()
			return fmt.Errorf("portfolio: reading the digest of %q: %w", name, err)
		}
		seqs = append(seqs, seq)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return fmt.Errorf("portfolio: reading the digest of %q: %w", name, err)
	}
	if len(seqs) == 0 {
		return nil
	}
	var es []Event
	for _, seq := range seqs {
		page, err := p.eventsUpTo(ctx, seq-1, 1)
		if err != nil {
			return err
		}
		if len(page) > 0 && page[0].Seq == seq {
			es = append(es, page[0])
		}
	}
	subject := fmt.Sprintf("Portfolio digest %s: %d entries", start.Format("2006-01-02"), len(es))
	if s.Digest == digestWeekly {
		subject = fmt.Sprintf("Portfolio weekly digest from %s: %d entries", start.Format("2006-01-02"), len(es))
	}
	sent := time.Now()
	sendErr := p.sendMail(ctx, s, subject, es)
	p.observeAlert(ctx, s, 0, sent, sendErr)
	state, msg := alertSent, ""
	if sendErr != nil {
		state, msg = alertDigest, sendErr.Error()
		if last || p.cfg.now().Sub(end) >= alertGiveUp {
			state = alertDead
		}
	}
	err = p.inTx(ctx, func(tx *sql.Tx) error {
		for _, seq := range seqs {
			if _, err := tx.ExecContext(ctx, p.q(`UPDATE portfolio_alerts SET state = $1, error = $2, attempts = attempts + $3, at = $4 WHERE subscriber = $5 AND seq = $6`),
				state, clipText(msg, 500), boolInt(sendErr != nil), micros(p.cfg.now()), name, seq); err != nil {
				return fmt.Errorf("portfolio: recording the digest of %q: %w", name, err)
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	if state == alertDead {
		return river.JobCancel(sendErr)
	}
	return sendErr
}

// mailText is text from the register made safe for a mail's plain-text
// body: no control characters but newlines.
func mailText(s string) string {
	return strings.Map(func(r rune) rune {
		if r == '\n' {
			return r
		}
		if unicode.IsControl(r) || r == '\u2028' || r == '\u2029' {
			return ' '
		}
		return r
	}, s)
}

// mailSubject is a subject line: one line, no control characters.
func mailSubject(s string) string {
	return clipText(strings.ReplaceAll(mailText(s), "\n", " "), 200)
}

// mailBody is the plain-text body of entries es: each entry's heading
// and lines, and the workplace's address when it is set. Plain text
// only: register text cannot inject HTML.
func mailBody(es []Event, workplace string) string {
	var b strings.Builder
	for i := range es {
		head, lines := alertLines(&es[i], false)
		fmt.Fprintf(&b, "Entry %d, %s: %s\n", es[i].Seq, es[i].At.UTC().Format("2006-01-02 15:04 UTC"), mailText(head))
		for _, l := range lines {
			b.WriteString("  - " + mailText(l) + "\n")
		}
		b.WriteString("\n")
	}
	if workplace != "" {
		b.WriteString("The workplace: " + workplace + "\n")
	}
	return b.String()
}

// sendMail mails entries es to mail subscriber s under subject.
func (p *Portfolio) sendMail(ctx context.Context, s *Subscriber, subject string, es []Event) error {
	cfg := p.cfg.smtp
	if cfg == nil {
		return fmt.Errorf("portfolio: the mail subscriber %q has no SMTP server: open the portfolio WithSMTP", s.Name)
	}
	to, err := mailRecipients(s.URL)
	if err != nil {
		return err
	}
	m := gomail.NewMsg()
	if err := m.From(cfg.From); err != nil {
		return fmt.Errorf("portfolio: the SMTP sender %q is not an address: give From as name@example.com", clipText(cfg.From, 100))
	}
	if err := m.To(to...); err != nil {
		return fmt.Errorf("portfolio: the recipients of the mail subscriber %q: %w", s.Name, err)
	}
	m.Subject(mailSubject(subject))
	m.SetDate()
	m.SetMessageID()
	m.SetBodyString(gomail.TypeTextPlain, mailBody(es, p.cfg.workplace))
	c, err := p.mailClient(cfg)
	if err != nil {
		return err
	}
	if err := c.DialAndSendWithContext(ctx, m); err != nil {
		return &ReceiverError{Subscriber: s.Name, Err: errors.New(scrubSecret(err.Error(), cfg.Password.Reveal()))}
	}
	return nil
}

// scrubSecret is s without the secret.
func scrubSecret(s, secret string) string {
	if secret == "" {
		return s
	}
	return strings.ReplaceAll(s, secret, "[redacted]")
}

// mailClient is a go-mail client of cfg.
func (p *Portfolio) mailClient(cfg *SMTP) (*gomail.Client, error) {
	opts := []gomail.Option{gomail.WithTimeout(sendTimeout)}
	port := cfg.Port
	switch cfg.TLS {
	case "", "starttls":
		opts = append(opts, gomail.WithTLSPolicy(gomail.TLSMandatory))
		if port == 0 {
			port = 587
		}
	case "tls":
		opts = append(opts, gomail.WithSSL())
		if port == 0 {
			port = 465
		}
	case "none":
		if !loopback(cfg.Host) {
			return nil, fmt.Errorf("portfolio: SMTP without TLS to %s: use starttls or tls, or a loopback host (a local relay) only", cfg.Host)
		}
		opts = append(opts, gomail.WithTLSPolicy(gomail.NoTLS))
		if port == 0 {
			port = 25
		}
	default:
		return nil, fmt.Errorf("portfolio: the SMTP TLS mode %q is none of starttls, tls, none", cfg.TLS)
	}
	opts = append(opts, gomail.WithPort(port))
	if cfg.User != "" {
		opts = append(opts, gomail.WithSMTPAuth(gomail.SMTPAuthPlain), gomail.WithUsername(cfg.User), gomail.WithPassword(cfg.Password.Reveal()))
	}
	c, err := gomail.NewClient(cfg.Host, opts...)
	if err != nil {
		return nil, fmt.Errorf("portfolio: setting up the SMTP client for %s: %s", net.JoinHostPort(cfg.Host, strconv.Itoa(port)), scrubSecret(err.Error(), cfg.Password.Reveal()))
	}
	return c, nil
}
