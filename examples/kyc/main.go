// Command kyc answers the first questions of a know-your-customer check
// for one company: who ultimately benefits from it (with effective
// shares, by the German Money Laundering Act's 25 % rule), through which
// chain of owners, and where else each beneficial owner and managing
// director holds a position or a stake.
//
// With REGISTERDATA_API_KEY set it asks the real service. Without it, it
// starts the SDK's bundled fake in-process, so it runs anywhere with no
// key and no network:
//
//	go run ./examples/kyc
//	go run ./examples/kyc DE-HRA-R3306-28817
package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/fake"
)

// defaultCompany has a chain of owners three companies deep, through an
// AG and a cross-holding.
const defaultCompany = "DE-HRB-F1103-315870"

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	id := defaultCompany
	if len(os.Args) > 1 {
		id = os.Args[1]
	}
	if err := run(ctx, os.Stdout, os.Getenv(registerdata.EnvAPIKey), id); err != nil {
		fmt.Fprintln(os.Stderr, "kyc:", err)
		os.Exit(1)
	}
}

// run prints the KYC report of company id to w, using the real service
// when apiKey is set and the bundled fake otherwise.
func run(ctx context.Context, w io.Writer, apiKey, id string) error {
	opts := []registerdata.Option{registerdata.WithCreditBudget(500)}
	if apiKey != "" {
		opts = append(opts, registerdata.WithAPIKey(apiKey))
	} else {
		srv := fake.NewServer()
		defer srv.Close()
		fmt.Fprintf(w, "No %s set: using the bundled fake at %s\n\n", registerdata.EnvAPIKey, srv.URL)
		opts = append(opts, registerdata.WithAPIKey(srv.APIKey), registerdata.WithBaseURL(srv.URL))
	}
	c, err := registerdata.NewClient(opts...)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()

	co, err := c.GetCompany(ctx, id, nil)
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "KYC report: %s (%s)\n\n", co.Name.Name, co.ID)

	// The service publishes beneficial owners for some legal forms only:
	// for another, say so and pay nothing; the managing directors are
	// still checked below.
	ubo := &registerdata.BeneficialOwners{CompanyID: co.ID}
	if why := registerdata.NotPublished(registerdata.PartBeneficialOwners, co.LegalForm, false); why != "" {
		fmt.Fprintf(w, "Beneficial owners:\n  %s, 0 credits\n", why)
	} else {
		if ubo, err = c.GetBeneficialOwners(ctx, id); err != nil {
			return err
		}
		printBeneficialOwners(w, ubo)
	}

	tree, err := c.OwnershipTree(ctx, id, registerdata.TreeOptions{MaxDepth: 5, LegalForm: co.LegalForm})
	if tree != nil {
		printTree(w, tree)
	}
	if err != nil {
		return err
	}

	for _, p := range peopleToCheck(ubo, co, registerdata.DateOf(time.Now())) {
		person, err := c.GetPerson(ctx, p.id)
		if err != nil {
			return err
		}
		holdings, err := c.GetPersonHoldings(ctx, p.id)
		if err != nil {
			return err
		}
		printPerson(w, p.why, person, holdings, id)
	}
	fmt.Fprintf(w, "\nCredits spent: %d\n", c.CreditsSpent())
	return nil
}

// checkedPerson is someone whose other involvements the report lists.
type checkedPerson struct{ id, why string }

// peopleToCheck are the beneficial owners with a person id, then the
// company's current managing directors, each once.
func peopleToCheck(ubo *registerdata.BeneficialOwners, co *registerdata.Company, today registerdata.Date) []checkedPerson {
	var out []checkedPerson
	seen := map[string]bool{}
	add := func(id, why string) {
		if !seen[id] {
			seen[id] = true
			out = append(out, checkedPerson{id, why})
		}
	}
	for _, u := range ubo.Owners {
		if u.ID != nil && u.NaturalPerson != nil {
			add(*u.ID, "beneficial owner")
		}
	}
	for _, r := range co.CurrentRepresentatives(today) {
		if r.ID != nil && r.NaturalPerson != nil && r.Role == enums.RoleDirector {
			add(*r.ID, "managing director")
		}
	}
	return out
}
