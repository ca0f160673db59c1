package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/registerdata/registerdata-go/cmd/registerdata/internal/output"
	"github.com/registerdata/registerdata-go/registerdatareport"
	"github.com/spf13/pflag"
)

// reportGroup is "registerdata report": the KYC dossier of a company.
func reportGroup() *group {
	return &group{name: "report", summary: "a company's KYC dossier as one self-contained HTML file", commands: []*command{reportCommand()}}
}

func reportCommand() *command {
	return &command{
		name: "", args: "ID", nargs: 1, billable: true,
		summary: "a company's KYC dossier as one self-contained HTML file",
		help: `Gathers a company's dossier with registerdatareport.Build (profile,
ownership chart up to --depth levels, beneficial owners, representatives,
history, financial charts, insolvencies, documents, red flags, and where
each fact came from) and writes it as one HTML file that opens offline and
prints to A4. It goes to --out FILE; without --out, to stdout when that
is a pipe or a file, and to ID.html in the current directory when stdout
is a terminal (an existing ID.html is not replaced: name it with --out).

It costs about 10 credits per part fetched (the record, each level of
owners, the beneficial owners, the financials, each insolvency, and with
--persons each representative's person record); --budget caps it, and a
part the budget cannot pay is left out and said so in the dossier. The
credits spent and the red flags are printed on stderr.`,
		examples: []string{
			"registerdata --fake report DE-HRB-F1103-267645 --out nordlicht.html",
			"registerdata --budget 200 report DE-HRB-F1103-267645 --depth 3 --persons --out dossier.html",
		},
		setup: func(fs *pflag.FlagSet) runFunc {
			out := fs.String("out", "", "write the HTML to `FILE` (default: stdout when piped, ID.html on a terminal)")
			depth := fs.Int("depth", registerdatareport.DefaultDepth, "how many levels of owners the ownership chart fetches")
			persons := fs.Bool("persons", false, "also fetch each representative's other management positions (10 credits each)")
			return func(a *app, args []string) error { return a.runReport(args[0], *out, *depth, *persons) }
		},
	}
}

func (a *app) runReport(id, out string, depth int, persons bool) (err error) {
	if depth < 1 {
		return usagef("--depth %d: want 1 or more levels of owners", depth)
	}
	c, err := a.api()
	if err != nil {
		return err
	}
	if out == "" && a.stdoutTTY {
		// 40 KB of HTML is of no use on a terminal: a file next to the user.
		if out, err = a.reportFileName(id); err != nil {
			return err
		}
	}
	d, err := registerdatareport.Build(a.ctx, c, id, registerdatareport.Options{Depth: depth, IncludePersons: persons, Now: a.now})
	if err != nil {
		return err
	}
	if out == "" {
		bw := bufio.NewWriter(a.stdout)
		if err := d.WriteHTML(bw); err != nil {
			return err
		}
		if err := bw.Flush(); err != nil {
			return err
		}
	} else if err := writeFileAtomic(out, d.WriteHTML); err != nil {
		return err
	} else {
		where, aerr := filepath.Abs(out)
		if aerr != nil {
			where = out
		}
		fmt.Fprintf(a.stderr, "wrote the dossier to %s\n", output.Clean(where))
	}
	fmt.Fprintf(a.stderr, "dossier of %s: %d credits, %d red flag%s\n", output.Clean(d.Company.Name.Name), d.Credits, len(d.RedFlags), plural(int64(len(d.RedFlags))))
	for _, f := range d.RedFlags {
		fmt.Fprintf(a.stderr, "  %s: %s\n", output.Clean(f.Code), output.Clean(f.Reason))
	}
	return nil
}

// reportFileName is the file a dossier goes to when stdout is a
// terminal and no --out was given: ID.html in the current directory,
// never one that exists.
func (a *app) reportFileName(id string) (string, error) {
	name := id + ".html"
	if id == "" || filepath.Base(name) != name || name[0] == '.' {
		return "", usagef("%q is not a company id to name a file after: give the file with --out FILE, or pipe the HTML: registerdata report ID > FILE", id)
	}
	if _, err := os.Lstat(name); err == nil {
		return "", usagef("%s exists and is not replaced: give --out %s to replace it, or another --out FILE", name, name)
	}
	return name, nil
}

// writeFileAtomic writes a file through a temporary one renamed over it,
// so a failed run leaves no half a dossier.
func writeFileAtomic(name string, write func(io.Writer) error) error {
	tmp, err := os.CreateTemp(filepath.Dir(name), "."+filepath.Base(name)+".*")
	if err != nil {
		return usageError{fmt.Errorf("--out: %w", err)}
	}
	defer os.Remove(tmp.Name())
	bw := bufio.NewWriter(tmp)
	if err := write(bw); err != nil {
		tmp.Close()
		return err
	}
	if err := bw.Flush(); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), name)
}
