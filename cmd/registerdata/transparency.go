package main

import (
	"bufio"
	"fmt"
	"strings"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/cmd/registerdata/internal/output"
	"github.com/spf13/pflag"
)

// envTransparencyPassword holds the Transparenzregister password for
// "transparency login", so that it stands neither in the shell history
// nor in the process list.
const envTransparencyPassword = "REGISTERDATA_TRANSPARENCY_PASSWORD"

// transparencyGroup is "registerdata transparency ...": extracts of the
// Transparenzregister (the official register of beneficial owners).
func transparencyGroup() *group {
	return &group{
		name:     "transparency",
		summary:  "Transparenzregister extracts: store a login, request and read extracts",
		commands: []*command{transparencyLogin(), transparencyExtract(), transparencyGet()},
	}
}

func transparencyLogin() *command {
	return &command{
		name: "login", nargs: 0,
		summary: "store a Transparenzregister login with the service (free)",
		help: `Stores a Transparenzregister login under --name (default "default") for
later extracts; the service checks it first. The password is read from
$` + envTransparencyPassword + `, else from the first line of stdin.`,
		examples: []string{
			`registerdata transparency login --username max@example.de < password.txt`,
			`REGISTERDATA_TRANSPARENCY_PASSWORD=... registerdata transparency login --username max@example.de --name team`,
		},
		setup: func(fs *pflag.FlagSet) runFunc {
			username := fs.String("username", "", "the Transparenzregister `user` name")
			name := fs.String("name", "", "the name to store the login under (default \"default\")")
			return func(a *app, _ []string) error {
				password := a.getenv(envTransparencyPassword)
				if password == "" {
					line, err := bufio.NewReader(a.stdin).ReadString('\n')
					if err != nil && line == "" {
						return usagef("no password: set %s or pass it on stdin", envTransparencyPassword)
					}
					password = strings.TrimRight(line, "\r\n")
				}
				a.addSecret(password) // never printed, whatever the service quotes back
				c, err := a.api()
				if err != nil {
					return err
				}
				creds := registerdata.TransparencyCredentials{Username: *username, Name: *name}
				setSecret(&creds.Password, password)
				if err := c.SetTransparencyCredentials(a.ctx, creds); err != nil {
					return err
				}
				if a.jsonOut {
					return a.printRaw()
				}
				stored := *name
				if stored == "" {
					stored = registerdata.DefaultCredentialName
				}
				_, err = fmt.Fprintf(a.stdout, "stored the login of %s as %q\n", output.Clean(*username), output.Clean(stored))
				return err
			}
		},
	}
}

func transparencyExtract() *command {
	return &command{
		name: "extract", args: "[COMPANY_ID]", nargs: -1, billable: true,
		summary: "request an extract of a company (10 credits); --wait for it",
		help: `Requests a Transparenzregister extract of the company with the login stored
under --credential (see transparency login). The extract is processed by
the register: the command prints its id and status, and with --wait polls
until it is completed or failed (after 5 s, then every 10 s, as the service
recommends). --credential sandbox requests the service's test extract, with
no company id and no login, for free. A production extract refused with 429
has used up the account's extract quota of the rolling 30-day window: it is
not retried, and retrying soon does not help.`,
		examples: []string{
			"registerdata transparency extract DE-HRB-F1103-267645",
			"registerdata transparency extract DE-HRB-F1103-267645 --credential team --wait",
			"registerdata --fake transparency extract --credential sandbox",
		},
		setup: func(fs *pflag.FlagSet) runFunc {
			credential := fs.String("credential", "", "the stored login to use (default \"default\"; \"sandbox\" for the test extract)")
			wait := fs.Bool("wait", false, "poll until the extract is completed or failed")
			return func(a *app, args []string) error {
				if len(args) > 1 {
					return usagef("transparency extract takes one company id, got %d arguments", len(args))
				}
				req := registerdata.TransparencyExtractRequest{CredentialName: *credential}
				if len(args) == 1 {
					req.CompanyID = args[0]
				}
				c, err := a.api()
				if err != nil {
					return err
				}
				ex, err := c.RequestTransparencyExtract(a.ctx, req)
				if err != nil {
					return err
				}
				if *wait {
					if ex, err = c.WaitTransparencyExtract(a.ctx, ex.ID); err != nil {
						return err
					}
				}
				if a.jsonOut {
					return a.printRaw()
				}
				return renderExtract(a, ex)
			}
		},
	}
}

func transparencyGet() *command {
	return &command{
		name: "get", args: "EXTRACT_ID", nargs: 1,
		summary: "an extract's status and, once completed, its beneficial owners (free)",
		help:    `Reads an extract requested with 'transparency extract': its status and, once completed, the beneficial owners it names and its documents.`,
		examples: []string{
			"registerdata transparency get EXTRACT_ID",
			"registerdata transparency get EXTRACT_ID --json | jq .report.ubos",
		},
		setup: func(fs *pflag.FlagSet) runFunc {
			return func(a *app, args []string) error {
				c, err := a.api()
				if err != nil {
					return err
				}
				ex, err := c.GetTransparencyExtract(a.ctx, args[0])
				if err != nil {
					return err
				}
				if a.jsonOut {
					return a.printRaw()
				}
				return renderExtract(a, ex)
			}
		},
	}
}

func renderExtract(a *app, ex *registerdata.TransparencyExtract) error {
	var p output.Profile
	p.Field("ID", ex.ID)
	p.Field("Status", string(ex.Status))
	p.Field("Company", str(ex.CompanyID))
	p.Field("EKRN", str(ex.EKRN))
	p.Field("Reference", str(ex.ReferenceNumber))
	p.Field("Submitted", ex.SubmittedAt.UTC().Format(time.RFC3339))
	if ex.CompletedAt != nil {
		p.Field("Completed", ex.CompletedAt.UTC().Format(time.RFC3339))
	}
	if r := ex.Report; r != nil {
		p.Field("Fictitious UBO", str(r.FictionalUBOReason))
	}
	if err := p.Render(a.stdout, a.width()); err != nil {
		return err
	}
	if r := ex.Report; r != nil && len(r.UBOs) > 0 {
		t := output.NewTable(output.Column{Header: "Name"}, output.Column{Header: "Born", Fixed: true},
			output.Column{Header: "City"}, output.Column{Header: "Interest"}, output.Column{Header: "Share", Right: true, Fixed: true})
		for _, u := range r.UBOs {
			var name, city, born, kind, share string
			if np := u.NaturalPerson; np != nil {
				name = str(np.FullName)
				if name == "" {
					name = join(" ", str(np.FirstName), str(np.LastName))
				}
				city, born = str(np.City), date(np.DateOfBirth)
			}
			if in := u.Interest; in != nil {
				kind, share = str(in.Type), percent(in.Percentage)
			}
			t.Row(name, born, city, kind, share)
		}
		if err := a.section("Beneficial owners", t); err != nil {
			return err
		}
	}
	if len(ex.Documents) > 0 {
		t := output.NewTable(output.Column{Header: "Format"}, output.Column{Header: "URL", Fixed: true}, output.Column{Header: "File", Optional: true})
		for _, d := range ex.Documents {
			t.Row(d.Format, d.URL, d.Filename)
		}
		return a.section("Documents", t)
	}
	return nil
}

// setSecret stores s in a field of a string type: a plain string or the
// SDK's secret type, which never prints itself.
func setSecret[T ~string](field *T, s string) { *field = T(s) }
