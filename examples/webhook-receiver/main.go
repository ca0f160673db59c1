// Command webhook-receiver receives the monitor notifications of the
// Register Data Service and prints each verified event.
//
// Without arguments it runs a self-contained demonstration: it starts a
// receiver on a loopback port and the SDK's bundled fake in-process, with
// the receiver configured as the fake's webhook endpoint, creates a
// monitor, changes the company in the fake's register, advances the fake
// clock to the weekly check and prints the event the receiver verified:
//
//	go run ./examples/webhook-receiver
//
// With -listen it serves for real, verifying with the signing secret of
// $REGISTERDATA_WEBHOOK_SECRET (shown in the service's dashboard):
//
//	REGISTERDATA_WEBHOOK_SECRET=whsec_... go run ./examples/webhook-receiver -listen :8080
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/signal"
	"time"
)

// envSecret names the variable holding the signing secret.
const envSecret = "REGISTERDATA_WEBHOOK_SECRET"

func main() {
	listen := flag.String("listen", "", "serve deliveries on this address (such as :8080) instead of running the demonstration")
	flag.Parse()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()

	var err error
	if *listen != "" {
		err = serve(ctx, os.Stdout, *listen, os.Getenv(envSecret))
	} else {
		err = demo(ctx, os.Stdout)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "webhook-receiver:", err)
		os.Exit(1)
	}
}

// serve receives deliveries on addr until ctx ends. Put it behind a TLS
// terminating proxy: the service delivers to https addresses only.
func serve(ctx context.Context, w io.Writer, addr, secret string) error {
	if secret == "" {
		return fmt.Errorf("set %s to the signing secret shown in the dashboard", envSecret)
	}
	p := &printer{w: w}
	h, err := newReceiver(secret, p.handle)
	if err != nil {
		return err
	}
	srv := &http.Server{Addr: addr, Handler: h, ReadHeaderTimeout: 10 * time.Second, ReadTimeout: 30 * time.Second}
	go func() {
		<-ctx.Done()
		shutdown, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		_ = srv.Shutdown(shutdown)
	}()
	fmt.Fprintf(w, "receiving deliveries on %s%s\n", addr, hookPath)
	if err := srv.ListenAndServe(); !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}
