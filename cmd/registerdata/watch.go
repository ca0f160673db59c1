package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/changes"
	"github.com/registerdata/registerdata-go/cmd/registerdata/internal/output"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/spf13/pflag"
)

// watchGroup is "registerdata watch": polling ids for changes, for
// accounts without monitoring.
func watchGroup() *group {
	return &group{name: "watch", summary: "check companies or persons every interval and print what changed", commands: []*command{watchCommand()}}
}

func watchCommand() *command {
	return &command{
		name: "", args: "ID [ID...]", nargs: -1, billable: true,
		summary: "check companies or persons every interval and print what changed",
		help: `Polls the ids (company ids; person UUIDs) every --every with changes.Poll
and prints each change as a sentence (one JSON line per changed entity with
--jsonl). The first round stores a baseline for every id and prints
nothing for it; --state DIR keeps the baselines in files, so that a run
from cron with --once compares with the run before. Without --once it
runs until Ctrl-C.

Cost per id and round: 10 credits for the company record (or the person),
10 more with ownership, 10 more with holdings, 10 per insolvency
proceeding with insolvencies: 10 credits a day per company with --every
24h. A weekly monitor of the service (registerdata monitor create) costs
25 credits a month and fetches nothing; prefer it where the account has
monitoring. --budget stops the polling (exit 1) when it is spent.`,
		examples: []string{
			"registerdata --fake watch DE-HRB-F1103-267645 --once",
			"registerdata --budget 700 watch DE-HRB-F1103-267645 DE-HRB-K1101-99812 --every 24h --categories basic,ownership",
			"registerdata watch --once --state ~/.registerdata/watch --jsonl $(cat ids.txt) >> changes.jsonl",
		},
		setup: func(fs *pflag.FlagSet) runFunc {
			every := fs.Duration("every", 24*time.Hour, "the interval between two rounds, such as 1h or 24h")
			cats := fs.StringSlice("categories", nil, "what to check, comma-separated: basic, representation, financials, documents, ownership, holdings, insolvencies, management_positions (default: the record alone)")
			jsonl := fs.Bool("jsonl", false, "print each changed entity as one JSON line (a changes.Set)")
			state := fs.String("state", "", "keep the baselines in `DIR` between runs (default: in memory, for this run)")
			once := fs.Bool("once", false, "one round, then exit: for cron with --state")
			return func(a *app, args []string) error {
				return a.runWatch(args, *every, *cats, *jsonl, *state, *once)
			}
		},
	}
}

// parsePreferences reads --categories.
func parsePreferences(names []string) ([]enums.Preference, error) {
	var out []enums.Preference
	known := enums.Preference("").Values()
	for _, n := range names {
		p := enums.Preference(strings.TrimSpace(strings.ToLower(n)))
		if !slices.Contains(known, p) {
			list := make([]string, len(known))
			for i, k := range known {
				list[i] = string(k)
			}
			return nil, usagef("--categories: unknown category %q: use %s", n, strings.Join(list, ", "))
		}
		out = append(out, p)
	}
	return out, nil
}

func (a *app) runWatch(ids []string, every time.Duration, catNames []string, jsonl bool, state string, once bool) error {
	if len(ids) == 0 {
		return usagef("watch takes at least one company id or person UUID")
	}
	if every <= 0 {
		return usagef("--every %v: want a positive interval such as 24h", every)
	}
	cats, err := parsePreferences(catNames)
	if err != nil {
		return err
	}
	var store changes.Store = changes.NewMemoryStore()
	if state != "" {
		fst, err := changes.NewFileStore(state)
		if err != nil {
			return usageError{fmt.Errorf("--state: %w", err)}
		}
		store = fst
	}
	c, err := a.api()
	if err != nil {
		return err
	}
	clk := a.watchClock
	if clk == nil {
		clk = appClock{a.now}
	}
	opts := changes.PollOptions{Every: every, Categories: cats, Clock: clk}
	if once {
		opts.Rounds = 1
	}
	if !once {
		fmt.Fprintf(a.stderr, "watching %d id%s every %v (Ctrl-C to stop); the first round stores the baselines\n", len(ids), plural(int64(len(ids))), every)
	}
	p := &setPrinter{w: a.stdout, jsonl: jsonl || a.jsonOut}
	failed := 0
	for set, err := range changes.Poll(a.ctx, c, store, ids, opts) {
		if err != nil {
			if errors.Is(err, registerdata.ErrBudgetExceeded) {
				return err
			}
			failed++
			fmt.Fprintf(a.stderr, "%s%s: %s\n", errorPrefix, output.Clean(set.EntityID), withoutPrefix(output.Clean(err.Error())))
			continue
		}
		if err := p.print(set); err != nil {
			return err
		}
	}
	if failed > 0 {
		return fmt.Errorf("%d check%s failed (see above)", failed, plural(int64(failed)))
	}
	return nil
}

// appClock is the app's clock (a.now) with the wall clock's timers.
type appClock struct{ now func() time.Time }

func (c appClock) Now() time.Time                         { return c.now() }
func (c appClock) After(d time.Duration) <-chan time.Time { return time.After(d) }

// setPrinter prints Sets as sentences or JSON Lines, one Set at a time.
type setPrinter struct {
	mu    sync.Mutex
	w     io.Writer
	jsonl bool
}

// print writes one Set: a JSON line, or a line per change
// ("2026-01-15T12:00:00Z  company DE-...: The status changed ..."); a
// baseline says the entity is watched from now on.
func (p *setPrinter) print(set changes.Set) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.jsonl {
		b, err := json.Marshal(set)
		if err != nil {
			return err
		}
		_, err = p.w.Write(append(b, '\n'))
		return err
	}
	prefix := fmt.Sprintf("%s  %s %s", set.DetectedAt.UTC().Format(time.RFC3339), set.EntityType, output.Clean(set.EntityID))
	var b strings.Builder
	if set.Baseline {
		fmt.Fprintf(&b, "%s: watching %s from now on (baseline stored, %d credits)\n", prefix, output.Clean(set.EntityID), set.Credits)
	}
	for _, ch := range set.Changes {
		fmt.Fprintf(&b, "%s: %s\n", prefix, output.Clean(ch.String()))
	}
	_, err := io.WriteString(p.w, b.String())
	return err
}
