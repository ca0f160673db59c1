package registerdataotel

import (
	"context"
	"net"
	"net/http/httptrace"
	"strconv"
	"sync/atomic"

	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/trace"
)

// serverAddr is the host and port a call's requests went to.
type serverAddr struct {
	host string
	port int
}

// writes follows the requests of one call through httptrace hooks in its
// context: which server they went to, and how often a request was written
// (every write after the first is a retry, including the transport's own
// re-sends on a new connection).
type writes struct {
	n    atomic.Int32
	addr atomic.Pointer[serverAddr]
}

type writesKey struct{}

// withWrites adds the hooks of one call to ctx. httptrace composes them
// with any hooks already in ctx and with those the SDK adds below it.
func withWrites(ctx context.Context, o *Observer, span trace.Span) context.Context {
	w := &writes{}
	ctx = context.WithValue(ctx, writesKey{}, w)
	return httptrace.WithClientTrace(ctx, &httptrace.ClientTrace{
		GetConn: func(hostPort string) {
			if a := parseHostPort(hostPort); a != nil {
				w.addr.Store(a)
				o.host.Store(a)
			}
		},
		WroteRequest: func(info httptrace.WroteRequestInfo) {
			n := w.n.Add(1)
			if n > 1 {
				attrs := []attribute.KeyValue{attribute.Int("registerdata.attempt", int(n))}
				if info.Err != nil {
					attrs = append(attrs, attribute.Bool("registerdata.write_failed", true))
				}
				span.AddEvent("retry", trace.WithAttributes(attrs...))
			}
		},
	})
}

// serverOf is the server a call's requests went to, or, for a call that
// made none, the last one any call of the observer went to.
func (o *Observer) serverOf(ctx context.Context) *serverAddr {
	if w, ok := ctx.Value(writesKey{}).(*writes); ok {
		if a := w.addr.Load(); a != nil {
			return a
		}
	}
	return o.host.Load()
}

func parseHostPort(hp string) *serverAddr {
	host, port, err := net.SplitHostPort(hp)
	if err != nil {
		return nil
	}
	p, err := strconv.Atoi(port)
	if err != nil {
		return nil
	}
	return &serverAddr{host: host, port: p}
}
