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
nothing for it, but says for how many ids it stored one; --state DIR
keeps the baselines in files, so that a run from cron with --once
compares with the run before. Without --once it runs until Ctrl-C.

Printed changes are reported at least once: a run killed after printing
a change and before storing its snapshot prints it again. --out FILE
(with --state) appends them to FILE exactly once instead: a killed run
leaves FILE and the state so that the next run adds each change once.

Cost per id and round: 10 credits for the company record (or the person),
10 more with ownership, 10 more with holdings, 10 per insolvency
proceeding with insolvencies: 10 credits a day per company with --every
24h. A weekly monitor of the service (registerdata monitor create) costs
25 credits a month and fetches nothing; prefer it where the account has
monitoring. --budget stops the polling (exit 1) when it is spent.`,
		examples: []string{
			"registerdata --fake watch DE-HRB-F1103-267645 --once",
			"registerdata --budget 700 watch DE-HRB-F1103-267645 DE-HRB-K1101-99812 --every 24h --categories basic,ownership",
			"registerdata watch --once --state ~/.registerdata/watch --jsonl --out changes.jsonl $(cat ids.txt)",
		},
		setup: func(fs *pflag.FlagSet) runFunc {
			every := fs.Duration("every", 24*time.Hour, "the interval between two rounds, such as 1h or 24h")
			cats := fs.StringSlice("categories", nil, "what to check, comma-separated: basic, representation, financials, documents, ownership, holdings, insolvencies, management_positions (default: the record alone)")
			jsonl := fs.Bool("jsonl", false, "print each changed entity as one JSON line (a changes.Set)")
			state := fs.String("state", "", "keep the baselines in `DIR` between runs (default: in memory, for this run)")
			once := fs.Bool("once", false, "one round, then exit: for cron with --state")
			out := fs.String("out", "", "append what changed to `FILE` (with --state), each change once even when a run is killed")
			return func(a *app, args []string) error {
				return a.runWatch(args, watchOptions{every: *every, cats: *cats, jsonl: *jsonl, state: *state, once: *once, out: *out})
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

// watchOptions are the flags of "watch".
type watchOptions struct {
	every      time.Duration
	cats       []string
	jsonl      bool
	state, out string
	once       bool
}

func (a *app) runWatch(ids []string, o watchOptions) error {
	if len(ids) == 0 {
		return usagef("watch takes at least one company id or person UUID")
	}
	if o.every <= 0 {
		return usagef("--every %v: want a positive interval such as 24h", o.every)
	}
	if o.out != "" && o.state == "" {
		return usagef("--out needs --state DIR: the state says which changes FILE already holds")
	}
	cats, err := parsePreferences(o.cats)
	if err != nil {
		return err
	}
	var base changes.Store = changes.NewMemoryStore()
	if o.state != "" {
		fst, err := changes.NewFileStore(o.state)
		if err != nil {
			return usageError{fmt.Errorf("--state: %w", err)}
		}
		base = fst
	}
	store := newWatchStore(base)
	var out *outFile
	if o.out != "" {
		if out, err = openOut(a.ctx, o.out, o.state, base); err != nil {
			return usageError{fmt.Errorf("--out: %w", err)}
		}
		defer out.Close()
	}
	c, err := a.api()
	if err != nil {
		return err
	}
	var clk changes.Clock = a.watchClock
	if clk == nil {
		clk = appClock{a.now}
	}
	note := func() {
		companies, persons := store.baselines()
		if n := baselineNote(companies, persons, o.state != "", o.once); n != "" {
			fmt.Fprint(a.stderr, n)
		}
	}
	opts := changes.PollOptions{Every: o.every, Categories: cats, Clock: &firstRoundClock{Clock: clk, done: note}}
	if o.once {
		opts.Rounds = 1
	} else {
		fmt.Fprintf(a.stderr, "watching %d id%s every %v (Ctrl-C to stop); the first round stores the baselines\n", len(ids), plural(int64(len(ids))), o.every)
	}
	p := &setPrinter{w: a.stdout, jsonl: o.jsonl || a.jsonOut}
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
		if out != nil {
			key := "changes/" + string(set.EntityType) + "/" + set.EntityID
			b, err := p.format(set)
			if err == nil {
				err = out.append(key, store.baseOf(key), b)
			}
			if err != nil {
				return fmt.Errorf("--out %s: %w", o.out, err)
			}
			continue
		}
		if err := p.print(set); err != nil {
			return err
		}
	}
	if o.once {
		note()
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
	b, err := p.format(set)
	if err != nil {
		return err
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	_, err = p.w.Write(b)
	return err
}

// format is what print writes for set.
func (p *setPrinter) format(set changes.Set) ([]byte, error) {
	if p.jsonl {
		b, err := json.Marshal(set)
		if err != nil {
			return nil, err
		}
		return append(b, '\n'), nil
	}
	prefix := fmt.Sprintf("%s  %s %s", set.DetectedAt.UTC().Format(time.RFC3339), set.EntityType, output.Clean(set.EntityID))
	var b strings.Builder
	if set.Baseline {
		fmt.Fprintf(&b, "%s: watching %s from now on (baseline stored, %d credits)\n", prefix, output.Clean(set.EntityID), set.Credits)
	}
	for _, ch := range set.Changes {
		fmt.Fprintf(&b, "%s: %s\n", prefix, output.Clean(ch.String()))
	}
	return []byte(b.String()), nil
}
