package main

import (
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/registerdata/registerdata-go/cmd/registerdata/internal/output"
	"github.com/registerdata/registerdata-go/webhook"
	"github.com/spf13/pflag"
)

// envWebhookSecret is read when --secret is not given, so the secret need
// not stand in the shell history.
const envWebhookSecret = "REGISTERDATA_WEBHOOK_SECRET"

// webhookGroup is "registerdata webhook ...": checking and receiving
// monitor notifications. It needs no API key.
func webhookGroup() *group {
	return &group{
		name:     "webhook",
		summary:  "verify a captured notification, or receive them on a local port",
		commands: []*command{webhookVerify(), webhookListen()},
	}
}

// secretFlags are the ways a command is given the webhook signing
// secret: $REGISTERDATA_WEBHOOK_SECRET (the default), --secret-file, or
// --secret on the command line, which works with a warning: every local
// user sees it in the process list, and the shell keeps it in its history.
type secretFlags struct {
	inline, file string
}

// declareSecretFlags declares --secret-file and --secret on fs.
func declareSecretFlags(fs *pflag.FlagSet) *secretFlags {
	sf := &secretFlags{}
	fs.StringVar(&sf.file, "secret-file", "", "read the signing secret from the first line of `FILE` (default: $"+envWebhookSecret+")")
	fs.StringVar(&sf.inline, "secret", "", "the signing `secret` itself (visible to every local user in ps: prefer $"+envWebhookSecret+" or --secret-file)")
	return sf
}

// maxSecretFile bounds what --secret-file reads: a secret is a line.
const maxSecretFile = 4 << 10

// secret returns the signing secret from --secret-file, --secret (with a
// warning) or the environment; none, or two at once, is a usage error.
func (a *app) secret(sf *secretFlags) (string, error) {
	var secret string
	switch {
	case sf.file != "" && sf.inline != "":
		return "", usagef("give the secret once: --secret-file or --secret, not both")
	case sf.file != "":
		f, err := os.Open(sf.file)
		if err != nil {
			return "", usagef("--secret-file: %w", err)
		}
		defer f.Close()
		b, err := io.ReadAll(io.LimitReader(f, maxSecretFile))
		if err != nil {
			return "", usagef("--secret-file %s: %w", sf.file, err)
		}
		secret, _, _ = strings.Cut(string(b), "\n")
		secret = strings.TrimSpace(secret)
		if secret == "" {
			return "", usagef("--secret-file %s: the first line is empty; write the secret (whsec_...) on it", sf.file)
		}
	case sf.inline != "":
		fmt.Fprintf(a.stderr, "warning: --secret shows the secret to every local user (ps) and in the shell history; set %s or use --secret-file instead\n", envWebhookSecret)
		secret = sf.inline
	default:
		secret = a.getenv(envWebhookSecret)
	}
	if secret == "" {
		return "", usagef("no signing secret: set %s or pass --secret-file FILE", envWebhookSecret)
	}
	a.addSecret(secret)
	return secret, nil
}

// verifier builds the Verifier; a missing or malformed secret is a usage
// error.
func (a *app) verifier(sf *secretFlags, tolerance time.Duration) (*webhook.Verifier, error) {
	secret, err := a.secret(sf)
	if err != nil {
		return nil, err
	}
	if tolerance <= 0 {
		return nil, usagef("--tolerance %v: want a positive duration such as 5m", tolerance)
	}
	v, err := webhook.NewVerifier(secret, webhook.WithTolerance(tolerance))
	if err != nil {
		return nil, usageError{err}
	}
	return v, nil
}

func webhookVerify() *command {
	return &command{
		name: "verify", args: "< BODY", nargs: 0,
		summary: "check the signature of a notification read from stdin",
		help: `Reads a notification body from stdin and checks its signature against the
secret ($REGISTERDATA_WEBHOOK_SECRET or --secret-file), with the three
headers of the delivery given as flags. Exits 0 and
describes the event when it verifies (prints the body with --json), exits 1
with the reason when it does not: a wrong secret, a body changed on the
way (re-encoded JSON, a trailing newline), or a timestamp older than
--tolerance (raise it to check a captured delivery later).`,
		examples: []string{
			`registerdata webhook verify --secret-file ~/.config/registerdata/webhook-secret --id msg_2Lx --timestamp 1767225600 --signature 'v1,K5o...' < body.json`,
			`REGISTERDATA_WEBHOOK_SECRET=$(pass registerdata/webhook) registerdata webhook verify --id msg_2Lx --timestamp 1767225600 --signature 'v1,K5o...' --tolerance 720h < body.json`,
		},
		setup: func(fs *pflag.FlagSet) runFunc {
			secret := declareSecretFlags(fs)
			id := fs.String("id", "", "the webhook-id (or svix-id) header")
			ts := fs.String("timestamp", "", "the webhook-timestamp header: Unix seconds")
			sig := fs.String("signature", "", "the webhook-signature header: one or more space-separated v1,... values")
			tolerance := fs.Duration("tolerance", webhook.DefaultTolerance, "how far the timestamp may lie from now")
			return func(a *app, _ []string) error {
				v, err := a.verifier(secret, *tolerance)
				if err != nil {
					return err
				}
				body, err := io.ReadAll(io.LimitReader(a.stdin, webhook.DefaultMaxBodyBytes+1))
				if err != nil {
					return fmt.Errorf("reading the body from stdin: %w", err)
				}
				h := http.Header{}
				h.Set("webhook-id", *id)
				h.Set("webhook-timestamp", *ts)
				h.Set("webhook-signature", *sig)
				ev, err := v.Parse(h, body)
				if err != nil {
					return fmt.Errorf("not verified: %w", err)
				}
				if a.jsonOut {
					return a.writeLine(ev.Raw)
				}
				_, err = fmt.Fprintf(a.stdout, "verified: %s\n", describeEvent(ev))
				return err
			}
		},
	}
}

// describeEvent is one line about a verified event.
func describeEvent(ev *webhook.Event) string {
	return output.Clean(fmt.Sprintf("%s %s %s [%s] (webhook id %s, sent %s)", ev.Type, ev.EntityType, ev.EntityID,
		strings.Join(ev.Categories, ","), ev.ID, ev.Timestamp.UTC().Format(time.RFC3339)))
}

// writeLine writes b compacted to one line, or as it is if it is not
// JSON.
func (a *app) writeLine(b []byte) error {
	line := a.redact(strings.ReplaceAll(strings.TrimSpace(string(b)), "\n", " "))
	_, err := fmt.Fprintln(a.stdout, line)
	return err
}
