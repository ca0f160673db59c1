package main

import (
	"context"
	"net/http"
	"sync"

	"github.com/registerdata/registerdata-go/changes"
	"github.com/registerdata/registerdata-go/webhook"
	"github.com/spf13/pflag"
)

// changesFlags are the flags of "webhook listen --changes".
type changesFlags struct {
	on, jsonl bool
}

func declareChangesFlags(fs *pflag.FlagSet) *changesFlags {
	var f changesFlags
	fs.BoolVar(&f.on, "changes", false, "fetch what each monitor event announces and print the changes as sentences (needs an API key: each fetch costs credits)")
	fs.BoolVar(&f.jsonl, "jsonl", false, "with --changes: print each event's changes as one JSON line (a changes.Set)")
	return &f
}

// changesHandler is the handler of "webhook listen --changes": a
// changes.Watcher as the callback of webhook.Handler, printing each Set.
// The first event of an entity stores its baseline ("watching ID from
// now on"); the snapshots live in memory for the run. mu serialises the
// output with the listener's own lines.
func (a *app) changesHandler(v *webhook.Verifier, mu *sync.Mutex, f *changesFlags) (http.Handler, error) {
	c, err := a.api()
	if err != nil {
		return nil, err
	}
	p := &setPrinter{w: a.stdout, jsonl: f.jsonl || a.jsonOut}
	w := changes.NewWatcher(c, changes.NewMemoryStore(), func(_ context.Context, set changes.Set) error {
		mu.Lock()
		defer mu.Unlock()
		return p.print(set)
	})
	return webhook.Handler(v, func(ctx context.Context, ev *webhook.Event) error {
		return noteDelivery(ctx, ev, w.Handle(ctx, ev))
	}), nil
}
