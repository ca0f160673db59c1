package registerdatamcp

import (
	"context"
	"fmt"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	registerdata "github.com/registerdata/registerdata-go"
)

// PersonInput names one person.
type PersonInput struct {
	PersonID string `json:"person_id" jsonschema:"the person's id (a UUID from search_persons, a company's representatives or its owners)"`
}

// InsolvencyInput names one insolvency proceeding.
type InsolvencyInput struct {
	InsolvencyID string `json:"insolvency_id" jsonschema:"the proceeding's id, from search_insolvencies or a company record's insolvency summary"`
}

// DocumentInput names one document.
type DocumentInput struct {
	DocumentID string `json:"document_id" jsonschema:"the document's id, from the documents list of a company record"`
}

// NoInput is the input of tools without arguments.
type NoInput struct{}

func addOtherTools(s *mcp.Server, c *registerdata.Client) error {
	person, err := serviceOutput("Person")
	if err != nil {
		return err
	}
	addTool(s, c, &mcp.Tool{
		Name:         "get_person",
		Description:  "One person of the register: name, city, date of birth, age, and every management position (company, role, since, until) they hold or held. Costs " + priceText(c, "GET /v1/person/{person_id}") + ". Use it to see a director's other positions during a KYC check.",
		OutputSchema: person,
	}, func(ctx context.Context, in PersonInput, _ *registerdata.ResponseInfo, opts []registerdata.CallOption) (outcome, error) {
		p, err := c.GetPerson(ctx, in.PersonID, opts...)
		if err != nil {
			return outcome{}, err
		}
		current := 0
		for _, mp := range p.ManagementPositions {
			if mp.EndDate == nil {
				current++
			}
		}
		return outcome{value: p, summary: fmt.Sprintf("%s (%s): %d management positions, %d current.", q(strings.TrimSpace(p.FirstName+" "+p.LastName)), qid(p.ID), len(p.ManagementPositions), current)}, nil
	})

	holdings, err := serviceOutput("PersonHoldings")
	if err != nil {
		return err
	}
	addTool(s, c, &mcp.Tool{
		Name:         "get_person_holdings",
		Description:  "The companies one person holds shares in, shares as the service sends them on the FRACTION scale (0.5 means 50 %). Costs " + priceText(c, "GET /v1/person/{person_id}/holdings") + ".",
		OutputSchema: holdings,
	}, func(ctx context.Context, in PersonInput, _ *registerdata.ResponseInfo, opts []registerdata.CallOption) (outcome, error) {
		h, err := c.GetPersonHoldings(ctx, in.PersonID, opts...)
		if err != nil {
			return outcome{}, err
		}
		return outcome{value: h, summary: holdingsSummary(in.PersonID, h)}, nil
	})

	ins, err := serviceOutput("InsolvencyProceeding")
	if err != nil {
		return err
	}
	addTool(s, c, &mcp.Tool{
		Name:         "get_insolvency",
		Description:  "One insolvency proceeding with its court, case number, debtor, administrator, current status and every published event (opening, reports, meetings, closing). Costs " + priceText(c, "GET /v1/insolvency/{insolvency_id}") + ".",
		OutputSchema: ins,
	}, func(ctx context.Context, in InsolvencyInput, _ *registerdata.ResponseInfo, opts []registerdata.CallOption) (outcome, error) {
		p, err := c.GetInsolvency(ctx, in.InsolvencyID, opts...)
		if err != nil {
			return outcome{}, err
		}
		return outcome{value: p, summary: fmt.Sprintf("Proceeding %s at %s against %s: %s, %d events.", q(p.CaseNumber), q(p.Court), q(p.DebtorName), p.CurrentStatus, len(p.Events))}, nil
	})

	doc, err := serviceOutput("Document")
	if err != nil {
		return err
	}
	addTool(s, c, &mcp.Tool{
		Name:         "get_document",
		Description:  "One register document (articles, shareholder list, annual accounts, ...) with a download URL valid for a short time. Costs " + priceText(c, "GET /v1/document/{document_id}") + ". Document ids are in the documents list of get_company's record.",
		OutputSchema: doc,
	}, func(ctx context.Context, in DocumentInput, _ *registerdata.ResponseInfo, opts []registerdata.CallOption) (outcome, error) {
		d, err := c.GetDocument(ctx, in.DocumentID, opts...)
		if err != nil {
			return outcome{}, err
		}
		return outcome{value: d, summary: fmt.Sprintf("Document %s (%s) of %s.", q(d.Name), q(string(d.Type)), d.Date)}, nil
	})

	credit, err := serviceOutput("CreditUsage")
	if err != nil {
		return err
	}
	addTool(s, c, &mcp.Tool{
		Name:         "get_credits",
		Description:  "The account's credits this billing period: included, used, remaining, overage. Free. The session's own spending and budget are in every tool result's credits.",
		OutputSchema: credit,
	}, func(ctx context.Context, _ NoInput, _ *registerdata.ResponseInfo, opts []registerdata.CallOption) (outcome, error) {
		u, err := c.GetCredits(ctx, opts...)
		if err != nil {
			return outcome{}, err
		}
		return outcome{value: u, summary: fmt.Sprintf("The account has used %d of %d included credits; %d remaining.", u.Used, u.Included, u.Remaining)}, nil
	})
	return nil
}
