package main

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/registerdata/registerdata-go/cmd/registerdata/internal/output"
	"github.com/registerdata/registerdata-go/webhook"
	"github.com/spf13/pflag"
)

func webhookListen() *command {
	return &command{
		name: "listen", nargs: 0,
		summary: "receive notifications on a port and print each one",
		help: `Serves webhook.Handler on --addr (default 127.0.0.1:8080, this machine
only; give an address such as :8080 to listen on every interface) with the
secret from $REGISTERDATA_WEBHOOK_SECRET or --secret-file: every delivery
is verified, each verified
event is printed on stdout as it arrives (its body as one JSON line with
--json) and each rejected request on stderr with its status and reason.
Duplicate deliveries are answered without being printed again. A delivery
whose handling fails (with --changes: out of credits, over --budget, a
company no longer in the register, rate-limited) is answered 500, so the
service delivers it again, and stderr says why and what to do. Stop it with
Ctrl-C. Point the dashboard's webhook endpoint (or a tunnel) at it.`,
		examples: []string{
			`registerdata webhook listen --secret-file ~/.config/registerdata/webhook-secret`,
			`REGISTERDATA_WEBHOOK_SECRET=$(pass registerdata/webhook) registerdata webhook listen --addr 127.0.0.1:9000 --json | jq .entity_id`,
		},
		setup: func(fs *pflag.FlagSet) runFunc {
			addr := fs.String("addr", defaultListenAddr, "the `address` to listen on (\":8080\": every interface)")
			secret := declareSecretFlags(fs)
			tolerance := fs.Duration("tolerance", webhook.DefaultTolerance, "how far a delivery's timestamp may lie from now")
			watch := declareChangesFlags(fs)
			return func(a *app, _ []string) error {
				v, err := a.verifier(secret, *tolerance)
				if err != nil {
					return err
				}
				l, err := a.listenTCP("--addr", *addr)
				if err != nil {
					return err
				}
				return a.serveWebhooks(l, v, watch)
			}
		},
	}
}

// The receiver's limits: a client that trickles its headers or body, or
// holds an idle connection, is cut off, so that slow connections cannot
// starve a signed delivery; headers are bounded (the body is bounded by
// webhook.Handler).
const defaultListenAddr = "127.0.0.1:8080"

// serverLimits are the timeouts and the header bound of the receiver.
type serverLimits struct {
	header, read, write, idle time.Duration
	maxHeaderBytes            int
}

var listenLimits = serverLimits{
	header: 5 * time.Second, read: 15 * time.Second, write: 15 * time.Second, idle: 60 * time.Second,
	maxHeaderBytes: 16 << 10,
}

// webhookServer is the receiver's server with the given limits.
func webhookServer(h http.Handler, lim serverLimits) *http.Server {
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: lim.header,
		ReadTimeout:       lim.read,
		WriteTimeout:      lim.write,
		IdleTimeout:       lim.idle,
		MaxHeaderBytes:    lim.maxHeaderBytes,
	}
}

// serveWebhooks serves the handler on l until the context ends.
func (a *app) serveWebhooks(l net.Listener, v *webhook.Verifier, watch *changesFlags) error {
	var mu sync.Mutex // one line at a time on each stream
	h := webhook.Handler(v, func(ctx context.Context, ev *webhook.Event) error {
		mu.Lock()
		defer mu.Unlock()
		if a.jsonOut {
			return noteDelivery(ctx, ev, a.writeLine(ev.Raw))
		}
		_, err := fmt.Fprintf(a.stdout, "%s  %s\n", time.Now().UTC().Format(time.RFC3339), describeEvent(ev))
		return noteDelivery(ctx, ev, err)
	})
	if watch.on {
		var err error
		if h, err = a.changesHandler(v, &mu, watch); err != nil {
			return err
		}
	}
	srv := webhookServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		note := new(deliveryNote)
		rec := &statusRecorder{ResponseWriter: w, status: http.StatusOK}
		h.ServeHTTP(rec, r.WithContext(context.WithValue(r.Context(), deliveryKey{}, note)))
		mu.Lock()
		defer mu.Unlock()
		id := output.Clean(firstHeader(r.Header, "webhook-id", "svix-id"))
		switch {
		case note.err != nil && rec.status >= 500:
			fmt.Fprintln(a.stderr, a.deliveryFailure(note.event, rec.status, note.err))
		case rec.status >= 400:
			fmt.Fprintf(a.stderr, "rejected %d %s %s from %s: %s\n", rec.status, r.Method, output.Clean(r.URL.Path),
				r.RemoteAddr, output.Clean(strings.TrimSpace(rec.body.String())))
		case !note.called:
			fmt.Fprintf(a.stderr, "duplicate delivery %s answered %d without printing it again\n", id, rec.status)
		}
	}), listenLimits)
	fmt.Fprintf(a.stderr, "listening on http://%s/ (Ctrl-C to stop)\n", l.Addr())
	return serveUntilDone(a.ctx, srv, l)
}

func firstHeader(h http.Header, names ...string) string {
	for _, n := range names {
		if v := h.Get(n); v != "" {
			return v
		}
	}
	return ""
}

// statusRecorder keeps the status of a response and the start of the body
// of an error response (the handler's reason).
type statusRecorder struct {
	http.ResponseWriter
	status int
	body   strings.Builder
}

func (s *statusRecorder) WriteHeader(code int) {
	s.status = code
	s.ResponseWriter.WriteHeader(code)
}

func (s *statusRecorder) Write(b []byte) (int, error) {
	if s.status >= 400 && s.body.Len() < 512 {
		s.body.Write(b[:min(len(b), 512-s.body.Len())])
	}
	return s.ResponseWriter.Write(b)
}
