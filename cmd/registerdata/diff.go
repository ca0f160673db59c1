package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"

	"github.com/registerdata/registerdata-go/changes"
	"github.com/registerdata/registerdata-go/cmd/registerdata/internal/output"
	"github.com/spf13/pflag"
)

// maxRecordFile bounds a saved record diff reads.
const maxRecordFile = 64 << 20

// diffGroup is "registerdata diff": what changed between two saved
// records, or between a saved record and the current one.
func diffGroup() *group {
	return &group{name: "diff", summary: "what changed between two saved records, or a saved record and today's", commands: []*command{diffCommand()}}
}

func diffCommand() *command {
	return &command{
		name: "", args: "BEFORE.json [AFTER.json]", nargs: -1, billable: true,
		summary: "what changed between two saved records, or a saved record and today's",
		help: `Compares two saved answers of the service (a company record, its owners,
holdings or a person, as "registerdata --json company get ID > before.json"
saves them) and prints each change as a sentence, or as one JSON line per
change with --jsonl. Reordered lists are no change; a representative with
an end date "left".

With one file it fetches the same record now and compares with it: that
costs what the fetch costs (10 credits for a company record), reported on
stderr. "-" reads BEFORE.json from stdin.`,
		examples: []string{
			"registerdata --json company get DE-HRB-F1103-267645 > before.json",
			"registerdata diff before.json",
			"registerdata diff before.json after.json --jsonl | jq .field",
		},
		setup: func(fs *pflag.FlagSet) runFunc {
			jsonl := fs.Bool("jsonl", false, "print each change as one JSON line")
			return func(a *app, args []string) error { return a.runDiff(args, *jsonl) }
		},
	}
}

func (a *app) runDiff(args []string, jsonl bool) error {
	if len(args) < 1 || len(args) > 2 {
		return usagef("diff takes BEFORE.json and optionally AFTER.json, got %d argument(s)", len(args))
	}
	before, err := a.readRecord(args[0])
	if err != nil {
		return err
	}
	var cs []changes.Change
	if len(args) == 2 {
		after, err := a.readRecord(args[1])
		if err != nil {
			return err
		}
		if cs, err = changes.Diff(before, after); err != nil {
			return usageError{err}
		}
	} else {
		if _, err := changes.DetectRecord(before); err != nil {
			return usageError{fmt.Errorf("%s: %w", args[0], err)}
		}
		c, err := a.api()
		if err != nil {
			return err
		}
		if cs, _, err = changes.DiffCurrent(a.ctx, c, before); err != nil {
			return err
		}
	}
	if len(cs) == 0 {
		fmt.Fprintln(a.stderr, "no changes")
		return nil
	}
	for _, ch := range cs {
		if jsonl {
			b, err := json.Marshal(ch)
			if err != nil {
				return err
			}
			if err := a.writeLine(b); err != nil {
				return err
			}
			continue
		}
		if _, err := fmt.Fprintln(a.stdout, output.Clean(ch.String())); err != nil {
			return err
		}
	}
	return nil
}

// readRecord reads a saved record from a file, or stdin for "-".
func (a *app) readRecord(name string) ([]byte, error) {
	r := a.stdin
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			return nil, usageError{err}
		}
		defer f.Close()
		r = f
	}
	b, err := io.ReadAll(io.LimitReader(r, maxRecordFile+1))
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", name, err)
	}
	if len(b) > maxRecordFile {
		return nil, usagef("%s is larger than %d MiB: not a saved record of the service", name, maxRecordFile>>20)
	}
	return b, nil
}
