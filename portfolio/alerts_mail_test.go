package portfolio_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"log/slog"
	"mime"
	"mime/quotedprintable"
	"net"
	"net/mail"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
	"github.com/registerdata/registerdata-go/portfolio"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const (
	smtpUser     = "alerts@bank.example"
	smtpPassword = "Sm7p-pass-word-93"
)

// mailbox is an SMTP server started in the test (go-smtp): it logs in
// smtpUser with smtpPassword only and keeps every message.
type mailbox struct {
	mu   sync.Mutex
	msgs []string
	host string
	port int
}

type mailSession struct{ box *mailbox }

func (s *mailSession) AuthMechanisms() []string { return []string{sasl.Plain} }
func (s *mailSession) Auth(string) (sasl.Server, error) {
	return sasl.NewPlainServer(func(_, user, pass string) error {
		if user != smtpUser || pass != smtpPassword {
			return errors.New("invalid credentials")
		}
		return nil
	}), nil
}
func (s *mailSession) Mail(string, *smtp.MailOptions) error { return nil }
func (s *mailSession) Rcpt(string, *smtp.RcptOptions) error { return nil }
func (s *mailSession) Data(r io.Reader) error {
	b, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	s.box.mu.Lock()
	s.box.msgs = append(s.box.msgs, string(b))
	s.box.mu.Unlock()
	return nil
}
func (s *mailSession) Reset()        {}
func (s *mailSession) Logout() error { return nil }

func newMailbox(t *testing.T) *mailbox {
	box := &mailbox{}
	srv := smtp.NewServer(smtp.BackendFunc(func(*smtp.Conn) (smtp.Session, error) { return &mailSession{box: box}, nil }))
	srv.Domain = "127.0.0.1"
	srv.AllowInsecureAuth = true
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	go func() { _ = srv.Serve(l) }()
	t.Cleanup(func() { _ = srv.Close() })
	host, port, _ := net.SplitHostPort(l.Addr().String())
	box.host = host
	box.port, _ = strconv.Atoi(port)
	return box
}

// messages are the mails received, each as its decoded subject, content
// type and body.
func (b *mailbox) messages(t *testing.T) []receivedMail {
	b.mu.Lock()
	defer b.mu.Unlock()
	var out []receivedMail
	for _, raw := range b.msgs {
		m, err := mail.ReadMessage(strings.NewReader(raw))
		require.NoError(t, err)
		subject, err := new(mime.WordDecoder).DecodeHeader(m.Header.Get("Subject"))
		require.NoError(t, err)
		body, err := io.ReadAll(quotedprintable.NewReader(m.Body))
		require.NoError(t, err)
		out = append(out, receivedMail{subject: subject, contentType: m.Header.Get("Content-Type"), body: string(body), header: m.Header})
	}
	return out
}

type receivedMail struct {
	subject, contentType, body string
	header                     mail.Header
}

// smtpOf is the portfolio's SMTP option for the mailbox.
func smtpOf(b *mailbox, password string) portfolio.Option {
	return portfolio.WithSMTP(portfolio.SMTP{Host: b.host, Port: b.port, User: smtpUser, Password: portfolio.SecretOf(password), From: "alerts@bank.example", TLS: "none"})
}

func TestAMailSubscriberGetsAHighFlagAtOnceAndTheDigestOfExactlyItsDay(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		ctx := context.Background()
		_, c, clk := newFake(t)
		box := newMailbox(t)
		var logged bytes.Buffer
		p := open(t, dsn, c, clk, smtpOf(box, smtpPassword), portfolio.WithLogger(slog.New(slog.NewTextHandler(&logged, &slog.HandlerOptions{Level: slog.LevelDebug}))))
		require.NoError(t, p.AddSubscriber(ctx, portfolio.Subscriber{Name: "risk", URL: "mailto:risk@bank.example,cfo@bank.example"}))
		importAll(t, p, []portfolio.Row{{Ref: "C-1", CompanyID: nordlicht}, {Ref: "L-1", CompanyID: inLiquidation}}, portfolio.ImportOptions{})
		rescreenAll(t, p)
		day1, err := p.Rejudge(ctx, nordlicht)
		require.NoError(t, err)
		drain(t, p)
		msgs := box.messages(t)
		require.Len(t, msgs, 1, "the high flag goes out at once; the rest waits for the digest")
		assert.Equal(t, "High flag: Alte Mühle Gastronomie GmbH i.L. ("+inLiquidation+")", msgs[0].subject)
		assert.Contains(t, msgs[0].body, "Flag raised (high): liquidation")
		assert.True(t, strings.HasPrefix(msgs[0].contentType, "text/plain"), msgs[0].contentType)

		clk.Advance(24 * time.Hour)
		day2, err := p.Rejudge(ctx, nordlicht)
		require.NoError(t, err)
		require.NoError(t, p.RunDigest(ctx, "risk", day1.At))
		msgs = box.messages(t)
		require.Len(t, msgs, 2)
		digest := msgs[1].body
		assert.True(t, strings.HasPrefix(msgs[1].subject, "Portfolio digest "+day1.At.Format("2006-01-02")), msgs[1].subject)
		var want []string
		for _, e := range events(t, p, 0) {
			if e.At.Before(day2.At) && !raisesHigh(e) {
				want = append(want, "Entry "+strconv.FormatInt(e.Seq, 10)+",")
			}
		}
		require.NotEmpty(t, want)
		for _, w := range want {
			assert.Contains(t, digest, w)
		}
		assert.Equal(t, len(want), strings.Count(digest, "Entry "), "the digest holds exactly the day's entries")
		assert.NotContains(t, digest, "Entry "+strconv.FormatInt(day2.Seq, 10)+",", "not the next day's")

		require.NoError(t, p.RunDigest(ctx, "risk", day1.At))
		assert.Len(t, box.messages(t), 2, "a digest is sent once")
		assert.NotContains(t, logged.String(), smtpPassword, "the password is in no log line")
	})
}

func TestAMailWithAWrongPasswordFailsWithoutShowingIt(t *testing.T) {
	ctx := context.Background()
	_, c, clk := newFake(t)
	box := newMailbox(t)
	p := open(t, sqliteDSN(t), c, clk, smtpOf(box, "wrong-"+smtpPassword))
	require.NoError(t, p.AddSubscriber(ctx, portfolio.Subscriber{Name: "risk", URL: "mailto:risk@bank.example"}))
	_, err := p.TestAlert(ctx, "risk")
	require.Error(t, err)
	assert.NotContains(t, err.Error(), smtpPassword)
	assert.Empty(t, box.messages(t))
	for s, err := range p.Subscribers(ctx) {
		require.NoError(t, err)
		assert.NotContains(t, s.LastError, smtpPassword)
	}
}

func TestAMailShowsHostileRegisterTextAsPlainText(t *testing.T) {
	body := portfolio.MailBody([]portfolio.Event{*hostileEntry()})
	assert.NotContains(t, body, "\r", "no header or line can be injected")
	assert.Contains(t, body, "<b>GmbH</b>", "shown as the text it is, in a text/plain mail")
	subject := portfolio.MailSubject("High flag: Evil\r\nBcc: all@bank.example")
	assert.NotContains(t, subject, "\n")
	assert.NotContains(t, subject, "\r")
}
