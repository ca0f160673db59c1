package main

import (
	"encoding/json"
	"fmt"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/cmd/registerdata/internal/output"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/spf13/pflag"
)

func companyDocuments() *command {
	return &command{
		name: "documents", args: "ID", nargs: 1, billable: true,
		summary: "the company's documents (10 credits); --realtime CATEGORY fetches one from the register",
		help: `Lists the documents of a company record (a company lookup, 10 credits):
id, type, date, whether it is the latest of its type. Fetch one with
'registerdata document get ID'. --realtime CATEGORY instead fetches a
document of that category live from the register and prints its download
address (10 credits): current_printout, chronological_printout,
historical_printout, structured_information, shareholder_list,
articles_of_association. With --json it prints the record's "documents"
array (or the realtime document) as the service sent it.`,
		examples: []string{
			"registerdata --fake company documents DE-HRB-F1103-267645",
			"registerdata company documents DE-HRB-F1103-267645 --realtime current_printout",
		},
		setup: func(fs *pflag.FlagSet) runFunc {
			realtime := fs.String("realtime", "", "fetch the document of this `category` live from the register")
			return func(a *app, args []string) error {
				if *realtime != "" && !enums.DocumentCategory(*realtime).IsKnown() {
					return usagef("--realtime %q: want one of %v", *realtime, enums.DocumentCategory("").Values())
				}
				c, err := a.api()
				if err != nil {
					return err
				}
				if *realtime != "" {
					d, err := c.GetRealtimeDocument(a.ctx, args[0], enums.DocumentCategory(*realtime))
					if err != nil {
						return err
					}
					if a.jsonOut {
						return a.printRaw()
					}
					var p output.Profile
					p.Field("Category", string(d.Category))
					p.Field("File", str(d.FileName))
					p.Field("Date", date(d.FileDate))
					p.Field("URL", d.URL)
					return p.Render(a.stdout, a.width())
				}
				co, err := c.GetCompany(a.ctx, args[0], nil)
				if err != nil {
					return err
				}
				if a.jsonOut {
					raw, err := a.rawJSON()
					if err != nil {
						return err
					}
					return a.printMember(raw, "documents")
				}
				return documentsTable(a, co)
			}
		},
	}
}

func documentsTable(a *app, co *registerdata.Company) error {
	if len(co.Documents) == 0 {
		_, err := fmt.Fprintf(a.stdout, "no documents listed for %s\n", output.Clean(co.ID))
		return err
	}
	t := output.NewTable(output.Column{Header: "Date", Fixed: true}, output.Column{Header: "Type"},
		output.Column{Header: "Latest"}, output.Column{Header: "ID", Fixed: true, ShortUUIDs: true})
	for _, d := range co.Documents {
		t.Row(date(&d.Date), string(d.Type), yesNo(d.Latest), d.ID)
	}
	return a.render(t)
}

// documentGroup is "registerdata document get ID".
func documentGroup() *group {
	return &group{
		name:     "document",
		summary:  "one document by id: name, type, date and download address",
		commands: []*command{documentGet()},
	}
}

func documentGet() *command {
	return &command{
		name: "get", args: "DOCUMENT_ID", nargs: 1, billable: true,
		summary: "a document's name, type, date and download address (" + credits(routeDocuments) + ")",
		help:    `Fetches a document by the id 'company documents' lists, and prints its name, type, date and download address.`,
		examples: []string{
			"registerdata document get DOCUMENT_ID",
			"curl -o doc.pdf \"$(registerdata document get DOCUMENT_ID --json | jq -r .url)\"",
		},
		setup: func(fs *pflag.FlagSet) runFunc {
			return func(a *app, args []string) error {
				c, err := a.api()
				if err != nil {
					return err
				}
				d, err := c.GetDocument(a.ctx, args[0])
				if err != nil {
					return err
				}
				if a.jsonOut {
					return a.printRaw()
				}
				var p output.Profile
				p.Field("Name", d.Name)
				p.Field("ID", d.ID)
				p.Field("Type", string(d.Type))
				p.Field("Date", date(&d.Date))
				p.Field("URL", d.URL)
				return p.Render(a.stdout, a.width())
			}
		},
	}
}

// printMember writes the value of one top-level member of a JSON object
// as received, on one line, for --json of commands that show a part of a
// record.
func (a *app) printMember(raw []byte, key string) error {
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(raw, &obj); err != nil {
		return fmt.Errorf("reading the response: %w", err)
	}
	v, ok := obj[key]
	if !ok {
		v = json.RawMessage("null")
	}
	return a.writeLine(v)
}
